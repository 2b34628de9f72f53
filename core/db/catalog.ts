import type { Knex } from 'knex';
import { C360Error } from '../errors';

export type CatalogColumn = { name: string; type: string };
export type CatalogTable = { name: string; columns: CatalogColumn[] };
export type CatalogSequence = { name: string; ownerTable: string | null };

/** knex's own bookkeeping: it describes the schema, not the installation's data. */
const BOOKKEEPING = new Set(['knex_migrations', 'knex_migrations_lock']);

/**
 * The data tables of the current schema, read from PostgreSQL's catalog (so a table a migration adds
 * is exported without anyone listing it), parents before the tables whose foreign keys point at them.
 * Generated columns are left out: the database computes them again on insert.
 */
export async function listDataTables(knex: Knex): Promise<CatalogTable[]> {
  const { rows: tables } = (await knex.raw(
    `select c.relname as name from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  )) as { rows: { name: string }[] };
  const { rows: columns } = (await knex.raw(
    `select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type
       from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by c.relname, a.attnum`,
  )) as { rows: { table: string; name: string; type: string }[] };
  const { rows: edges } = (await knex.raw(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = current_schema()::regnamespace`,
  )) as { rows: { child: string; parent: string }[] };

  const names = tables.map((t) => t.name).filter((name) => !BOOKKEEPING.has(name));
  const byTable = new Map<string, CatalogColumn[]>(names.map((name) => [name, []]));
  for (const c of columns) byTable.get(c.table)?.push({ name: c.name, type: c.type });
  return orderByForeignKeys(names, edges).map((name) => ({ name, columns: byTable.get(name)! }));
}

/**
 * Kahn's algorithm, alphabetical among equals so two exports of one schema list tables alike.
 * A table's foreign key to itself does not hold it back (its rows load in one statement per batch);
 * a cycle between tables cannot be loaded in any order and is reported.
 */
export function orderByForeignKeys(names: string[], edges: { child: string; parent: string }[]): string[] {
  const known = new Set(names);
  const parents = new Map<string, Set<string>>(names.map((n) => [n, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent && known.has(child) && known.has(parent)) parents.get(child)!.add(parent);
  const ordered: string[] = [];
  const done = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter((n) => !done.has(n) && [...parents.get(n)!].every((p) => done.has(p))).sort();
    if (ready.length === 0) {
      const stuck = names.filter((n) => !done.has(n));
      throw new C360Error('unsupported', `These tables' foreign keys form a cycle, so no load order exists: ${stuck.join(', ')}.`);
    }
    for (const n of ready) {
      ordered.push(n);
      done.add(n);
    }
  }
  return ordered;
}

/** Sequences of the current schema, with the table that owns each (serial and identity columns), if any. */
export async function listSequences(knex: Knex): Promise<CatalogSequence[]> {
  const { rows } = (await knex.raw(
    `select s.relname as name, owner.relname as "ownerTable"
       from pg_class s
       left join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       left join pg_class owner on owner.oid = d.refobjid
      where s.relkind = 'S' and s.relnamespace = current_schema()::regnamespace
      order by s.relname`,
  )) as { rows: CatalogSequence[] };
  return rows.filter((s) => !s.ownerTable || !BOOKKEEPING.has(s.ownerTable));
}

/** The migrations applied to this database, oldest first (empty when it was never migrated). */
export async function appliedMigrations(knex: Knex): Promise<string[]> {
  const { rows } = (await knex.raw(`select to_regclass('knex_migrations') is not null as present`)) as { rows: { present: boolean }[] };
  if (!rows[0]?.present) return [];
  const applied = (await knex('knex_migrations').select('name').orderBy('id')) as { name: string }[];
  return applied.map((r) => r.name.replace(/\.ts$/, ''));
}
