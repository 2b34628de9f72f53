import type { Knex } from 'knex';
import { C360Error } from '../errors';
import { deleteCurationRule, getCurationRule, insertCurationRule, listCurationRules, updateCurationRule } from './curation-rule-repository';
import { describeRule, ruleInputSchema, type CurationRule } from './curation-rules';

/** Editors' changes to curation rules; the input is validated per rule type (curation-rules.ts). */

export type DescribedRule = CurationRule & { description: string };

const described = (rule: CurationRule): DescribedRule => ({ ...rule, description: describeRule(rule) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listRules(db: Knex): Promise<DescribedRule[]> {
  return (await listCurationRules(db)).map(described);
}

export async function createRule(db: Knex, input: { rule: unknown; actor: { email: string } }): Promise<DescribedRule> {
  return described(await insertCurationRule(db, ruleInputSchema.parse(input.rule), input.actor.email));
}

/** A partial change: fields not given keep their value; criteria are checked against the (new) type. */
export async function changeRule(db: Knex, input: { id: string; patch: Record<string, unknown>; actor: { email: string } }): Promise<DescribedRule> {
  const current = UUID.test(input.id) ? await getCurationRule(db, input.id) : null;
  if (!current) throw new C360Error('not_found', `No curation rule ${input.id.slice(0, 80)}.`);
  const merged = ruleInputSchema.parse({
    name: current.name,
    type: current.type,
    criteria: current.criteria,
    priority: current.priority,
    enabled: current.enabled,
    ...input.patch,
  });
  return described(await updateCurationRule(db, current.id, merged, input.actor.email));
}

export async function removeRule(db: Knex, id: string): Promise<void> {
  if (!UUID.test(id) || !(await deleteCurationRule(db, id))) throw new C360Error('not_found', `No curation rule ${id.slice(0, 80)}.`);
}
