import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { captureLogger } from '../../test/helpers/capture-logger';
import { normaliseEntries } from './ingest-feeds';
import { parseFeedText } from './parse-feed';

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/feeds/${name}`, import.meta.url), 'utf8');
const fetchedAt = new Date('2026-11-23T12:00:00Z');

describe('normaliseEntries', () => {
  it('counts and logs, with its reason, each item the parser skipped; the rest are kept', async () => {
    const { logger, lines } = captureLogger();
    const parsed = await parseFeedText(fixture('jsonfeed-bad-items.json'));
    const { items, skipped } = normaliseEntries(parsed, { fetchedAt }, logger);
    expect(items.map((i) => i.title)).toEqual(['Reef survey finds coral recovering', 'Budget debate opens']);
    expect(skipped).toBe(4);
    const logged = lines().filter((l) => l.msg === 'item skipped');
    expect(logged).toHaveLength(4);
    expect(logged[0]).toMatchObject({ item: 1 });
    expect(String(logged[0]!.reason)).toMatch(/id/);
  });
});
