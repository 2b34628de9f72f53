import { useState } from 'react';
import { ApiError, getJson, postJson } from '../data/api';
import { useToast } from './toasts';
import type { StageStats } from '../../../core/pipeline/types';

export type PendingItem = { id: string; title: string; processing_status: string; created_at: string };

/** The operator API (admins only, checked on the server). */
const operatorApi = {
  pending: (limit: number) => getJson<{ items: PendingItem[] }>(`/api/admin/pipeline/pending?limit=${limit}`),
  runAll: () => postJson<{ stats: StageStats }>('/api/admin/pipeline/run', {}),
  processOne: (articleId: string) => postJson<{ message: string }>('/api/admin/pipeline/process', { articleId }),
};

const message = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message || fallback : e instanceof Error && e.message ? e.message : fallback);

/**
 * The spec's three operator actions with their toasts, shared by the reader site's ?debug=true
 * panel and the console's Pipeline Testing: run the whole pipeline, process the first pending
 * item, check what is pending. `checkFailed` words a failed check as each screen's spec does.
 */
export function useOperatorActions(checkFailed: (text: string, apiError: boolean) => string = (text) => `Check failed: ${text}`) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingItem[] | null>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const fail = (text: string, title: string) => {
    setError(text);
    toast.show({ title, tone: 'error' });
  };

  const runAll = () =>
    run(async () => {
      toast.show({ title: 'Starting pipeline...' });
      try {
        const { stats } = await operatorApi.runAll();
        setResult(JSON.stringify(stats, null, 2));
        setError(null);
        toast.show({ title: `Pipeline completed: ${stats.processed} processed, ${stats.autoPublished} published`, tone: 'success' });
      } catch (e) {
        const text = message(e, e instanceof ApiError ? 'Unknown error' : 'Network error');
        fail(text, `Pipeline failed: ${text}`);
      }
    });

  const processOne = () =>
    run(async () => {
      toast.show({ title: 'Processing first pending article...' });
      let first: PendingItem | undefined;
      try {
        first = (await operatorApi.pending(1)).items[0];
      } catch (e) {
        const text = message(e, 'Network error');
        return fail(text, `Fetch failed: ${text}`);
      }
      if (!first) return toast.show({ title: 'No pending articles found', tone: 'error' });
      try {
        const res = await operatorApi.processOne(first.id);
        setResult(res.message);
        setError(null);
        toast.show({ title: `Article "${first.title}" processed successfully`, tone: 'success' });
      } catch (e) {
        const text = message(e, 'Unknown error');
        fail(text, `Processing failed: ${text}`);
      }
    });

  const check = () =>
    run(async () => {
      try {
        const { items } = await operatorApi.pending(5);
        setPending(items);
        setError(null);
        toast.show({ title: items.length === 0 ? 'No pending articles found' : `Found ${items.length} pending articles` });
      } catch (e) {
        const text = message(e, 'Network error');
        fail(text, checkFailed(text, e instanceof ApiError));
      }
    });

  return { busy, result, error, pending, runAll, processOne, check };
}
