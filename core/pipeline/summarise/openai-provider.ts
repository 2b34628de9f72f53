import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { Logger } from '../../logger';
import { AiFailure, emptyUsage, type AiProvider, type AiResult, type AiUsage, type SummariseInput } from './provider';
import { storySummarySchema, validateSummary } from './schema';

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
  'You receive several outlets\' reports of one news event. Write one story from them as JSON in the given schema.',
  'Rules:',
  '- Use only facts found in the reports. Never invent names, figures, dates or quotes.',
  '- summary: 2 or 3 sentences, no more.',
  '- layers.short_version: 2 sentences at most.',
  "- layers.what_happened.content: the facts as lines starting with '- ', each ending with the outlets that report it in brackets; timeline: dated events (YYYY-MM-DD).",
  '- layers.what_locals_saying: quotes only when the exact words appear in a report between quotation marks, with the speaker named there; otherwise an empty list and reported speech in content. platform is the outlet that printed the quote.',
  '- layers.why_it_matters: the impact for people in the region and the diaspora; metricsTable rows only from figures in the reports (previous null when not given; trend up, down, steady or reported).',
  '- layers.our_take: say plainly what the outlets agree on and where they differ (figures, names, dates); if only one outlet reports it, say so.',
  '- claims: the checkable statements the story makes (figures, dates, who did what), each with the figures and names it contains.',
  '- region: the country the story is about, or "Caribbean" when it spans several. urgency and diaspora_relevance: 0-100.',
].join('\n');

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, timeout: options.timeoutMs, maxRetries: 0 });
  const maxRetries = options.maxRetries ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const responseFormat = zodResponseFormat(storySummarySchema, 'story_summary');

  async function complete(messages: Message[], usage: AiUsage): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        usage.calls++;
        const response = await client.chat.completions.create({ model: options.model, messages, response_format: responseFormat, temperature: 0.2 });
        usage.promptTokens += response.usage?.prompt_tokens ?? 0;
        usage.completionTokens += response.usage?.completion_tokens ?? 0;
        usage.totalTokens += response.usage?.total_tokens ?? 0;
        const message = response.choices[0]?.message;
        if (message?.refusal) throw new AiFailure(`the model refused: ${message.refusal}`, usage, { retryable: false });
        return message?.content ?? '';
      } catch (error) {
        if (error instanceof AiFailure) throw error;
        const retryable = isRetryable(error);
        if (!retryable || attempt >= maxRetries) {
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
      const checked = check(first);
      if (checked.ok) return { summary: checked.summary, usage };
      // One repair: show the model what was wrong and ask for the whole object again.
      options.logger?.warn({ problems: checked.problems }, 'AI output invalid; asking once for a repair');
      messages.push(
        { role: 'assistant', content: first.slice(0, 20_000) },
        { role: 'user', content: `That answer is not valid:\n- ${checked.problems.join('\n- ')}\nReply again with the complete JSON object, fixed, and nothing else.` },
      );
      const second = await complete(messages, usage);
      const repaired = check(second);
      if (repaired.ok) return { summary: repaired.summary, usage };
      throw new AiFailure(`invalid output after one repair: ${repaired.problems.slice(0, 3).join('; ')}`, usage);
    },
  };
}

function check(content: string): ReturnType<typeof validateSummary> {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (error) {
    return { ok: false, problems: [`not valid JSON (${(error as Error).message.slice(0, 120)})`] };
  }
  return validateSummary(value);
}

function sourcesMessage(input: SummariseInput, perSource: number, total: number): string {
  const budget = Math.max(500, Math.floor(total / Math.max(1, input.sources.length)));
  const limit = Math.min(perSource, budget);
  const sources = input.sources.map((s) => ({
    outlet: s.outlet,
    published_at: s.publishedAt,
    url: s.url,
    author: s.author,
    title: s.title,
    summary: s.summary.slice(0, limit),
    text: s.text.slice(0, Math.max(0, limit - s.summary.length)),
  }));
  return JSON.stringify({ today: input.now.toISOString().slice(0, 10), region_hint: input.regionHint ?? null, reports: sources });
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
