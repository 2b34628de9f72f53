import { z } from 'zod';
import { VISIBLE_REGIONS } from '../stories/regions';

/**
 * Personal alerts (console spec 5): the options, and when a storm advisory or a story matches an
 * alert. Pure and table-tested.
 *
 * An alert matches an event when all three hold:
 * - region: the event's place names the alert's region (trinidad: Trinidad or Tobago; caribbean
 *   (Regional): any Caribbean place the site covers);
 * - level: the event is at least as serious as the alert's level (low < medium < high < critical).
 *   A storm watch is medium, a tropical-storm warning high, a hurricane or storm-surge warning
 *   critical; a story has its risk level, raised to high when its urgency is above 80;
 * - storm types: none chosen means any event; otherwise the event must be of a chosen type (an
 *   advisory by its hazard and the storm's class, storm surge counting as Flood; a story by its
 *   storm_type, or the type named in its title or tags).
 */

export const ALERT_REGIONS = ['jamaica', 'barbados', 'trinidad', 'bahamas', 'caribbean'] as const;
export type AlertRegion = (typeof ALERT_REGIONS)[number];
export const ALERT_REGION_LABELS: Readonly<Record<AlertRegion, string>> = {
  jamaica: 'Jamaica',
  barbados: 'Barbados',
  trinidad: 'Trinidad & Tobago',
  bahamas: 'Bahamas',
  caribbean: 'Regional',
};

export const ALERT_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];
export const DEFAULT_ALERT_LEVEL: AlertLevel = 'medium';
/** Spec 4: critical red, high orange, medium yellow, low green. */
export const ALERT_LEVEL_COLOURS: Readonly<Record<AlertLevel, string>> = { critical: 'red', high: 'orange', medium: 'yellow', low: 'green' };

export const STORM_TYPES = ['Hurricane', 'Tropical Storm', 'Depression', 'Flood', 'Earthquake'] as const;
export type StormType = (typeof STORM_TYPES)[number];

export const NOTIFICATION_METHODS = ['email', 'whatsapp', 'push'] as const;
export type NotificationMethod = (typeof NOTIFICATION_METHODS)[number];
/** Only e-mail is delivered in this build: no WhatsApp or push provider is configured. */
export const DELIVERED_METHODS: readonly NotificationMethod[] = ['email'];

export const alertInputSchema = z
  .object({
    region: z.enum(ALERT_REGIONS),
    alert_level: z.enum(ALERT_LEVELS).default(DEFAULT_ALERT_LEVEL),
    storm_types: z
      .array(z.enum(STORM_TYPES))
      .max(STORM_TYPES.length)
      .default([])
      .transform((v) => [...new Set(v)]),
    notification_methods: z
      .array(z.enum(NOTIFICATION_METHODS))
      .min(1)
      .max(NOTIFICATION_METHODS.length)
      .default(['email'])
      .transform((v) => [...new Set(v)]),
  })
  .strict();
export type AlertInput = z.infer<typeof alertInputSchema>;

export type AlertCriteria = { region: AlertRegion; alert_level: AlertLevel; storm_types: readonly StormType[] };

const REGION_PATTERNS: Readonly<Record<Exclude<AlertRegion, 'caribbean'>, RegExp>> = {
  jamaica: /jamaica/i,
  barbados: /barbados/i,
  trinidad: /trinidad|tobago/i,
  bahamas: /bahamas/i,
};

export function regionMatches(region: AlertRegion, places: readonly string[]): boolean {
  if (region === 'caribbean') return places.some((p) => VISIBLE_REGIONS.some((name) => p.toLowerCase().includes(name.toLowerCase())));
  return places.some((p) => REGION_PATTERNS[region].test(p));
}

export function levelRank(level: AlertLevel): number {
  return ALERT_LEVELS.indexOf(level);
}

export function atLeast(level: AlertLevel, threshold: AlertLevel): boolean {
  return levelRank(level) >= levelRank(threshold);
}

/** One watch or warning of an advisory, as stored in storm_alerts, with its storm's class. */
export type StormAlertEvent = {
  type: 'warning' | 'watch';
  hazard: string;
  severity: 'extreme' | 'moderate';
  region: string;
  area: string;
  classification: string;
};

export function stormAlertLevel(alert: Pick<StormAlertEvent, 'type' | 'severity'>): AlertLevel {
  if (alert.type === 'warning') return alert.severity === 'extreme' ? 'critical' : 'high';
  return 'medium';
}

export function stormClassType(classification: string): StormType | null {
  const c = classification.toUpperCase();
  if (c === 'HU' || c === 'MH' || c === 'TY' || c === 'STY') return 'Hurricane';
  if (c === 'TS' || c === 'STS') return 'Tropical Storm';
  if (c === 'TD' || c === 'STD' || c === 'PC' || c === 'PTC') return 'Depression';
  return null;
}

export function stormAlertTypes(alert: Pick<StormAlertEvent, 'hazard' | 'classification'>): StormType[] {
  const types = new Set<StormType>();
  const hazard = alert.hazard.toLowerCase();
  if (hazard.includes('hurricane')) types.add('Hurricane');
  if (hazard.includes('tropical storm')) types.add('Tropical Storm');
  if (hazard.includes('surge') || hazard.includes('flood')) types.add('Flood');
  const byClass = stormClassType(alert.classification);
  if (byClass) types.add(byClass);
  return [...types];
}

export function stormAlertMatches(criteria: AlertCriteria, alert: StormAlertEvent): boolean {
  if (!regionMatches(criteria.region, [alert.region, alert.area])) return false;
  if (!atLeast(stormAlertLevel(alert), criteria.alert_level)) return false;
  if (criteria.storm_types.length === 0) return true;
  const types = stormAlertTypes(alert);
  return criteria.storm_types.some((t) => types.includes(t));
}

export type StoryEvent = { title: string; region: string; tags: readonly string[]; storm_type: string | null; ai_risk_level: string; urgency: number };

const STORY_TYPE_PATTERNS: Readonly<Record<StormType, RegExp>> = {
  Hurricane: /\bhurricanes?\b/i,
  'Tropical Storm': /\btropical storms?\b/i,
  Depression: /\btropical depressions?\b/i,
  Flood: /\bflood(s|ing|ed)?\b|\bflash floods?\b|\bstorm surge\b/i,
  Earthquake: /\bearthquakes?\b|\bquakes?\b|\btremors?\b|\bseismic\b/i,
};

export function storyLevel(story: Pick<StoryEvent, 'ai_risk_level' | 'urgency'>): AlertLevel {
  const risk = (ALERT_LEVELS as readonly string[]).includes(story.ai_risk_level) ? (story.ai_risk_level as AlertLevel) : 'low';
  return story.urgency > 80 && levelRank(risk) < levelRank('high') ? 'high' : risk;
}

export function storyTypes(story: Pick<StoryEvent, 'title' | 'tags' | 'storm_type'>): StormType[] {
  const text = [story.storm_type ?? '', story.title, story.tags.join(' ')].join(' \n ');
  return STORM_TYPES.filter((t) => STORY_TYPE_PATTERNS[t].test(text) || (story.storm_type ?? '').toLowerCase() === t.toLowerCase());
}

export function storyMatches(criteria: AlertCriteria, story: StoryEvent): boolean {
  if (!regionMatches(criteria.region, [story.region])) return false;
  if (!atLeast(storyLevel(story), criteria.alert_level)) return false;
  if (criteria.storm_types.length === 0) return true;
  const types = storyTypes(story);
  return criteria.storm_types.some((t) => types.includes(t));
}
