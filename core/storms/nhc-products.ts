import { decodeHTML } from 'entities';
import { z } from 'zod';
import { parseFeedText } from '../ingest/parse-feed';
import Parser from 'rss-parser';
import { classificationFromType } from './storm-rules';

/**
 * Readers for the National Hurricane Center's machine-readable products:
 * - CurrentStorms.json: { activeStorms: [...] }, one object per active cyclone in every basin, with
 *   id ("al052026"), binNumber ("AT5"), name, classification (HU, TS, TD, STS, STD, PTC, PC…),
 *   intensity (kt) and pressure (mb) as strings or numbers, latitudeNumeric/longitudeNumeric,
 *   movementDir (degrees), movementSpeed (mph), lastUpdate, and product links (publicAdvisory…).
 * - The Atlantic advisory RSS (index-at.xml): per storm a "Summary for …" item carrying an
 *   <nhc:Cyclone> element (center, type, name, wallet, atcf, datetime, movement, pressure, wind,
 *   headline) and a "… Public Advisory Number N" item whose description holds the advisory text,
 *   including its SUMMARY OF WATCHES AND WARNINGS IN EFFECT.
 */

export type StormObservation = {
  id: string;
  name: string;
  classification: string;
  windKt: number;
  pressureMb: number | null;
  lat: number;
  lng: number;
  movementDir: number | null;
  movementSpeedMph: number | null;
  movement: string | null;
  lastUpdate: Date;
  advisoryNumber: string | null;
  advisoryUrl: string | null;
  headline: string | null;
  basin: string;
  /** True when wind came in mph (RSS summary) and was converted: less precise than CurrentStorms' knots. */
  windFromMph?: boolean;
};

export type AdvisoryAlert = { hazard: 'Hurricane' | 'Tropical Storm' | 'Storm Surge'; type: 'warning' | 'watch'; area: string };

export type PublicAdvisory = {
  stormId: string | null;
  stormName: string | null;
  advisoryNumber: string | null;
  issuedAt: Date;
  url: string | null;
  alerts: AdvisoryAlert[];
  /** "There are no coastal watches or warnings in effect." was stated. */
  noneInEffect: boolean;
};

const numberish = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : Number.parseFloat(v);
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: `"${v}" is not a number` });
    return z.NEVER;
  }
  return n;
});

const product = z.object({ advNum: z.string().optional(), issuance: z.string().optional(), url: z.string().optional() }).passthrough();

const nhcStormSchema = z
  .object({
    id: z.string().min(1),
    binNumber: z.string().optional(),
    name: z.string().min(1),
    classification: z.string().min(1),
    intensity: numberish,
    pressure: numberish.optional().nullable(),
    latitudeNumeric: numberish,
    longitudeNumeric: numberish,
    movementDir: numberish.optional().nullable(),
    movementSpeed: numberish.optional().nullable(),
    lastUpdate: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date'),
    publicAdvisory: product.optional(),
  })
  .passthrough();

export const currentStormsSchema = z.object({ activeStorms: z.array(z.unknown()) }).passthrough();

export function isCurrentStormsJson(text: string): boolean {
  return text.trimStart().startsWith('{');
}

