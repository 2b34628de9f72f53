import { useSession } from '../../shared/session';
import { useOperatorActions } from '../../shared/useOperatorActions';
import { Card, PageHeader } from '../ui';
import { useConsoleI18n } from '../console-i18n';
import './pipeline.css';

/**
 * Pipeline Testing (/dashboard/pipeline-test): the operator's debug panel, on the same operator API
 * as the reader site's ?debug=true panel (admins only): run the whole pipeline, process the first
 * pending source item through every stage, check what is pending. Texts are the spec's.
 */
export default function PipelineTesting() {
  const { user } = useSession();
  const { t, fmt } = useConsoleI18n();
  const isAdmin = user?.role === 'admin';
  const { busy, result, error, pending, runAll, processOne, check } = useOperatorActions((text, apiError) =>
    t(apiError ? 'console.pipeline.testing.checkFailedApi' : 'console.pipeline.testing.checkFailed', { text }),
  );

  return (
    <div className="pl">
      <PageHeader title={t('console.nav.pipeline-test')} subtitle={t('console.pipeline.testing.subtitle')} />
      {!isAdmin ? <div className="c-inline-error">{t('console.pipeline.testing.adminOnly')}</div> : null}
      <Card title={t('console.pipeline.testing.panel')}>
        <div className="c-row">
          <button type="button" className="c-button" disabled={busy || !isAdmin} onClick={() => void runAll()}>
            {t('console.pipeline.runFull')}
          </button>
          <button type="button" className="c-button c-button-ghost" disabled={busy || !isAdmin} onClick={() => void processOne()}>
            {t('console.pipeline.testing.processFirst')}
          </button>
          <button type="button" className="c-button c-button-ghost" disabled={busy || !isAdmin} onClick={() => void check()}>
            {t('console.pipeline.testing.checkPending')}
          </button>
        </div>
        <p className="c-hint">{t('console.pipeline.testing.hint')}</p>
      </Card>
      {pending ? (
        <Card title={t('console.pipeline.testing.pending', { n: fmt.number(pending.length) })}>
          {pending.length === 0 ? (
            <p className="c-hint">{t('console.pipeline.testing.noPending')}</p>
          ) : (
            <ul className="pl-list" data-testid="pending-list">
              {pending.map((p) => (
                <li key={p.id}>
                  <strong lang="en">{p.title}</strong>{' '}
                  <span className="c-hint">
                    (<span lang="en">{p.processing_status}</span>, {fmt.dateTime(p.created_at)})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      ) : null}
      {result ? (
        <Card title={t('console.pipeline.testing.lastResult')}>
          <pre className="pl-logs" data-testid="test-result" lang="en">
            {result}
          </pre>
        </Card>
      ) : null}
      {error ? (
        <Card title={t('console.pipeline.testing.errorDetails')}>
          <div className="c-gate" role="alert" lang="en">
            {error}
          </div>
          <p className="c-hint">{t('console.pipeline.testing.logsHint')}</p>
        </Card>
      ) : null}
    </div>
  );
}
