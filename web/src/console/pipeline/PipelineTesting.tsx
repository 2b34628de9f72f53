import { useSession } from '../../shared/session';
import { useOperatorActions } from '../../shared/useOperatorActions';
import { Card, PageHeader } from '../ui';
import './pipeline.css';

/**
 * Pipeline Testing (/dashboard/pipeline-test): the operator's debug panel, on the same operator API
 * as the reader site's ?debug=true panel (admins only): run the whole pipeline, process the first
 * pending source item through every stage, check what is pending. Texts are the spec's.
 */
export default function PipelineTesting() {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const { busy, result, error, pending, runAll, processOne, check } = useOperatorActions((text, apiError) => (apiError ? `Failed to check articles: ${text}` : `Check failed: ${text}`));

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
