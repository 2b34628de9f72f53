import { describe, expect, it } from 'vitest';
import { listCorpusFiles, readCorpusFile } from '../bench/feed-corpus/read-corpus';

/**
 * Every document of the public feed-parser test corpora (test/fixtures/feeds/corpus/) through the
 * reader `c360 ingest` uses: each one is read or refused with a clear error, in bounded time, and
 * nothing a reader is shown carries script.
 */
const files = listCorpusFiles();
const PER_FILE_MS = 2_000;

describe('public feed corpus', () => {
  it('holds the corpus the bench reads (about two hundred documents)', () => {
    expect(files.length).toBeGreaterThanOrEqual(200);
  });

  it('reads every document or refuses it with a clear parse error, each within its time bound', async () => {
    const problems: string[] = [];
    for (const file of files) {
      const result = await readCorpusFile(file, { timeoutMs: PER_FILE_MS });
      if (result.ms > PER_FILE_MS) problems.push(`${file}: took ${Math.round(result.ms)} ms`);
      if (result.error?.kind === 'crash') problems.push(`${file}: crashed (${result.error.message})`);
      if (result.error?.kind === 'timeout') problems.push(`${file}: parse timed out`);
      if (result.error && result.error.message.length < 20) problems.push(`${file}: unclear error "${result.error.message}"`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps no script, event-handler attribute or script address in any item', async () => {
    const unsafe: string[] = [];
    for (const file of files) {
      const { items } = await readCorpusFile(file);
      for (const item of items) {
        if (/<\s*\/?\s*(?:script|iframe|object|embed|applet|style|meta|link|frame)\b/i.test(item.content)) unsafe.push(`${file}: element in content`);
        if (/<[^>]*\son[a-z]+\s*=/i.test(item.content)) unsafe.push(`${file}: event handler in content`);
        if (/(?:href|src)\s*=\s*"\s*(?:javascript|vbscript|data):/i.test(item.content)) unsafe.push(`${file}: script address in content`);
        for (const [name, text] of [
          ['title', item.title],
          ['summary', item.summary],
        ] as const) {
          if (/<\s*script|\son[a-z]+\s*=\s*["']/i.test(text)) unsafe.push(`${file}: markup in ${name}: ${text.slice(0, 80)}`);
        }
        for (const url of [item.url, item.imageUrl]) if (url && !/^https?:\/\//.test(url)) unsafe.push(`${file}: non-http address ${url}`);
      }
    }
    expect(unsafe).toEqual([]);
  });
});
