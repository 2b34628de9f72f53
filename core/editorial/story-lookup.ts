import type { Knex } from 'knex';
import { C360Error } from '../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A story id as an operator types it: the full UUID, or the first 6 or more hex digits that
 * `c360 stories list` and `c360 review` show, when they match exactly one story.
 */
export async function resolveStoryId(db: Knex, input: string): Promise<string> {
  const text = input.trim().toLowerCase();
  if (UUID.test(text)) return text;
  if (!/^[0-9a-f]{6,32}$/.test(text.replace(/-/g, ''))) {
    throw new C360Error('invalid_input', `"${input}" is not a story id.`, { hint: 'Use the UUID, or the first 8 characters shown by `c360 stories list`.' });
  }
  const rows = await db('synced_content')
    .select('id')
    .whereRaw(`id::text like ?`, [`${text}%`])
    .limit(2);
  if (rows.length === 0) throw new C360Error('not_found', `No story id starts with ${text}.`, { hint: 'Use `c360 stories list` to see story ids.' });
  if (rows.length > 1) throw new C360Error('invalid_input', `More than one story id starts with ${text}.`, { hint: 'Type more of the id.' });
  return (rows[0] as { id: string }).id;
}
