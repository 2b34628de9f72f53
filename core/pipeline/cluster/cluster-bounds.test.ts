import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ClusterEngine, clusterEvents } from './cluster-engine';
import { CLUSTER_PARAMS, type Member } from './event-clustering';
import { eventFeatures } from './event-features';
import { pairwiseQuality } from './quality';

/**
 * Bad input for the clustering stage: a story with thousands of members, an item with no text, a 1 MB
 * body, dates far from today, and 10,000 items with one title. Each must be decided with bounded work
 * (pairs of reports scored per item, counted by the engine) and must not pull unrelated events together.
 */

type Labelled = { id: string; event: string; outlet: string; published_at: string; title: string; summary: string; text: string };
const worldDev = new URL('../../../test/fixtures/clustering/world-dev/', import.meta.url);
const labelled: Labelled[] = readdirSync(worldDev)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => (JSON.parse(readFileSync(new URL(f, worldDev), 'utf8')) as { items: Labelled[] }).items);

const member = (id: string, item: { title: string; summary?: string; text?: string; outlet: string; at: string | number }): Member => ({
  id,
  ...eventFeatures({
    title: item.title,
    summary: item.summary ?? '',
    text: item.text ?? '',
    outlet: item.outlet,
    publishedAt: new Date(item.at).toISOString(),
    createdAt: new Date(item.at).toISOString(),
  }),
});

const HOUR = 3_600_000;
const START = Date.parse('2026-11-01T00:00:00Z');
/** Most pairs one item can cost: its candidates' samples, one story's re-check, and merges' samples. */
const MAX_PAIRS_PER_ITEM = 12 * 24 + 24 * 23 + 12 * 12 * 12;

/** Adds items one at a time and returns the most pairs any single item cost. */
function addAll(engine: ClusterEngine, items: readonly Member[]): number {
  let most = 0;
  for (const item of items) {
    const before = engine.pairsScored;
    engine.add(item);
    most = Math.max(most, engine.pairsScored - before);
  }
  return most;
}

