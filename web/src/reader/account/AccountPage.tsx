import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../../data/api';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { LoadError, Spinner } from '../Spinner';
import { meApi, type AlertEmail, type Follows, type NewAlert, type ReaderAlert } from './api';
import { ChangePassword, DeleteAccount } from './AccountSecurity';
import { FollowPicker } from './FollowPicker';
import { islandName, useAccountT, type AccountT } from './i18n';
import { RequireSignIn } from './RequireSignIn';
import './account.css';

/** /account: what the reader follows, and their e-mail alerts. */
export default function AccountPage() {
  return (
    <RequireSignIn>
      <Account />
    </RequireSignIn>
  );
}

function Account() {
  const t = useAccountT();
  const { user } = useSession();
  const [follows, setFollows] = useState<{ follows: Follows; options: Follows } | null>(null);
  const [alerts, setAlerts] = useState<ReaderAlert[] | null>(null);
  const [email, setEmail] = useState<AlertEmail | null>(null);
  const [failed, setFailed] = useState(false);
  // The confirmation link lands here (/account?email_confirmed=1#alerts).
  const [justConfirmed] = useState(() => typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('email_confirmed'));

  useEffect(() => {
    Promise.all([meApi.follows(), meApi.alerts()]).then(
      ([f, a]) => {
        setFollows(f);
        setAlerts(a.alerts);
        setEmail(a.email);
      },
      () => setFailed(true),
    );
  }, []);

  if (failed) return <LoadError onRetry={() => window.location.reload()} />;
  if (!follows || !alerts) return <Spinner />;
  return (
    <div className="account-page">
      <h1>{t('readerAccount.settingsTitle')}</h1>
      <section aria-labelledby="follows-title">
        <h2 id="follows-title">{t('readerAccount.chooseFollows')}</h2>
        <FollowPicker follows={follows.follows} options={follows.options} onSaved={(f) => setFollows({ ...follows, follows: f })} />
      </section>
      <section id="alerts" aria-labelledby="alerts-title">
        <h2 id="alerts-title">{t('readerAccount.alertsTitle')}</h2>
        <p className="muted">{t('readerAccount.alertsIntro', { email: user?.email ?? '' })}</p>
        {email?.confirmed && justConfirmed ? (
          <p className="confirm-email-notice" role="status">
            {t('readerAccount.emailConfirmed')}
          </p>
        ) : null}
        {email && !email.confirmed ? <ConfirmEmailNotice email={email} onChange={setEmail} /> : null}
        {alerts.length === 0 ? (
          <p>{t('readerAccount.noAlerts')}</p>
        ) : (
          <ul className="reader-alert-list">
            {alerts.map((alert) => (
              <AlertRow
                key={alert.id}
                alert={alert}
                onChange={(next, e) => {
                  setAlerts(alerts.map((a) => (a.id === next.id ? next : a)));
                  if (e) setEmail(e);
                }}
                onDelete={() => setAlerts(alerts.filter((a) => a.id !== alert.id))}
              />
            ))}
          </ul>
        )}
        <NewAlertForm
          islands={follows.options.regions}
          onAdded={(alert, e) => {
            setAlerts([alert, ...alerts]);
            setEmail(e);
          }}
        />
      </section>
      <ChangePassword />
      <DeleteAccount />
    </div>
  );
}

