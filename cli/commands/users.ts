import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { Command, InvalidArgumentError } from 'commander';
import { addUser, changeUserRole, generatePassword, listUsers, removeUser } from '../../core/accounts/accounts';
import { isRole, ROLES, type Role, type User } from '../../core/accounts/user';
import { C360Error } from '../../core/errors';
import { withContext } from '../context';
import { printJson } from '../output';
import { printRows } from '../print-rows';

function parseRole(value: string): Role {
  if (!isRole(value)) throw new InvalidArgumentError(`must be one of ${ROLES.join(', ')}.`);
  return value;
}

/** Asks for a line on the terminal without echoing it. */
async function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stderr.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  process.stderr.write(question);
  muted = true;
  try {
    return await new Promise<string>((resolve) => rl.question('', resolve));
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/**
 * Where the new account's password comes from: typed twice on a terminal, the first line of
 * stdin in a pipe, or generated (--generate, or an empty stdin) and shown once.
 */
async function obtainPassword(generate: boolean): Promise<{ password: string; generated: boolean }> {
  if (generate) return { password: generatePassword(), generated: true };
  if (process.stdin.isTTY) {
    const first = await promptHidden('Password (leave empty to generate one): ');
    if (first === '') return { password: generatePassword(), generated: true };
    const second = await promptHidden('Password again: ');
    if (first !== second) throw new C360Error('invalid_input', 'The two passwords differ.', { hint: 'Run the command again.' });
    return { password: first, generated: false };
  }
  const piped = await readStdin();
  return piped === '' ? { password: generatePassword(), generated: true } : { password: piped, generated: false };
}

const userColumns = [
  { header: 'EMAIL', value: (u: User) => u.email, width: 40 },
  { header: 'ROLE', value: (u: User) => u.role },
  { header: 'SIGN-IN', value: (u: User) => u.identities.join(', ') },
  { header: 'LAST SIGN-IN', value: (u: User) => u.last_sign_in_at?.slice(0, 16).replace('T', ' ') ?? '—' },
  { header: 'CREATED', value: (u: User) => u.created_at.slice(0, 10) },
];

export function usersCommand(): Command {
  const command = new Command('users').description('manage who may sign in: readers, editors (console) and admins (users, settings, operator panel)');

  command
    .command('add')
    .argument('<email>', 'the e-mail address the person signs in with')
    .description('add an account; the password is typed (TTY), read from stdin, or generated and printed once')
    .option('--role <role>', `reader, editor or admin`, parseRole, 'editor' as Role)
    .option('--generate', 'generate a strong password and print it once')
    .option('--json', 'print JSON')
    .action(async (email: string, options: { role: Role; generate?: boolean; json?: boolean }) => {
      const { password, generated } = await obtainPassword(options.generate === true);
      await withContext('users add', async ({ db }) => {
        const user = await addUser(db.knex, { email, role: options.role, password });
        if (options.json) return printJson({ user, ...(generated ? { password } : {}) });
        process.stdout.write(`Added ${user.role} ${user.email}.\n`);
        if (generated) process.stdout.write(`Password (shown only now; C360 keeps only a hash): ${password}\n`);
      });
    });

  command
    .command('list')
    .description('list accounts, oldest first')
    .option('--role <role>', 'only this role', parseRole)
    .option('--json', 'print JSON')
    .action(async (options: { role?: Role; json?: boolean }) => {
      await withContext('users list', async ({ db }) => {
        const users: User[] = [];
        for (let offset = 0; ; offset += 200) {
          const page = await listUsers(db.knex, { role: options.role, offset, limit: 200 });
          users.push(...page.items);
          if (!page.hasMore) break;
        }
        await printRows(users, userColumns, { json: options.json, title: `${users.length} account(s)` });
      });
    });

  command
    .command('role')
    .argument('<email>', 'the account')
    .argument('<role>', 'reader, editor or admin', parseRole)
    .description("change an account's role (takes effect on its next request)")
    .option('--json', 'print JSON')
    .action(async (email: string, role: Role, options: { json?: boolean }) => {
      await withContext('users role', async ({ db }) => {
        const { user, previous } = await changeUserRole(db.knex, { user: email, role });
        if (options.json) return printJson({ user, previous });
        process.stdout.write(previous === role ? `${user.email} is already ${role}.\n` : `${user.email}: ${previous} → ${role}.\n`);
      });
    });

  command
    .command('remove')
    .argument('<email>', 'the account')
    .description('remove an account and its newsletter subscriptions, kept in the audit log (never the only admin)')
    .option('--yes', 'confirm: without it nothing is removed')
    .option('--json', 'print JSON')
    .action(async (email: string, options: { yes?: boolean; json?: boolean }) => {
      if (!options.yes) {
        throw new C360Error('invalid_input', `Nothing was removed: removing ${email.slice(0, 100)} cannot be undone.`, {
          hint: 'Run the command again with --yes to confirm.',
        });
      }
      await withContext('users remove', async ({ db }) => {
        // The operator at the terminal is the actor the audit log names; no account of theirs is involved.
        const removed = await removeUser(db.knex, { user: email, actor: { id: '', email: 'operator (c360 users remove)' }, now: new Date() });
        if (options.json) return printJson(removed);
        process.stdout.write(`Removed ${removed.role} ${removed.email} (${removed.newsletterSubscriptions} newsletter subscription(s)).\n`);
      });
    });

  return command;
}
