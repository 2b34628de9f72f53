import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../core/logger';
import { ingestStormDocuments } from '../core/storms/ingest-storms';
import { startTestApp, type TestApp } from '../test/helpers/test-app';

/** /api/search answers the Storm Centre beside the storm's stories, whatever the site language the reader types in. */

let t: TestApp;
const now = new Date('2026-11-20T16:00:00Z');
const read = (name: string) => readFileSync(new URL(`../data/samples/storms/${name}`, import.meta.url), 'utf8');

beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
  await ingestStormDocuments(
    t.db.knex,
    { clock: () => now, logger: silentLogger },
    ['CurrentStorms.json', 'index-at.xml'].map((name) => ({ label: name, text: read(name) })),
    { publishUpdates: true },
  );
  t.app.cache.invalidate();
});
afterAll(() => t.close());

const search = async (q: string) => (await fetch(`${t.url}/api/search?q=${encodeURIComponent(q)}`)).json();

describe('/api/search and storms', () => {
  it.each(['hurricane Haiti', 'huracán Haití', 'ouragan Haïti', 'orkaan Haïti'])('"%s": the Storm Centre and the storm update', async (q) => {
    const body = await search(q);
    expect(body.storms).toEqual([{ id: 'AL192026', name: 'Keron', type: 'hurricane', countries: expect.arrayContaining(['Haiti']), path: '/storm-centre' }]);
    expect(body.items.map((s: { title: string }) => s.title)).toContain('Hurricane Keron: hurricane warning for the Dominican Republic and Haiti');
    // The storm update is written from the advisory alone: labelled as confirmed by an official source.
    expect(body.items[0].verification).toBe('official_source');
  });

  it('no Storm Centre for other words, nor on later pages', async () => {
    expect((await search('budget')).storms).toEqual([]);
    expect((await (await fetch(`${t.url}/api/search?q=Keron&offset=10`)).json()).storms).toEqual([]);
  });
});
