import { useState } from 'react';
import { ApiError } from '../../data/api';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { Card, PageHeader } from '../ui';
import { pipelineApi, type PendingItem } from './api';
import './pipeline.css';

/**
 * Pipeline Testing (/dashboard/pipeline-test): the operator's debug panel, on the same operator API
 * as the reader site's ?debug=true panel (admins only): run the whole pipeline, process the first
 * pending source item through every stage, check what is pending. Texts are the spec's.
 */
export default function PipelineTesting() {
  const toast = useToast();
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingItem[] | null>(null);

  const message = (e: unknown, fallback: string) => (e instanceof ApiError ? e.message || fallback : e instanceof Error && e.message ? e.message : fallback);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const runAll = () =>
    run(async () => {
      toast.show({ title: 'Starting pipeline...' });
      try {
        const { stats } = await pipelineApi.runAll();
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
      let first: PendingItem | undefined;
      try {
        first = (await pipelineApi.pending(1)).items[0];
      } catch (e) {
        const text = message(e, 'Network error');
        setError(text);
        return toast.show({ title: `Fetch failed: ${text}`, tone: 'error' });
      }
      if (!first) return toast.show({ title: 'No pending articles found', tone: 'error' });
      try {
        const res = await pipelineApi.processOne(first.id);
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
        const { items } = await pipelineApi.pending(5);
        setPending(items);
        setError(null);
        toast.show({ title: items.length === 0 ? 'No pending articles found' : `Found ${items.length} pending articles` });
      } catch (e) {
        const text = message(e, 'Network error');
        setError(text);
        toast.show({ title: e instanceof ApiError ? `Failed to check articles: ${text}` : `Check failed: ${text}`, tone: 'error' });
      }
    });

  return (
    <div className="pl">
      <PageHeader title="Pipeline Testing" subtitle="Run the pipeline by hand and see what it does: the whole pipeline, one pending source item, or what is waiting." />
      {!isAdmin ? <div className="c-inline-error">Pipeline Testing uses the operator API, which only administrators may call. Ask an administrator, or follow runs in AI Pipeline.</div> : null}
      <Card title="Pipeline test panel">
        <div className="c-row">
          <button type="button" className="c-button" disabled={busy || !isAdmin} onClick={() => void runAll()}>
            Run Full Pipeline
          </button>
          <button type="button" className="c-button c-button-ghost" disabled={busy || !isAdmin} onClick={() => void processOne()}>
            Process First Pending Article
          </button>
          <button type="button" className="c-button c-button-ghost" disabled={busy || !isAdmin} onClick={() => void check()}>
            Check Pending Articles
          </button>
        </div>
        <p className="c-hint">
          Run Full Pipeline fetches the due feeds, processes every pending item and detects patterns, then answers with the run's figures. Processing one article takes the newest pending source item
          through clustering, summary, fact-check and a publish decision.
        </p>
      </Card>
      {pending ? (
        <Card title={`Pending articles (${pending.length})`}>
          {pending.length === 0 ? (
            <p className="c-hint">No pending articles found.</p>
          ) : (
            <ul className="pl-list" data-testid="pending-list">
              {pending.map((p) => (
                <li key={p.id}>
                  <strong>{p.title}</strong>{' '}
                  <span className="c-hint">
                    ({p.processing_status}, {new Date(p.created_at).toLocaleString('en-GB')})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
      {result ? (
        <Card title="Last result">
          <pre className="pl-logs" data-testid="test-result">
            {result}
          </pre>
        </Card>
      ) : null}
      {error ? (
        <Card title="Error Details">
          <div className="c-gate" role="alert">
            {error}
          </div>
          <p className="c-hint">Check the server's logs (JSON lines on its standard error) for the details of what failed.</p>
        </Card>
      ) : null}
    </div>
  );
}
