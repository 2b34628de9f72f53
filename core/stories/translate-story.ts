import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { AiFailure, type AiProvider } from '../pipeline/summarise/provider';

/**
 * A story's text translated for a reader of another language: its title, summary and the five
 * layers as readers get them. One AI call per story, language and version; the answer is kept in
 * story_translations and served to every later reader until the story changes (a new sources
 * version or any edit of the text gives a new hash, and the old row no longer matches).
 */
export const TRANSLATION_LANGUAGES = ['en', 'es', 'fr', 'nl'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

export type TranslatableStory = { title: string; summary: string; layers: unknown[] };
export type StoryTranslation = TranslatableStory & { language: TranslationLanguage; cached: boolean };

/** The fields of a presented layer that readers read as text (figures, dates and outlet names stay). */
const TEXT_FIELDS = new Set(['content', 'text', 'event', 'quote', 'role']);
/** At most this many texts, and characters, go to the model in one call. */
const MAX_TEXTS = 400;
const MAX_CHARS = 60_000;

export async function translateStory(
  deps: { db: Knex; ai: AiProvider },
  input: { storyId: string; from: string; to: TranslationLanguage; sourcesVersion: number; story: TranslatableStory },
): Promise<StoryTranslation> {
  if (input.from === input.to) throw new C360Error('invalid_input', 'The story is already in that language.');
  const hash = createHash('sha256').update(JSON.stringify(input.story)).digest('base64url').slice(0, 32);
  const key = { story_id: input.storyId, language: input.to, sources_version: input.sourcesVersion, layers_hash: hash };
  const kept = await deps.db('story_translations').select('title', 'summary', 'layers').where(key).first();
  if (kept) return { title: kept.title, summary: kept.summary, layers: parseJson(kept.layers) as unknown[], language: input.to, cached: true };

  if (!deps.ai.translate) throw new C360Error('unsupported', 'Translation needs an AI provider; none is configured.', { hint: 'Set OPENAI_API_KEY.' });
  const texts = collectTexts(input.story);
  if (texts.length > MAX_TEXTS || texts.reduce((n, t) => n + t.length, 0) > MAX_CHARS)
    throw new C360Error('payload_too_large', 'This story is too long to translate.');
  let translated: string[];
  try {
    translated = (await deps.ai.translate({ from: input.from, to: input.to, texts })).texts;
  } catch (error) {
    const reason = error instanceof AiFailure ? error.message : (error as Error).message;
    throw new C360Error('upstream_failed', 'The translation service did not give a usable answer. Please try again later.', {
      details: { reason: reason.slice(0, 300) },
      cause: error,
    });
  }
  const story = replaceTexts(input.story, translated);
  await deps
    .db('story_translations')
    .insert({ ...key, title: story.title, summary: story.summary, layers: JSON.stringify(story.layers) })
    .onConflict(['story_id', 'language', 'sources_version', 'layers_hash'])
    .ignore();
  return { ...story, language: input.to, cached: false };
}

/** The texts of a story in a fixed order: title, summary, then each text field of the layers, depth first. */
export function collectTexts(story: TranslatableStory): string[] {
  const out: string[] = [story.title, story.summary];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (typeof v === 'string' && TEXT_FIELDS.has(k) && v.trim() !== '') out.push(v);
        else walk(v);
      }
    }
  };
  walk(story.layers);
  return out;
}

/** The story with its texts replaced, in collectTexts' order. */
export function replaceTexts(story: TranslatableStory, texts: readonly string[]): TranslatableStory {
  let i = 2;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, typeof v === 'string' && TEXT_FIELDS.has(k) && v.trim() !== '' ? texts[i++] : walk(v)]),
      );
    }
    return value;
  };
  const layers = walk(story.layers) as unknown[];
  return { title: texts[0]!, summary: texts[1]!, layers };
}

function parseJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
