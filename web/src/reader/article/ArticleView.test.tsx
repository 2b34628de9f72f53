import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Story } from '../../data/types';
import en from '../../i18n/en.json';
import es from '../../i18n/es.json';
import fr from '../../i18n/fr.json';
import nl from '../../i18n/nl.json';
import { I18nProvider, type Dictionary } from '../../i18n/i18n';
import { VerifiedBadge } from '../Badges';
import { ArticleView } from './ArticlePage';

const base: Story = {
  id: 's1',
  title: 'Bank of Jamaica raises policy rate to 7.5 per cent',
  summary: 'The Bank of Jamaica raised its policy rate to 7.5 per cent.',
  region: 'Jamaica',
  tags: [],
  published_at: '2026-11-18T20:00:00Z',
  updated_at: '2026-11-18T20:00:00Z',
  source_count: 2,
  ai_risk_level: 'low',
  urgency: 40,
  storm_type: null,
  path: '/article/x',
  slug: 'x',
  source_list: ['Kingston Ledger', 'Island Wire'],
  sources: [
    { name: 'Kingston Ledger', url: 'https://ledger.example/1' },
    { name: 'Island Wire', url: null },
  ],
  triangulation_check: true,
  truth_score: 0.9,
  fact_check_score: 1,
  layers: [],
};

const render = (story: Story) =>
  renderToString(
    <MemoryRouter>
      <I18nProvider initial="EN" dictionary={en}>
        <ArticleView story={story} />
      </I18nProvider>
    </MemoryRouter>,
  );

describe('article page', () => {
  const story: Story = {
    ...base,
    layers: [
      {
        layerType: 'short_version',
        content: 'The Bank of Jamaica raised its policy rate to 7.5 per cent.',
        sentences: [{ text: 'The Bank of Jamaica raised its policy rate to 7.5 per cent.', marks: [1, 2] }],
      },
      {
        layerType: 'what_happened',
        content: '- The bank raised the rate by 50 basis points.\n- The rate had been 7.0 per cent since March.',
        sentences: [
          { text: 'The bank raised the rate by 50 basis points.', marks: [1, 2] },
          { text: 'The rate had been 7.0 per cent since March.', marks: [1] },
        ],
      },
      { layerType: 'what_locals_saying', content: '', sentences: [], quotes: [] },
      {
        layerType: 'why_it_matters',
        content: '',
        sentences: [],
        metricsTable: [{ label: 'GDP, Jamaica', current: 'US$14.06 billion (2016)', trend: 'down', year: 2016, source: 'World Bank' }],
      },
      { layerType: 'our_take', content: '', sentences: [] },
    ],
  };

  it('marks every sentence with links to its sources, numbered as in the source list', () => {
    const html = render(story);
    expect(html).toContain('The rate had been 7.0 per cent since March.<sup class="source-marks"><a href="#source-1" aria-label="Source 1: Kingston Ledger"');
    expect(html.match(/href="#source-2"/g)).toHaveLength(2);
    expect(html).toContain('id="source-1"');
    expect(html).toContain('id="source-2"');
  });

  it('hides the layers the sources gave nothing for, and makes no claim about bias', () => {
    const html = render(story);
    expect(html).toContain('THE SHORT VERSION');
    expect(html).not.toContain('WHAT LOCALS ARE SAYING');
    expect(html).not.toContain('OUR TAKE');
    expect(html).not.toMatch(/bias|being (collected|compiled|developed)/i);
    // An indicator table without text: the table and its source, no placeholder sentence.
    expect(html).toContain('WHY IT MATTERS');
    expect(html).toMatch(/metrics-source">Source: (<!-- -->)?World Bank/);
  });

  it('shows the spec’s placeholders only for a story with no layers written at all', () => {
    expect(render(base)).toContain(en.article.fallback.our_take);
  });

  it('shows who covered the story, wire copy counted once, and what is missing', () => {
    const html = render({
      ...story,
      region: 'Haiti',
      coverage: {
        outlets: [
          { name: 'CMC', owner_group: 'Caribbean Media Corporation', kind: 'press', region: 'Caribbean', counted_with: null, link: null },
          { name: 'Nation News', owner_group: 'Nation Publishing', kind: 'press', region: 'Barbados', counted_with: 'CMC', link: 'copy' },
        ],
        owner_groups: ['Caribbean Media Corporation', 'Nation Publishing'],
        countries: ['Caribbean', 'Barbados'],
        independent_voices: 1,
        blindspots: [{ code: 'single_voice' }, { code: 'no_local_outlet', country: 'Haiti' }],
      },
    });
    expect(html).toContain('Who covered this story');
    expect(html).toMatch(/<dt>Independent sources<\/dt><dd>1<\/dd>/);
    expect(html).toContain('near-identical to CMC: wire copy or a re-published release (counted once)');
    expect(html).toContain('Only one independent source: every outlet here carries the same report.');
    expect(html).toContain('No outlet based in Haiti has reported it.');
  });
});

describe('article page: storm link', () => {
  it('leads a story about a tracked storm to the Storm Centre, and says nothing of storms otherwise', () => {
    const html = render({ ...base, title: 'Hurricane watch for Jamaica as Keron gains strength', storm: { id: 'al142026', name: 'Keron' } });
    expect(html).toContain('href="/storm-centre"');
    expect(html).toContain('Part of our coverage of storm Keron: follow it in the Storm Centre');
    expect(render(base)).not.toContain('Part of our coverage of storm');
  });
});

describe('article page: how the story was checked', () => {
  const cases: [NonNullable<Story['verification']>, string][] = [
    ['independent_sources', 'Confirmed by two or more independent sources'],
    ['official_source', 'Confirmed by an official source'],
    ['editor', 'Verified by an editor'],
    ['unverified', 'Not independently confirmed'],
  ];
  it.each(cases)('%s reads "%s", and no other state', (state, text) => {
    const html = render({ ...base, verification: state });
    expect(html).toContain(text);
    for (const [other, otherText] of cases) if (other !== state) expect(html).not.toContain(otherText);
    // The source list is not called verified whatever the state.
    expect(html).not.toContain('Sources verified');
  });

  it('says it in each of the site’s languages', () => {
    const inLanguage = (dictionary: Dictionary, language: 'ES' | 'FR' | 'NL') =>
      renderToString(
        <MemoryRouter>
          <I18nProvider initial={language} dictionary={dictionary}>
            <ArticleView story={{ ...base, verification: 'official_source' }} />
          </I18nProvider>
        </MemoryRouter>,
      );
    expect(inLanguage(es as Dictionary, 'ES')).toContain('Confirmado por una fuente oficial');
    expect(inLanguage(fr as Dictionary, 'FR')).toContain('Confirmé par une source officielle');
    expect(inLanguage(nl as Dictionary, 'NL')).toContain('Bevestigd door een officiële bron');
  });
});

describe('story badge: only a checked story carries one, named for how it was checked', () => {
  const badge = (verification: Story['verification']) =>
    renderToString(
      <I18nProvider initial="EN" dictionary={en}>
        <VerifiedBadge story={{ verification }} />
      </I18nProvider>,
    );
  it('two sources, an official source and an editor are three different badges; unverified has none', () => {
    expect(badge('independent_sources')).toContain('2+ SOURCES');
    expect(badge('official_source')).toContain('OFFICIAL SOURCE');
    expect(badge('editor')).toContain('EDITOR-VERIFIED');
    expect(badge('unverified')).toBe('');
    // Two outlets alone (no state from the server) are not called verified.
    expect(badge(undefined)).toBe('');
  });
});
