import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { summariseOffline } from '../../core/pipeline/summarise/offline-provider';

/**
 * A fake OpenAI-compatible server on 127.0.0.1 (port 0) for tests and the bench. Each request to
 * /v1/chat/completions takes the next behaviour from the script (then `fallback` forever):
 *   valid         a schema-valid story, written from the request's reports by the offline summariser
 *   invalid-json  truncated JSON
 *   garbage       JSON of the wrong shape
 *   rate-limit    429 with retry-after-ms
 *   server-error  500
 *   hang          no answer (the client's timeout fires)
 * It counts calls and the tokens it reports (about 4 characters a token, as such servers estimate);
 * delayMs makes every answer slow (to catch a worker mid-batch). Clustering's same-event checks
 * (response format "same_event") are answered apart, with `sameEvent` (default true), and counted in
 * sameEventCalls, so they neither take scripted behaviours nor count as story calls. Readers'
 * translations (response format "translation") are answered apart too, with `translation`:
 * 'valid' (each text prefixed with "[<to>] "), 'garbage' (the wrong shape) or 'hang'; counted in
 * translationCalls. "Our take" calls (response format "our_take") are answered apart with `take`:
 * 'valid' (a sentence on each corroborated claim naming its supporters, and one on a claim only one
 * outlet gives, as a careful model would write them), 'garbage', 'hang', or a function of the
 * request's ledger returning the answer's sentences; counted in takeCalls, their ledgers in takeRequests.
 * Claim judgements (response format "claim_judgement") are answered apart with `judgement`: a relation,
 * 'garbage', 'refuse' (the model's refusal) or 'hang'; counted in judgeCalls, their questions in judgeRequests.
 */

export type FakeJudgement = 'supports' | 'contradicts' | 'unrelated' | 'garbage' | 'refuse' | 'hang';
export type FakeBehaviour = 'valid' | 'invalid-json' | 'garbage' | 'rate-limit' | 'server-error' | 'hang';

/** The ledger an "our take" request carries (see takeMessage in openai-provider.ts). */
export type FakeTakeLedger = {
  today: string;
  claims: {
    id: string;
    claim: string;
    verdict: string;
    supported_by: string[];
    independent: string[];
    contradicted_by: { outlet: string; gives: string | null }[];
  }[];
  coverage: { id: string; outlet: string; owner_group: string; headline: string; lead: string }[];
  dated_events: { id: string; date: string; event: string; outlet: string }[];
};
export type FakeTakeSentence = { text: string; kind: string; cites: string[]; outlets: string[] };
export type FakeTake = 'valid' | 'garbage' | 'hang' | ((ledger: FakeTakeLedger) => FakeTakeSentence[]);

export type FakeOpenAi = {
  baseUrl: string;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  behaviours: FakeBehaviour[];
  sameEventCalls: number;
  /** What each same-event question showed the model. */
  sameEventRequests: { messages: { role: string; content: string }[] }[];
  setSameEvent: (answer: boolean | 'garbage') => void;
  translationCalls: number;
  setTranslation: (answer: 'valid' | 'garbage' | 'hang') => void;
  takeCalls: number;
  takeRequests: FakeTakeLedger[];
  setTake: (answer: FakeTake) => void;
  judgeCalls: number;
  judgeRequests: { claim: string; sentence: string; outlet: string }[];
  setJudgement: (answer: FakeJudgement) => void;
  requests: { messages: { role: string; content: string }[]; model: string; response_format?: unknown }[];
  setScript: (script: FakeBehaviour[], fallback?: FakeBehaviour) => void;
  close: () => Promise<void>;
};

