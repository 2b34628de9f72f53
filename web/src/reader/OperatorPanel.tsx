import { useT } from '../i18n/i18n';
import { useOperatorActions } from '../shared/useOperatorActions';

/**
 * The prototype's ?debug=true pipeline panel. Shown only to admins, and every call it makes is
 * checked for the admin role on the server as well.
 */
export default function OperatorPanel() {
  const t = useT();
  const { busy, result, error, pending, runAll, processOne, check } = useOperatorActions();

  return (
    <section className="operator-panel card" aria-labelledby="operator-title">
      <h2 id="operator-title">{t('operator.title')}</h2>
      <div className="operator-actions">
        <button type="button" disabled={busy} onClick={() => void runAll()}>
          {t('operator.runAll')}
        </button>
        <button type="button" disabled={busy} onClick={() => void processOne()}>
          {t('operator.processOne')}
        </button>
        <button type="button" disabled={busy} onClick={() => void check()}>
          {t('operator.check')}
        </button>
      </div>
      {pending && pending.length > 0 ? (
        <>
          <h3>{t('operator.pending')}</h3>
          <ul>
            {pending.map((p) => (
              <li key={p.id}>
                {p.title}{' '}
                <span className="muted">
                  ({p.processing_status}, {p.created_at})
                </span>
              </li>
            ))}
          </ul>
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
