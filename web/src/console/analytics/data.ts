import { useCallback, useEffect, useState } from 'react';
import { getJson } from '../../data/api';
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

export const number = (n: number) => n.toLocaleString('en-US');

/** Series labels: hours for a day, dates otherwise (UTC, as the server buckets). */
export function bucketLabel(iso: string, range: Range): string {
  const d = new Date(iso);
  return range === '24h'
    ? d.toLocaleTimeString('en-US', { hour: 'numeric', timeZone: 'UTC' })
    : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export const SOURCE_LABELS: Record<string, string> = { direct: 'Direct', search: 'Search', social: 'Social', newsletter: 'Newsletter', referral: 'Referral', internal: 'Internal' };
export const PALETTE = ['#2563eb', '#16a34a', '#ea580c', '#7c3aed', '#0891b2', '#db2777', '#ca8a04', '#4b5563'];
