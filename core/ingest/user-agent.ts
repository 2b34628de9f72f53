import { readFileSync } from 'node:fs';

let cachedVersion: string | undefined;

function packageVersion(): string {
  if (cachedVersion === undefined) {
    try {
      cachedVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0';
    } catch {
      cachedVersion = '0.0.0';
    }
  }
  return cachedVersion;
}

/**
 * "C360/0.1.0 (+https://news.example.org)": the product, its version and where a feed's owner can
 * find who is fetching (the site's public URL, C360_PUBLIC_URL, when configured).
 */
export function feedUserAgent(publicUrl?: string): string {
  return publicUrl ? `C360/${packageVersion()} (+${publicUrl})` : `C360/${packageVersion()} (news reader)`;
}