/** Parses CurrentStorms.json. Storms that fail the schema are reported, not fatal. */
export function parseCurrentStorms(text: string): { storms: StormObservation[]; rejected: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`CurrentStorms.json is not valid JSON (${(error as Error).message}).`);
  }
  const doc = currentStormsSchema.safeParse(json);
  if (!doc.success) throw new Error('The JSON is not a CurrentStorms document (no activeStorms list).');
  const storms: StormObservation[] = [];
  const rejected: string[] = [];
  for (const raw of doc.data.activeStorms) {
    const parsed = nhcStormSchema.safeParse(raw);
    if (!parsed.success) {
      const id = (raw as { id?: unknown })?.id;
      rejected.push(`${typeof id === 'string' ? id : 'storm'}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      continue;
    }
    const s = parsed.data;
    storms.push({
      id: s.id.toUpperCase(),
      name: s.name.trim(),
      classification: s.classification.trim().toUpperCase(),
      windKt: Math.round(s.intensity),
      pressureMb: s.pressure === undefined || s.pressure === null ? null : Math.round(s.pressure),
      lat: s.latitudeNumeric,
      lng: s.longitudeNumeric,
      movementDir: s.movementDir ?? null,
      movementSpeedMph: s.movementSpeed ?? null,
      movement: null,
      lastUpdate: new Date(s.lastUpdate),
      advisoryNumber: s.publicAdvisory?.advNum?.replace(/^0+(?=\d)/, '') ?? null,
      advisoryUrl: s.publicAdvisory?.url ?? null,
      headline: null,
      basin: basinOf(s.id, s.binNumber),
    });
  }
  return { storms, rejected };
}

function basinOf(id: string, binNumber?: string): string {
  const bin = (binNumber ?? '').toUpperCase();
  if (bin.startsWith('AT') || /^al/i.test(id)) return 'atlantic';
  if (bin.startsWith('EP') || /^ep/i.test(id)) return 'east-pacific';
  if (bin.startsWith('CP') || /^cp/i.test(id)) return 'central-pacific';
  return 'other';
}

type RssItem = Parser.Item & { cyclone?: Record<string, string[]>[]; description?: string };

/** Parses the advisory RSS: storm summaries (nhc:Cyclone) and public advisories with their watches and warnings. */
export async function parseAdvisoryRss(text: string): Promise<{ storms: StormObservation[]; advisories: PublicAdvisory[] }> {
  // The generic feed parser validates the document (RSS, not HTML); the NHC fields need their own pass.
  await parseFeedText(text);
  const parser = new Parser<Record<string, unknown>, RssItem>({ customFields: { item: [['nhc:Cyclone', 'cyclone', { keepArray: true }]] as never } });
  const feed = await parser.parseString(text);
  const storms: StormObservation[] = [];
  const advisories: PublicAdvisory[] = [];
  for (const item of feed.items) {
    const cyclone = item.cyclone?.[0];
    if (cyclone) {
      const observation = fromCyclone(cyclone, item);
      if (observation) storms.push(observation);
      continue;
    }
    const title = item.title ?? '';
    if (/public advisory/i.test(title)) {
      const advisory = parsePublicAdvisory(title, item.content ?? '', item.isoDate ?? item.pubDate, item.link ?? null);
      if (advisory) advisories.push(advisory);
    }
  }
  return { storms, advisories };
}

function field(cyclone: Record<string, string[]>, name: string): string | undefined {
  const value = cyclone[`nhc:${name}`]?.[0];
  return typeof value === 'string' ? value.trim() : undefined;
}

function fromCyclone(cyclone: Record<string, string[]>, item: RssItem): StormObservation | null {
  const atcf = field(cyclone, 'atcf');
  const center = field(cyclone, 'center')
    ?.split(',')
    .map((v) => Number.parseFloat(v));
  const name = field(cyclone, 'name');
  const date = field(cyclone, 'datetime') ?? item.isoDate ?? item.pubDate;
  if (!atcf || !name || !center || center.length !== 2 || center.some((v) => !Number.isFinite(v))) return null;
  const issued = parseNhcDate(date);
  if (!issued) return null;
  const windMph = Number.parseFloat(field(cyclone, 'wind') ?? '');
  const pressure = Number.parseFloat(field(cyclone, 'pressure') ?? '');
  const movement = field(cyclone, 'movement') ?? null;
  const speed = /(\d+)\s*mph/i.exec(movement ?? '');
  return {
    id: atcf.toUpperCase(),
    name,
    classification: classificationFromType(field(cyclone, 'type') ?? ''),
    // The summary gives wind in mph; knots are what the category scale uses.
    windKt: Number.isFinite(windMph) ? Math.round(windMph / 1.15078) : 0,
    pressureMb: Number.isFinite(pressure) ? Math.round(pressure) : null,
    lat: center[0]!,
    lng: center[1]!,
    movementDir: null,
    movementSpeedMph: speed ? Number(speed[1]) : null,
    movement: movement ? movement.replace(/\s+/g, ' ') : null,
    lastUpdate: issued,
    advisoryNumber: null,
    advisoryUrl: item.link ?? null,
    headline:
      field(cyclone, 'headline')
        ?.replace(/^\.+|\.+$/g, '')
        .trim() || null,
    basin: basinOf(atcf, field(cyclone, 'wallet')),
    windFromMph: true,
  };
}

/** NHC writes dates as RFC 822 in RSS and as "1100 AM AST Tue Sep 01 2026" inside cyclones. */
export function parseNhcDate(value: string | undefined): Date | null {
  if (!value) return null;
  const direct = Date.parse(value);
  if (!Number.isNaN(direct)) return new Date(direct);
  const m = /^(\d{1,2})(\d{2})\s*(AM|PM)\s+([A-Z]{2,4})\s+\w{3}\s+(\w{3})\s+(\d{1,2})\s+(\d{4})$/i.exec(value.trim());
  if (!m) return null;
  const offsets: Record<string, number> = { UTC: 0, GMT: 0, AST: -4, ADT: -3, EST: -5, EDT: -4, CST: -6, CDT: -5 };
  const offset = offsets[m[4]!.toUpperCase()];
  if (offset === undefined) return null;
  let hour = Number(m[1]) % 12;
  if (m[3]!.toUpperCase() === 'PM') hour += 12;
  const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  const month = months.indexOf(m[5]!.toLowerCase());
  if (month < 0) return null;
  return new Date(Date.UTC(Number(m[7]), month, Number(m[6]), hour - offset, Number(m[2])));
}

const ALERT_LINE = /^A (Hurricane|Tropical Storm|Storm Surge) (Warning|Watch) is in effect for\.*\s*$/i;

export function parsePublicAdvisory(title: string, html: string, date: string | undefined, url: string | null): PublicAdvisory | null {
  const issuedAt = parseNhcDate(date);
  if (!issuedAt) return null;
  const text = decodeHTML(html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, '')).replace(/\r/g, '');
  const stormId = /\b(AL\d{6})\b/i.exec(text)?.[1]?.toUpperCase() ?? null;
  const titled = /^(.*?)\s+Public Advisory Number\s+(\w+)/i.exec(title);
  const stormName = titled
    ? titled[1]!
        .replace(
          /^(Hurricane|Major Hurricane|Tropical Storm|Tropical Depression|Subtropical Storm|Subtropical Depression|Post-Tropical Cyclone|Potential Tropical Cyclone|Remnants of)\s+/i,
          '',
        )
        .trim()
    : null;
  const advisoryNumber = titled ? titled[2]!.replace(/^0+(?=\d)/, '') : null;
  const alerts: AdvisoryAlert[] = [];
  const lines = text.split('\n').map((l) => l.trim());
  const start = lines.findIndex((l) => /^SUMMARY OF WATCHES AND WARNINGS IN EFFECT/i.test(l));
  let current: { hazard: AdvisoryAlert['hazard']; type: AdvisoryAlert['type'] } | null = null;
  if (start >= 0) {
    for (const line of lines.slice(start + 1)) {
      if (/^(For storm information|Interests elsewhere|DISCUSSION AND OUTLOOK|HAZARDS AFFECTING LAND|NEXT ADVISORY)/i.test(line)) break;
      const header = ALERT_LINE.exec(line);
      if (header) {
        const hazard = (
          header[1]!.toLowerCase() === 'hurricane' ? 'Hurricane' : header[1]!.toLowerCase() === 'storm surge' ? 'Storm Surge' : 'Tropical Storm'
        ) as AdvisoryAlert['hazard'];
        current = { hazard, type: header[2]!.toLowerCase() as AdvisoryAlert['type'] };
        continue;
      }
      const bullet = /^\*\s+(.+)$/.exec(line);
      if (bullet && current) alerts.push({ ...current, area: bullet[1]!.trim().replace(/\.+$/, '') });
    }
  }
  return {
    stormId,
    stormName,
    advisoryNumber,
    issuedAt,
    url,
    alerts,
    noneInEffect: /There are no coastal watches or warnings in effect/i.test(text),
  };
}
