import type { Knex } from 'knex';

/**
 * A small tagged template for the few queries knex's builder cannot express well (unions with
 * per-branch ordering). Interpolated values become bound parameters; nested `sql` fragments and
 * `trusted` text are inlined, so no value ever reaches the SQL text.
 */
export type Sql = { readonly text: string; readonly values: readonly unknown[]; readonly __sql: true };

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  let text = strings[0]!;
  const bound: unknown[] = [];
  values.forEach((value, i) => {
    if (isSql(value)) {
      text += value.text;
      bound.push(...value.values);
    } else {
      text += '?';
      bound.push(value);
    }
    text += strings[i + 1]!;
  });
  return { text, values: bound, __sql: true };
}

/** Text written by us (column lists, constants), never by a user. */
export function trusted(text: string): Sql {
  return { text, values: [], __sql: true };
}

export async function query<T = Record<string, unknown>>(db: Knex, statement: Sql): Promise<T[]> {
  const result = await db.raw(statement.text, statement.values as Knex.RawBinding[]);
  return result.rows as T[];
}

function isSql(value: unknown): value is Sql {
  return typeof value === 'object' && value !== null && (value as Sql).__sql === true;
}
