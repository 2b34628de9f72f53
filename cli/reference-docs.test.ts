import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeEnvironment } from '../core/config';
import { REFERENCE_DOCS } from './reference-docs';

const read = (path: string) => {
  try {
    return readFileSync(fileURLToPath(new URL(`../${path}`, import.meta.url)), 'utf8');
  } catch {
    return '(missing)';
  }
};

describe('generated reference docs', () => {
  it.each(Object.entries(REFERENCE_DOCS))('%s matches its source', async (path, render) => {
    const written = read(path);
    const expected = await render();
    // The message is what a developer who added a variable or a flag needs to read.
    expect(written === expected, `${path} is out of date with its source. Run \`npm run docs:generate\` and commit the result.`).toBe(true);
  });

  it('every configuration variable has a description (core/config.ts: .meta({ description }))', () => {
    expect(
      describeEnvironment()
        .filter((v) => v.description.trim() === '')
        .map((v) => v.name),
    ).toEqual([]);
  });

  it('every command and option explains itself (--help text, hence docs/cli.md)', () => {
    const cli = read('docs/cli.md');
    expect(cli).not.toMatch(/^\| `[^`]+` \|\s*\|$/m);
    expect(cli).not.toMatch(/^## .+\n\n\n/m);
  });
});
