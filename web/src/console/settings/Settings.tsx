import { useCallback, useEffect, useState } from 'react';
import { getJson, postJson } from '../../data/api';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { CheckIcon, CopyIcon, RefreshIcon } from '../icons';
import { known, useConsoleI18n } from '../console-i18n';
import { Badge, Card, EmptyState, InlineError, PageHeader, Skeleton, StatCard, Tabs } from '../ui';
import './settings.css';

type SanitySettings = {
  projectId: string | null;
  dataset: string;
  studioUrl: string | null;
  token: { set: boolean; last4: string | null };
  updated_at: string | null;
  updated_by: string | null;
};
type SanityAnswer = { sanity: SanitySettings; webhookUrl: string; webhookSecretSet: boolean };
type Notifications = { sendReports: boolean; failureReports: boolean; updated_at: string | null; updated_by: string | null };
type User = { id: string; email: string; role: 'reader' | 'editor' | 'admin'; identities: string[]; created_at: string; last_sign_in_at: string | null };
type System = {
  database: { mode: 'embedded' | 'postgres' };
  ai: { provider: 'openai' | 'offline'; model: string | null; baseUrlHost: string | null };
  mail: { configured: boolean };
  publicUrl: string | null;
  scheduler: { running: boolean; jobs: string[]; detail?: string };
  lastPipelineRun: {
    stage: string;
    status: string;
    started_at: string;
    finished_at: string | null;
    processed: number;
    auto_published: number;
    flagged_for_review: number;
    failed: number;
    actor: string;
    error: string | null;
  } | null;
  counts: Record<string, number>;
  checkedAt: string;
};

type TabKey = 'sanity' | 'notifications' | 'users' | 'system';
const TAB_KEYS: TabKey[] = ['sanity', 'notifications', 'users', 'system'];
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Settings (/dashboard/settings): admin-only, like the APIs behind it. */
export default function Settings() {
  const { user } = useSession();
  const { t } = useConsoleI18n();
  const [tab, setTab] = useState<TabKey>('sanity');
  const tabs = TAB_KEYS.map((key) => ({ key, label: t(`console.settings.tabs.${key}`) }));
  if (user?.role !== 'admin') {
    return (
      <div className="st">
        <PageHeader title={t('console.settings.title')} />
        <EmptyState title={t('console.settings.adminOnly')}>{t('console.settings.adminOnlyText')}</EmptyState>
      </div>
    );
  }
  return (
    <div className="st">
      <PageHeader title={t('console.settings.title')} subtitle={t('console.settings.subtitle')} />
      <Tabs tabs={tabs} value={tab} onChange={setTab} label={t('console.settings.title')}>
        {tab === 'sanity' ? <SanityTab /> : null}
        {tab === 'notifications' ? <NotificationsTab /> : null}
        {tab === 'users' ? <UsersTab me={user.email} /> : null}
        {tab === 'system' ? <SystemTab /> : null}
      </Tabs>
    </div>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const toast = useToast();
  const { t } = useConsoleI18n();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.show({ title: t('console.settings.copied'), description: t('console.settings.copiedText', { label }), tone: 'success' });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.show({ title: t('console.settings.copyFailed'), description: t('console.settings.copyFailedText'), tone: 'error' });
    }
  };
  return (
    <div className="c-field">
      <span>{label}</span>
      <div className="c-row st-copy">
        <input type="text" value={value} readOnly className="c-mono c-grow" aria-label={label} />
        <button
          type="button"
          className="c-button c-button-ghost c-button-small"
          onClick={() => void copy()}
          aria-label={t('console.settings.copyLabel', { label })}
        >
          {copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
        </button>
      </div>
    </div>
  );
}

