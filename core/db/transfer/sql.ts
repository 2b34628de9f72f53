import type { Knex } from 'knex';

/** An identifier for SQL text; the names come from the database's own catalog. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * The same text form for dates, times and numbers on both ends of a transfer, whatever the
 * server's or the role's defaults: ISO dates, UTC offsets, floats written exactly.
 */
export async function setPortableTextForms(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`set local datestyle = 'ISO, YMD'`);
  await trx.raw(`set local intervalstyle = 'postgres'`);
  await trx.raw(`set local timezone = 'UTC'`);
  await trx.raw(`set local extra_float_digits = 1`);
  await trx.raw(`set local bytea_output = 'hex'`);
}
