import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './middleware/security-headers';
import { pageDataBlock, shellStyleHashes } from './web-app';

describe('pageDataBlock', () => {
  it('writes a non-executed JSON block that no value can break out of', () => {
    const block = pageDataBlock({ title: '</script><script>alert(1)</script><!--', amp: 'a & b', line: '\u2028' });
    expect(block.startsWith('<script type="application/json" id="c360-data">')).toBe(true);
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).not.toContain('<!--');
    const json = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script><!--', amp: 'a & b', line: '\u2028' });
  });
});

describe('the inlined stylesheet and the CSP', () => {
  it('allows exactly the shell <style> elements elements by their SHA-256, and nothing inline besides', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'c360-shell-'));
    const css = 'body{margin:0}.site{color:#0b3d5c}';
    writeFileSync(join(dir, 'index.html'), `<!doctype html><html><head><style>${css}</style></head><body></body></html>`);
    const hashes = shellStyleHashes(dir);
    expect(hashes).toEqual([`sha256-${createHash('sha256').update(css).digest('base64')}`]);
    expect(shellStyleHashes(join(dir, 'missing'))).toEqual([]);

    const app = express();
    app.use(securityHeaders({ https: false, styleHashes: hashes }));
    app.get('/', (_req, res) => res.send('ok'));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const styleSrc = res.headers
        .get('content-security-policy')!
        .split(';')
        .find((d) => d.trim().startsWith('style-src '))!;
      expect(styleSrc.trim()).toBe(`style-src 'self' '${hashes[0]}'`);
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
