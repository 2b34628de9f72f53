import { createHash } from 'node:crypto';
import { createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Knex } from 'knex';
import { C360Error } from '../../errors';
import { appliedMigrations, listDataTables, listSequences, type CatalogTable } from '../catalog';
import { quoteIdent, setPortableTextForms } from './sql';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, type ExportHeader, type SequenceValue } from './format';

export type ExportSummary = { file: string; bytes: number; migration: string; tables: { name: string; rows: number }[]; rows: number; sequences: number };
export type ExportOptions = {
  /** Where to write; a name ending in `.gz` is written gzip-compressed. */
  file: string;
  /** Named in the header ("embedded", "postgres"), for whoever reads the file later. */
  source: string;
  clock?: () => Date;
  onTable?: (table: string, rows: number) => void;
};

const FETCH_ROWS = 1000;

/**
 * Writes every data table of the database to one portable file (see format.ts), streamed: a table
 * of any size passes through a cursor a thousand rows at a time. One read-only repeatable-read
 * transaction gives a consistent snapshot even while servers keep writing (on PostgreSQL). The file
 * appears under its name only when complete; until then it is `<file>.partial`.
 */
export async function exportDatabase(knex: Knex, options: ExportOptions): Promise<ExportSummary> {
  const partial = `${options.file}.partial`;
  const counts: { name: string; rows: number }[] = [];
  let sequenceCount = 0;
  let migrations: string[] = [];
  try {
    await knex.transaction(async (trx) => {
      await trx.raw('set transaction isolation level repeatable read, read only');
      await setPortableTextForms(trx);
      migrations = await appliedMigrations(trx);
      if (migrations.length === 0) {
        throw new C360Error('migration_failed', 'This database has no C360 schema: there is nothing to export.', {
          hint: 'Check DATABASE_URL / C360_DATA_DIR.',
        });
      }
      const tables = await listDataTables(trx);
      const sequences = await listSequences(trx);
      const header: ExportHeader = {
        format: EXPORT_FORMAT,
        version: EXPORT_FORMAT_VERSION,
        createdAt: (options.clock ?? (() => new Date()))().toISOString(),
        source: options.source,
        migrations,
        tables: tables.map((t) => t.name),
      };
      const lines = exportLines(trx, { header, tables, sequenceNames: sequences.map((s) => s.name), counts, onTable: options.onTable });
      const gzip = options.file.endsWith('.gz');
      const sink = createWriteStream(partial);
      await (gzip ? pipeline(Readable.from(lines), createGzip(), sink) : pipeline(Readable.from(lines), sink));
      sequenceCount = sequences.length;
    });
    renameSync(partial, options.file);
  } catch (error) {
    rmSync(partial, { force: true });
    if (error instanceof C360Error) throw error;
    throw new C360Error('internal', `The export to ${options.file} failed: ${(error as Error).message}. No file was written.`, { cause: error });
  }
  return {
    file: options.file,
    bytes: statSync(options.file).size,
    migration: migrations.at(-1)!,
    tables: counts,
    rows: counts.reduce((sum, t) => sum + t.rows, 0),
    sequences: sequenceCount,
  };
}

async function* exportLines(
  trx: Knex.Transaction,
  input: {
    header: ExportHeader;
    tables: CatalogTable[];
    sequenceNames: string[];
    counts: { name: string; rows: number }[];
    onTable?: (table: string, rows: number) => void;
  },
): AsyncGenerator<string> {
  const digest = createHash('sha256');
  const line = (record: unknown): string => {
    const text = `${JSON.stringify(record)}\n`;
    digest.update(text);
    return text;
  };
  yield line(input.header);
  let total = 0;
  for (const table of input.tables) {
    yield line({ table: table.name, columns: table.columns.map((c) => c.name) });
    let rows = 0;
    const select = table.columns.map((c, i) => `${quoteIdent(c.name)}::text as c${i}`).join(', ');
    await trx.raw(`declare c360_export no scroll cursor for select ${select} from ${quoteIdent(table.name)}`);
    for (;;) {
      const { rows: batch } = (await trx.raw(`fetch ${FETCH_ROWS} from c360_export`)) as { rows: Record<string, string | null>[] };
      // One chunk per batch: a line per write would cost a stream round trip per row.
      let chunk = '';
      for (const row of batch) chunk += line(table.columns.map((_, i) => row[`c${i}`] ?? null));
      if (chunk) yield chunk;
      rows += batch.length;
      if (batch.length < FETCH_ROWS) break;
    }
    await trx.raw('close c360_export');
    yield line({ end: table.name, rows });
    input.counts.push({ name: table.name, rows });
    input.onTable?.(table.name, rows);
    total += rows;
  }
  yield line({ sequences: await readSequences(trx, input.sequenceNames) });
  yield `${JSON.stringify({ end: EXPORT_FORMAT, rows: total, sha256: digest.digest('hex') })}\n`;
}

/** A sequence never used has no last value: it is exported as null and restarts on import. */
async function readSequences(trx: Knex.Transaction, names: string[]): Promise<SequenceValue[]> {
  const values: SequenceValue[] = [];
  for (const name of names) {
    const { rows } = (await trx.raw(`select case when is_called then last_value::text end as value from ${quoteIdent(name)}`)) as {
      rows: { value: string | null }[];
    };
    values.push({ name, value: rows[0]?.value ?? null });
  }
  return values;
}
