import { z } from 'zod';

/** A feed of the registry (table `feeds`): one address an outlet publishes items at. */

export const OUTLET_KINDS = ['press', 'official', 'aggregator'] as const;
export type OutletKind = (typeof OUTLET_KINDS)[number];

export type Feed = {
  id: number;
  url: string;
  outlet: string;
  region: string;
  language: string;
  kind: OutletKind;
  /** Media group that owns the outlet; outlets of one group are not independent sources. */
  ownerGroup: string | null;
  sectionHint: string | null;
  htmlUrl: string | null;
  enabled: boolean;
  /** Registered by `c360 demo` for its own loopback feed host: only the demo's ingest fetches it. */
  demo: boolean;
  fetchIntervalSeconds: number;
  etag: string | null;
  lastModified: string | null;
  ttlSeconds: number | null;
  lastFetchedAt: string | null;
  lastUnconditionalAt: string | null;
  lastSuccessAt: string | null;
  lastStatus: string | null;
  lastHttpStatus: number | null;
  lastError: string | null;
  consecutiveErrors: number;
  nextFetchAt: string;
  createdAt: string;
  updatedAt: string;
};

export const MIN_INTERVAL_SECONDS = 300;
export const MAX_INTERVAL_SECONDS = 86_400;

const text = (max: number) => z.string().trim().min(1).max(max);

export const newFeedSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2_000)
    .refine((value) => {
      try {
        const { protocol } = new URL(value);
        return protocol === 'http:' || protocol === 'https:';
      } catch {
        return false;
      }
    }, 'must be an http:// or https:// URL'),
  outlet: text(200),
  region: text(100).default('Caribbean'),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'must be a language code like en, es, fr or pt-BR')
    .default('en'),
  kind: z.enum(OUTLET_KINDS).default('press'),
  ownerGroup: text(200).nullish(),
  sectionHint: text(50).nullish(),
  htmlUrl: z.string().trim().max(2_000).nullish(),
  enabled: z.boolean().default(true),
  fetchIntervalSeconds: z.number().int().min(MIN_INTERVAL_SECONDS).max(MAX_INTERVAL_SECONDS).default(1800),
});

export type NewFeed = z.input<typeof newFeedSchema>;
export type ValidFeed = z.output<typeof newFeedSchema>;

/** The group an outlet counts under when none is known: itself (it is then its own, independent group). */
export function effectiveOwnerGroup(outlet: string, ownerGroup: string | null | undefined): string {
  return ownerGroup?.trim() || outlet;
}
