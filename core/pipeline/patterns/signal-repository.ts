import type { Knex } from 'knex';

/** Signals and patterns as the console spec shapes them (camelCase fields), newest first. */

export type Signal = {
  id: string;
  source: string;
  type: 'Economic' | 'Political' | 'Environmental' | 'Social' | 'Security';
  strength: 'High' | 'Medium' | 'Low';
  title: string;
  summary: string;
  timestamp: string;
  verified: boolean;
  region: string;
  keywords: string[];
  sentiment: number;
  urgency: number;
  clusterId: string | null;
  patternTags: string[];
};

export type Pattern = {
  id: string;
  name: string;
  description: string;
  confidence: number;
  relatedSignals: string[];
  cluster: string | null;
  strength: string | null;
  emergingTrend: boolean;
};

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

export async function listSignals(db: Knex, options: { limit?: number } = {}): Promise<Signal[]> {
  const rows = await db('signals')
    .select('*')
    .orderBy([{ column: 'timestamp', order: 'desc' }, { column: 'id' }])
    .limit(Math.min(200, options.limit ?? 50));
  return rows.map(rowToSignal);
}

export function rowToSignal(r: Record<string, unknown>): Signal {
  return {
    id: r.id as string,
    source: r.source as string,
    type: r.type as Signal['type'],
    strength: r.strength as Signal['strength'],
    title: r.title as string,
    summary: r.summary as string,
    timestamp: new Date(r.timestamp as string).toISOString(),
    verified: Boolean(r.verified),
    region: r.region as string,
    keywords: (r.keywords as string[]) ?? [],
    sentiment: Number(r.sentiment),
    urgency: Number(r.urgency),
    clusterId: (r.cluster_id as string | null) ?? null,
    patternTags: (r.pattern_tags as string[]) ?? [],
  };
}

export async function listPatterns(db: Knex, options: { limit?: number } = {}): Promise<Pattern[]> {
  const rows = await db('story_patterns')
    .select('*')
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
    .limit(Math.min(200, options.limit ?? 50));
  return rows.map(rowToPattern);
}

export function rowToPattern(r: Record<string, unknown>): Pattern {
  return {
    id: r.id as string,
    name: r.name as string,
    description: r.description as string,
    confidence: Number(r.confidence),
    relatedSignals: (parse(r.related_signals) as string[]) ?? [],
    cluster: (r.cluster as string | null) ?? null,
    strength: (r.strength as string | null) ?? null,
    emergingTrend: Boolean(r.emerging_trend),
  };
}
