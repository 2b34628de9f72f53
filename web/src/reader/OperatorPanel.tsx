import { useState } from 'react';
import { ApiError, getJson, postJson } from '../data/api';
import { useT } from '../i18n/i18n';
import { useToast } from '../shared/toasts';

type Stats = { processed: number; autoPublished: number; flaggedForReview: number; failed: number };
type Pending = { id: string; title: string; processing_status: string; created_at: string };

/**
 * The prototype's ?debug=true pipeline panel. Shown only to admins, and every call it makes is
 * checked for the admin role on the server as well.
 */
export default function OperatorPanel() {
  const t = useT();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending[]>([]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  const message = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message : e instanceof Error && e.message ? e.message : fallback);

  const runAll = () =>
    run(async () => {
      toast.show({ title: 'Starting pipeline...' });
      try {
        const { stats } = await postJson<{ stats: Stats }>('/api/admin/pipeline/run', {});
        setResult(JSON.stringify(stats, null, 2));
        setError(null);
        toast.show({ title: `Pipeline completed: ${stats.processed} processed, ${stats.autoPublished} published`, tone: 'success' });
      } catch (e) {
        const text = message(e, e instanceof ApiError ? 'Unknown error' : 'Network error');
        setError(text);
        toast.show({ title: `Pipeline failed: ${text}`, tone: 'error' });
      }
    });

  const processOne = () =>
    run(async () => {
      toast.show({ title: 'Processing first pending article...' });
      let first: Pending | undefined;
      try {
        first = (await getJson<{ items: Pending[] }>('/api/admin/pipeline/pending?limit=1')).items[0];
      } catch (e) {
        const text = message(e, 'Network error');
        setError(text);
        return toast.show({ title: `Fetch failed: ${text}`, tone: 'error' });
      }
      if (!first) return toast.show({ title: 'No pending articles found', tone: 'error' });
      try {
        const res = await postJson<{ message: string }>('/api/admin/pipeline/process', { articleId: first.id });
        setResult(res.message);
        setError(null);
        toast.show({ title: `Article "${first.title}" processed successfully`, tone: 'success' });
      } catch (e) {
        const text = message(e, 'Unknown error');
        setError(text);
        toast.show({ title: `Processing failed: ${text}`, tone: 'error' });
      }
    });

  const check = () =>
    run(async () => {
      try {
        const { items } = await getJson<{ items: Pending[] }>('/api/admin/pipeline/pending?limit=5');
        setPending(items);
        setError(null);
        toast.show({ title: items.length === 0 ? 'No pending articles found' : `Found ${items.length} pending articles` });
      } catch (e) {
        const text = message(e, 'Network error');
        setError(text);
        toast.show({ title: `Check failed: ${text}`, tone: 'error' });
      }
    });

  return (
    <section className="operator-panel card" aria-labelledby="operator-title">
      <h2 id="operator-title">{t('operator.title')}</h2>
      <div className="operator-actions">
        <button type="button" disabled={busy} onClick={() => void runAll()}>{t('operator.runAll')}</button>
        <button type="button" disabled={busy} onClick={() => void processOne()}>{t('operator.processOne')}</button>
        <button type="button" disabled={busy} onClick={() => void check()}>{t('operator.check')}</button>
      </div>
      {pending.length > 0 ? (
        <>
          <h3>{t('operator.pending')}</h3>
          <ul>{pending.map((p) => <li key={p.id}>{p.title} <span className="muted">({p.processing_status}, {p.created_at})</span></li>)}</ul>
        </>
      ) : null}
      {result ? (
        <>
          <h3>{t('operator.lastResult')}</h3>
          <pre className="log-panel">{result}</pre>
        </>
      ) : null}
      {error ? (
        <div className="error-card" role="alert">
          <h3>{t('operator.lastError')}</h3>
          <p>{error}</p>
          <p className="muted">{t('operator.checkLogs')}</p>
          <p className="muted">{t('operator.tips')}</p>
        </div>
      ) : null}
    </section>
  );
}
