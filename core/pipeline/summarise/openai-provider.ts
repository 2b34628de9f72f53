import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import type { Logger } from '../../logger';
import { summariseOurTakeOffline } from './offline-provider';
import { AiFailure, emptyUsage, type AiProvider, type AiResult, type AiUsage, type SummariseInput, type TakeInput } from './provider';
import { storySummarySchema, validateSummary, type StorySummary } from './schema';

/**
 * The OpenAI-compatible provider (OpenAI, or any server speaking the chat completions API). One
 * request per story with a strict JSON schema; on a 429, a 5xx or a timeout it waits and retries
 * (honouring retry-after), and when the answer does not validate it asks once for a repaired answer.
 * The openai client's own retries are off (its default would be 2 retries and a 10-minute timeout):
 * this file decides, so the counts and waits are ours and tested.
 */

export type OpenAiProviderOptions = {
  apiKey: string;
  baseUrl?: string;
  model: string;
  timeoutMs: number;
  /** Retries after the first attempt on 429, 5xx and timeouts. */
  maxRetries?: number;
  /** First back-off; doubles per retry, at most 30 s, unless the server says how long to wait. */
  backoffMs?: number;
  logger?: Logger;
  sleep?: (ms: number) => Promise<void>;
  /** Characters of each source sent (the rest is cut), and of all sources together. */
  maxSourceChars?: number;
  maxTotalChars?: number;
};

export const SYSTEM_PROMPT = [
  'You are the editor of C360, a news service for the Caribbean and its diaspora.',
  "You receive several outlets' reports of one news event, numbered from 0 (field n). Write one story from them as JSON in the given schema.",
  'Rules:',
  '- Use only facts found in the reports. Never invent names, figures, dates or quotes. Write plainly, as a wire editor would.',
  '- Every sentence you write has sources: the numbers (n) of the reports that state what the sentence says. A sentence no report supports must not be written.',
  '- State each fact once. When several reports tell the same fact, write it once and list all their numbers in sources.',
  '- No filler: never write who reported the story or when ("It was reported by…"), that details are unavailable, or anything true of every story. A short or empty layer is better than a padded one.',
  '- summary: 1 to 3 sentences, the core of the story.',
  '- layers.short_version: 1 or 2 sentences, at most 45 words: what happened, to whom, where, when.',
  '- layers.what_happened.sentences: 1 to 6 distinct facts, most important first, one sentence each; timeline: dated events (YYYY-MM-DD) only when there are two dates or more, else an empty list.',
  '- layers.what_locals_saying: quotes only when the exact words appear in a report between quotation marks and the report names the person who said them (author: that name; role: their position or null; source: the report number). Copy the words exactly. Sentences: reported speech of named people, or an empty list.',
  '- layers.why_it_matters.sentences: what the reports say the consequences are for people in the region or the diaspora; an empty list when they say none.',
  '- layers.our_take.sentences: always an empty list (it is written later, from the fact-check).',
  '- claims: the checkable statements of the summary (figures, dates, who did what), each with the figures and names it contains.',
  '- region: the country the story is about, or "Caribbean" when it spans several. urgency and diaspora_relevance: 0-100.',
].join('\n');

export const SAME_EVENT_PROMPT = [
  'You check news clustering for C360. You receive one new report and the reports of an existing story.',
  'Answer whether the new report tells the same news event: the same happening at the same time and place (an update, a correction or a new figure about it counts as the same event).',
  "A different happening that involves the same people, institution, place or figures is NOT the same event (a central bank governor's speech and that bank's rate decision the same day are two events).",
  'Reply with JSON: {"same": true} or {"same": false}.',
].join('\n');
const sameEventSchema = z.object({ same: z.boolean() });

export const JUDGE_CLAIM_PROMPT = [
  'You check claims for C360, a news service for the Caribbean and its diaspora.',
  'You receive JSON: a claim (with the date it was published) and one sentence of another report (with its date and outlet). Relative dates ("on Tuesday") count from each text\'s own date.',
  '"supports": the sentence states the same fact as the claim, in any wording, with the same figures and no other date. "contradicts": it states a different value or date for the very same quantity of the very same thing. "unrelated": anything else, including another fact about the same subject, or when you cannot tell.',
  'Reply with JSON: {"relation": "supports"}, {"relation": "contradicts"} or {"relation": "unrelated"}.',
].join('\n');
const judgeClaimSchema = z.object({ relation: z.enum(['supports', 'contradicts', 'unrelated']) });

