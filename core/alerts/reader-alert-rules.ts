import { z } from 'zod';
import { FOLLOW_REGION_KEYS, FOLLOW_REGIONS, regionKey, storyMatchesFollows, type Follows } from '../readers/follow-rules';
import { isRegionVisible } from '../stories/regions';
import { ALERT_LEVELS, atLeast, storyLevel, stormAlertLevel, type AlertLevel, type StormAlertEvent, type StoryEvent } from './alert-rules';

/**
 * A reader's alerts (pure and table-tested). A storm alert fires for an advisory whose watches or
 * warnings name one of its places, at its level or above (a watch is medium, a warning high or
 * critical); a story alert fires for a newly published story that readers can see, about one of
 * its places or (scope 'follows') one of the reader's topics, at its level or above (low: every
 * story). Scope 'follows' reads the reader's follows when the event is dispatched, so following
 * a new island extends the alert without editing it.
 */

export const READER_ALERT_KINDS = ['storm', 'story'] as const;
export type ReaderAlertKind = (typeof READER_ALERT_KINDS)[number];
export const DEFAULT_READER_LEVEL: Record<ReaderAlertKind, AlertLevel> = { storm: 'medium', story: 'low' };
/** A reader manages a handful of alerts; more than this is a mistake or abuse. */
export const MAX_READER_ALERTS = 20;

export const readerAlertInputSchema = z
  .object({
    kind: z.enum(READER_ALERT_KINDS),
    scope: z.enum(['follows', 'region']),
    place: z.enum(FOLLOW_REGION_KEYS).optional(),
    alert_level: z.enum(ALERT_LEVELS).optional(),
  })
  .strict()
  .refine((a) => (a.scope === 'region') === (a.place !== undefined), {
    message: 'Choose an island for an alert about one island, and none for an alert about what you follow.',
    path: ['place'],
  })
  .transform((a) => ({ kind: a.kind, scope: a.scope, place: a.place ?? null, alert_level: a.alert_level ?? DEFAULT_READER_LEVEL[a.kind] }));
export type ReaderAlertInput = z.infer<typeof readerAlertInputSchema>;

export type ReaderAlertCriteria = { kind: ReaderAlertKind; scope: 'follows' | 'region'; place: string | null; alert_level: AlertLevel; follows: Follows };

/** The islands an alert watches: the one chosen, or those followed. */
export function alertPlaces(alert: Pick<ReaderAlertCriteria, 'scope' | 'place' | 'follows'>): string[] {
  return alert.scope === 'region' ? (alert.place ? [alert.place] : []) : alert.follows.regions;
}

/** A storm watch or warning area names the island ('caribbean': any place the site covers). */
export function placeNamed(place: string, texts: readonly string[]): boolean {
  if (place === 'caribbean') return texts.some((t) => isRegionVisible(t));
  const pattern = FOLLOW_REGIONS.find((r) => r.key === place)?.pattern;
  return pattern ? texts.some((t) => pattern.test(t)) : false;
}

export function readerStormAlertMatches(alert: ReaderAlertCriteria, event: Pick<StormAlertEvent, 'type' | 'severity' | 'region' | 'area'>): boolean {
  if (alert.kind !== 'storm' || !atLeast(stormAlertLevel(event), alert.alert_level)) return false;
  return alertPlaces(alert).some((place) => placeNamed(place, [event.region, event.area]));
}

export function readerStoryAlertMatches(
  alert: ReaderAlertCriteria,
  story: Pick<StoryEvent, 'ai_risk_level' | 'urgency'> & { region: string; sections: readonly string[]; region_visible: boolean },
): boolean {
  if (alert.kind !== 'story' || !story.region_visible || !atLeast(storyLevel(story), alert.alert_level)) return false;
  if (alert.scope === 'region') return regionKey(story.region) === alert.place;
  return storyMatchesFollows(alert.follows, story);
}
