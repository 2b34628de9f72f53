import { lookup as dnsLookup } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * A feed URL must not be a way to probe inside our network. Addresses are checked AFTER DNS
 * resolution, every resolved address must pass, and the connection goes to the address that was
 * checked (the lookup below hands it to node:http), so a DNS answer that changes between check and
 * connect (rebinding) cannot slip a private address through.
 */

export type AddressCheck = { allowed: true } | { allowed: false; reason: string };

/**
 * IPv4 addresses an IPv6 address carries, by the transition formats that route to them:
 * IPv4-compatible (::a.b.c.d, deprecated), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated
 * (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4 (2002:AABB:CCDD::),
 * Teredo (2001:0::/32: server and obfuscated client) and ISATAP interface ids (…:0:5efe:a.b.c.d).
 */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = address.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const last = v4(p[6]!, p[7]!);
  const found: ipaddr.IPv4[] = [];
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zeros(0, 6)) found.push(last); // ::a.b.c.d
  if (zeros(0, 5) && p[5] === 0xffff) found.push(last); // ::ffff:a.b.c.d
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) found.push(last); // ::ffff:0:a.b.c.d
  if (p[0] === 0x64 && p[1] === 0xff9b) {
    found.push(last); // 64:ff9b::/96
    if (p[2] === 1) found.push(v4(p[3]!, ((p[4]! & 0xff) << 8) | (p[5]! >> 8)), v4(p[6]!, p[7]!)); // 64:ff9b:1::/48 (RFC 6052 /48 layout; and the common /96 one)
  }
  if (p[0] === 0x2002) found.push(v4(p[1]!, p[2]!)); // 6to4
  if (p[0] === 0x2001 && p[1] === 0) found.push(v4(p[2]!, p[3]!), v4(p[6]! ^ 0xffff, p[7]! ^ 0xffff)); // Teredo server, client
  if ((p[4] === 0 || p[4] === 0x200) && p[5] === 0x5efe) found.push(last); // ISATAP
  return found;
}

/**
 * Only ordinary public unicast addresses. An IPv6 address that carries an IPv4 address is refused
 * when that IPv4 address is not public (every form above); IPv4-mapped IPv6 is judged as the IPv4
 * it carries, and the other transition ranges are refused outright (a feed has no business there).
 */
export function checkAddress(address: string): AddressCheck {
  if (!ipaddr.isValid(address)) return { allowed: false, reason: `"${address}" is not an IP address` };
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    for (const inner of embeddedIPv4(v6)) {
      const innerRange = inner.range();
      if (innerRange !== 'unicast') return { allowed: false, reason: `${address} carries the ${innerRange} IPv4 address ${inner.toString()}` };
    }
    if (v6.isIPv4MappedAddress()) return checkAddress(v6.toIPv4Address().toString());
    if (v6.parts.slice(0, 6).every((x) => x === 0)) return { allowed: false, reason: `${address} is an IPv4-compatible IPv6 address (deprecated)` };
  }
  const range = parsed.range();
  // Everything but 'unicast' is loopback, private (RFC 1918), link-local, ULA, CGNAT, multicast,
  // reserved, documentation, or an IPv6 form that embeds an IPv4 address we could not vouch for.
  if (range === 'unicast') return { allowed: true };
  return { allowed: false, reason: `${address} is a ${range} address` };
}

export class BlockedAddressError extends Error {
  readonly code = 'blocked_address';
  constructor(host: string, reason: string) {
    super(`Refused to fetch from ${host}: ${reason}. Feeds must be on public addresses (set C360_ALLOW_PRIVATE_FEEDS=1 to allow private ones).`);
    this.name = 'BlockedAddressError';
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;
type Resolver = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: { address: string; family: number }[]) => void) => void;

const systemResolver: Resolver = (hostname, callback) => dnsLookup(hostname, { all: true, verbatim: true }, callback);

/**
 * A `lookup` for node:http/https that resolves every address of the host, refuses the host when any
 * of them is not public (unless private addresses are allowed), and connects to the first one.
 */
export function guardedLookup(options: { allowPrivate: boolean; resolver?: Resolver }) {
  const resolve = options.resolver ?? systemResolver;
  return (hostname: string, lookupOptions: { all?: boolean } | number | undefined, callback: LookupCallback): void => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, '');
      if (addresses.length === 0) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      if (!options.allowPrivate) {
        for (const { address } of addresses) {
          const check = checkAddress(address);
          if (!check.allowed) return callback(new BlockedAddressError(hostname, check.reason) as unknown as NodeJS.ErrnoException, '');
        }
      }
      const wantsAll = typeof lookupOptions === 'object' && lookupOptions?.all;
      if (wantsAll) return callback(null, addresses.slice(0, 1));
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Host literals (http://127.0.0.1/, http://[::1]/) never reach a lookup: check them directly. */
export function checkLiteralHost(hostname: string, allowPrivate: boolean): void {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate || isIP(bare) === 0) return;
  const check = checkAddress(bare);
  if (!check.allowed) throw new BlockedAddressError(hostname, check.reason);
}
