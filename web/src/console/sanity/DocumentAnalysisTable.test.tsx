import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import { I18nProvider } from '../../i18n/i18n';
import { describeVerification, type VerifiableStory } from '../../../../core/stories/verification';
import type { StoryCard } from '../stories/api';
import { DocumentAnalysisTable } from './DocumentAnalysisTable';

const doc = (id: string, title: string, story: VerifiableStory) =>
  ({
    id,
    title,
    language: 'en',
    pipeline_stage: 'verified',
    truth_score: 0.8,
    fact_check_score: 1,
    ai_fact_check_panel: story.ai_fact_check_panel ?? [],
    ai_risk_level: 'low',
    enriched: false,
    triangulation_check: story.triangulation_check,
    verification: describeVerification(story),
  }) as unknown as StoryCard;

const corroborated = [{ claim: 'The ferry resumes on Monday.', resolved: true, verdict: 'corroborated' }];
const items = [
  doc('a', 'Ferry resumes', { source_count: 2, triangulation_check: true, ai_fact_check_panel: corroborated }),
  // triangulation_check is set by an official source's confirmation too: the column must not call it two-source checking.
  doc('b', 'Hurricane warning for Jamaica', {
    source_count: 1,
    triangulation_check: true,
    status_flags: ['Confirmed by an official source'],
    ai_fact_check_panel: [{ claim: 'A hurricane warning is in force for Jamaica.', resolved: true, verdict: 'official source' }],
  }),
  doc('c', 'Regatta week', { source_count: 1, triangulation_check: false, ai_fact_check_panel: [] }),
];
const html = (dictionary: typeof en, language: 'EN' | 'ES') =>
  renderToStaticMarkup(
    <MemoryRouter>
      <I18nProvider initial={language} dictionary={dictionary}>
        <DocumentAnalysisTable items={items} />
      </I18nProvider>
    </MemoryRouter>,
  ).replace(/<!-- -->/g, '');

describe("the Sanity Editor's AI Analysis table", () => {
  it('shows each document’s verification state as every other surface does, never "Triangulated"', () => {
    const out = html(en, 'EN');
    expect(out).toContain('<th scope="col">Verification</th>');
    const rows = out.split('<tr>').slice(2);
    expect(rows[0]).toContain('2+ independent sources');
    expect(rows[1]).toContain('Official source');
    expect(rows[1]).not.toContain('independent');
    expect(rows[2]).toContain('Not independently confirmed');
    expect(out).not.toMatch(/triangulat/i);
  });

  it('in the editor’s language', () => {
    const out = html(es as typeof en, 'ES');
    expect(out).toContain('Verificación');
    expect(out).not.toMatch(/triangula/i);
  });
});
