import { describe, expect, it } from 'vitest';
import { seal, unseal } from './secret-box';

const SECRET = 'server-secret-server-secret-server-secret-01';

describe('secret box', () => {
  it('round-trips, never stores the clear text, and uses a fresh IV each time', () => {
    const a = seal(SECRET, 'sanity-api-token', 'skAbcdefgh12345678');
    const b = seal(SECRET, 'sanity-api-token', 'skAbcdefgh12345678');
    expect(JSON.stringify(a)).not.toContain('skAbcdefgh');
    expect(a.iv).not.toBe(b.iv);
    expect(unseal(SECRET, 'sanity-api-token', a)).toBe('skAbcdefgh12345678');
  });

  it('refuses another server secret, another purpose, or a changed value', () => {
    const sealed = seal(SECRET, 'sanity-api-token', 'token-value-1234');
    expect(() => unseal(`${SECRET}x`, 'sanity-api-token', sealed)).toThrow(expect.objectContaining({ code: 'config_invalid' }));
    expect(() => unseal(SECRET, 'other', sealed)).toThrow(expect.objectContaining({ code: 'config_invalid' }));
    const data = Buffer.from(sealed.data, 'base64');
    data[0] = data[0]! ^ 1;
    expect(() => unseal(SECRET, 'sanity-api-token', { ...sealed, data: data.toString('base64') })).toThrow(expect.objectContaining({ code: 'config_invalid' }));
  });
});
