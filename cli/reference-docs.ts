import { fileURLToPath } from 'node:url';
import type { Command, Help } from 'commander';
import { describeEnvironment } from '../core/config';
import { createProgram } from './program';

/**
 * The generated reference pages: docs/configuration.md from the config schema (core/config.ts)
 * and docs/cli.md from the commander definitions. `npm run docs:generate` writes them;
 * reference-docs.test.ts fails when a file differs from what its source would write now.
 */
export const REFERENCE_DOCS = {
  'docs/configuration.md': renderConfigurationDoc,
  'docs/cli.md': renderCliDoc,
} as const;

const GENERATED = (source: string) =>
  `<!-- Generated from ${source} by \`npm run docs:generate\`. Do not edit by hand: change the source and run it again. -->`;

/** A Markdown table cell: pipes escaped, no line breaks. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

export function renderConfigurationDoc(): string {
  const rows = describeEnvironment().map(
    (v) => `| \`${v.name}\` | ${v.shownDefault === 'unset' ? 'unset' : `\`${cell(v.shownDefault)}\``} | ${cell(v.description)} |`,
  );
  return [
    GENERATED('the configuration schema in core/config.ts'),
    '',
    '# Configuration',
    '',
    'C360 reads environment variables, or a `.env` file in the working directory (the environment wins).',
    'The configuration is read once at start; a bad value stops C360 with one message listing every bad',
    'variable. Nothing else in the code reads the environment.',
    '',
    '| Variable | Default | Meaning |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

export async function renderCliDoc(): Promise<string> {
  const program = await createProgram();
  const help = program.createHelp();
  const sections: string[] = [];
  const walk = (command: Command, path: string[]) => {
    for (const sub of help.visibleCommands(command)) {
      if (sub.name() === 'help') continue;
      const name = [...path, sub.name()];
      sections.push(renderCommand(sub, name, help));
      walk(sub, name);
    }
  };
  walk(program, ['c360']);
  const index = help
    .visibleCommands(program)
    .filter((c) => c.name() !== 'help')
    .map((c) => `| [\`c360 ${c.name()}\`](#${anchor(['c360', c.name()])}) | ${cell(firstSentence(c.description()))} |`);
  return [
    GENERATED('the commander definitions in cli/'),
    '',
    '# The `c360` command',
    '',
    program.description().replace(/\n/g, '\n\n'),
    '',
    'Run it as `node bin/c360 …`, or `npx c360 …` inside the project, or `npm link` once for a global `c360`.',
    '`c360 <command> --help` prints the same text as this page. Commands exit non-zero on failure with one line',
    'saying what went wrong and one saying what to do; `--json` prints machine output for scripts and cron.',
    '',
    '| Command | What it does |',
    '|---|---|',
    ...index,
    '',
    ...sections,
  ].join('\n');
}

/** Defaults that are paths inside the checkout are shown relative to it, the same on every machine. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const relative = (text: string) => text.split(ROOT).join('');

function renderCommand(command: Command, name: string[], help: Help): string {
  const usage = help.commandUsage(command);
  const args = help.visibleArguments(command);
  const options = help.visibleOptions(command).filter((o) => o.long !== '--help');
  const lines = [`## ${name.join(' ')}`, '', cell(command.description()), '', '```', usage, '```', ''];
  if (args.length > 0 || options.length > 0) {
    lines.push('| Argument or option | Meaning |', '|---|---|');
    for (const a of args) lines.push(`| \`${help.argumentTerm(a)}\` | ${cell(relative(help.argumentDescription(a)))} |`);
    for (const o of options) lines.push(`| \`${help.optionTerm(o)}\` | ${cell(relative(help.optionDescription(o)))} |`);
    lines.push('');
  }
  return lines.join('\n');
}

/** The index's short line: a description up to its first full stop, colon or semicolon outside brackets. */
function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  let depth = 0;
  for (let i = 0; i < flat.length; i++) {
    const c = flat[i]!;
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && /[.:;]/.test(c) && flat[i + 1] === ' ') return flat.slice(0, i);
  }
  return flat;
}

/** GitHub's heading anchors: lower case, spaces to hyphens, punctuation dropped. */
function anchor(words: string[]): string {
  return words
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
}
