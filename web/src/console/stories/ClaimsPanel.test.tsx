import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import { I18nProvider } from '../../i18n/i18n';
import { presentConsoleStory } from '../../../../server/presenters/console-story';
import { applyClaimDecisions, claimKey } from '../../../../core/stories/claim-resolution';
import type { Story } from '../../../../core/stories/story';
import { ClaimsPanel, DismissDialog } from './ClaimsPanel';

const panel = [
  {
    claim: 'The ferry resumes on Monday.',
    resolved: true,
    verdict: 'corroborated',
    supporting_outlets: ['Tobago News', 'Trinidad Daily'],
    contradicting_outlets: [],
    explanation: 'supported by 2 independent sources',
  },
  {
    claim: 'Fares rise to 75 dollars.',
    resolved: false,
    verdict: 'contradicted',
    supporting_outlets: ['Tobago News'],
    contradicting_outlets: ['Trinidad Daily'],
    explanation: 'Trinidad Daily gives 80 dollars where the claim says 75 dollars',
  },
  {
    claim: 'Two boats run.',
    resolved: false,
    verdict: 'single source',
    supporting_outlets: ['Tobago News'],
    contradicting_outlets: [],
    explanation: 'only Tobago News supports it',
  },
];
const decided = applyClaimDecisions(panel, [
  { key: claimKey('Two boats run.'), decision: 'confirmed', reason: 'Port authority said so', actor: 'desk@c360.test', decided_at: '2026-11-20T12:00:00.000Z' },
]);
const story = presentConsoleStory({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Tobago ferry',
  pipeline_stage: 'verified',
  status: 'draft',
  published_at: null,
  source_count: 2,
  source_list: [],
  triangulation_check: true,
  human_verified: false,
  ai_fact_check_panel: decided,
  layers: [],
  audit_log: [],
} as unknown as Story);

describe('ClaimsPanel', () => {
  it('lists each claim with its verdict, outlets, why it is unresolved, the editor decision, and the three decisions', () => {
    const html = renderToStaticMarkup(
      <I18nProvider initial="EN" dictionary={en}>
        <ClaimsPanel story={story} onChanged={() => undefined} />
      </I18nProvider>,
    ).replace(/<!-- -->/g, '');
    expect(html).toContain('Claims <span class="c-hint">(3, 1 unresolved)</span>');
    expect(html).toContain('The ferry resumes on Monday.');
    expect(html).toContain('Supported by Tobago News, Trinidad Daily · contradicted by —');
    expect(html).toContain('Unresolved: contradicted: Trinidad Daily gives 80 dollars where the claim says 75 dollars');
    expect(html).toContain('Confirmed by desk@c360.test: Port authority said so');
    for (const n of [1, 2, 3]) for (const d of ['Confirm', 'Dispute', 'Dismiss']) expect(html).toContain(`aria-label="${d} claim ${n}"`);
    // No reason field until a decision is chosen.
    expect(html).not.toContain('(required)');
  });

  it("speaks the editor's language: Spanish labels around the untranslated claims and outlets", () => {
    const html = renderToStaticMarkup(
      <I18nProvider initial="ES" dictionary={es}>
        <ClaimsPanel story={story} onChanged={() => undefined} />
      </I18nProvider>,
    ).replace(/<!-- -->/g, '');
    expect(html).toContain('Afirmaciones <span class="c-hint">(3, 1 sin resolver)</span>');
    expect(html).toContain('Respaldada por Tobago News, Trinidad Daily · contradicha por —');
    expect(html).toContain('Confirmada por desk@c360.test: Port authority said so');
    expect(html).toContain('>una sola fuente<');
    expect(html).toContain('aria-label="Rebatir la afirmación 2"');
    expect(html).toMatch(/lang="en"[^>]*>Fares rise to 75 dollars\./);
    expect(html).not.toContain('Supported by');
  });
});

describe('DismissDialog: dismissing is asked again, as Force Publish is', () => {
  const dialog = (lead: boolean, reason = 'A quote, not a claim') =>
    renderToStaticMarkup(
      <I18nProvider initial="EN" dictionary={en}>
        <DismissDialog claim="Fares rise to 75 dollars." lead={lead} reason={reason} busy={false} onCancel={() => undefined} onConfirm={() => undefined} />
      </I18nProvider>,
    ).replace(/<!-- -->/g, '');

  it("names the claim, says it is the story's lead, what dismissing does and the reason kept", () => {
    const html = dialog(true);
    expect(html).toContain('Dismiss this claim?');
    expect(html).toContain('This is the story&#x27;s lead claim.');
    expect(html).toContain('Fares rise to 75 dollars.');
    expect(html).toContain('the story may then publish without it being checked');
    expect(html).toContain('A quote, not a claim');
    expect(html).toMatch(/<button[^>]*c-button-danger[^>]*>Dismiss anyway<\/button>/);
    expect(dialog(false)).not.toContain('lead claim');
  });

  it('cannot be confirmed without a reason', () => {
    expect(dialog(true, '')).toMatch(/<button[^>]*disabled=""[^>]*>Dismiss anyway<\/button>/);
  });
});
