import { describe, expect, it } from 'vitest';
import type { Story } from '../../core/stories/story';
import { presentStory } from './story';

const story = {
  id: 's',
  title: 'T',
  summary: 'S.',
  region: 'Jamaica',
  slug: 't',
  status: 'published',
  pipeline_stage: 'published',
  published_at: null,
  created_at: '',
  updated_at: '',
  source_count: 2,
  source_list: ['Kingston Ledger', 'Island Wire'],
  tags: [],
  charts: [],
  ai_risk_level: 'low',
  triangulation_check: true,
  truth_score: 1,
  fact_check_score: 1,
  auto_publish_eligible: true,
  human_verified: false,
  editor_signed_off: false,
  ai_fact_check_panel: [],
  enrichment_data: {},
  external_data_feeds: null,
  audit_log: [],
  flag_reason: null,
  storm_type: null,
  urgency: 40,
  status_flags: [],
  sync_status: null,
  last_updated_by: null,
  is_featured: false,
  section_featured: false,
  featured_priority: 0,
  feature_expires_at: null,
  view_count: 0,
  sources: [
    {
      item_id: 'a',
      outlet: 'Kingston Ledger',
      url: 'https://ledger.example/1',
      owner_group: 'Ledger Group',
      kind: 'press',
      independent: true,
      counted_as: 'Kingston Ledger',
      region: 'Jamaica',
      link: null,
    },
    {
      item_id: 'a',
      outlet: 'Island Wire',
      url: null,
      owner_group: 'Island Wire',
      kind: 'press',
      independent: false,
      counted_as: 'Kingston Ledger',
      region: 'Caribbean',
      link: 'carried',
    },
  ],
  layers: [
    { layerType: 'short_version', content: 'Rates rose.', sentences: [{ text: 'Rates rose.', item_ids: ['a'], outlets: ['Island Wire', 'Kingston Ledger'] }] },
    {
      layerType: 'our_take',
      content: 'Edited by an editor.',
      sentences: [{ text: 'Written by the pipeline.', item_ids: ['a'], outlets: ['Kingston Ledger'] }],
    },
    {
      layerType: 'why_it_matters',
      content: '',
      metricsTable: [
        { label: 'A.m.', current: '11', trend: 'reported' },
        { label: 'GDP, Jamaica', current: 'US$14.06 billion (2016)', trend: 'down', year: 2016, source: 'World Bank' },
      ],
    },
  ],
} as unknown as Story;

describe('public story presenter', () => {
  const presented = presentStory(story);

  it('sends each sentence with source marks numbered as the source list, and no item ids', () => {
    expect(presented.sources.map((s) => s.name)).toEqual(['Kingston Ledger', 'Island Wire']);
    expect(presented.layers[0]).toEqual({ layerType: 'short_version', content: 'Rates rose.', sentences: [{ text: 'Rates rose.', marks: [1, 2] }] });
    expect(JSON.stringify(presented.layers)).not.toContain('item_ids');
  });

  it('drops sentences an editor has since rewritten, and table rows without a stated source', () => {
    expect(presented.layers[1]).toEqual({ layerType: 'our_take', content: 'Edited by an editor.' });
    expect(presented.layers[2]!.metricsTable).toEqual([
      { label: 'GDP, Jamaica', current: 'US$14.06 billion (2016)', trend: 'down', year: 2016, source: 'World Bank' },
    ]);
  });

  it('sends no coverage panel for a story whose sources were never recorded', () => {
    expect(presentStory({ ...story, sources: [] }).coverage).toBeNull();
  });

  it('sends the coverage panel: outlets, groups, countries and what counts once', () => {
    expect(presented.coverage).toMatchObject({ independent_voices: 1, countries: ['Jamaica', 'Caribbean'], blindspots: [{ code: 'single_voice' }] });
    expect(presented.coverage!.outlets[1]).toMatchObject({ name: 'Island Wire', counted_with: 'Kingston Ledger', link: 'carried' });
  });
});
