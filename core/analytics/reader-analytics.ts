import type { Knex } from 'knex';
import { C360Error } from '../errors';

export const RANGES = { '24h': 24, '7d': 24 * 7, '30d': 24 * 30 } as const;
export type Range = keyof typeof RANGES;

export type Breakdown = { key: string; count: number; percentage: number };
export type ReaderAnalytics = {
  range: Range;
  from: string;
  to: string;
  totals: { pageViews: number; uniqueReaders: number; shares: number; engagementRate: number; articleViews: number };
  series: { at: string; views: number; readers: number }[];
  topArticles: { id: string; title: string; region: string; language: string | null; views: number; readers: number; shares: number }[];
  regions: Breakdown[];
  devices: Breakdown[];
  trafficSources: Breakdown[];
};

function breakdown(rows: { key: string | null; count: number }[]): Breakdown[] {
  const total = rows.reduce((sum, r) => sum + Number(r.count), 0);
  return rows.map((r) => ({
    key: r.key ?? 'Unknown',
    count: Number(r.count),
    percentage: total === 0 ? 0 : Math.round((Number(r.count) / total) * 1000) / 10,
  }));
}

/**
 * Reader analytics for the last 24 hours, 7 days or 30 days, all computed in SQL over the
 * recorded events. Readers are counted by their daily hash, so one person reading on three days
 * counts three times over a week: the price of not tracking anyone across days.
 */
export async function readerAnalytics(db: Knex, options: { range: string; now: Date }): Promise<ReaderAnalytics> {
  if (!(options.range in RANGES)) throw new C360Error('invalid_input', `Unknown range "${options.range}".`, { hint: 'Use 24h, 7d or 30d.' });
  const range = options.range as Range;
  const to = options.now;
  const from = new Date(to.getTime() - RANGES[range] * 3_600_000);
  const within = (q: Knex.QueryBuilder) => q.where('pv.occurred_at', '>', from).where('pv.occurred_at', '<=', to);
  const views = () => within(db('page_views as pv').where('pv.kind', 'view'));

  const [totals] = await within(db('page_views as pv')).select(
    db.raw(`count(*) filter (where kind = 'view')::int as page_views`),
    db.raw(`count(distinct visitor_hash) filter (where kind = 'view')::int as unique_readers`),
    db.raw(`count(*) filter (where kind = 'share')::int as shares`),
    db.raw(`count(*) filter (where kind = 'view' and story_id is not null)::int as article_views`),
  );
  // Engaged: read two or more pages, or shared.
  const [engaged] = await db
    .from(
      within(db('page_views as pv'))
        .select('visitor_hash')
        .groupBy('visitor_hash')
        .havingRaw(`count(*) filter (where kind = 'view') >= 2 or count(*) filter (where kind = 'share') > 0`)
        .as('e'),
    )
    .count({ count: '*' });

  const bucket = range === '24h' ? 'hour' : 'day';
  const series = await views()
    .select(db.raw(`date_trunc('${bucket}', pv.occurred_at) as at`), db.raw('count(*)::int as views'), db.raw('count(distinct visitor_hash)::int as readers'))
    .groupByRaw('1')
    .orderByRaw('1');

  const top = await views()
    .join('synced_content as s', 's.id', 'pv.story_id')
    .select('s.id', 's.title', 's.region', 's.language', db.raw('count(*)::int as views'), db.raw('count(distinct pv.visitor_hash)::int as readers'))
    .groupBy('s.id', 's.title', 's.region', 's.language')
    .orderBy([{ column: 'views', order: 'desc' }, { column: 's.id' }])
    .limit(10);
  const shareCounts = top.length
    ? await within(
        db('page_views as pv')
          .where('pv.kind', 'share')
          .whereIn(
            'pv.story_id',
            top.map((t) => t.id),
          ),
      )
        .select('pv.story_id', db.raw('count(*)::int as shares'))
        .groupBy('pv.story_id')
    : [];
  const sharesById = new Map<string, number>(shareCounts.map((r: { story_id: string; shares: number }) => [r.story_id, Number(r.shares)]));

  const group = (column: string) =>
    views()
      .select(db.raw(`${column} as key`), db.raw('count(*)::int as count'))
      .groupByRaw('1')
      .orderBy([{ column: 'count', order: 'desc' }, { column: 'key' }]);

  const readers = Number(totals.unique_readers);
  return {
    range,
    from: from.toISOString(),
    to: to.toISOString(),
    totals: {
      pageViews: Number(totals.page_views),
      uniqueReaders: readers,
      shares: Number(totals.shares),
      articleViews: Number(totals.article_views),
      engagementRate: readers === 0 ? 0 : Math.round((Number(engaged?.count ?? 0) / readers) * 1000) / 10,
    },
    series: series.map((r: { at: Date | string; views: number; readers: number }) => ({
      at: new Date(r.at).toISOString(),
      views: Number(r.views),
      readers: Number(r.readers),
    })),
    topArticles: top.map((t: { id: string; title: string; region: string; language: string | null; views: number; readers: number }) => ({
      id: t.id,
      title: t.title,
      region: t.region,
      language: t.language ?? null,
      views: Number(t.views),
      readers: Number(t.readers),
      shares: sharesById.get(t.id) ?? 0,
    })),
    regions: breakdown(await group('pv.country')),
    devices: breakdown(await group('pv.device')),
    trafficSources: breakdown(await group('pv.traffic_source')),
  };
}