describe('clustering under bad input', () => {
  it('a story with 3,000 members: each new report costs the same bounded work, and a look-alike in the same place stays apart', () => {
    const engine = new ClusterEngine(CLUSTER_PARAMS);
    const outlets = Array.from({ length: 60 }, (_, k) => `Outlet ${k}`);
    const wire = Array.from({ length: 3_000 }, (_, k) =>
      member(`big-${k}`, {
        title: `Cargo ship Meridian Star runs aground off Port Kaiser, ${k % 7} tugs sent`,
        summary: 'The bulk carrier Meridian Star ran aground on a reef off Port Kaiser; the coast guard sent tugs and said no oil had leaked.',
        outlet: outlets[k % outlets.length]!,
        at: START + k * 60_000,
      }),
    );
    const early = addAll(engine, wire.slice(0, 100));
    const late = addAll(engine, wire.slice(100));
    expect(late).toBeLessThanOrEqual(MAX_PAIRS_PER_ITEM);
    expect(late).toBeLessThanOrEqual(early * 2 + 50);
    const storyOfFirst = clusterOf(engine, 'big-0');
    expect(engine.storyOf(storyOfFirst)!.members.length).toBe(3_000);
    // Another event in the same place on the same days: a school fire, told by two outlets.
    const fire = [
      member('fire-1', {
        title: 'Fire destroys classrooms at Port Kaiser primary school',
        summary: 'Firefighters fought a blaze that destroyed four classrooms at the primary school overnight; no one was hurt.',
        outlet: 'Outlet 1',
        at: START + 3_000 * 60_000,
      }),
      member('fire-2', {
        title: 'Port Kaiser school classrooms gutted by overnight blaze',
        summary: 'Four classrooms of the primary school were destroyed by fire overnight, the fire brigade said; no injuries.',
        outlet: 'Outlet 2',
        at: START + 3_010 * 60_000,
      }),
    ];
    addAll(engine, fire);
    expect(clusterOf(engine, 'fire-1')).toBe(clusterOf(engine, 'fire-2'));
    expect(clusterOf(engine, 'fire-1')).not.toBe(storyOfFirst);
  }, 300_000);

  it('an item with no text starts a story of its own and joins nothing', () => {
    const items = [
      member('a', { title: 'Parliament passes the cybercrime bill', summary: 'The House passed the bill 32 to 11.', outlet: 'A', at: START }),
      member('empty', { title: '', summary: '', text: '', outlet: 'B', at: START + HOUR }),
      member('blank', { title: '   ', summary: ' \n ', text: '', outlet: 'C', at: START + HOUR }),
    ];
    const assignment = clusterEvents(items);
    expect(new Set([assignment.get('a'), assignment.get('empty'), assignment.get('blank')]).size).toBe(3);
  });

  it('a 1 MB body or description is read as its top: features are those of its first part, and it still joins its event', () => {
    const report = labelled[0]!;
    const same = labelled.find((i) => i.event === report.event && i.id !== report.id && i.outlet !== report.outlet)!;
    const huge = `${report.text} ${'Filler paragraph that a broken feed repeats. '.repeat(25_000)}`;
    expect(huge.length).toBeGreaterThan(1_000_000);
    const started = performance.now();
    const big = member('big', { title: report.title, summary: huge, text: huge, outlet: report.outlet, at: report.published_at });
    const elapsed = performance.now() - started;
    const top = member('big', {
      title: report.title,
      summary: huge.slice(0, 1_000),
      text: huge.slice(0, 3_000),
      outlet: report.outlet,
      at: report.published_at,
    });
    expect(big).toEqual(top);
    expect(elapsed).toBeLessThan(5_000); // a sanity bound only: it takes milliseconds
    const normal = clusterEvents([
      member('same', { title: same.title, summary: same.summary, text: same.text, outlet: same.outlet, at: same.published_at }),
      member('plain', { title: report.title, summary: report.summary, text: report.text, outlet: report.outlet, at: report.published_at }),
    ]);
    const withHuge = clusterEvents([
      member('same', { title: same.title, summary: same.summary, text: same.text, outlet: same.outlet, at: same.published_at }),
      big,
    ]);
    // The oversized copy is placed as its ordinary version is.
    expect(withHuge.get('same') === withHuge.get('big')).toBe(normal.get('same') === normal.get('plain'));
  });

  it('items dated far in the future or the past stay out of today’s stories', () => {
    const today = { title: 'Central bank holds its policy rate at 7%', summary: 'The central bank kept its policy rate at 7% on Tuesday.', outlet: 'A' };
    const items = [
      member('now-1', { ...today, at: START }),
      member('now-2', { ...today, outlet: 'B', at: START + HOUR }),
      member('future', { ...today, outlet: 'C', at: Date.parse('2099-01-01T00:00:00Z') }),
      member('past', { ...today, outlet: 'D', at: Date.parse('1970-01-02T00:00:00Z') }),
    ];
    const assignment = clusterEvents(items);
    expect(assignment.get('now-1')).toBe(assignment.get('now-2'));
    expect(assignment.get('future')).not.toBe(assignment.get('now-1'));
    expect(assignment.get('past')).not.toBe(assignment.get('now-1'));
  });

  it('10,000 items with one title ("Business Highlights") over five months: bounded work per item, and unrelated bodies are not merged', () => {
    // The labelled world set's reports, each round's four months pressed into 12 hours (so a window holds
    // hundreds of them), repeated every 4 days as new events: once under their own titles, then all under one.
    const times = labelled.map((i) => Date.parse(i.published_at));
    const [t0, t1] = [Math.min(...times), Math.max(...times)];
    const base = labelled.map((i) => ({ i, f: member(i.id, { title: i.title, summary: i.summary, text: i.text, outlet: i.outlet, at: i.published_at }) }));
    const sameTitle = labelled.map((i) =>
      member(i.id, { title: 'Business Highlights', summary: i.summary, text: i.text, outlet: i.outlet, at: i.published_at }),
    );
    const round = (r: number, features: readonly Member[]) =>
      features.map((f, k) => ({ ...f, id: `${labelled[k]!.id}#${r}`, time: START + r * 96 * HOUR + Math.round(((f.time - t0) / (t1 - t0)) * 12 * HOUR) }));
    const truthOf = (items: readonly Member[]) =>
      new Map(items.map((m) => [m.id, `${labelled.find((i) => m.id.startsWith(`${i.id}#`))!.event}#${m.id.split('#')[1]}`]));
    const ownTitles = round(
      0,
      base.map((b) => b.f),
    );
    const own = pairwiseQuality(clusterEvents(ownTitles), truthOf(ownTitles));

    const items: Member[] = [];
    for (let r = 0; items.length < 10_000; r++) items.push(...round(r, sameTitle).slice(0, 10_000 - items.length));
    const engine = new ClusterEngine(CLUSTER_PARAMS);
    const assignment = new Map<string, string>();
    let first = 0;
    let rest = 0;
    let centroids = 0;
    items.forEach((item, k) => {
      const before = engine.pairsScored;
      const centroidsBefore = engine.centroidsCompared;
      for (const change of engine.add(item)) {
        if (change.kind === 'merge') {
          for (const [id, story] of assignment) if (story === change.gone) assignment.set(id, change.into);
        } else assignment.set(change.itemId, change.storyId);
      }
      const cost = engine.pairsScored - before;
      centroids = Math.max(centroids, engine.centroidsCompared - centroidsBefore);
      if (k < 500) first = Math.max(first, cost);
      else rest = Math.max(rest, cost);
    });
    expect(rest).toBeLessThanOrEqual(MAX_PAIRS_PER_ITEM);
    expect(rest).toBeLessThanOrEqual(first * 2 + 50);
    // Hundreds of open stories share its words, but an item is compared with the 48 centroids that share the most.
    expect(centroids).toBe(48);
    const flood = pairwiseQuality(assignment, truthOf(items));
    console.log(
      `one title on 10,000 reports: P ${flood.precision.toFixed(3)} R ${flood.recall.toFixed(3)} (own titles P ${own.precision.toFixed(3)} R ${own.recall.toFixed(3)}); most pairs per item ${first} (first 500), ${rest} (rest)`,
    );
    // One shared title is no evidence: the stories are the events the bodies tell, about as well as under their own titles.
    expect(flood.precision).toBeGreaterThanOrEqual(own.precision - 0.1);
    expect(flood.recall).toBeGreaterThanOrEqual(own.recall - 0.15);
  }, 300_000);
});

function clusterOf(engine: ClusterEngine, itemId: string): string {
  for (const id of engine.storyIds()) if (engine.storyOf(id)!.members.some((m) => m.id === itemId)) return id;
  throw new Error(`${itemId} is in no story`);
}
