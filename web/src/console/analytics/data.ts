import { useCallback, useEffect, useState } from 'react';
import { getJson } from '../../data/api';
import { known } from '../console-i18n';
import type { Breakdown, Range, ReaderAnalytics } from '../../../../core/analytics/reader-analytics';

/** GET /api/console/analytics?range=…: core/analytics/reader-analytics.ts, computed from recorded page views. */
export type { Breakdown, Range, ReaderAnalytics };
export const RANGES: readonly Range[] = ['24h', '7d', '30d'];

export function useReaderAnalytics(range: Range) {
  const [data, setData] = useState<ReaderAnalytics | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await getJson<ReaderAnalytics>(`/api/console/analytics?range=${range}`));
      setError(null);
    } catch (e) {
      // Spec 8: analytics fetch errors are logged and loading stops.
      console.error('analytics', e);
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  }, [range]);
  useEffect(() => {
    void load();
  }, [load]);
  return { data, error, loading, reload: load };
}

/** A percentage the API gives as a number from 0 to 100 ("39.5%", "39,5 %"), in the locale's way. */
export function percent(value: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}

/** Series labels: hours for a day, dates otherwise (UTC, as the server buckets), in the locale ("3 PM", "15 h", "15"). */
export function bucketLabel(iso: string, range: Range, locale = 'en-US'): string {
  const d = new Date(iso);
  return range === '24h'
    ? d.toLocaleTimeString(locale, { hour: 'numeric', timeZone: 'UTC' })
    : d.toLocaleDateString(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A breakdown's row name: a device or traffic source by its key, a region by its name, "Unknown" for no value. */
export function breakdownName(t: (key: string) => string, kind: 'device' | 'source' | 'region', key: string, region: (name: string) => string): string {
  if (key === 'Unknown') return t('console.analytics.unknown');
  if (kind === 'region') return region(key);
  return known(t, `console.analytics.${kind}.${key}`, key);
}
export const PALETTE = ['#2563eb', '#16a34a', '#ea580c', '#7c3aed', '#0891b2', '#db2777', '#ca8a04', '#4b5563'];
