import { describe, expect, it } from 'vitest';
import { checkAddress, checkLiteralHost } from './ssrf-guard';

describe('checkAddress: IPv6 forms that carry a private IPv4 address', () => {
  it.each([
    ['::7f00:1', '127.0.0.1'], // IPv4-compatible
    ['::127.0.0.1', '127.0.0.1'],
    ['::a9fe:a9fe', '169.254.169.254'], // cloud metadata, IPv4-compatible
    ['::a00:1', '10.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'], // IPv4-mapped
    ['::ffff:7f00:1', '127.0.0.1'],
    ['::ffff:a9fe:a9fe', '169.254.169.254'],
    ['::ffff:c0a8:101', '192.168.1.1'],
    ['::ffff:0:7f00:1', '127.0.0.1'], // IPv4-translated
    ['2002:7f00:1::', '127.0.0.1'], // 6to4
    ['2002:a00:1::1', '10.0.0.1'],
    ['2002:c0a8:101:1::1', '192.168.1.1'],
    ['64:ff9b::7f00:1', '127.0.0.1'], // NAT64
    ['64:ff9b::a9fe:a9fe', '169.254.169.254'],
    ['64:ff9b:1::7f00:1', '127.0.0.1'], // local-use NAT64
    ['2001:0:7f00:1::', '127.0.0.1'], // Teredo server
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', '127.0.0.1'], // Teredo client 127.0.0.1 (obfuscated)
    ['2606:4700::5efe:7f00:1', '127.0.0.1'], // ISATAP interface id
    ['fe80::200:5efe:a00:1', '10.0.0.1'],
  ])('refuses %s (carries %s)', (address, inner) => {
    const check = checkAddress(address);
    expect(check.allowed).toBe(false);
    if (!check.allowed) expect(check.reason).toContain(inner);
    expect(() => checkLiteralHost(`[${address}]`, false)).toThrow(/Refused/);
  });

  it.each([
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'ff02::1',
    '2001:db8::1',
    '127.0.0.1',
    '10.1.2.3',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '2002:808:808::1',
    '64:ff9b::808:808',
    '::808:808',
  ])('refuses %s (not a public unicast address, or a transition range)', (address) => expect(checkAddress(address).allowed).toBe(false));

  it.each(['8.8.8.8', '::ffff:8.8.8.8', '::ffff:808:808', '2606:4700::1111', '2a00:1450:4009:80b::200e'])('accepts the public address %s', (address) => {
    expect(checkAddress(address)).toEqual({ allowed: true });
  });

  it('lets private literals through only when private feeds are allowed', () => {
    expect(() => checkLiteralHost('[::7f00:1]', true)).not.toThrow();
  });
});
