import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { C360Error } from '../errors';
import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { ingestStormDocuments, type StormDocument, type StormIngestResult } from '../storms/ingest-storms';

/**
 * The demo's storm goes on: after the sample advisories (13 and 14, ingested at the start and
 * dated so 14 is now), the advisories of data/samples/storms/keron-sequence.json come out one per
 * interval, each dated at its release, as NHC documents (CurrentStorms.json and the advisory RSS)
 * that go through the real parsers and ingest. After the last one, it is re-issued at each
 * interval (same number, new time), so the storm stays current and its alerts stay in force.
 */

const step = z.object({
  number: z.number().int().positive(),
  classification: z.string().min(1),
  windKt: z.number().positive(),
  pressureMb: z.number().positive(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  movementDir: z.number().min(0).max(360),
  movementSpeedMph: z.number().min(0),
  movement: z.string().min(1),
  headline: z.string().min(1),
  alerts: z.record(z.string().regex(/^(Hurricane|Tropical Storm|Storm Surge) (Warning|Watch)$/), z.array(z.string().min(1))),
});
const sequenceSchema = z.object({
  storm: z.object({ id: z.string().min(1), atcf: z.string().regex(/^AL\d{6}$/), bin: z.string().min(1), name: z.string().min(1) }),
  advisories: z.array(step).min(1),
});
export type StormSequence = z.infer<typeof sequenceSchema> & { others: Record<string, unknown>[] };
export type StormStep = z.infer<typeof step>;

/** The sequence, and the other Atlantic storms of the current sample (they stay listed, so they stay active). */
export function loadStormSequence(sequenceFile: string, currentStormsFile: string): StormSequence {
  const parsed = sequenceSchema.safeParse(JSON.parse(readFileSync(sequenceFile, 'utf8')));
  if (!parsed.success)
    throw new C360Error('invalid_input', `${sequenceFile}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const current = JSON.parse(readFileSync(currentStormsFile, 'utf8')) as { activeStorms?: Record<string, unknown>[] };
  const others = (current.activeStorms ?? []).filter((s) => s.id !== parsed.data.storm.id);
  return { ...parsed.data, others };
}

export type StormRelease = { index: number; advisory: StormStep; issuedAt: Date; repeat: boolean };

/**
 * The advisory due at `now` for a demo that started at `start`: none before the first interval;
 * then the n-th of the sequence after `from` (0 on a first run) at start + n × interval; past its
 * end, the last one, re-issued.
 */
export function stormReleaseAt(sequence: StormSequence, settings: { start: Date; intervalMs: number; from?: number }, now: Date): StormRelease | null {
  const index = Math.floor((now.getTime() - settings.start.getTime()) / settings.intervalMs);
  if (index < 1) return null;
  const last = sequence.advisories.length - 1;
  const position = (settings.from ?? 0) + index - 1;
  // Whole seconds: the RSS summary's date has no milliseconds, and it must match CurrentStorms' time to count as the same advisory.
  const issuedAt = wholeSeconds(new Date(settings.start.getTime() + index * settings.intervalMs));
  return { index, advisory: sequence.advisories[Math.min(position, last)]!, issuedAt, repeat: position > last };
}

const wholeSeconds = (at: Date) => new Date(Math.floor(at.getTime() / 1000) * 1000);

/**
 * Puts the storm where a demo starting now should find it. On a first run: the sample advisories
 * (13 and 14, dated so 14 is now), and the sequence starts at its first advisory. On a later run
 * on the same database the storm has moved on already; re-ingesting the samples would send it back
 * to advisory 14, so the newest advisory of the sequence that is stored is issued again, dated now,
 * and the sequence resumes after it (`from`).
 */
export async function startDemoStorm(
  db: Knex,
  deps: { clock: () => Date; logger: Logger },
  input: { sequence: StormSequence; samples: StormDocument[] },
): Promise<{ from: number; resumedAt: number | null; result: StormIngestResult }> {
  const stored = await db('storms').whereRaw('lower(id) = lower(?)', [input.sequence.storm.id]).first('advisory_number');
  const position = input.sequence.advisories.findIndex((a) => String(a.number) === String(stored?.advisory_number ?? ''));
  if (position < 0) {
    const result = await ingestStormDocuments(db, deps, input.samples, { shiftDatesToNow: true, publishUpdates: true });
    return { from: 0, resumedAt: null, result };
  }
  const advisory = input.sequence.advisories[position]!;
  const result = await ingestStormDocuments(
    db,
    deps,
    stormReleaseDocuments(input.sequence, { index: 0, advisory, issuedAt: wholeSeconds(deps.clock()), repeat: true }),
    { publishUpdates: true },
  );
  return { from: position + 1, resumedAt: advisory.number, result };
}

const pad3 = (n: number) => String(n).padStart(3, '0');

function nhcLocalTime(at: Date): string {
  // Atlantic Standard Time (UTC-4), as NHC writes it: "1100 AM AST Fri Nov 20 2026".
  const ast = new Date(at.getTime() - 4 * 3_600_000);
  const h = ast.getUTCHours();
  const hh = ((h + 11) % 12) + 1;
  const day = ast.toUTCString().slice(0, 3);
  const month = ast.toUTCString().slice(8, 11);
  return `${hh}${String(ast.getUTCMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'} AST ${day} ${month} ${ast.getUTCDate()} ${ast.getUTCFullYear()}`;
}

const TYPE_WORD: Record<string, string> = { HU: 'Hurricane', MH: 'Hurricane', TS: 'Tropical Storm', TD: 'Tropical Depression' };

/** One release as NHC documents: CurrentStorms.json (with the other storms, re-dated) and the advisory RSS. */
export function stormReleaseDocuments(sequence: StormSequence, release: StormRelease): StormDocument[] {
  const { storm } = sequence;
  const a = release.advisory;
  const at = release.issuedAt.toISOString();
  const product = (kind: 'P' | 'M') => ({
    advNum: pad3(a.number),
    issuance: at,
    fileUpdateTime: at,
    url: `https://www.nhc.noaa.gov/text/MIATC${kind}${storm.bin}.shtml`,
  });
  const keron = {
    id: storm.id,
    binNumber: storm.bin,
    name: storm.name,
    classification: a.classification,
    intensity: String(a.windKt),
    pressure: String(a.pressureMb),
    latitudeNumeric: a.lat,
    longitudeNumeric: a.lng,
    movementDir: a.movementDir,
    movementSpeed: a.movementSpeedMph,
    lastUpdate: at,
    publicAdvisory: product('P'),
    forecastAdvisory: product('M'),
  };
  const others = sequence.others.map((s) => ({ ...s, lastUpdate: at }));
  const kind = TYPE_WORD[a.classification] ?? 'Tropical Cyclone';
  const alertLines = Object.entries(a.alerts).flatMap(([what, areas]) => [`A ${what} is in effect for...`, ...areas.map((area) => `* ${area}`), '']);
  const text = [
    'BULLETIN',
    `${kind} ${storm.name} Advisory Number ${a.number}`,
    `NWS National Hurricane Center Miami FL       ${storm.atcf}`,
    nhcLocalTime(release.issuedAt),
    '',
    `...${a.headline}...`,
    '',
    'SUMMARY OF WATCHES AND WARNINGS IN EFFECT:',
    '',
    ...(alertLines.length ? alertLines : ['There are no coastal watches or warnings in effect.', '']),
    'For storm information specific to your area, please monitor',
    'products issued by your national meteorological service.',
    '',
    '$$',
    'Forecaster Sample (written by the C360 team; fictional storm)',
  ].join('\n');
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const pubDate = release.issuedAt.toUTCString();
  const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:nhc="https://www.nhc.noaa.gov">
<channel>
  <title>National Hurricane Center (Atlantic)</title>
  <link>https://www.nhc.noaa.gov/</link>
  <description>Demo advisories of the fictional ${esc(kind)} ${esc(storm.name)}</description>
  <pubDate>${pubDate}</pubDate>
  <item>
    <title>Summary for ${esc(kind)} ${esc(storm.name)} (${storm.bin}/${storm.atcf})</title>
    <guid isPermaLink="false">summary-${storm.id}-${release.issuedAt.getTime()}</guid>
    <pubDate>${pubDate}</pubDate>
    <link>https://www.nhc.noaa.gov/text/refresh/MIATCP${storm.bin}+shtml/</link>
    <description>${esc(`${kind} ${storm.name} at ${a.lat}, ${a.lng}.`)}</description>
    <nhc:Cyclone>
      <nhc:center>${a.lat}, ${a.lng}</nhc:center>
      <nhc:type>${esc(kind.toUpperCase())}</nhc:type>
      <nhc:name>${esc(storm.name)}</nhc:name>
      <nhc:wallet>${storm.bin}</nhc:wallet>
      <nhc:atcf>${storm.atcf}</nhc:atcf>
      <nhc:datetime>${pubDate}</nhc:datetime>
      <nhc:movement>${esc(a.movement)}</nhc:movement>
      <nhc:pressure>${a.pressureMb} mb</nhc:pressure>
      <nhc:wind>${Math.round((a.windKt * 1.15078) / 5) * 5} mph</nhc:wind>
      <nhc:headline>...${esc(a.headline)}...</nhc:headline>
    </nhc:Cyclone>
  </item>
  <item>
    <title>${esc(kind)} ${esc(storm.name)} Public Advisory Number ${a.number}</title>
    <guid isPermaLink="false">adv-${storm.bin.toLowerCase()}-${a.number}-${release.issuedAt.getTime()}</guid>
    <pubDate>${pubDate}</pubDate>
    <link>https://www.nhc.noaa.gov/text/refresh/MIATCP${storm.bin}+shtml/</link>
    <description><![CDATA[<pre>
${text}
</pre>]]></description>
  </item>
</channel>
</rss>
`;
  return [
    { label: `keron-sequence.json#${a.number}:CurrentStorms.json`, text: JSON.stringify({ activeStorms: [keron, ...others] }) },
    { label: `keron-sequence.json#${a.number}:index-at.xml`, text: rss },
  ];
}

/**
 * Ingests the advisory due at the clock's time if it is newer than the last one released
 * (`lastIndex`); returns what it released, or null when nothing new was due. The demo's
 * schedule calls it; a test calls it with a fake clock.
 */
export async function releaseDueStormAdvisory(
  db: Knex,
  deps: { clock: () => Date; logger: Logger },
  input: { sequence: StormSequence; start: Date; intervalMs: number; from?: number; lastIndex: number },
): Promise<{ release: StormRelease; result: StormIngestResult } | null> {
  const release = stormReleaseAt(input.sequence, { start: input.start, intervalMs: input.intervalMs, from: input.from }, deps.clock());
  if (!release || release.index <= input.lastIndex) return null;
  const result = await ingestStormDocuments(db, deps, stormReleaseDocuments(input.sequence, release), { publishUpdates: true });
  return { release, result };
}
