import type { ArticleData, HomeData, Page, SectionData, StormSearchHit, StoryCard } from './types';

/** Every public API address the web app calls, in one place. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function getJson<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { credentials: 'same-origin', ...init, headers: { accept: 'application/json', ...init?.headers } });
  const body = res.headers.get('content-type')?.includes('json') ? await res.json() : null;
  if (!res.ok) throw new ApiError(res.status, body?.error?.code ?? 'http_error', body?.error?.message ?? `HTTP ${res.status}`);
  return body as T;
}

function csrfToken(): string {
  return document.cookie.match(/(?:^|;\s*)c360_csrf=([^;]+)/)?.[1] ?? '';
}

/** Mutations carry the CSRF token the server set in a readable cookie (double submit). */
export function postJson<T>(path: string, body: unknown, method = 'POST'): Promise<T> {
  return getJson<T>(path, {
    method,
    headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrfToken()) },
    body: JSON.stringify(body),
  });
}

export const api = {
  home: (signal?: AbortSignal) => getJson<HomeData>('/api/home', { signal }),
  stories: (offset: number, limit: number) => getJson<Page<StoryCard>>(`/api/stories?offset=${offset}&limit=${limit}`),
  section: (section: string, offset = 0, signal?: AbortSignal) =>
    getJson<SectionData>(`/api/sections/${encodeURIComponent(section)}?offset=${offset}`, { signal }),
  search: (q: string, offset = 0, signal?: AbortSignal) =>
    getJson<Page<StoryCard> & { storms?: StormSearchHit[] }>(`/api/search?q=${encodeURIComponent(q)}&offset=${offset}`, { signal }),
  article: (id: string, signal?: AbortSignal) => getJson<ArticleData>(`/api/articles/${encodeURIComponent(id)}`, { signal }),
  subscribe: (email: string) => postJson<{ status: string }>('/api/newsletter/subscribe', { email }),
  /** The view beacon, sent once the browser is idle: starting a request costs a phone tens of milliseconds, which the page's start-up should not wait for. */
  recordView: (path: string, storyId?: string) =>
    whenIdle(() => void postJson<unknown>('/api/page-views', { path, storyId, referrer: document.referrer || undefined }).catch(() => undefined)),
};

function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 200);
}
