import type { Knex } from 'knex';
import { C360Error, isC360Error } from '../../errors';
import { appliedMigrations, listDataTables, listSequences, type CatalogTable } from '../catalog';
import { knownMigrations, type MigrationOptions } from '../migrations';
import { ExportReader, NOTHING_IMPORTED, parseJson } from './export-reader';
import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  exportHeaderSchema,
  sequencesSchema,
  tableEndSchema,
  tableStartSchema,
  trailerSchema,
  type ExportHeader,
} from './format';
import { quoteIdent, setPortableTextForms } from './sql';

export type ImportOptions = MigrationOptions & {
  file: string;
  /** Delete what the database holds first; without it, a database holding data is refused. */
  replace?: boolean;
  onTable?: (table: string, rows: number) => void;
};
export type ImportSummary = { file: string; migration: string; tables: { name: string; rows: number }[]; rows: number; sequences: number; replaced: string[] };

/** Rows per INSERT, and at most this many values in one (a statement takes at most 65,535 parameters). */
const BATCH_ROWS = 500;
const BATCH_VALUES = 20_000;

/**
 * Loads a file written by `exportDatabase` into this database, in one transaction: the file is
 * checked line by line (shape, row counts, the trailer's digest) as it streams in, and anything
 * wrong rolls the whole import back. The database must be at the file's migration and hold no
 * data of its own (rows its migrations wrote do not count), unless `replace` is given.
 */
export async function importDatabase(knex: Knex, options: ImportOptions): Promise<ImportSummary> {
  const reader = new ExportReader(options.file);
  try {
    const header = await readHeader(reader);
    await checkMigrations(knex, header, options);
    const tables = await listDataTables(knex);
    checkTables(reader, header, tables);
    const holdingData = await tablesHoldingData(knex, tables);
    if (holdingData.length > 0 && !options.replace) {
      throw new C360Error(
        'conflict',
        `This database already holds data (${holdingData.join(', ')}): importing into it would mix two installations. ${NOTHING_IMPORTED}`,
        {
          hint: 'Import into a new database (createdb, then `c360 db migrate`), or pass --replace to delete everything in this one first.',
        },
      );
    }
    const counts = await knex.transaction(async (trx) => {
      await setPortableTextForms(trx);
      // A server or worker still using the database would hold the import at TRUNCATE indefinitely.
      await trx.raw(`set local lock_timeout = '10s'`);
      // Emptied even without --replace: the rows migrations wrote come back from the file, as the source had them.
      await trx.raw(`truncate ${tables.map((t) => quoteIdent(t.name)).join(', ')}`);
      const loaded: { name: string; rows: number }[] = [];
      for (const table of tables) {
        const rows = await loadTable(trx, reader, table);
        loaded.push({ name: table.name, rows });
        options.onTable?.(table.name, rows);
      }
      await restoreSequences(trx, reader);
      await readTrailer(
        reader,
        loaded.reduce((sum, t) => sum + t.rows, 0),
      );
      return loaded;
    });
    return {
      file: options.file,
      migration: header.migrations.at(-1)!,
      tables: counts,
      rows: counts.reduce((sum, t) => sum + t.rows, 0),
      sequences: (await listSequences(knex)).length,
      replaced: holdingData,
    };
  } catch (error) {
    if (isC360Error(error)) throw error;
    throw failedImport(reader, error);
  } finally {
    await reader.close();
  }
}

async function readHeader(reader: ExportReader): Promise<ExportHeader> {
  const text = await reader.next();
  if (text === null) throw reader.error('the file is empty');
  const json = parseJson(text) as { format?: unknown; version?: unknown } | undefined;
  if (json?.format !== EXPORT_FORMAT) throw reader.error('it is not a C360 export (its first line is not the export header)');
  if (typeof json.version === 'number' && json.version > EXPORT_FORMAT_VERSION) {
    throw new C360Error(
      'unsupported',
      `Cannot import ${reader.file}: it is in export format ${json.version}, written by a newer C360 (this one reads format ${EXPORT_FORMAT_VERSION}). ${NOTHING_IMPORTED}`,
      {
        hint: 'Upgrade this installation to the release that wrote the file, then import again.',
      },
    );
  }
  return reader.parse(text, exportHeaderSchema, 'the export header');
}

async function checkMigrations(knex: Knex, header: ExportHeader, options: ImportOptions): Promise<void> {
  const known = new Set(knownMigrations(options));
  const unknown = header.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0) {
    throw new C360Error(
      'unsupported',
      `Cannot import ${options.file}: it was exported by a newer C360, at migration ${header.migrations.at(-1)}, which this release does not have. ${NOTHING_IMPORTED}`,
      {
        hint: 'Upgrade this installation (git pull, npm ci, `c360 db migrate`) to the release that wrote the file, then import again.',
        details: unknown,
      },
    );
  }
  const applied = await appliedMigrations(knex);
  if (applied.join('\n') === header.migrations.join('\n')) return;
  const fileAt = header.migrations.at(-1) ?? '(none)';
  const here = applied.length > 0 ? `is at ${applied.at(-1)}` : 'has no C360 schema yet';
  const behind = header.migrations.length < applied.length;
  throw new C360Error(
    'migration_failed',
    `The file was exported at migration ${fileAt}; this database ${here}. Both must be at the same migration. ${NOTHING_IMPORTED}`,
    {
      hint: behind
        ? 'Upgrade the source installation to this release, run `c360 db migrate` there, and export again.'
        : 'Run `c360 db migrate` on this database first (with this release, at the file’s version).',
    },
  );
}

