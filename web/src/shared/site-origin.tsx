import { createContext, useContext } from 'react';

/**
 * The site's public origin (e.g. https://news.example), as the server decided it for this page
 * (C360_PUBLIC_URL, or a trusted host: server/site-origin.ts). Share links and e-mail bodies use
 * it, so they carry the address the site is really reached at, never a guessed or hard-coded host.
 * Empty only when no server told it (then links stay relative).
 */
const SiteOriginContext = createContext('');

export const SiteOriginProvider = SiteOriginContext.Provider;

export function useSiteOrigin(): string {
  return useContext(SiteOriginContext);
}

/** The absolute URL of a site path. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}