export const TRANSLATE_PROMPT = [
  'You translate news for C360, a news service for the Caribbean and its diaspora.',
  'You receive {"from": language, "to": language, "texts": [...]}: translate every text from the first language to the second, faithfully, plainly, keeping names, figures, dates and quotation marks.',
  'Reply with JSON {"texts": [...]} holding exactly as many texts as you received, in the same order, each the translation of the text at the same place. Nothing else.',
].join('\n');
const translationSchema = z.object({ texts: z.array(z.string()) });

export const TAKE_PROMPT = [
  'You write "Our take" for C360, a news service for the Caribbean and its diaspora: a short comparison of how outlets covered one story.',
  'You receive JSON: claims (the fact-check ledger: each claim, the outlets that support it, the independent ones among them, and the outlets that contradict it with the value they give), coverage (each outlet, its owner group, headline and lead) and dated_events (events the reports date).',
  'Write 1 to 4 sentences, each one of these kinds:',
  '- agree: what independent outlets agree on; only a claim whose independent list has two outlets or more, naming only outlets in its supported_by list.',
  '- differ: where outlets differ in a figure (name each outlet and the value it gives, from the ledger) or in emphasis or framing (from their headlines and leads).',
  '- single: what only one outlet reports (a claim with one outlet in supported_by), saying so.',
  '- missing: what no outlet reports that a reader would want (an official account, a cost, a date), without guessing it.',
  '- watch: what to watch next: a dated event still to come, with its date.',
  'Rules: every sentence cites the ids of the entries it speaks of (claims "c…", coverage "o…", dated events "e…") and lists the outlets it names, spelled as given. Use only figures that appear in the cited entries, each with what it counts ("15 people", never a bare "15"); a day of the month is a date, never a figure. Never say outlets agree on anything the ledger does not show them supporting. No filler, nothing true of every story. Fewer sentences are better than a padded answer.',
  'Reply with JSON {"sentences": [{"text": ..., "kind": ..., "cites": [...], "outlets": [...]}]}.',
].join('\n');
const takeSchema = z.object({
  sentences: z
    .array(
      z.object({
        text: z.string().min(1).max(400),
        kind: z.enum(['agree', 'differ', 'single', 'missing', 'watch']),
        cites: z.array(z.string()).max(8),
        outlets: z.array(z.string()).max(8),
      }),
    )
    .max(6),
});

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, timeout: options.timeoutMs, maxRetries: 0 });
  const maxRetries = options.maxRetries ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const responseFormat = zodResponseFormat(storySummarySchema, 'story_summary');
  const sameEventFormat = zodResponseFormat(sameEventSchema, 'same_event');
  const judgeClaimFormat = zodResponseFormat(judgeClaimSchema, 'claim_judgement');
  const translationFormat = zodResponseFormat(translationSchema, 'translation');
  const takeFormat = zodResponseFormat(takeSchema, 'our_take');

  async function complete(
    messages: Message[],
    usage: AiUsage,
    format: typeof responseFormat | typeof sameEventFormat | typeof judgeClaimFormat | typeof translationFormat | typeof takeFormat = responseFormat,
    retries = maxRetries,
  ): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        usage.calls++;
        const response = await client.chat.completions.create({
          model: options.model,
          messages,
          response_format: format,
          temperature: format === responseFormat ? 0.2 : 0,
        });
        usage.promptTokens += response.usage?.prompt_tokens ?? 0;
        usage.completionTokens += response.usage?.completion_tokens ?? 0;
        usage.totalTokens += response.usage?.total_tokens ?? 0;
        const message = response.choices[0]?.message;
        if (message?.refusal) throw new AiFailure(`the model refused: ${message.refusal}`, usage, { retryable: false });
        return message?.content ?? '';
      } catch (error) {
        if (error instanceof AiFailure) throw error;
        const retryable = isRetryable(error);
        if (!retryable || attempt >= retries) {
          throw new AiFailure(`${describe(error)}${retryable ? ` (gave up after ${attempt + 1} attempts)` : ''}`, usage, { retryable, cause: error });
        }
        const wait = retryAfterMs(error) ?? Math.min(30_000, backoffMs * 2 ** attempt);
        options.logger?.warn({ attempt: attempt + 1, waitMs: wait, err: describe(error) }, 'AI request failed; retrying');
        await sleep(wait);
      }
    }
  }

  return {
    name: 'openai',
    model: options.model,
    async summarise(input: SummariseInput): Promise<AiResult> {
      const usage = emptyUsage('openai', options.model);
      const messages: Message[] = [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: sourcesMessage(input, options.maxSourceChars ?? 6000, options.maxTotalChars ?? 24_000) },
      ];
      const first = await complete(messages, usage);
      const checked = check(first, input.sources.length);
      if (checked.ok) return { summary: withOfflineTake(checked.summary, input), usage };
      // One repair: show the model what was wrong and ask for the whole object again.
      options.logger?.warn({ problems: checked.problems }, 'AI output invalid; asking once for a repair');
      messages.push(
        { role: 'assistant', content: first.slice(0, 20_000) },
        {
          role: 'user',
          content: `That answer is not valid:\n- ${checked.problems.join('\n- ')}\nReply again with the complete JSON object, fixed, and nothing else.`,
        },
      );
      const second = await complete(messages, usage);
      const repaired = check(second, input.sources.length);
      if (repaired.ok) return { summary: withOfflineTake(repaired.summary, input), usage };
      throw new AiFailure(`invalid output after one repair: ${repaired.problems.slice(0, 3).join('; ')}`, usage);
    },
    async sameEvent(input) {
      const usage = emptyUsage('openai', options.model);
      const brief = (b: { outlet: string; title: string; lead: string; publishedAt: string | null }) => ({
        outlet: b.outlet,
        published_at: b.publishedAt,
        title: b.title.slice(0, 300),
        lead: b.lead.slice(0, 600),
      });
      const content = await complete(
        [
          { role: 'system', content: SAME_EVENT_PROMPT },
          { role: 'user', content: JSON.stringify({ new_report: brief(input.report), story_reports: input.story.slice(0, 3).map(brief) }) },
        ],
        usage,
        sameEventFormat,
      );
      let parsed: z.infer<typeof sameEventSchema>;
      try {
        parsed = sameEventSchema.parse(JSON.parse(content));
      } catch {
        throw new AiFailure(`same-event answer is not {"same": boolean}: ${content.slice(0, 80)}`, usage, { retryable: false });
      }
      return { same: parsed.same, usage };
    },
    async judgeClaim(input) {
      const usage = emptyUsage('openai', options.model);
      // A short call, retried at most once: the rule's answer already stands if it fails.
      const content = await complete(
        [
          { role: 'system', content: JUDGE_CLAIM_PROMPT },
          {
            role: 'user',
            content: JSON.stringify({
              claim: input.claim.slice(0, 500),
              claim_published: input.claimPublished,
              sentence: input.sentence.slice(0, 800),
              sentence_published: input.reportPublished,
              outlet: input.outlet,
            }),
          },
        ],
        usage,
        judgeClaimFormat,
        Math.min(1, maxRetries),
      );
      let parsed: z.infer<typeof judgeClaimSchema>;
      try {
        parsed = judgeClaimSchema.parse(JSON.parse(content));
      } catch {
        throw new AiFailure(`claim judgement is not {"relation": "supports" | "contradicts" | "unrelated"}: ${content.slice(0, 80)}`, usage, {
          retryable: false,
        });
      }
      return { relation: parsed.relation, usage };
    },
    async writeTake(input: TakeInput) {
      const usage = emptyUsage('openai', options.model);
      // A short call, retried at most once: the offline take is already in place if it fails.
      const content = await complete(
        [
          { role: 'system', content: TAKE_PROMPT },
          { role: 'user', content: takeMessage(input) },
        ],
        usage,
        takeFormat,
        Math.min(1, maxRetries),
      );
      let parsed: z.infer<typeof takeSchema>;
      try {
        parsed = takeSchema.parse(JSON.parse(content));
      } catch {
        throw new AiFailure(`our take answer is not {"sentences": [...]}: ${content.slice(0, 80)}`, usage, { retryable: false });
      }
      return { sentences: parsed.sentences, usage };
    },
    async translate(input) {
      const usage = emptyUsage('openai', options.model);
      const content = await complete(
        [
          { role: 'system', content: TRANSLATE_PROMPT },
          { role: 'user', content: JSON.stringify({ from: input.from, to: input.to, texts: input.texts }) },
        ],
        usage,
        translationFormat,
      );
      let parsed: z.infer<typeof translationSchema>;
      try {
        parsed = translationSchema.parse(JSON.parse(content));
      } catch {
        throw new AiFailure(`the translation is not {"texts": [string…]}: ${content.slice(0, 80)}`, usage, { retryable: false });
      }
      if (parsed.texts.length !== input.texts.length) {
        throw new AiFailure(`the translation has ${parsed.texts.length} texts for ${input.texts.length}`, usage, { retryable: false });
      }
      if (parsed.texts.some((t, i) => input.texts[i]!.trim() !== '' && t.trim() === ''))
        throw new AiFailure('the translation left a text empty', usage, { retryable: false });
      return { texts: parsed.texts, usage };
    },
  };
}

