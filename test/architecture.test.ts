import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]!);
}

/** The dependency rule of DESIGN.md: cli/server → core; core knows no transport. */
describe('dependency direction', () => {
  it('core imports nothing from cli, server or web, and no transport or UI library', () => {
    const forbidden = /^(express|commander|ink|react|react-dom|react-router-dom)(\/|$)|\/(cli|server|web)\//;
    const offenders = sourceFiles(join(ROOT, 'core'))
      .filter((f) => !f.endsWith('.test.ts'))
      .flatMap((f) =>
        imports(f)
          .filter((i) => forbidden.test(i) || i.startsWith('../../cli') || i.startsWith('../../server'))
          .map((i) => `${relative(ROOT, f)} → ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it('cli and server do not import each other, except cli starting the server', () => {
    const serverOffenders = sourceFiles(join(ROOT, 'server')).flatMap((f) =>
      imports(f)
        .filter((i) => /\/cli\//.test(i))
        .map((i) => `${relative(ROOT, f)} → ${i}`),
    );
    expect(serverOffenders).toEqual([]);
  });

  it('migrations never import core', () => {
    const offenders = sourceFiles(join(ROOT, 'migrations')).flatMap((f) =>
      imports(f)
        .filter((i) => i.includes('core/'))
        .map((i) => `${relative(ROOT, f)} → ${i}`),
    );
    expect(offenders).toEqual([]);
  });

  it('nothing outside core/config and the CLI entry reads process.env', () => {
    const allowed = new Set(['core/config.ts', 'cli/main.ts']);
    const offenders = [...sourceFiles(join(ROOT, 'core')), ...sourceFiles(join(ROOT, 'server')), ...sourceFiles(join(ROOT, 'cli'))]
      .filter((f) => !/\.test\.tsx?$/.test(f) && !allowed.has(relative(ROOT, f)))
      .filter((f) => /process\.env/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
