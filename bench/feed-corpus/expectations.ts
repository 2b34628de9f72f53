import { canonicalUrl } from '../../core/ingest/normalise-item';
import { toPlainText } from '../../core/ingest/sanitise';
import type { CorpusResult } from './read-corpus';

/**
 * feedparser's test files state their expected result as a Python expression in a leading comment
 * (`Expect: not bozo and entries[0]['title'] == u'…'`). The simple forms are translated here into
 * checks on what C360 stored: equality chains of string literals (with +) and paths into `feed` and
 * `entries[N]`, joined by `and`, plus `bozo`/`not bozo` and `len(entries) == N`. Anything else
 * (dict lookups C360 has no field for, function calls) makes that clause unsupported.
 */

export type Field = 'title' | 'link' | 'id' | 'summary' | 'content' | 'base' | 'date' | 'count' | 'feed title' | 'feed link';

export type Clause =
  { kind: 'bozo'; expected: boolean } | { kind: 'field'; field: Field; entry: number; expected: string } | { kind: 'unsupported'; text: string };

type Token = { type: 'str' | 'num' | 'name' | 'op'; value: string };

function unescapePython(body: string, raw: boolean): string {
  if (raw) return body;
  return body.replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|x[0-9a-fA-F]{2}|[\\'"ntr0]|\n)/g, (_m, code: string) => {
    if (/^[uUx]/.test(code)) return String.fromCodePoint(Number.parseInt(code.slice(1), 16));
    return ({ n: '\n', t: '\t', r: '\r', '0': '\0', '\n': '' } as Record<string, string>)[code] ?? code;
  });
}