/** At one migration both schemas are the same; a file that says otherwise was edited or damaged. */
function checkTables(reader: ExportReader, header: ExportHeader, tables: CatalogTable[]): void {
  const here = tables.map((t) => t.name);
  if (here.join('\n') !== header.tables.join('\n')) {
    const missing = here.filter((t) => !header.tables.includes(t));
    const extra = header.tables.filter((t) => !here.includes(t));
    throw reader.error(
      `its tables do not match this database's at the same migration (missing: ${missing.join(', ') || 'none'}; unknown: ${extra.join(', ') || 'none'})`,
    );
  }
}

/**
 * The tables holding rows that no migration wrote. A row's `xmin` is the transaction that wrote it,
 * and a migration writes its rows in the transaction that records it in knex_migrations; a row
 * changed since carries a newer transaction and counts as data.
 */
export async function tablesHoldingData(knex: Knex, tables: CatalogTable[]): Promise<string[]> {
  const holding: string[] = [];
  for (const table of tables) {
    const { rows } = (await knex.raw(
      `select exists (select 1 from ${quoteIdent(table.name)} where xmin::text not in (select xmin::text from knex_migrations)) as found`,
    )) as { rows: { found: boolean }[] };
    if (rows[0]?.found) holding.push(table.name);
  }
  return holding;
}

async function loadTable(trx: Knex.Transaction, reader: ExportReader, table: CatalogTable): Promise<number> {
  const start = await reader.expect(tableStartSchema, `the start of table ${table.name}`);
  const names = table.columns.map((c) => c.name);
  if (start.table !== table.name) throw reader.error(`line ${reader.lineNumber} starts table ${start.table} where ${table.name} was due`);
  if (start.columns.join('\n') !== names.join('\n')) throw reader.error(`the columns of ${table.name} do not match this database's`);

  const rowSql = `(${table.columns.map((c) => `?::${c.type}`).join(', ')})`;
  const insert = `insert into ${quoteIdent(table.name)} (${names.map(quoteIdent).join(', ')}) overriding system value values `;
  const perBatch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(BATCH_VALUES / names.length)));
  let batch: (string | null)[][] = [];
  let rows = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    await trx.raw(insert + batch.map(() => rowSql).join(', '), batch.flat());
    batch = [];
  };
  for (;;) {
    const text = await reader.next();
    if (text === null) throw reader.error(`it ends inside table ${table.name}: it was cut short`);
    if (!text.startsWith('[')) {
      const end = reader.parse(text, tableEndSchema, `a row of ${table.name} or its end`);
      if (end.end !== table.name || end.rows !== rows) throw reader.error(`table ${table.name} should have ${end.rows} rows but has ${rows}`);
      await flush();
      return rows;
    }
    batch.push(parseRow(reader, text, names.length, table.name));
    rows += 1;
    if (batch.length >= perBatch) await flush();
  }
}

function parseRow(reader: ExportReader, text: string, width: number, table: string): (string | null)[] {
  const row = parseJson(text);
  if (!Array.isArray(row) || row.length !== width || !row.every((v) => v === null || typeof v === 'string')) {
    throw reader.error(`line ${reader.lineNumber} is not a row of ${table}: the file is damaged`);
  }
  return row as (string | null)[];
}

async function restoreSequences(trx: Knex.Transaction, reader: ExportReader): Promise<void> {
  const { sequences } = await reader.expect(sequencesSchema, 'the sequences');
  const here = (await listSequences(trx)).map((s) => s.name);
  if (sequences.map((s) => s.name).join('\n') !== here.join('\n')) throw reader.error(`its sequences do not match this database's`);
  for (const { name, value } of sequences) {
    if (value === null) await trx.raw(`alter sequence ${quoteIdent(name)} restart`);
    else await trx.raw(`select setval(?::regclass, ?::bigint, true)`, [quoteIdent(name), value]);
  }
}

async function readTrailer(reader: ExportReader, rows: number): Promise<void> {
  const expected = reader.digestSoFar();
  const trailer = await reader.expect(trailerSchema, 'the end of the export');
  if (trailer.rows !== rows) throw reader.error(`it should hold ${trailer.rows} rows but holds ${rows}`);
  if (trailer.sha256 !== expected) throw reader.error('its content does not match its checksum: it was altered or damaged');
  for (let text = await reader.next(); text !== null; text = await reader.next()) {
    if (text.trim() !== '') throw reader.error(`line ${reader.lineNumber} follows the end of the export`);
  }
}

/** A database error while loading (a value its column refuses, a key taken twice): the file is at fault. */
function failedImport(reader: ExportReader, error: unknown): C360Error {
  const code = (error as { code?: string }).code;
  if (code === '55P03') {
    return new C360Error('conflict', `Cannot import: another process holds the database's tables (${(error as Error).message}). ${NOTHING_IMPORTED}`, {
      hint: 'Stop every `c360 serve`, worker and schedule using this database, then import again.',
      cause: error,
    });
  }
  const at = reader.lineNumber > 0 ? ` near line ${reader.lineNumber}` : '';
  return new C360Error(
    'invalid_input',
    `Cannot import ${reader.file}: the database refused its content${at} (${(error as Error).message}). ${NOTHING_IMPORTED}`,
    {
      hint: 'Export again from the source installation and copy the whole file.',
      cause: error,
    },
  );
}
