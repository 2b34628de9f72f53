/**
 * A tiny browser stand-in for tests: keeps cookies per host (honouring Path, Max-Age and
 * Expires), sends the CSRF header the way the web app does, and never follows redirects unless
 * asked, so tests see every 30x.
 */
type StoredCookie = { value: string; path: string; expires?: number; httpOnly: boolean; secure: boolean; sameSite?: string; raw: string };

export class CookieJar {
  private readonly hosts = new Map<string, Map<string, StoredCookie>>();

  store(url: URL, setCookies: string[]): void {
    const jar = this.hosts.get(url.host) ?? new Map<string, StoredCookie>();
    this.hosts.set(url.host, jar);
    for (const raw of setCookies) {
      const [pair, ...attributes] = raw.split(';').map((p) => p.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = decodeURIComponent(pair!.slice(eq + 1));
      const attrs = new Map(
        attributes.map((a) => {
          const i = a.indexOf('=');
          return i < 0 ? [a.toLowerCase(), ''] : [a.slice(0, i).toLowerCase(), a.slice(i + 1)];
        }),
      );
      let expires: number | undefined;
      if (attrs.has('max-age')) expires = Date.now() + Number(attrs.get('max-age')) * 1000;
      else if (attrs.has('expires')) expires = new Date(attrs.get('expires')!).getTime();
      const cookie = {
        value,
        path: attrs.get('path') || '/',
        expires,
        httpOnly: attrs.has('httponly'),
        secure: attrs.has('secure'),
        sameSite: attrs.get('samesite'),
        raw,
      };
      const key = `${name}\u0000${cookie.path}`;
      if (expires !== undefined && expires <= Date.now()) jar.delete(key);
      else jar.set(key, cookie);
    }
  }

  header(url: URL): string {
    const jar = this.hosts.get(url.host);
    if (!jar) return '';
    const now = Date.now();
    return [...jar.entries()]
      .filter(([, c]) => (c.expires === undefined || c.expires > now) && url.pathname.startsWith(c.path))
      .map(([key, c]) => `${key.split('\u0000')[0]}=${encodeURIComponent(c.value)}`)
      .join('; ');
  }

  get(host: string, name: string): StoredCookie | undefined {
    const jar = this.hosts.get(host);
    if (!jar) return undefined;
    for (const [key, cookie] of jar) if (key.split('\u0000')[0] === name) return cookie;
    return undefined;
  }

  set(host: string, name: string, value: string, path = '/'): void {
    const jar = this.hosts.get(host) ?? new Map<string, StoredCookie>();
    this.hosts.set(host, jar);
    jar.set(`${name}\u0000${path}`, { value, path, httpOnly: false, secure: false, raw: `${name}=${value}` });
  }

  delete(host: string, name: string): void {
    const jar = this.hosts.get(host);
    if (jar) for (const key of [...jar.keys()]) if (key.split('\u0000')[0] === name) jar.delete(key);
  }
}

export type RequestOptions = { body?: unknown; headers?: Record<string, string>; csrf?: boolean; raw?: string };

export class TestClient {
  readonly jar = new CookieJar();
  constructor(readonly base: string) {}

  get host(): string {
    return new URL(this.base).host;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(this.host, name)?.value;
  }

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.base);
    const headers = new Headers(init.headers);
    const cookie = this.jar.header(target);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.jar.store(target, res.headers.getSetCookie());
    return res;
  }

  /** Makes sure the browser holds a CSRF cookie, as the web app does by reading the session first. */
  async csrfToken(): Promise<string> {
    if (!this.cookie('c360_csrf')) await this.fetch('/api/auth/session');
    return this.cookie('c360_csrf')!;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    if (method !== 'GET' && method !== 'HEAD' && options.csrf !== false) headers['x-csrf-token'] ??= await this.csrfToken();
    return this.fetch(path, { method, headers, body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)) });
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }

  post(path: string, body?: unknown, options: RequestOptions = {}) {
    return this.request('POST', path, { ...options, body: body ?? {} });
  }

  async json<T = any>(res: Response): Promise<T> {
    return (await res.json()) as T;
  }
}
