import { describe, expect, it } from 'vitest';
import { engagementLevel, toIndicators } from './regional-intelligence';

describe('regional intelligence rules', () => {
  it('diaspora engagement from the share of scored stories of high relevance; none without scores', () => {
    expect(engagementLevel(0, 0)).toBeNull();
    expect(engagementLevel(5, 10)).toBe('High');
    expect(engagementLevel(2, 10)).toBe('Medium');
    expect(engagementLevel(1, 10)).toBe('Low');
  });

  it('indicators: change in percent from the previous value, trend, GDP category; no change without a previous value', () => {
    const base = { country: 'Jamaica', indicator: 'GDP (current US$)', unit: 'US$', year: 2016, topics: ['economy'], source: 'World Bank', sourceUrl: '' };
    const [up, none, flat] = toIndicators([
      { ...base, value: 110, previousYear: 2015, previousValue: 100 },
      { ...base, indicator: 'Tourist arrivals', value: 5, previousYear: null, previousValue: null },
      { ...base, value: 100, previousYear: 2015, previousValue: 100 },
    ]);
    expect(up).toMatchObject({ name: 'GDP (current US$), Jamaica', change: 10, trend: 'up', category: 'GDP' });
    expect(none).toMatchObject({ change: null, trend: null, category: 'economy' });
    expect(flat).toMatchObject({ change: 0, trend: 'steady' });
  });
});