function tokenize(source: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const prefix = /^([uUrRbB]{0,2})(['"])/.exec(source.slice(i));
    if (prefix && (prefix[1] === '' || /^[a-zA-Z]+$/.test(prefix[1]!))) {
      const quote = prefix[2]!;
      let j = i + prefix[0].length;
      let body = '';
      while (j < source.length && source[j] !== quote) {
        if (source[j] === '\\') {
          body += source.slice(j, j + 2);
          j += 2;
        } else body += source[j++];
      }
      if (j >= source.length) return null;
      tokens.push({ type: 'str', value: unescapePython(body, /r/i.test(prefix[1]!)) });
      i = j + 1;
      continue;
    }
    const num = /^\d+/.exec(source.slice(i));
    if (num) {
      tokens.push({ type: 'num', value: num[0] });
      i += num[0].length;
      continue;
    }
    const name = /^[A-Za-z_]\w*/.exec(source.slice(i));
    if (name) {
      tokens.push({ type: 'name', value: name[0] });
      i += name[0].length;
      continue;
    }
    const op = /^(==|!=|[[\]().+,])/.exec(source.slice(i));
    if (!op) return null;
    tokens.push({ type: 'op', value: op[0] });
    i += op[0].length;
  }
  return tokens;
}

type Term = { literal: string } | { path: (string | number)[] } | { len: (string | number)[] };

/** One operand: literals joined by +, a path (`entries[0]['title']`, `entries[0].link`) or len(path). */
function parseTerm(tokens: Token[]): Term | null {
  if (tokens.length === 0) return null;
  if (tokens.every((t, k) => (k % 2 === 0 ? t.type === 'str' || t.type === 'num' : t.value === '+'))) {
    return tokens.length % 2 === 1
      ? {
          literal: tokens
            .filter((_, k) => k % 2 === 0)
            .map((t) => t.value)
            .join(''),
        }
      : null;
  }
  if (tokens[0]!.value === 'len' && tokens[1]?.value === '(' && tokens.at(-1)?.value === ')') {
    const inner = parsePath(tokens.slice(2, -1));
    return inner ? { len: inner } : null;
  }
  const path = parsePath(tokens);
  return path ? { path } : null;
}

function parsePath(tokens: Token[]): (string | number)[] | null {
  if (tokens[0]?.type !== 'name') return null;
  const path: (string | number)[] = [tokens[0].value];
  let k = 1;
  while (k < tokens.length) {
    const t = tokens[k]!;
    if (t.value === '[' && tokens[k + 2]?.value === ']') {
      const key = tokens[k + 1]!;
      if (key.type === 'str') path.push(key.value);
      else if (key.type === 'num') path.push(Number(key.value));
      else return null;
      k += 3;
    } else if (t.value === '.' && tokens[k + 1]?.type === 'name') {
      path.push(tokens[k + 1]!.value);
      k += 2;
    } else return null;
  }
  return path;
}

/** The C360 field a feedparser path stands for, with the entry index; null when C360 keeps no such field. */
function fieldOf(path: (string | number)[]): { field: Field; entry: number } | null {
  const key = path.map(String).join('.');
  if (key === 'feed.title' || key === 'feed.title_detail.value') return { field: 'feed title', entry: 0 };
  if (key === 'feed.link') return { field: 'feed link', entry: 0 };
  const m = /^entries\.(\d+)\.(.+)$/.exec(key);
  if (!m) return null;
  const entry = Number(m[1]);
  const rest = m[2]!;
  const table: Record<string, Field> = {
    title: 'title',
    'title_detail.value': 'title',
    link: 'link',
    'links.0.href': 'link',
    id: 'id',
    guid: 'id',
    description: 'summary',
    summary: 'summary',
    'summary_detail.value': 'summary',
    'content.0.value': 'content',
    'content.0.base': 'base',
    'summary_detail.base': 'base',
    published: 'date',
    updated: 'date',
  };
  const field = table[rest];
  return field ? { field, entry } : null;
}

/** Splits on top-level `and`; each part becomes one clause (a chain a == b == 'x' yields one clause per path). */
export function parseExpectation(expression: string): Clause[] {
  const tokens = tokenize(expression);
  if (!tokens) return [{ kind: 'unsupported', text: expression }];
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const t of tokens) {
    if (t.value === '(' || t.value === '[') depth++;
    if (t.value === ')' || t.value === ']') depth--;
    if (depth === 0 && t.type === 'name' && t.value === 'and') parts.push([]);
    else parts.at(-1)!.push(t);
  }
  const clauses: Clause[] = [];
  for (const part of parts) {
    const text = part.map((t) => (t.type === 'str' ? JSON.stringify(t.value) : t.value)).join(' ');
    if (part.length === 1 && part[0]!.value === 'bozo') {
      clauses.push({ kind: 'bozo', expected: true });
      continue;
    }
    if (part.length === 2 && part[0]!.value === 'not' && part[1]!.value === 'bozo') {
      clauses.push({ kind: 'bozo', expected: false });
      continue;
    }
    const sides: Token[][] = [[]];
    for (const t of part) {
      if (t.value === '==') sides.push([]);
      else sides.at(-1)!.push(t);
    }
    const terms = sides.length >= 2 ? sides.map(parseTerm) : [];
    const literal = terms.find((t): t is { literal: string } => t !== null && 'literal' in t);
    const others = terms.filter((t) => t !== null && !('literal' in t));
    if (!literal || terms.includes(null) || others.length === 0) {
      clauses.push({ kind: 'unsupported', text });
      continue;
    }
    for (const term of others) {
      if (term && 'len' in term && term.len.join('.') === 'entries') clauses.push({ kind: 'field', field: 'count', entry: 0, expected: literal.literal });
      else if (term && 'path' in term) {
        const f = fieldOf(term.path);
        clauses.push(f ? { kind: 'field', ...f, expected: literal.literal } : { kind: 'unsupported', text });
      } else clauses.push({ kind: 'unsupported', text });
    }
  }
  return clauses;
}

/**
 * The expected result of a feedparser test file: the `Expect:` line of its first comment (XML), or
 * its `__tests` conditions joined by `and` (JSON Feed tests), or the `Expect:` inside `__TEST__`.
 */
