import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/helpers/fake-openai';
import { createOpenAiProvider } from './openai-provider';
import { AiFailure, type SummariseInput } from './provider';
import { countSentences } from './schema';

const input: SummariseInput = {
  storyId: 's1',
  now: new Date('2026-11-20T12:00:00Z'),
  sources: [
    {
      id: 'a',
      outlet: 'Kingston Ledger',
      title: 'Blaze destroys four homes in Ocho Rios community',
      summary: 'Four houses were gutted by fire in the Ocho Rios area of St Ann early Monday, leaving 15 residents homeless.',
      text: '',
      author: null,
      url: null,
      publishedAt: '2026-11-16T08:00:00Z',
    },
    {
      id: 'b',
      outlet: 'Antilles Wire',
      title: 'St Ann fire leaves 15 people homeless',
      summary: 'Fifteen people are homeless after a fire swept through four dwellings near Ocho Rios, St Ann, on Monday morning.',
      text: '',
      author: null,
      url: null,
      publishedAt: '2026-11-16T11:30:00Z',
    },
  ],
};

let fake: FakeOpenAi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function provider(f: FakeOpenAi, extra: { timeoutMs?: number; maxRetries?: number } = {}) {
  const waits: number[] = [];
  const p = createOpenAiProvider({
    apiKey: 'test-key',
    baseUrl: f.baseUrl,
    model: 'fake-model',
    timeoutMs: extra.timeoutMs ?? 5000,
    maxRetries: extra.maxRetries ?? 3,
    backoffMs: 5,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { p, waits };
}

describe('OpenAI-compatible provider against a local fake server', () => {
  it('valid structured output: one call, validated summary, token usage counted', async () => {
    fake = await startFakeOpenAi();
    const { p } = provider(fake);
    const result = await p.summarise(input);
    expect(fake.calls).toBe(1);
    expect(result.usage).toMatchObject({ provider: 'openai', model: 'fake-model', calls: 1 });
    expect(result.usage.totalTokens).toBe(fake.promptTokens + fake.completionTokens);
    expect(result.usage.totalTokens).toBeGreaterThan(0);
    expect(countSentences(result.summary.summary)).toBeGreaterThanOrEqual(1);
    // Reports go out numbered, and every sentence that comes back names the reports it came from.
    expect(fake.requests[0]!.messages.at(-1)!.content).toContain('"n":1');
    for (const layer of Object.values(result.summary.layers)) for (const s of layer.sentences) expect(s.sources.every((n) => n === 0 || n === 1)).toBe(true);
    expect(fake.requests[0]!.model).toBe('fake-model');
    expect(JSON.stringify(fake.requests[0]!.response_format)).toContain('json_schema');
  });

  it('invalid JSON, then a repaired answer: two calls, the second shown what was wrong', async () => {
    fake = await startFakeOpenAi({ script: ['invalid-json'] });
    const { p } = provider(fake);
    const result = await p.summarise(input);
    expect(fake.calls).toBe(2);
    expect(result.usage.calls).toBe(2);
    const repair = fake.requests[1]!.messages.at(-1)!;
    expect(repair.role).toBe('user');
    expect(repair.content).toContain('not valid JSON');
  });

  it('429 then success: waits as the server asks (retry-after-ms) and retries', async () => {
    fake = await startFakeOpenAi({ script: ['rate-limit', 'rate-limit'], retryAfterMs: 40 });
    const { p, waits } = provider(fake);
    const result = await p.summarise(input);
    expect(fake.calls).toBe(3);
    expect(waits).toEqual([40, 40]);
    expect(result.usage.calls).toBe(3);
  });

  it('a timeout, then success: the hung request is abandoned and retried with back-off', async () => {
    fake = await startFakeOpenAi({ script: ['hang'] });
    const { p, waits } = provider(fake, { timeoutMs: 1000 });
    const started = Date.now();
    await p.summarise(input);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(fake.calls).toBe(2);
    expect(waits).toEqual([5]);
  });

  it('5xx forever: gives up after its retries with a retryable failure', async () => {
    fake = await startFakeOpenAi({ fallback: 'server-error' });
    const { p, waits } = provider(fake, { maxRetries: 2 });
    const failure = await p.summarise(input).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AiFailure);
    expect((failure as AiFailure).message).toMatch(/HTTP 500.*gave up after 3 attempts/);
    expect(fake.calls).toBe(3);
    expect(waits).toEqual([5, 10]);
  });

  it('garbage forever: one repair attempt, then a failure naming the problems', async () => {
    fake = await startFakeOpenAi({ fallback: 'garbage' });
    const { p } = provider(fake);
    const failure = (await p.summarise(input).catch((e: unknown) => e)) as AiFailure;
    expect(failure).toBeInstanceOf(AiFailure);
    expect(failure.message).toMatch(/invalid output after one repair/);
    expect(failure.usage.calls).toBe(2);
    expect(fake.calls).toBe(2);
  });

  it('does not retry a request the server refuses (404: wrong base URL)', async () => {
    fake = await startFakeOpenAi();
    const p = createOpenAiProvider({ apiKey: 'k', baseUrl: fake.baseUrl.replace('/v1', '/nope'), model: 'm', timeoutMs: 2000, sleep: async () => {} });
    const failure = (await p.summarise(input).catch((e: unknown) => e)) as AiFailure;
    expect(failure).toBeInstanceOf(AiFailure);
    expect(failure.retryable).toBe(false);
    expect(fake.calls).toBe(0);
  });
});

describe('our take call (writeTake)', () => {
  const ledger = {
    storyId: 's1',
    today: '2026-11-20',
    claims: [
      {
        id: 'c1',
        text: 'Fifteen people were left homeless.',
        verdict: 'corroborated',
        supporting: ['Kingston Ledger', 'Antilles Wire'],
        independent: ['Kingston Ledger', 'Antilles Wire'],
        contradicting: [],
      },
    ],
    coverage: [
      { id: 'o1', outlet: 'Kingston Ledger', ownerGroup: 'Kingston Ledger', headline: 'Blaze destroys four homes', lead: 'Four houses were gutted.' },
      { id: 'o2', outlet: 'Antilles Wire', ownerGroup: 'Antilles Wire', headline: 'St Ann fire leaves 15 homeless', lead: 'Fifteen people are homeless.' },
    ],
    events: [],
  };

  it('sends the ledger with its ids in one call and returns the parsed sentences with the usage', async () => {
    fake = await startFakeOpenAi();
    const { p } = provider(fake);
    const result = await p.writeTake!(ledger);
    expect(fake.takeCalls).toBe(1);
    expect(fake.calls).toBe(0);
    expect(fake.takeRequests[0]!.claims[0]).toMatchObject({ id: 'c1', supported_by: ['Kingston Ledger', 'Antilles Wire'] });
    expect(result.sentences[0]).toMatchObject({ kind: 'agree', cites: ['c1'] });
    expect(result.usage).toMatchObject({ provider: 'openai', calls: 1 });
  });

  it('garbage: a failure that is not retried', async () => {
    fake = await startFakeOpenAi({ take: 'garbage' });
    const { p } = provider(fake);
    const failure = (await p.writeTake!(ledger).catch((e: unknown) => e)) as AiFailure;
    expect(failure).toBeInstanceOf(AiFailure);
    expect(failure.retryable).toBe(false);
    expect(fake.takeCalls).toBe(1);
  });
});

describe('claim judgement call (judgeClaim)', () => {
  const pair = {
    claim: 'The Dominican Republic deported 28,000 Haitians in October.',
    claimPublished: '2026-11-03T12:00:00.000Z',
    sentence: 'Dominican authorities sent 28,000 Haitian migrants back across the border in October.',
    reportPublished: '2026-11-03T15:00:00.000Z',
    outlet: 'Antilles Wire',
  };

  it('sends the claim and the one sentence in one short call and returns the relation with the usage', async () => {
    fake = await startFakeOpenAi({ judgement: 'supports' });
    const { p } = provider(fake);
    const result = await p.judgeClaim!(pair);
    expect(result).toMatchObject({ relation: 'supports', usage: { provider: 'openai', calls: 1, totalTokens: 126 } });
    expect(fake.judgeCalls).toBe(1);
    expect(fake.calls).toBe(0);
    expect(fake.judgeRequests[0]).toMatchObject({ claim: pair.claim, sentence: pair.sentence, outlet: 'Antilles Wire' });
  });

  it.each(['garbage', 'refuse'] as const)('%s: a failure that is not retried, its usage counted', async (answer) => {
    fake = await startFakeOpenAi({ judgement: answer });
    const { p } = provider(fake);
    const failure = (await p.judgeClaim!(pair).catch((e: unknown) => e)) as AiFailure;
    expect(failure).toBeInstanceOf(AiFailure);
    expect(failure.retryable).toBe(false);
    expect(failure.usage.calls).toBe(1);
    expect(fake.judgeCalls).toBe(1);
  });

  it('a timeout: tried once more at most, then a failure', async () => {
    fake = await startFakeOpenAi({ judgement: 'hang' });
    const { p } = provider(fake, { timeoutMs: 150, maxRetries: 3 });
    const failure = (await p.judgeClaim!(pair).catch((e: unknown) => e)) as AiFailure;
    expect(failure).toBeInstanceOf(AiFailure);
    expect(fake.judgeCalls).toBe(2);
  });
});
