import { createHash } from 'node:crypto';
import { createReadStream, openSync, readSync, closeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { z } from 'zod';
import { C360Error } from '../../errors';
import { GZIP_MAGIC } from './format';

export const NOTHING_IMPORTED = 'Nothing was imported: the database is as it was.';

/**
 * Reads an export file line by line (gunzipping when it starts with gzip's magic bytes), keeping the
 * SHA-256 of every line handed out so far for the trailer's check, and the line number for errors.
 */
export class ExportReader {
  readonly file: string;
  lineNumber = 0;
  private readonly digest = createHash('sha256');
  private readonly lines: AsyncGenerator<{ text: string; complete: boolean }>;

  constructor(file: string) {
    this.file = file;
    this.lines = readLines(file, isGzip(file));
  }

  /** The next line, or null at the end of the file. */
  async next(): Promise<string | null> {
    let result: IteratorResult<{ text: string; complete: boolean }>;
    try {
      result = await this.lines.next();
    } catch (error) {
      throw this.error(`it could not be read to its end (${(error as Error).message}): it was cut short or damaged`);
    }
    if (result.done) return null;
    this.lineNumber += 1;
    if (!result.value.complete) throw this.error(`it ends in the middle of line ${this.lineNumber}: it was cut short`);
    this.digest.update(`${result.value.text}\n`);
    return result.value.text;
  }

  /** The digest of the lines read so far, taken before the trailer is read. */
  digestSoFar(): string {
    return this.digest.copy().digest('hex');
  }

  /** The next line parsed by `schema`; `what` names it in the error. */
  async expect<T>(schema: z.ZodType<T>, what: string): Promise<T> {
    const text = await this.next();
    if (text === null) throw this.error(`it ends before ${what}: it was cut short`);
    return this.parse(text, schema, what);
  }

  parse<T>(text: string, schema: z.ZodType<T>, what: string): T {
    const parsed = schema.safeParse(parseJson(text));
    if (!parsed.success) throw this.error(`line ${this.lineNumber} is not ${what}: the file is damaged`);
    return parsed.data;
  }

  error(reason: string): C360Error {
    return new C360Error('invalid_input', `Cannot import ${this.file}: ${reason}. ${NOTHING_IMPORTED}`, {
      hint: 'Export again from the source installation (`c360 db export <file>`) and copy the whole file.',
    });
  }

  async close(): Promise<void> {
    await this.lines.return(undefined);
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isGzip(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new C360Error(code === 'ENOENT' ? 'not_found' : 'invalid_input', `Cannot read ${file}: ${(error as Error).message}.`, {
      hint: 'Give the path of a file written by `c360 db export`.',
    });
  }
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head.equals(GZIP_MAGIC);
  } finally {
    closeSync(fd);
  }
}

/** Lines of the file; the last is marked incomplete when no newline ends it (a file cut short). */
async function* readLines(file: string, gzip: boolean): AsyncGenerator<{ text: string; complete: boolean }> {
  const source = createReadStream(file);
  const input = gzip ? source.pipe(createGunzip()) : source;
  if (gzip) source.on('error', (error) => input.destroy(error));
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      rest += decoder.write(chunk);
      let start = 0;
      for (let end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n', start)) {
        yield { text: rest.slice(start, end), complete: true };
        start = end + 1;
      }
      rest = rest.slice(start);
    }
    rest += decoder.end();
    if (rest) yield { text: rest, complete: false };
  } finally {
    source.destroy();
    input.destroy();
  }
}
