import type { Knex } from 'knex';
import { C360Error } from '../errors';
import type { CurationRule, RuleInput } from './curation-rules';

/** All SQL about curation rules. */

const COLUMNS = 'id, name, type, criteria, priority, enabled, updated_at, updated_by';

function toRule(row: Record<string, unknown>): CurationRule {
  return {
    id: String(row.id),
    name: String(row.name),
    type: row.type as CurationRule['type'],
    criteria: (typeof row.criteria === 'string' ? JSON.parse(row.criteria) : row.criteria) as CurationRule['criteria'],
    priority: Number(row.priority),
    enabled: Boolean(row.enabled),
    updated_at: new Date(row.updated_at as string).toISOString(),
    updated_by: (row.updated_by as string | null) ?? null,
  };
}

export async function listCurationRules(db: Knex): Promise<CurationRule[]> {
  const { rows } = await db.raw(`select ${COLUMNS} from curation_rules order by priority, name, id`);
  return rows.map(toRule);
}

export async function insertCurationRule(db: Knex, input: RuleInput, actor: string): Promise<CurationRule> {
  const { rows } = await db.raw(
    `insert into curation_rules (name, type, criteria, priority, enabled, updated_by) values (?, ?, ?::jsonb, ?, ?, ?) returning ${COLUMNS}`,
    [input.name, input.type, JSON.stringify(input.criteria), input.priority, input.enabled, actor],
  );
  return toRule(rows[0]);
}

export async function updateCurationRule(db: Knex, id: string, input: RuleInput, actor: string): Promise<CurationRule> {
  const { rows } = await db.raw(
    `update curation_rules set name = ?, type = ?, criteria = ?::jsonb, priority = ?, enabled = ?, updated_by = ?, updated_at = now()
      where id = ? returning ${COLUMNS}`,
    [input.name, input.type, JSON.stringify(input.criteria), input.priority, input.enabled, actor, id],
  );
  if (!rows[0]) throw new C360Error('not_found', `No curation rule ${id}.`);
  return toRule(rows[0]);
}

export async function getCurationRule(db: Knex, id: string): Promise<CurationRule | null> {
  const { rows } = await db.raw(`select ${COLUMNS} from curation_rules where id = ?`, [id]);
  return rows[0] ? toRule(rows[0]) : null;
}

export async function deleteCurationRule(db: Knex, id: string): Promise<boolean> {
  const { rowCount } = await db.raw(`delete from curation_rules where id = ?`, [id]);
  return Number(rowCount) > 0;
}
