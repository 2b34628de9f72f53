import { isIP } from 'node:net';
import type { Request } from 'express';

/**
 * The origin C360 puts in absolute URLs (canonical links, og:url, og:image, JSON-LD, sitemaps,
 * e-mail links, OAuth redirect URIs, the webhook address). Never the bare Host header: a request
 * with `Host: evil.example` would otherwise write that host into pages cached for every visitor.
 *
 * - C360_PUBLIC_URL when set (production).
 * - Else the request's host only when it is trusted: the address and port the connection
 *   actually arrived on (the server's own listen address, from the socket, not from the client),
 *   `localhost`/`127.0.0.1`/`[::1]` with that port when it arrived on loopback, or a host listed
 *   in C360_ALLOWED_HOSTS.
 * - Else the server's own address, e.g. http://127.0.0.1:3360.
 */
export type OriginSettings = { publicUrl?: string; allowedHosts?: readonly string[] };

function formatHost(address: string): string {
  const bare = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  return isIP(bare) === 6 ? `[${bare}]` : bare;
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

export function trustedOrigin(req: Request, settings: OriginSettings): string {
  if (settings.publicUrl) return settings.publicUrl.replace(/\/+$/, '');
  const localAddress = req.socket?.localAddress ?? '127.0.0.1';
  const port = req.socket?.localPort;
  const own = `${formatHost(localAddress)}${port ? `:${port}` : ''}`;
  const host = (req.get('host') ?? '').toLowerCase();
  const trusted =
    host === own ||
    (isLoopback(localAddress) && port !== undefined && [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`].includes(host)) ||
    (host !== '' && (settings.allowedHosts ?? []).some((allowed) => allowed === host || (!allowed.includes(':') && host.replace(/:\d+$/, '') === allowed)));
  // req.protocol believes X-Forwarded-Proto only from proxies C360_TRUST_PROXY trusts.
  return trusted ? `${req.protocol}://${host}` : `http://${own}`;
}

export function siteOrigin(settings: OriginSettings): (req: Request) => string {
  return (req) => trustedOrigin(req, settings);
}
