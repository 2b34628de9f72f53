import { describe, expect, it } from 'vitest';
import type { PrincipleRow } from './pipeline-console-repository';
import { assessPrinciples } from './pipeline-overview';

const layers = (skip: string[] = []) =>
  ['short_version', 'what_happened', 'what_locals_saying', 'why_it_matters', 'our_take']
    .filter((t) => !skip.includes(t))
    .map((layerType) => ({ layerType, content: `${layerType} text.` })) as PrincipleRow['layers'];

const good: PrincipleRow = {
  id: 'a',
  summary: 'The council approved the plan. Work starts in May.',
  region: 'Jamaica',
  layers: layers(),
  source_count: 2,
  ai_fact_check_panel: [{ resolved: true }],
  fact_check_score: 0.9,
  diaspora_relevance: 60,
};

describe('editorial principles, computed from published stories', () => {
  it('says "no data" before anything is published', () => {
    expect(assessPrinciples([]).map((p) => [p.key, p.status, p.share])).toEqual([
      ['two_sources', 'no_data', null],
      ['fact_checked', 'no_data', null],
      ['caribbean_context', 'no_data', null],
      ['summary_length', 'no_data', null],
      ['five_box', 'no_data', null],
      ['diaspora_score', 'no_data', null],
    ]);
  });

  it('checks each rule on each story: met from 95 %, partly met from 70 %, else not met', () => {
    const stories: PrincipleRow[] = [
      ...Array.from({ length: 7 }, (_, i) => ({ ...good, id: `g${i}` })),
      { ...good, id: 'one-source', source_count: 1 },
      { ...good, id: 'unresolved', ai_fact_check_panel: [{ resolved: true }, { resolved: false }] },
      {
        ...good,
        id: 'elsewhere',
        region: 'Canada',
        summary: 'One. Two. Three. Four.',
        layers: layers(['what_happened']),
        diaspora_relevance: null,
        fact_check_score: null,
      },
      // Empty optional layers are not padding to fill in: the structure holds without them.
      {
        ...good,
        id: 'lean',
        layers: layers(['what_locals_saying', 'why_it_matters', 'our_take']).concat(
          layers(['short_version', 'what_happened', 'our_take']).map((l) => ({ ...l, content: '' })),
        ),
        summary: 'One sentence.',
      },
    ];
    const byKey = Object.fromEntries(assessPrinciples(stories).map((p) => [p.key, p]));
    expect(byKey.two_sources).toMatchObject({ met: 10, checked: 11, status: 'partial', detail: '10 of 11 published stories (91%)' });
    expect(byKey.fact_checked).toMatchObject({ met: 9, status: 'partial' });
    expect(byKey.caribbean_context).toMatchObject({ met: 9, status: 'partial' });
    expect(byKey.summary_length).toMatchObject({ met: 10 });
    expect(byKey.five_box).toMatchObject({ met: 10 });
    expect(byKey.diaspora_score!.detail).toBe('10 of 11 published stories (91%); average score 60');
    expect(assessPrinciples([good])[0]!.status).toBe('met');
    expect(assessPrinciples([good, { ...good, source_count: 1 }])[0]!.status).toBe('not_met');
  });

  it('a story without its "why it matters" layer lacks Caribbean context, and a four-sentence summary is too long', () => {
    const [, , context, length] = assessPrinciples([{ ...good, layers: layers(['why_it_matters']), summary: 'One. Two. Three. Four.' }]);
    expect(context!.met).toBe(0);
    expect(length!.met).toBe(0);
  });
});
