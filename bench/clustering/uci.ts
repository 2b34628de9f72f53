import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { LabelledItem } from './fixtures';

/**
 * The outside headline sample described in shared/data/uci-news-headlines-sample.md (4,224 headlines of
 * many publishers, with the aggregator's story labels and its CATEGORY column), read as labelled items:
 * title only, the publisher as outlet, the aggregator's timestamp as publication time. Not in the
 * repository: found beside it in ../shared/data, or at C360_UCI_SAMPLE; absent, the section is skipped.
 */

export const UCI_SAMPLE = process.env.C360_UCI_SAMPLE ?? join(import.meta.dirname, '..', '..', '..', 'shared', 'data', 'uci-news-headlines-sample.csv');

export type UciItem = LabelledItem & { category: string };

export function loadUciSample(file = UCI_SAMPLE): UciItem[] | null {
  if (!existsSync(file)) return null;
  const rows = parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((r) => ({
    id: `uci-${r.ID}`,
    event: r.STORY!,
    outlet: r.PUBLISHER || r.HOSTNAME || 'unknown',
    region: 'International',
    language: 'en',
    published_at: new Date(Number(r.TIMESTAMP)).toISOString(),
    title: r.TITLE!,
    summary: '',
    text: '',
    category: r.CATEGORY!,
  }));
}