function check(content: string, reportCount: number): ReturnType<typeof validateSummary> {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (error) {
    return { ok: false, problems: [`not valid JSON (${(error as Error).message.slice(0, 120)})`] };
  }
  return validateSummary(value, reportCount);
}

/**
 * Until the fact-check has a ledger to write it from, a story's take is the offline writer's (built on
 * the fact-check's claim matcher): the summary call no longer writes one from the raw reports.
 */
function withOfflineTake(summary: StorySummary, input: SummariseInput): StorySummary {
  return { ...summary, layers: { ...summary.layers, our_take: { sentences: summariseOurTakeOffline(input) } } };
}

/** The ledger, the coverage and the dated events, with the ids the answer cites; text cut to keep the call short. */
export function takeMessage(input: TakeInput): string {
  return JSON.stringify({
    today: input.today,
    claims: input.claims.map((c) => ({
      id: c.id,
      claim: c.text.slice(0, 400),
      verdict: c.verdict,
      supported_by: c.supporting,
      independent: c.independent,
      contradicted_by: c.contradicting.map((x) => ({ outlet: x.outlet, gives: x.value })),
    })),
    coverage: input.coverage.map((o) => ({
      id: o.id,
      outlet: o.outlet,
      owner_group: o.ownerGroup,
      headline: o.headline.slice(0, 200),
      lead: o.lead.slice(0, 300),
    })),
    dated_events: input.events.map((e) => ({ id: e.id, date: e.date, event: e.text.slice(0, 300), outlet: e.outlet })),
  });
}

