import type { Knex } from 'knex';
import { storyCountry } from '../../nlp/gazetteer';
import { insertStory } from '../../stories/story-repository';
import { auditEntry } from '../../stories/story';
import { CHANNELS, notify } from '../../db/notify';
import type { StageContext } from '../types';
import { saveStory } from '../work/save-story';
import { loadRawItems, loadStorySources, outletsOf, type SourceItem } from '../work/story-sources';
import { clusterEvents } from './cluster-engine';
import { featuresOf } from './cluster-items';
import { lockClustering } from '../work/leases';
import { CLUSTER_PARAMS } from './event-clustering';

/**
 * `c360 cluster --rebuild --since 7d`: the recent archive clustered again with today's rule (the same
 * engine, items in publication order), compared with the stories as they stand, and, unless it is a dry
 * run, applied: reports move, stories merge (the published one survives, and a merged-away published
 * story's address redirects to the survivor), stories split (the part that keeps most reports keeps the
 * story), and each changed story's outlets are recounted and its layers, claims and gate queued again.
 * Every rebuild, dry or not, is recorded for the console's pipeline screen.
 */

export type RebuildOptions = { since: Date; dryRun: boolean; windowHours?: number };
export type StoryChange = { id: string; title: string; published: boolean; sourcesBefore: number; sourcesAfter: number };
export type RebuildReport = {
  since: string;
  dryRun: boolean;
  items: number;
  storiesBefore: number;
  storiesAfter: number;
  movedItems: number;
  merged: { into: string; gone: string[] }[];
  split: { story: string; parts: number }[];
  created: number;
  changed: StoryChange[];
};

type Row = { id: string; story_id: string; title: string; slug: string | null; published_at: unknown; source_count: number };

export async function rebuildClusters(ctx: StageContext, options: RebuildOptions): Promise<RebuildReport> {
  const params = { ...CLUSTER_PARAMS, ...(options.windowHours ? { windowHours: options.windowHours } : {}) };
  return ctx.db.transaction(async (trx) => {
    await lockClustering(trx);
    const rows = (
      await trx.raw(
        `select r.id, r.story_id, s.title, s.slug, s.published_at, s.source_count
         from raw_feeds r join synced_content s on s.id = r.story_id
        where coalesce(r.published_at, r.created_at) >= ?
        order by coalesce(r.published_at, r.created_at), r.id`,
        [options.since.toISOString()],
      )
    ).rows as Row[];
    const items = await loadRawItems(
      trx,
      rows.map((r) => r.id),
    );
    const before = new Map(rows.map((r) => [r.id, r.story_id]));
    const stories = new Map(rows.map((r) => [r.story_id, r]));
    const after = clusterEvents(
      items.map((i) => ({ id: i.id, ...featuresOf(i) })),
      params,
    );

    // Each new group keeps the story that holds most of its reports (a published one first); the rest get new stories.
    const groups = new Map<string, string[]>();
    for (const [item, group] of after) {
      const members = groups.get(group);
      if (members) members.push(item);
      else groups.set(group, [item]);
    }
    const ordered = [...groups.values()].sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
    const kept = new Set<string>();
    const target = new Map<string, string | null>(); // item -> story kept (null: a new story for its group)
    const groupOf = new Map<string, string[]>();
    for (const members of ordered) {
      const votes = new Map<string, number>();
      for (const m of members) votes.set(before.get(m)!, (votes.get(before.get(m)!) ?? 0) + 1);
      const best = [...votes]
        .filter(([s]) => !kept.has(s))
        .sort(
          (a, b) =>
            Number(stories.get(b[0])!.published_at != null) - Number(stories.get(a[0])!.published_at != null) || b[1] - a[1] || a[0].localeCompare(b[0]),
        )[0];
      if (best) kept.add(best[0]);
      for (const m of members) {
        target.set(m, best?.[0] ?? null);
        groupOf.set(m, members);
      }
    }
    const moved = [...target].filter(([item, story]) => story !== before.get(item));
    const oldStories = new Set(before.values());
    const emptied = [...oldStories].filter((s) => !kept.has(s));
    const mergedInto = new Map<string, string[]>();
    for (const gone of emptied) {
      const dest = rows.filter((r) => r.story_id === gone).map((r) => target.get(r.id));
      const into = mostCommon(dest.filter((d): d is string => d != null));
      if (into) mergedInto.set(into, [...(mergedInto.get(into) ?? []), gone]);
    }
    const split = [...oldStories]
      .map((s) => ({ story: s, parts: new Set(rows.filter((r) => r.story_id === s).map((r) => target.get(r.id) ?? `new:${groupOf.get(r.id)![0]}`)).size }))
      .filter((x) => x.parts > 1);
    const byId = new Map(items.map((i) => [i.id, i]));
    const sourcesOf = (ids: readonly string[]) => outletsOf(ids.map((id) => byId.get(id)!).filter(Boolean)).length;
    const changedStories = new Set<string>([...moved.map(([item]) => before.get(item)!), ...moved.map(([, s]) => s).filter((s): s is string => s != null)]);
    const changed: StoryChange[] = [...changedStories]
      .filter((s) => kept.has(s))
      .map((s) => ({
        id: s,
        title: stories.get(s)!.title,
        published: stories.get(s)!.published_at != null,
        sourcesBefore: Number(stories.get(s)!.source_count),
        sourcesAfter: sourcesOf([...target].filter(([, t]) => t === s).map(([item]) => item)),
      }));
    const newGroups = ordered.filter((members) => target.get(members[0]!) === null);
    const report: RebuildReport = {
      since: options.since.toISOString(),
      dryRun: options.dryRun,
      items: rows.length,
      storiesBefore: oldStories.size,
      storiesAfter: groups.size,
      movedItems: moved.length,
      merged: [...mergedInto].map(([into, gone]) => ({ into, gone })),
      split,
      created: newGroups.length,
      changed,
    };
    if (!options.dryRun)
      await apply(trx, ctx, { target, newGroups, emptied, mergedInto, changedStories: [...changedStories].filter((s) => kept.has(s)), byId, stories });
    await trx('cluster_rebuilds').insert({ actor: ctx.actor, since: report.since, dry_run: options.dryRun, summary: JSON.stringify(report) });
    return report;
  });
}

