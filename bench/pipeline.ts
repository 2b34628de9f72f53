/**
 * The pipeline under a backlog: synthetic source items (4 outlets per event, 36 events a day) go
 * through every stage with the offline provider, at 1k and 10k items. Prints items and published
 * stories per second, the cost per item and the 10k/1k ratio of that cost (goal: under 1.5, the cost
 * per item must not grow with the backlog). Then AI calls and tokens per story against the local
 * fake OpenAI-compatible server (goal: exactly 1 call per story), and the fact-check's "our take" calls
 * per 100 stories: one per story whose claim ledger changed, none when it is fact-checked again
 * unchanged. Never fails on a time. BENCH_SIZES= (empty) runs the AI part alone.
 *
 *   npm run bench:pipeline                      # embedded PGlite (in memory)
 *   BENCH_SIZES=1000,10000 DATABASE_URL=postgres://… npm run bench:pipeline
 */
import { openBenchDatabase } from './bench-database';
import type { Knex } from 'knex';
import { silentLogger } from '../core/logger';
import { countryFactsEnricher } from '../core/pipeline/enrich/enrichers';
import { runPipeline, type PipelineDeps } from '../core/pipeline/runner';
import { createOfflineProvider } from '../core/pipeline/summarise/offline-provider';
import { createOpenAiProvider } from '../core/pipeline/summarise/openai-provider';
import type { AiProvider } from '../core/pipeline/summarise/provider';
import { insertRawItems } from '../test/factories/raw-items';
import { syntheticNews } from '../test/factories/synthetic-news';
import { startFakeOpenAi } from '../test/helpers/fake-openai';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').filter(Boolean).map(Number);
const AI_ITEMS = Number(process.env.BENCH_AI_ITEMS ?? 200);

function deps(knex: Knex, ai: AiProvider): PipelineDeps {
  return {
    db: knex,
    clock: () => new Date(),
    logger: silentLogger,
    actor: 'bench',
    workerId: 'bench',
    leaseMs: 600_000,
    batchSize: 100,
    ai,
    aiConcurrency: 4,
    enrichers: [countryFactsEnricher()],
  };
}

type Row = { items: number; stories: number; published: number; seconds: number; msPerItem: number; stageSeconds: Record<string, number> };

async function runSize(size: number): Promise<Row> {
  const db = await openBenchDatabase({ poolSize: 4 });
  try {
    await insertRawItems(db.knex, syntheticNews({ events: Math.round(size / 4), outlets: 4 }));
    const stageSeconds: Record<string, number> = {};
    let stageStarted = 0;
    const d = deps(db.knex, createOfflineProvider());
    d.onProgress = (e) => {
      if (e.status === 'started') stageStarted = performance.now();
      if (e.status === 'finished') stageSeconds[e.stage] = (stageSeconds[e.stage] ?? 0) + (performance.now() - stageStarted) / 1000;
    };
    const started = performance.now();
    const result = await runPipeline(d);
    const seconds = (performance.now() - started) / 1000;
    const stories = Number((await db.knex('synced_content').count({ n: '*' }).first())?.n);
    if (result.stats.failed > 0) console.log(`  (${result.stats.failed} failures)`);
    return { items: size, stories, published: result.stats.autoPublished, seconds, msPerItem: (seconds * 1000) / size, stageSeconds };
  } finally {
    await db.close();
  }
}

async function aiCalls(): Promise<void> {
  const fake = await startFakeOpenAi();
  const db = await openBenchDatabase({ poolSize: 4 });
  try {
    await insertRawItems(db.knex, syntheticNews({ events: Math.round(AI_ITEMS / 4), outlets: 4 }));
    const ai = createOpenAiProvider({ apiKey: 'bench', baseUrl: fake.baseUrl, model: 'fake-model', timeoutMs: 10_000 });
    const result = await runPipeline(deps(db.knex, ai), { stages: ['cluster', 'summarise'] });
    const summarised = result.stages.summarise?.processed ?? 0;
    const usage = await db
      .knex('synced_content')
      .select(db.knex.raw(`sum((ai_usage->>'calls')::int)::int as calls, sum((ai_usage->>'total_tokens')::int)::int as tokens`))
      .first();
    console.log(`\nAI calls against the fake OpenAI-compatible server (${AI_ITEMS} items):`);
    console.log(`  stories summarised ${summarised}, requests received ${fake.calls}, calls recorded ${usage.calls}`);
    console.log(`  AI calls per story: ${(fake.calls / Math.max(1, summarised)).toFixed(2)} (goal 1)`);
    console.log(
      `  tokens per story:   ${Math.round(Number(usage.tokens) / Math.max(1, summarised))} (prompt ${Math.round(fake.promptTokens / Math.max(1, summarised))} + completion ${Math.round(fake.completionTokens / Math.max(1, summarised))}; the fake server counts ~4 characters a token)`,
    );
    // Our take: the fact-check asks the model once per story whose ledger changed; again with nothing changed, not at all.
    const checked = await runPipeline(deps(db.knex, ai), { stages: ['fact_check'] });
    const first = checked.stages.fact_check!;
    const stories = Math.max(1, first.processed);
    const after = await db.knex('synced_content').select(db.knex.raw(`sum((ai_usage->>'total_tokens')::int)::int as tokens`)).first();
    const takeTokens = (Number(after.tokens) - Number(usage.tokens)) / Math.max(1, first.ourTakeCalls ?? 0);
    const takes = await db
      .knex('synced_content')
      .select(db.knex.raw(`ai_usage->'our_take'->>'status' as status, count(*)::int as n`))
      .groupByRaw(`ai_usage->'our_take'->>'status'`);
    await db.knex('synced_content').whereNotNull('pipeline_next').update({ pipeline_next: 'fact_check' });
    const again = (await runPipeline(deps(db.knex, ai), { stages: ['fact_check'] })).stages.fact_check!;
    console.log(
      `  our take: ${first.processed} stories fact-checked, ${first.ourTakeCalls} calls (${((100 * (first.ourTakeCalls ?? 0)) / stories).toFixed(0)} per 100 stories; none for a story of one owner group), ${Math.round(takeTokens)} tokens a call`,
    );
    console.log(`            outcomes ${takes.map((t: { status: string | null; n: number }) => `${t.status ?? 'no call'} ${t.n}`).join(', ')}`);
    console.log(`            fact-checked again unchanged: ${again.processed} stories, ${again.ourTakeCalls} calls (goal 0)`);
  } finally {
    await db.close();
    await fake.close();
  }
}

const label = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite (in memory)';
console.log(`Pipeline bench on ${label}, offline provider, synthetic items (4 outlets per event, 36 events a day)\n`);
console.log('items    stories  published  seconds  items/s  published/s  ms/item   stage seconds');
const rows: Row[] = [];
for (const size of SIZES) {
  const row = await runSize(size);
  rows.push(row);
  const stages = Object.entries(row.stageSeconds)
    .map(([s, t]) => `${s} ${t.toFixed(1)}`)
    .join(', ');
  console.log(
    `${String(row.items).padEnd(8)} ${String(row.stories).padEnd(8)} ${String(row.published).padEnd(10)} ${row.seconds.toFixed(1).padEnd(8)} ${(row.items / row.seconds).toFixed(1).padEnd(8)} ${(row.published / row.seconds).toFixed(2).padEnd(12)} ${row.msPerItem.toFixed(2).padEnd(9)} ${stages}`,
  );
}
if (rows.length >= 2) {
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  console.log(`\ncost per item ${last.items}/${first.items}: ${(last.msPerItem / first.msPerItem).toFixed(2)} (goal: under 1.5)`);
}
await aiCalls();
