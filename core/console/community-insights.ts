import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { contentWords, splitSentences } from '../nlp/analyse';
import type { AiProvider, AiUsage, SourceForAi } from '../pipeline/summarise/provider';
import { AiFailure } from '../pipeline/summarise/provider';
import { loadRawItems } from '../pipeline/work/story-sources';
import { getStoryById, updateStory } from '../stories/story-repository';
import { auditEntry, type Story } from '../stories/story';
import {
  deleteInsightRow,
  findInsightQuotes,
  findInsights,
  findMentioningItems,
  insertInsight,
  updateInsightRow,
  type CommunityInsight,
  type InsightValues,
  type Sentiment,
} from './insight-repository';

/**
 * Community insights on a story (console spec: the community insights panel). Auto-generation
 * reads the ingested source items that mention the story (its own items, then the last 7 days'
 * items sharing its terms), asks the AI provider for the voices quoted in them, keeps only words
 * that appear verbatim in an item, and saves them with the item they came from. Editors add,
 * edit and delete voices by hand. Every change appends an audit entry to the story with the
 * spec's action names and the editor's e-mail.
 */

export { INSIGHT_SOURCES, SENTIMENTS, type CommunityInsight, type InsightSource, type Sentiment } from './insight-repository';

export const MISSING_INFORMATION = 'Missing Information: Article title and region are required for community insights generation.';
export const GENERATION_FAILED = 'Failed to generate community insights. Please try again.';
export const SCAN_TIMEFRAME_DAYS = 7;
export const MAX_SCAN_ITEMS = 30;
export const MAX_TERMS = 8;

export const AUDIT_ACTIONS = {
  generated: 'auto-generated-community-insights',
  added: 'manual-add-insight',
  edited: 'manual-edit-insight',
  deleted: 'manual-delete-insight',
} as const;

type Actor = { email: string };

/** The words an item must share with the story to count as mentioning it: title words, tags, the region. */
export function mentionTerms(story: Pick<Story, 'title' | 'region' | 'tags'>): string[] {
  const terms: string[] = [];
  const add = (term: string) => {
    const t = term.trim().toLowerCase();
    if (t.length >= 3 && !terms.includes(t)) terms.push(t);
  };
  if (story.region && !/^caribbean$/i.test(story.region.trim())) add(story.region);
  for (const word of contentWords(splitSentences(story.title))) if (word.length >= 4 && !/^\d+$/.test(word)) add(word);
  for (const tag of story.tags) add(tag);
  return terms.slice(0, MAX_TERMS);
}

/** How many terms an unlinked item must contain. */
export function minimumHits(terms: readonly string[]): number {
  return terms.length >= 4 ? 2 : 1;
}

/** Positive, negative or neutral, from the NLP model's sentence sentiment. */
export function sentimentOf(text: string): Sentiment {
  const sentences = splitSentences(text);
  if (sentences.length === 0) return 'neutral';
  const score = sentences.reduce((sum, s) => sum + s.sentiment, 0) / sentences.length;
  return score > 0.1 ? 'positive' : score < -0.1 ? 'negative' : 'neutral';
}

function requireTitleAndRegion(story: Story): void {
  if (!story.title?.trim() || !story.region?.trim()) throw new C360Error('invalid_input', MISSING_INFORMATION);
}

async function loadStory(db: Knex, id: string): Promise<Story> {
  const story = await getStoryById(db, id);
  if (!story) throw new C360Error('not_found', `No story with id ${id}.`);
  return story;
}

export async function listInsights(db: Knex, storyId: string): Promise<CommunityInsight[]> {
  await loadStory(db, storyId);
  return findInsights(db, storyId);
}

export type ScannedItem = { id: string; outlet: string; title: string; url: string | null; published_at: string | null; linked: boolean; hits: number };

/** Step 1 (scan): the source items that mention the story. */
export async function scanCommunity(db: Knex, input: { storyId: string; now: Date }): Promise<{ terms: string[]; timeframe: string; items: ScannedItem[] }> {
  const story = await loadStory(db, input.storyId);
  requireTitleAndRegion(story);
  const terms = mentionTerms(story);
  const items = await findMentioningItems(db, {
    storyId: story.id,
    terms,
    since: new Date(input.now.getTime() - SCAN_TIMEFRAME_DAYS * 86_400_000),
    minHits: minimumHits(terms),
    limit: MAX_SCAN_ITEMS,
  });
  return {
    terms,
    timeframe: `${SCAN_TIMEFRAME_DAYS}d`,
    items: items.map(({ id, outlet, title, url, published_at, linked, hits }) => ({ id, outlet, title, url, published_at, linked, hits })),
  };
}

