/**
 * What a new user needs once the demo is up, printed last so it is what they see: where the site
 * and the console are, how to sign in, where the e-mail goes, how to stop.
 */
export function demoClosingLines(options: { url: string; admin: { email: string; password: string } | null; outbox: boolean }): string {
  const url = options.url.replace(/\/+$/, '');
  const signIn = options.admin
    ? `${options.admin.email}  password: ${options.admin.password}  (shown only now; sign in at ${url}/auth)`
    : 'the admin the first demo created, with the password it printed (`c360 users list --role admin`; another: `c360 users add EMAIL --role admin --generate`)';
  return [
    '',
    'C360 is running.',
    `  Site      ${url}/`,
    `  Console   ${url}/dashboard`,
    `  Admin     ${signIn}`,
    options.outbox
      ? `  Outbox    ${url}/dashboard/outbox  (every e-mail C360 sends lands here; nothing leaves this machine)`
      : '  Mail      goes to your SMTP server (SMTP is set, so no Outbox)',
    '  Stop      Ctrl+C',
    '',
  ].join('\n');
}