async function apply(
  trx: Knex,
  ctx: StageContext,
  plan: {
    target: Map<string, string | null>;
    newGroups: string[][];
    emptied: string[];
    mergedInto: Map<string, string[]>;
    changedStories: string[];
    byId: Map<string, SourceItem>;
    stories: Map<string, Row>;
  },
): Promise<void> {
  const now = ctx.clock();
  const details = 'clusters rebuilt with the current rule';
  for (const members of plan.newGroups) {
    const lead = plan.byId.get(members[0]!)!;
    const outlets = outletsOf(members.map((m) => plan.byId.get(m)!));
    const story = await insertStory(trx, {
      title: lead.title,
      summary: (lead.summary || lead.text).replace(/\s+/g, ' ').trim().slice(0, 400),
      region: storyCountry([{ title: lead.title, lead: lead.summary || lead.text.slice(0, 600), body: lead.text, outletRegion: lead.region }]),
      source_list: outlets,
      source_count: outlets.length,
      pipeline_stage: 'ingested',
      status: 'draft',
      audit_log: [auditEntry('story_created', ctx.actor, now, { details: `${details}: split from the stories its reports were in` })],
    });
    await trx('synced_content').where('id', story.id).update({ pipeline_next: 'summarise', sources_version: 1 });
    for (const m of members) plan.target.set(m, story.id);
  }
  const moves = [...plan.target].filter(([, s]) => s != null) as [string, string][];
  await trx.raw(
    `update raw_feeds r set story_id = v.story_id, processing_status = 'clustered', processed_at = null, updated_at = now()
       from unnest(?::uuid[], ?::uuid[]) as v(id, story_id) where r.id = v.id and r.story_id is distinct from v.story_id`,
    [moves.map(([i]) => i), moves.map(([, s]) => s)],
  );
  for (const [into, gone] of plan.mergedInto) {
    for (const g of gone) {
      const row = plan.stories.get(g)!;
      if (row.published_at != null) {
        await trx('story_redirects').insert({ from_id: g, from_slug: row.slug, to_id: into }).onConflict('from_id').merge();
        await trx('story_redirects').where('to_id', g).update({ to_id: into });
      }
    }
  }
  for (const g of plan.emptied) {
    await trx('synced_content').where('id', g).del();
    await notify(trx, CHANNELS.storyUpdated, { id: g });
  }
  for (const id of plan.changedStories) {
    const outlets = outletsOf(await loadStorySources(trx, id));
    const times = (
      await trx.raw(
        'select min(coalesce(published_at, created_at)) as first, max(coalesce(published_at, created_at)) as last from raw_feeds where story_id = ?',
        [id],
      )
    ).rows[0] as { first: string; last: string };
    const merged = plan.mergedInto.get(id);
    await saveStory(trx, id, {
      patch: { source_list: outlets, source_count: outlets.length },
      work: {
        pipeline_next: 'summarise',
        sources_version: trx.raw('sources_version + 1'),
        work_attempts: 0,
        work_error: null,
        next_attempt_at: null,
        first_item_at: new Date(times.first).toISOString(),
        last_item_at: new Date(times.last).toISOString(),
      },
      audit: auditEntry('sources_changed', ctx.actor, now, {
        details: `${details}${merged ? `; merged ${merged.join(', ')}` : ''}; ${outlets.length} outlet(s); layers, claims and the gate to be weighed again`,
      }),
    });
  }
  await trx('cluster_state').where('id', 1).increment('generation', 1);
}

function mostCommon(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/** The last rebuild (dry or applied), for the console. */
export async function lastRebuild(db: Knex): Promise<(RebuildReport & { actor: string; at: string }) | null> {
  const row = await db('cluster_rebuilds').select('actor', 'summary', 'created_at').orderBy('id', 'desc').first();
  if (!row) return null;
  const summary = (typeof row.summary === 'string' ? JSON.parse(row.summary) : row.summary) as RebuildReport;
  return { ...summary, actor: row.actor as string, at: new Date(row.created_at as string).toISOString() };
}