export async function startFakeOpenAi(
  options: {
    script?: FakeBehaviour[];
    fallback?: FakeBehaviour;
    retryAfterMs?: number;
    delayMs?: number;
    sameEvent?: boolean | 'garbage';
    translation?: 'valid' | 'garbage' | 'hang';
    take?: FakeTake;
    judgement?: FakeJudgement;
  } = {},
): Promise<FakeOpenAi> {
  let judgement: FakeJudgement = options.judgement ?? 'supports';
  let translation = options.translation ?? 'valid';
  let take: FakeTake = options.take ?? 'valid';
  let script = [...(options.script ?? [])];
  let sameEvent = options.sameEvent ?? true;
  let fallback: FakeBehaviour = options.fallback ?? 'valid';
  const sockets = new Set<Socket>();
  const state: FakeOpenAi = {
    baseUrl: '',
    calls: 0,
    promptTokens: 0,
    completionTokens: 0,
    behaviours: [],
    sameEventCalls: 0,
    sameEventRequests: [],
    setSameEvent: (answer) => {
      sameEvent = answer;
    },
    translationCalls: 0,
    setTranslation: (answer) => {
      translation = answer;
    },
    takeCalls: 0,
    takeRequests: [],
    setTake: (answer) => {
      take = answer;
    },
    judgeCalls: 0,
    judgeRequests: [],
    setJudgement: (answer) => {
      judgement = answer;
    },
    requests: [],
    setScript: (next, nextFallback) => {
      script = [...next];
      if (nextFallback) fallback = nextFallback;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body.response_format?.json_schema?.name === 'same_event') {
      state.sameEventCalls++;
      state.sameEventRequests.push(body);
      const content = sameEvent === 'garbage' ? 'perhaps' : JSON.stringify({ same: sameEvent });
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'same-event',
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
          usage: { prompt_tokens: 50, completion_tokens: 5, total_tokens: 55 },
        }),
      );
      return;
    }
    if (body.response_format?.json_schema?.name === 'claim_judgement') {
      state.judgeCalls++;
      state.judgeRequests.push(JSON.parse(body.messages.find((m: { role: string }) => m.role === 'user').content));
      if (judgement === 'hang') return;
      const message =
        judgement === 'refuse'
          ? { role: 'assistant', content: null, refusal: 'I cannot help with that.' }
          : { role: 'assistant', content: judgement === 'garbage' ? '{"relation": "probably"}' : JSON.stringify({ relation: judgement }), refusal: null };
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'claim-judgement',
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message }],
          usage: { prompt_tokens: 120, completion_tokens: 6, total_tokens: 126 },
        }),
      );
      return;
    }
    if (body.response_format?.json_schema?.name === 'translation') {
      state.translationCalls++;
      if (translation === 'hang') return;
      const asked = JSON.parse(body.messages.find((m: { role: string }) => m.role === 'user').content) as { to: string; texts: string[] };
      const content =
        translation === 'garbage' ? JSON.stringify({ translated: 'sorry' }) : JSON.stringify({ texts: asked.texts.map((t) => `[${asked.to}] ${t}`) });
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'translation',
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
          usage: { prompt_tokens: 200, completion_tokens: 200, total_tokens: 400 },
        }),
      );
      return;
    }
    if (body.response_format?.json_schema?.name === 'our_take') {
      state.takeCalls++;
      const ledger = JSON.parse(body.messages.find((m: { role: string }) => m.role === 'user').content) as FakeTakeLedger;
      state.takeRequests.push(ledger);
      if (take === 'hang') return;
      const content =
        take === 'garbage'
          ? '{"sentences": [{"text": "Outlets agree", "kind"'
          : JSON.stringify({ sentences: take === 'valid' ? carefulTake(ledger) : take(ledger) });
      const [prompt, completion] = [Math.ceil(JSON.stringify(ledger).length / 4), Math.ceil(content.length / 4)];
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'our-take',
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
          usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
        }),
      );
      return;
    }
    state.calls++;
    state.requests.push(body);
    const behaviour = script.shift() ?? fallback;
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    state.behaviours.push(behaviour);
    const promptChars = (body.messages as { content: string }[]).reduce((n, m) => n + String(m.content).length, 0);
    const reply = (content: string) => {
      const prompt = Math.ceil(promptChars / 4);
      const completion = Math.ceil(content.length / 4);
      state.promptTokens += prompt;
      state.completionTokens += completion;
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${state.calls}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
          usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
        }),
      );
    };
    switch (behaviour) {
      case 'valid': {
        const user =
          [...body.messages].reverse().find((m: { role: string; content: string }) => m.role === 'user' && m.content.startsWith('{')) ??
          body.messages.find((m: { role: string }) => m.role === 'user');
        const payload = JSON.parse(user.content) as {
          today: string;
          reports: {
            n: number;
            outlet: string;
            owner_group: string;
            title: string;
            summary: string;
            text: string;
            published_at: string | null;
            url: string | null;
            author: string | null;
          }[];
        };
        // Sources are the reports' numbers (n), as the prompt asks: the offline writer's indexes are the same.
        const summary = summariseOffline({
          storyId: 'fake',
          now: new Date(`${payload.today}T12:00:00Z`),
          sources: payload.reports.map((r) => ({
            id: String(r.n),
            outlet: r.outlet,
            ownerGroup: r.owner_group,
            title: r.title,
            summary: r.summary,
            text: r.text,
            author: r.author,
            url: r.url,
            publishedAt: r.published_at,
          })),
        });
        return reply(JSON.stringify(summary));
      }
      case 'invalid-json':
        return reply('{"title": "Half an answer", "summary": "It stops');
      case 'garbage':
        return reply(JSON.stringify({ title: 7, layers: 'none', note: 'not the schema' }));
      case 'rate-limit':
        res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': String(options.retryAfterMs ?? 20) })
          .end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_error' } }));
        return;
      case 'server-error':
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'upstream exploded' } }));
        return;
      case 'hang':
        return; // never answers; the socket is destroyed on close
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(500).end(JSON.stringify({ error: { message: error.message } }));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}

/** What a careful model writes from a ledger: agreement only where the ledger shows it, one-outlet claims said as such. */
function carefulTake(ledger: FakeTakeLedger): FakeTakeSentence[] {
  const clause = (claim: string) => claim.replace(/[.!?]+$/, '');
  const out: FakeTakeSentence[] = [];
  const agreed = ledger.claims.find((c) => c.independent.length >= 2 && c.contradicted_by.length === 0);
  if (agreed) {
    const names = agreed.independent.slice(0, 2);
    out.push({ text: `${names.join(' and ')} both report: ${clause(agreed.claim)}.`, kind: 'agree', cites: [agreed.id], outlets: names });
  }
  const single = ledger.claims.find((c) => c.independent.length === 1 && c.contradicted_by.length === 0);
  if (single)
    out.push({
      text: `Only ${single.independent[0]} reports this: ${clause(single.claim)}.`,
      kind: 'single',
      cites: [single.id],
      outlets: [single.independent[0]!],
    });
  return out;
}
