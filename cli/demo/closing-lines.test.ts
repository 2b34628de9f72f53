import { describe, expect, it } from 'vitest';
import { demoClosingLines } from './closing-lines';

describe("the demo's closing lines", () => {
  it('a first run: the addresses, the new admin with its password, the Outbox, how to stop', () => {
    expect(demoClosingLines({ url: 'http://127.0.0.1:3360', admin: { email: 'admin@c360.local', password: 'abcd-efgh-ijkl-mnop' }, outbox: true })).toBe(
      [
        '',
        'C360 is running.',
        '  Site      http://127.0.0.1:3360/',
        '  Console   http://127.0.0.1:3360/dashboard',
        '  Admin     admin@c360.local  password: abcd-efgh-ijkl-mnop  (shown only now; sign in at http://127.0.0.1:3360/auth)',
        '  Outbox    http://127.0.0.1:3360/dashboard/outbox  (every e-mail C360 sends lands here; nothing leaves this machine)',
        '  Stop      Ctrl+C',
        '',
      ].join('\n'),
    );
  });

  it('a later run names the admin without a password; with SMTP set there is no Outbox', () => {
    const lines = demoClosingLines({ url: 'http://127.0.0.1:4000/', admin: null, outbox: false });
    expect(lines).toContain('  Site      http://127.0.0.1:4000/\n');
    expect(lines).toContain('the admin the first demo created, with the password it printed');
    expect(lines).not.toContain('password:');
    expect(lines).toContain('  Mail      goes to your SMTP server');
    expect(lines).not.toContain('Outbox    ');
    expect(lines.trimEnd().split('\n').at(-1)).toBe('  Stop      Ctrl+C');
  });
});