export function expectationOf(source: string): string | null {
  if (source.trimStart().startsWith('{')) {
    try {
      const json = JSON.parse(source) as { __tests?: unknown; __TEST__?: unknown };
      if (Array.isArray(json.__tests)) return json.__tests.filter((t) => typeof t === 'string').join(' and ') || null;
      if (typeof json.__TEST__ === 'string') return /Expect:\s*(.+?)\s*(?:-->)?\s*$/.exec(json.__TEST__)?.[1] ?? null;
    } catch {
      return null;
    }
    return null;
  }
  const comment = /<!--([\s\S]*?)-->/.exec(source.slice(0, 4000))?.[1];
  if (!comment) return null;
  const match = /^\s*Expect:\s*(.+)$/m.exec(comment);
  return match ? match[1]!.trim() : null;
}

/** `agree: null`: the clause cannot be checked on what C360 stored (the entry has no link for xml:base to act on). */
export type Verdict = { agree: true } | { agree: null } | { agree: false; cause: string; detail: string };

const plain = (value: string | undefined | null): string => toPlainText(value ?? '');

function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

function resolve(url: string, base: string | undefined): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/** Checks one field clause against what C360 read from the file. */
export function checkClause(clause: Extract<Clause, { kind: 'field' }>, result: CorpusResult, documentUrl?: string): Verdict {
  const { field, expected } = clause;
  const miss = (cause: string, actual: unknown): Verdict => ({
    agree: false,
    cause,
    detail: `expected ${JSON.stringify(expected).slice(0, 120)}, got ${JSON.stringify(actual)?.slice(0, 120)}`,
  });
  if (result.error) return miss(`${field}: document refused (${result.error.kind})`, result.error.message.slice(0, 100));
  const parsed = result.parsed!;
  if (field === 'count') return result.items.length === Number(expected) ? { agree: true } : miss('count: entries kept differ', result.items.length);
  if (field === 'feed title') return plain(parsed.title) === plain(expected) ? { agree: true } : miss('feed title: differs', parsed.title);
  if (field === 'feed link') {
    const actual = parsed.link ? resolve(parsed.link, documentUrl) : undefined;
    return actual === resolve(expected, documentUrl) ? { agree: true } : miss(`feed link: ${actual ? 'differs' : 'missing'}`, actual);
  }
  const item = result.items[clause.entry];
  if (!item) return miss(`${field}: entry not kept (nothing to show: no title, text or link)`, null);
  switch (field) {
    case 'title':
      return item.title === plain(expected) ? { agree: true } : miss('title: differs', item.title);
    case 'link': {
      const want = resolve(expected, documentUrl);
      if (item.url === want) return { agree: true };
      if (item.url && item.url === canonicalUrl(want)) return miss('link: canonicalised (fragment or tracking parameters dropped)', item.url);
      return miss(`link: ${item.url ? 'differs' : 'missing'}`, item.url);
    }
    case 'id':
      return item.guid === expected ? { agree: true } : miss(`id: ${item.guid ? 'differs' : 'missing'}`, item.guid);
    case 'summary':
      return item.summary === plain(expected) ? { agree: true } : miss(`summary: ${item.summary ? 'text differs' : 'missing'}`, item.summary);
    case 'content': {
      const text = plain(item.content);
      if (text !== plain(expected)) return miss(`content: ${text ? 'text differs' : 'missing'}`, text);
      const wanted = hrefs(expected).map((h) => resolve(h, documentUrl));
      const got = hrefs(item.content);
      const lost = wanted.filter((h) => !got.includes(h));
      return lost.length === 0 ? { agree: true } : miss('content: link not resolved as expected', got);
    }
    case 'base': {
      const got = hrefs(item.content);
      if (got.length === 0) return { agree: null };
      return got.some((h) => h.startsWith(expected)) ? { agree: true } : miss('base: xml:base not applied to content links', got);
    }
    case 'date': {
      const want = Date.parse(expected);
      if (Number.isNaN(want)) return miss('date: expectation not a date JavaScript reads', expected);
      return item.publishedAt.getTime() === want ? { agree: true } : miss('date: differs', item.publishedAt.toISOString());
    }
  }
}