function sourcesMessage(input: SummariseInput, perSource: number, total: number): string {
  const budget = Math.max(500, Math.floor(total / Math.max(1, input.sources.length)));
  const limit = Math.min(perSource, budget);
  const sources = input.sources.map((s, n) => ({
    n,
    outlet: s.outlet,
    owner_group: s.ownerGroup ?? s.outlet,
    published_at: s.publishedAt,
    url: s.url,
    author: s.author,
    title: s.title,
    summary: s.summary.slice(0, limit),
    text: s.text.slice(0, Math.max(0, limit - s.summary.length)),
  }));
  return JSON.stringify({ today: input.now.toISOString().slice(0, 10), region_hint: input.regionHint ?? null, reports: sources });
}

/**
 * Why a call failed, in the few kinds an operator fixes differently (`c360 doctor --ai`): the server
 * did not answer in time or at all, refused the key, has no such model or path, or answered in a
 * shape C360 cannot use.
 */
export type AiFault = 'unreachable' | 'unauthorized' | 'not_found' | 'bad_answer';

export function classifyAiFault(error: unknown): AiFault {
  const cause = error instanceof AiFailure && error.cause !== undefined ? error.cause : error;
  if (cause instanceof OpenAI.APIError && (cause.status === 401 || cause.status === 403)) return 'unauthorized';
  if (cause instanceof OpenAI.APIError && cause.status === 404) return 'not_found';
  if (isRetryable(cause)) return 'unreachable';
  return 'bad_answer';
}

function isRetryable(error: unknown): boolean {
  if (error instanceof OpenAI.APIConnectionTimeoutError || error instanceof OpenAI.APIConnectionError) return true;
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 0;
    return status === 408 || status === 409 || status === 429 || status >= 500;
  }
  return false;
}

function retryAfterMs(error: unknown): number | undefined {
  if (!(error instanceof OpenAI.APIError) || !error.headers) return undefined;
  const headers = error.headers as Headers;
  const ms = Number(headers.get?.('retry-after-ms'));
  if (Number.isFinite(ms) && ms >= 0 && headers.get('retry-after-ms') !== null) return Math.min(ms, 60_000);
  const seconds = headers.get?.('retry-after');
  if (seconds !== null && seconds !== undefined) {
    const n = Number(seconds);
    if (Number.isFinite(n)) return Math.min(n * 1000, 60_000);
    const date = Date.parse(seconds);
    if (Number.isFinite(date)) return Math.min(Math.max(0, date - Date.now()), 60_000);
  }
  return undefined;
}

function describe(error: unknown): string {
  if (error instanceof OpenAI.APIConnectionTimeoutError) return 'request timed out';
  if (error instanceof OpenAI.APIError && error.status) return `HTTP ${error.status}: ${error.message.slice(0, 200)}`;
  return error instanceof Error ? error.message : String(error);
}
