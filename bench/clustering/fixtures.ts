import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The labelled clustering sets in test/fixtures/clustering (see its README for the format). */

export type LabelledItem = {
  id: string;
  event: string;
  outlet: string;
  owner_group?: string;
  region?: string;
  language?: string;
  published_at: string;
  title: string;
  summary: string;
  text: string;
  tags?: string[];
};
export type LabelledFile = { file: string; items: LabelledItem[] };

export const FIXTURE_ROOT = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'clustering');

export function loadSet(set: string): LabelledFile[] {
  const dir = join(FIXTURE_ROOT, set);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, items: (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { items: LabelledItem[] }).items }));
}
