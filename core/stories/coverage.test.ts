import { describe, expect, it } from 'vitest';
import { describeCoverage } from './coverage';
import type { StorySource } from './story';

const source = (outlet: string, extra: Partial<StorySource> = {}): StorySource => ({
  outlet,
  url: null,
  owner_group: outlet,
  kind: 'press',
  independent: true,
  counted_as: outlet,
  region: 'Jamaica',
  ...extra,
});

describe('coverage panel', () => {
  it('lists outlets, owner groups and countries, counting wire copy and sister titles once', () => {
    const coverage = describeCoverage({
      region: 'Jamaica',
      sources: [
        source('CMC', { owner_group: 'Caribbean Media Corporation', region: 'Caribbean' }),
        source('Barbados Today', { region: 'Barbados', independent: false, counted_as: 'CMC', link: 'copy' }),
        source('Jamaica Gleaner', { owner_group: 'RJRGLEANER' }),
        source('The Star', { owner_group: 'RJRGLEANER', independent: false, counted_as: 'Jamaica Gleaner', link: 'owner_group' }),
        source('Jamaica Observer'),
      ],
    });
    expect(coverage.independent_voices).toBe(3);
    expect(coverage.owner_groups).toEqual(['Caribbean Media Corporation', 'Barbados Today', 'RJRGLEANER', 'Jamaica Observer']);
    expect(coverage.countries).toEqual(['Caribbean', 'Barbados', 'Jamaica']);
    expect(coverage.outlets.find((o) => o.name === 'Barbados Today')).toMatchObject({ counted_with: 'CMC', link: 'copy' });
    expect(coverage.blindspots).toEqual([]);
  });

  it('names the blindspots: one voice, one owner group, official sources only, no outlet from the country', () => {
    expect(
      describeCoverage({
        region: 'Haiti',
        sources: [source('CMC', { region: 'Caribbean' }), source('Nation News', { region: 'Barbados', independent: false, counted_as: 'CMC', link: 'copy' })],
      }).blindspots,
    ).toEqual([{ code: 'single_voice' }, { code: 'no_local_outlet', country: 'Haiti' }]);
    expect(
      describeCoverage({
        region: 'Jamaica',
        sources: [
          source('Jamaica Gleaner', { owner_group: 'RJRGLEANER' }),
          source('The Star', { owner_group: 'RJRGLEANER', independent: false, counted_as: 'Jamaica Gleaner', link: 'owner_group' }),
        ],
      }).blindspots,
    ).toEqual([{ code: 'single_voice' }, { code: 'single_owner_group', owner_group: 'RJRGLEANER' }]);
    expect(
      describeCoverage({ region: 'Jamaica', sources: [source('JIS', { kind: 'official' }), source('Office of the PM', { kind: 'official' })] }).blindspots,
    ).toEqual([{ code: 'official_only' }]);
  });

  it('does not call a regional story local-less, and says nothing of countries it does not know', () => {
    expect(describeCoverage({ region: 'Caribbean', sources: [source('CMC', { region: 'Caribbean' }), source('Jamaica Observer')] }).blindspots).toEqual([]);
    expect(describeCoverage({ region: 'Haiti', sources: [source('A', { region: undefined }), source('B', { region: undefined })] }).blindspots).toEqual([]);
  });
});