const normalise = (text: string) =>
  text
    .replace(/[“”„"]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

export type GeneratedInsights = { added: CommunityInsight[]; skipped: number; itemsRead: number; usage: AiUsage; insights: CommunityInsight[] };

/**
 * Step 2 (generate and save): the AI provider reads the scanned items and returns the voices
 * quoted in them; a quote is kept only if its words appear in one of the items (a model may not
 * invent a voice), and only once per story.
 */
export async function generateCommunityInsights(
  db: Knex,
  ai: AiProvider,
  input: { storyId: string; itemIds: readonly string[]; actor: Actor; now: Date },
): Promise<GeneratedInsights> {
  const story = await loadStory(db, input.storyId);
  requireTitleAndRegion(story);
  const ids = [...new Set(input.itemIds)].slice(0, MAX_SCAN_ITEMS);
  const items = await loadRawItems(db, ids);
  if (items.length === 0) throw new C360Error('invalid_input', 'No source items to read: scan for items that mention the story first.');
  const sources: SourceForAi[] = items.map((item) => ({
    id: item.id,
    outlet: item.outlet,
    title: item.title,
    summary: item.summary,
    text: item.text,
    author: item.author,
    url: item.url,
    publishedAt: item.publishedAt,
  }));
  let quotes: { quote: string; author: string; role: string | null }[];
  let usage: AiUsage;
  try {
    const result = await ai.summarise({ storyId: story.id, sources, now: input.now, regionHint: story.region });
    quotes = result.summary.layers.what_locals_saying.quotes;
    usage = result.usage;
  } catch (error) {
    if (error instanceof AiFailure) throw new C360Error('upstream_failed', GENERATION_FAILED, { cause: error });
    throw error;
  }

  const existing = await findInsightQuotes(db, story.id);
  const today = input.now.toISOString().slice(0, 10);
  const values: InsightValues[] = [];
  let skipped = 0;
  for (const q of quotes) {
    const quote = q.quote.trim().replace(/^["“]|["”]$/g, '');
    const found = items.find((item) => normalise(`${item.title} ${item.summary} ${item.text}`).includes(normalise(quote)));
    if (!found || existing.has(quote.toLowerCase()) || values.some((v) => v.quote.toLowerCase() === quote.toLowerCase())) {
      skipped++;
      continue;
    }
    values.push({
      quote,
      attribution: [q.author, q.role].filter(Boolean).join(', ').slice(0, 200),
      sentiment: sentimentOf(quote),
      source: 'Local News',
      date: found.publishedAt?.slice(0, 10) ?? today,
      origin: 'auto',
      source_item_id: found.id,
      source_outlet: found.outlet,
      source_url: found.url,
    });
  }

  const added = await db.transaction(async (trx) => {
    const rows: CommunityInsight[] = [];
    for (const v of values) rows.push(await insertInsight(trx, story.id, v, input.actor.email));
    await updateStory(
      trx,
      story.id,
      { last_updated_by: input.actor.email },
      auditEntry(AUDIT_ACTIONS.generated, input.actor.email, input.now, { details: `${rows.length} voices from ${items.length} source items (${ai.name})` }),
    );
    return rows;
  });
  return { added, skipped, itemsRead: items.length, usage, insights: await findInsights(db, story.id) };
}

export type ManualInsight = { quote: string; attribution: string; sentiment?: Sentiment; source: InsightValues['source']; date?: string };

function checkManual(values: Partial<ManualInsight>): void {
  if (values.quote !== undefined && !values.quote.trim()) throw new C360Error('invalid_input', 'A voice needs a quote.');
  if (values.attribution !== undefined && !values.attribution.trim()) throw new C360Error('invalid_input', 'A voice needs an attribution.');
}

export async function addInsight(db: Knex, input: { storyId: string; insight: ManualInsight; actor: Actor; now: Date }): Promise<CommunityInsight> {
  checkManual(input.insight);
  return db.transaction(async (trx) => {
    await loadStory(trx, input.storyId);
    const row = await insertInsight(
      trx,
      input.storyId,
      {
        quote: input.insight.quote.trim(),
        attribution: input.insight.attribution.trim(),
        sentiment: input.insight.sentiment ?? 'neutral',
        source: input.insight.source,
        date: input.insight.date ?? input.now.toISOString().slice(0, 10),
        origin: 'manual',
      },
      input.actor.email,
    );
    await updateStory(
      trx,
      input.storyId,
      { last_updated_by: input.actor.email },
      auditEntry(AUDIT_ACTIONS.added, input.actor.email, input.now, { details: `${row.attribution}: “${row.quote.slice(0, 120)}”` }),
    );
    return row;
  });
}

export async function editInsight(
  db: Knex,
  input: { storyId: string; insightId: string; insight: Partial<ManualInsight>; actor: Actor; now: Date },
): Promise<CommunityInsight> {
  checkManual(input.insight);
  return db.transaction(async (trx) => {
    await loadStory(trx, input.storyId);
    const values: Partial<InsightValues> = {};
    const i = input.insight;
    if (i.quote !== undefined) values.quote = i.quote.trim();
    if (i.attribution !== undefined) values.attribution = i.attribution.trim();
    if (i.sentiment !== undefined) values.sentiment = i.sentiment;
    if (i.source !== undefined) values.source = i.source;
    if (i.date !== undefined) values.date = i.date;
    const row = await updateInsightRow(trx, input.storyId, input.insightId, values, input.actor.email);
    if (!row) throw new C360Error('not_found', `No community voice ${input.insightId} on this story.`);
    await updateStory(
      trx,
      input.storyId,
      { last_updated_by: input.actor.email },
      auditEntry(AUDIT_ACTIONS.edited, input.actor.email, input.now, { details: `${row.attribution}: “${row.quote.slice(0, 120)}”` }),
    );
    return row;
  });
}

export async function deleteInsight(db: Knex, input: { storyId: string; insightId: string; actor: Actor; now: Date }): Promise<void> {
  await db.transaction(async (trx) => {
    await loadStory(trx, input.storyId);
    const row = await deleteInsightRow(trx, input.storyId, input.insightId);
    if (!row) throw new C360Error('not_found', `No community voice ${input.insightId} on this story.`);
    await updateStory(
      trx,
      input.storyId,
      { last_updated_by: input.actor.email },
      auditEntry(AUDIT_ACTIONS.deleted, input.actor.email, input.now, { details: `${row.attribution}: “${row.quote.slice(0, 120)}”` }),
    );
  });
}