function SanityTab() {
  const toast = useToast();
  const { t, fmt } = useConsoleI18n();
  const [answer, setAnswer] = useState<SanityAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [projectId, setProjectId] = useState('');
  const [dataset, setDataset] = useState('production');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);

  const apply = (a: SanityAnswer) => {
    setAnswer(a);
    setProjectId(a.sanity.projectId ?? '');
    setDataset(a.sanity.dataset);
    setToken('');
  };
  useEffect(() => {
    getJson<SanityAnswer>('/api/admin/settings/sanity').then(apply, (e) => setError(message(e)));
  }, []);

  const save = async (extra: { token?: string | null } = {}) => {
    setBusy(true);
    setError(null);
    try {
      const body: Record<string, unknown> = { projectId: projectId.trim() || null, dataset: dataset.trim(), ...extra };
      if (extra.token === undefined && token.trim()) body.token = token.trim();
      apply(await postJson<SanityAnswer>('/api/admin/settings/sanity', body, 'PUT'));
      toast.show({ title: t('console.settings.saved'), description: t('console.settings.sanitySaved'), tone: 'success' });
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };

  if (!answer) return error ? <InlineError>{t('console.settings.loadFailed', { error })}</InlineError> : <Skeleton rows={3} />;
  const s = answer.sanity;
  return (
    <Card title={t('console.settings.tabs.sanity')}>
      {error ? <InlineError>{error}</InlineError> : null}
      <form
        className="st-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="c-form-grid">
          <label className="c-field">
            <span>{t('console.settings.projectId')}</span>
            <input type="text" value={projectId} onChange={(e) => setProjectId(e.target.value)} placeholder="abc123de" autoComplete="off" />
          </label>
          <label className="c-field">
            <span>{t('console.settings.dataset')}</span>
            <input type="text" value={dataset} onChange={(e) => setDataset(e.target.value)} autoComplete="off" />
          </label>
        </div>
        <label className="c-field">
          <span>{t('console.settings.studioUrl')}</span>
          <input type="text" value={s.studioUrl ?? t('console.settings.studioUrlMissing')} readOnly className="c-mono" />
          <span className="c-hint">{t('console.settings.studioUrlHint')}</span>
        </label>
        <label className="c-field">
          <span>{t('console.settings.token')}</span>
          <input
            type="password"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            placeholder={s.token.set ? t('console.settings.tokenKeep', { last4: s.token.last4 ?? '' }) : t('console.settings.tokenPaste')}
            autoComplete="new-password"
          />
          <span className="c-hint">{s.token.set ? t('console.settings.tokenStored', { last4: s.token.last4 ?? '' }) : t('console.settings.tokenNone')}</span>
        </label>
        <CopyField label={t('console.settings.webhookUrl')} value={answer.webhookUrl} />
        <p className="c-hint">{answer.webhookSecretSet ? t('console.settings.secretSet') : t('console.settings.secretUnset')}</p>
        <div className="c-row">
          <button type="submit" className="c-button" disabled={busy}>
            {busy ? t('console.settings.saving') : t('console.settings.save')}
          </button>
          {s.token.set ? (
            <button type="button" className="c-button c-button-ghost" disabled={busy} onClick={() => void save({ token: null })}>
              {t('console.settings.removeToken')}
            </button>
          ) : null}
          {s.updated_at ? (
            <span className="c-hint">{t('console.settings.lastSaved', { time: fmt.dateTime(s.updated_at), by: s.updated_by ?? '' })}</span>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

function NotificationsTab() {
  const toast = useToast();
  const { t, fmt } = useConsoleI18n();
  const [settings, setSettings] = useState<Notifications | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getJson<{ notifications: Notifications }>('/api/admin/settings/notifications').then(
      (r) => setSettings(r.notifications),
      (e) => setError(message(e)),
    );
  }, []);
  const change = async (patch: Partial<Notifications>) => {
    try {
      setSettings((await postJson<{ notifications: Notifications }>('/api/admin/settings/notifications', patch, 'PUT')).notifications);
      toast.show({ title: t('console.settings.saved'), tone: 'success' });
    } catch (e) {
      toast.show({ title: t('console.settings.error'), description: message(e), tone: 'error' });
    }
  };
  if (!settings) return error ? <InlineError>{t('console.settings.loadFailed', { error })}</InlineError> : <Skeleton rows={2} />;
  return (
    <Card title={t('console.settings.notifications')}>
      <div className="st-toggles">
        <label className="c-check">
          <input type="checkbox" checked={settings.sendReports} onChange={(e) => void change({ sendReports: e.target.checked })} />
          <span>
            <strong>{t('console.settings.sendReports')}</strong>: {t('console.settings.sendReportsText')}
          </span>
        </label>
        <label className="c-check">
          <input type="checkbox" checked={settings.failureReports} onChange={(e) => void change({ failureReports: e.target.checked })} />
          <span>
            <strong>{t('console.settings.failureReports')}</strong>: {t('console.settings.failureReportsText')}
          </span>
        </label>
      </div>
      <p className="c-hint">
        {t('console.settings.personalAlerts')}
        {settings.updated_at ? ` ${t('console.settings.lastChanged', { time: fmt.dateTime(settings.updated_at), by: settings.updated_by ?? '' })}` : ''}
      </p>
    </Card>
  );
}

function UsersTab({ me }: { me: string }) {
  const toast = useToast();
  const { t, fmt } = useConsoleI18n();
  const [users, setUsers] = useState<User[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setUsers((await getJson<{ items: User[] }>('/api/admin/users?limit=200')).items);
      setError(null);
    } catch (e) {
      setError(message(e));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const setRole = async (user: User, role: User['role']) => {
    try {
      await postJson(`/api/admin/users/${user.id}`, { role }, 'PATCH');
      toast.show({ title: t('console.settings.roleChanged'), description: t(`console.settings.nowRole.${role}`, { email: user.email }), tone: 'success' });
    } catch (e) {
      toast.show({ title: t('console.settings.error'), description: message(e), tone: 'error' });
    }
    await load();
  };
  const remove = async (user: User) => {
    if (!window.confirm(t('console.settings.removeConfirm', { email: user.email }))) return;
    try {
      await postJson(`/api/admin/users/${user.id}`, undefined, 'DELETE');
      toast.show({ title: t('console.settings.removed'), description: t('console.settings.removedText', { email: user.email }), tone: 'success' });
    } catch (e) {
      toast.show({ title: t('console.settings.error'), description: message(e), tone: 'error' });
    }
    await load();
  };
  return (
    <Card
      title={t('console.settings.tabs.users')}
      actions={
        <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => void load()}>
          <RefreshIcon size={14} /> {t('console.settings.refresh')}
        </button>
      }
    >
      <p className="c-hint">{t('console.settings.rolesHint')}</p>
      {error ? <InlineError>{t('console.settings.usersFailed', { error })}</InlineError> : null}
      {!users ? (
        <Skeleton rows={3} />
      ) : (
        <div className="c-table-wrap">
          <table className="c-table">
            <thead>
              <tr>
                <th>{t('console.settings.email')}</th>
                <th>{t('console.settings.role')}</th>
                <th>{t('console.settings.signIn')}</th>
                <th>{t('console.settings.lastSignIn')}</th>
                <th>{t('console.settings.since')}</th>
                <th>{t('console.settings.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u.id}>
                  <td className="c-cell-id">
                    {u.email} {u.email === me ? <Badge tone="blue">{t('console.settings.you')}</Badge> : null}
                  </td>
                  <td>
                    <select
                      value={u.role}
                      onChange={(e) => void setRole(u, e.target.value as User['role'])}
                      aria-label={t('console.settings.roleOf', { email: u.email })}
                    >
                      <option value="reader">{t('console.settings.roles.reader')}</option>
                      <option value="editor">{t('console.settings.roles.editor')}</option>
                      <option value="admin">{t('console.settings.roles.admin')}</option>
                    </select>
                  </td>
                  <td>{u.identities.join(', ')}</td>
                  <td className="c-nowrap">{u.last_sign_in_at ? fmt.dateTime(u.last_sign_in_at) : '—'}</td>
                  <td className="c-nowrap">{fmt.dateTime(u.created_at)}</td>
                  <td>
                    {u.email === me ? null : (
                      <button
                        type="button"
                        className="c-button c-button-ghost c-button-small"
                        onClick={() => void remove(u)}
                        aria-label={t('console.settings.removeOf', { email: u.email })}
                      >
                        {t('console.settings.remove')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function SystemTab() {
  const { t, fmt } = useConsoleI18n();
  const [system, setSystem] = useState<System | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setSystem(await getJson<System>('/api/admin/system'));
      setError(null);
    } catch (e) {
      setError(message(e));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  if (!system) return error ? <InlineError>{t('console.settings.systemFailed', { error })}</InlineError> : <Skeleton rows={3} />;
  const run = system.lastPipelineRun;
  return (
    <>
      <div className="c-stats">
        <StatCard
          label={t('console.settings.database')}
          value={system.database.mode === 'postgres' ? 'PostgreSQL' : t('console.settings.embedded')}
          note={system.database.mode === 'postgres' ? 'DATABASE_URL' : t('console.settings.embeddedNote')}
        />
        <StatCard
          label={t('console.settings.ai')}
          value={system.ai.provider === 'openai' ? t('console.settings.openai') : t('console.settings.offline')}
          note={
            system.ai.provider === 'openai'
              ? t('console.settings.modelAt', { model: system.ai.model ?? '', host: system.ai.baseUrlHost ?? '' })
              : t('console.settings.offlineNote')
          }
          tone="purple"
        />
        <StatCard
          label={t('console.settings.scheduler')}
          value={system.scheduler.running ? t('console.settings.running') : t('console.settings.notRunning')}
          note={system.scheduler.running ? system.scheduler.jobs.join(', ') : t('console.settings.notRunningNote')}
          tone={system.scheduler.running ? 'green' : 'orange'}
        />
        <StatCard
          label={t('console.settings.email')}
          value={system.mail.configured ? t('console.settings.configured') : t('console.settings.notConfigured')}
          note={system.mail.configured ? t('console.settings.mailOn') : t('console.settings.mailOff')}
          tone={system.mail.configured ? 'green' : 'red'}
        />
      </div>
      <Card
        title={t('console.settings.lastRun')}
        actions={
          <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => void load()}>
            <RefreshIcon size={14} /> {t('console.settings.refresh')}
          </button>
        }
      >
        {run ? (
          <div className="c-row">
            <Badge tone={run.status === 'succeeded' ? 'green' : run.status === 'running' ? 'blue' : 'red'}>
              {known(t, `console.run.${run.status}`, run.status)}
            </Badge>
            <span>
              {known(t, `console.runStage.${run.stage}`, run.stage)} · {t('console.settings.started', { time: fmt.dateTime(run.started_at) })}
              {run.finished_at ? ` · ${t('console.settings.finished', { time: fmt.dateTime(run.finished_at) })}` : ''} ·{' '}
              {t('console.settings.by', { actor: run.actor })}
            </span>
            <span className="c-hint">
              {t('console.settings.runCounts', {
                processed: fmt.number(run.processed),
                published: fmt.number(run.auto_published),
                flagged: fmt.number(run.flagged_for_review),
                failed: fmt.number(run.failed),
              })}
            </span>
            {run.error ? <InlineError>{run.error}</InlineError> : null}
          </div>
        ) : (
          <p className="c-hint">{t('console.settings.noRun')}</p>
        )}
      </Card>
      <Card title={t('console.settings.counts')}>
        <div className="st-counts">
          {Object.entries(system.counts).map(([key, value]) => (
            <div key={key} className="st-count">
              <span className="c-hint">{known(t, `console.settings.count.${key}`, key)}</span>
              <strong>{fmt.number(value)}</strong>
            </div>
          ))}
        </div>
        <p className="c-hint">
          {t('console.settings.publicUrl', { url: system.publicUrl ?? t('console.settings.publicUrlUnset') })} ·{' '}
          {t('console.settings.checked', { time: fmt.dateTime(system.checkedAt) })}
        </p>
      </Card>
    </>
  );
}
