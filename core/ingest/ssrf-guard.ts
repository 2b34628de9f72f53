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

/** Only ordinary public unicast addresses; IPv4-mapped IPv6 is judged as the IPv4 it carries. */
export function checkAddress(address: string): AddressCheck {
  if (!ipaddr.isValid(address)) return { allowed: false, reason: `"${address}" is not an IP address` };
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
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