/** While the address is unconfirmed, alerts are not e-mailed: say so, and offer the link again. */
function ConfirmEmailNotice({ email, onChange }: { email: AlertEmail; onChange: (e: AlertEmail) => void }) {
  const t = useAccountT();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  if (!email.mail_configured) {
    return (
      <p className="confirm-email-notice" role="status">
        {t('readerAccount.confirmEmailNoMail', { email: email.address })}
      </p>
    );
  }
  const sendAgain = async () => {
    setBusy(true);
    setNote(null);
    try {
      const { email: next } = await meApi.confirmEmail();
      onChange(next);
      setNote(
        next.outcome === 'recently_sent'
          ? t('readerAccount.confirmEmailWait')
          : next.outcome === 'mail_unavailable'
            ? t('readerAccount.confirmEmailNoMail', { email: next.address })
            : t('readerAccount.confirmEmailSent', { email: next.address }),
      );
    } catch (error) {
      setNote(error instanceof ApiError ? error.message : t('readerAccount.confirmEmailFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="confirm-email-notice" role="status">
      <p>
        {email.sent_at ? t('readerAccount.confirmEmailPending', { email: email.address }) : t('readerAccount.confirmEmailNeeded', { email: email.address })}
      </p>
      <button type="button" className="button-secondary" disabled={busy} onClick={() => void sendAgain()}>
        {email.sent_at ? t('readerAccount.confirmEmailSendAgain') : t('readerAccount.confirmEmailSend')}
      </button>
      {note ? <p className="muted">{note}</p> : null}
    </div>
  );
}

function describeAlert(t: AccountT, alert: ReaderAlert): string {
  const place = alert.scope === 'region' && alert.place ? islandName(t, alert.place) : t('readerAccount.whatYouFollow');
  const level =
    alert.kind === 'storm'
      ? t(alert.alert_level === 'low' || alert.alert_level === 'medium' ? 'readerAccount.levelWatches' : 'readerAccount.levelWarnings')
      : t(alert.alert_level === 'low' ? 'readerAccount.levelAll' : 'readerAccount.levelImportant');
  return `${t(alert.kind === 'storm' ? 'readerAccount.stormFor' : 'readerAccount.storyFor', { place })} · ${level}`;
}

function AlertRow({ alert, onChange, onDelete }: { alert: ReaderAlert; onChange: (a: ReaderAlert, email?: AlertEmail) => void; onDelete: () => void }) {
  const t = useAccountT();
  const toast = useToast();
  const act = async (fn: () => Promise<void>) => {
    try {
      await fn();
    } catch {
      toast.show({ title: t('readerAccount.error'), tone: 'error' });
    }
  };
  return (
    <li className="alert-row">
      <label className="alert-toggle">
        <input
          type="checkbox"
          checked={alert.is_active}
          onChange={() =>
            void act(async () => {
              const next = await meApi.setAlertActive(alert.id, !alert.is_active);
              onChange(next.alert, next.email);
            })
          }
        />
        <span>{describeAlert(t, alert)}</span>
      </label>
      <span className="muted">{t('readerAccount.sent', { n: alert.deliveries })}</span>
      <button
        type="button"
        className="button-secondary"
        onClick={() =>
          void act(async () => {
            await meApi.deleteAlert(alert.id);
            onDelete();
          })
        }
      >
        {t('readerAccount.delete')}
      </button>
    </li>
  );
}

function NewAlertForm({ islands, onAdded }: { islands: string[]; onAdded: (alert: ReaderAlert, email: AlertEmail) => void }) {
  const t = useAccountT();
  const [kind, setKind] = useState<NewAlert['kind']>('storm');
  const [scope, setScope] = useState<NewAlert['scope']>('follows');
  const [place, setPlace] = useState(islands[0] ?? 'jamaica');
  const [important, setImportant] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const level = kind === 'storm' ? (important ? 'high' : 'medium') : important ? 'high' : 'low';
      const { alert, email } = await meApi.addAlert({ kind, scope, ...(scope === 'region' ? { place } : {}), alert_level: level });
      onAdded(alert, email);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('readerAccount.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="new-alert" onSubmit={submit}>
      <h3>{t('readerAccount.newAlert')}</h3>
      <label>
        {t('readerAccount.alertKind')}
        <select value={kind} onChange={(e) => setKind(e.target.value as NewAlert['kind'])}>
          <option value="storm">{t('readerAccount.stormAlert')}</option>
          <option value="story">{t('readerAccount.storyAlert')}</option>
        </select>
      </label>
      <label>
        {t('readerAccount.alertScope')}
        <select value={scope} onChange={(e) => setScope(e.target.value as NewAlert['scope'])}>
          <option value="follows">{t('readerAccount.scopeFollows')}</option>
          <option value="region">{t('readerAccount.scopeRegion')}</option>
        </select>
      </label>
      {scope === 'region' ? (
        <label>
          {t('readerAccount.island')}
          <select value={place} onChange={(e) => setPlace(e.target.value)}>
            {islands.map((key) => (
              <option key={key} value={key}>
                {islandName(t, key)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        {t('readerAccount.alertLevel')}
        <select value={important ? 'important' : 'all'} onChange={(e) => setImportant(e.target.value === 'important')}>
          <option value="all">{t(kind === 'storm' ? 'readerAccount.levelWatches' : 'readerAccount.levelAll')}</option>
          <option value="important">{t(kind === 'storm' ? 'readerAccount.levelWarnings' : 'readerAccount.levelImportant')}</option>
        </select>
      </label>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {t('readerAccount.addAlert')}
      </button>
    </form>
  );
}
