import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { decodeFeedBody } from '../../core/ingest/decode-charset';
import { normaliseEntries } from '../../core/ingest/ingest-feeds';
import type { NormalisedItem } from '../../core/ingest/normalise-item';
import { FeedParseError, parseFeedText, type ParsedFeed } from '../../core/ingest/parse-feed';
import { silentLogger } from '../../core/logger';

/** The public test corpora, one folder per source project (see its README for origin and licence). */
export const CORPUS_ROOT = join(import.meta.dirname, '../../test/fixtures/feeds/corpus');

const FEED_FILE = /\.(?:xml|rss|atom|rdf|json)$/i;

/** Every feed document under `root`, as paths relative to it (project/…), sorted. */
export function listCorpusFiles(root = CORPUS_ROOT): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (FEED_FILE.test(name)) out.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(root);
  return out;
}

/**
 * The address the source project's own test harness serves a file from, so relative links resolve
 * as its expectations assume (feedparser serves its tests from http://127.0.0.1:8097/tests/…).
 */
export function documentUrl(file: string): string | undefined {
  const [project, ...rest] = file.split('/');
  if (project === 'feedparser') return `http://127.0.0.1:8097/tests/${rest.join('/')}`;
  return undefined;
}

export type CorpusResult = {
  file: string;
  ms: number;
  parsed?: ParsedFeed;
  items: NormalisedItem[];
  /** Entries the reader could not use (broken XML inside one entry, nothing to show). */
  skipped: number;
  /** Set when the whole document was refused: a FeedParseError's kind, or `crash` for anything else. */
  error?: { kind: FeedParseError['kind'] | 'crash'; message: string };
};

export const FETCHED_AT = new Date('2026-11-01T00:00:00Z');

/**
 * Reads one corpus file the way `c360 ingest` reads a feed: bytes decoded (decodeFeedBody), parsed
 * (parseFeedText) and each entry normalised and sanitised (normaliseEntries), against the address
 * the file was published at.
 */
export async function readCorpusFile(file: string, options: { root?: string; timeoutMs?: number } = {}): Promise<CorpusResult> {
  const body = readFileSync(join(options.root ?? CORPUS_ROOT, file));
  const started = performance.now();
  try {
    const parsed = await parseFeedText(decodeFeedBody(body).text, { timeoutMs: options.timeoutMs });
    const { items, skipped } = normaliseEntries(parsed, { fetchedAt: FETCHED_AT, baseUrl: documentUrl(file) }, silentLogger);
    return { file, ms: performance.now() - started, parsed, items, skipped };
  } catch (error) {
    const kind = error instanceof FeedParseError ? error.kind : 'crash';
    const message = error instanceof Error ? error.message : String(error);
    return { file, ms: performance.now() - started, items: [], skipped: 0, error: { kind, message } };
  }
}
