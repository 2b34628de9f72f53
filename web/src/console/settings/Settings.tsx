import { useCallback, useEffect, useState } from 'react';
import { getJson, postJson } from '../../data/api';
import { dateTime } from '../../shared/format';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { CheckIcon, CopyIcon, RefreshIcon } from '../icons';
import { Badge, Card, EmptyState, InlineError, PageHeader, Skeleton, StatCard, Tabs } from '../ui';
import './settings.css';

type SanitySettings = { projectId: string | null; dataset: string; studioUrl: string | null; token: { set: boolean; last4: string | null }; updated_at: string | null; updated_by: string | null };
type SanityAnswer = { sanity: SanitySettings; webhookUrl: string; webhookSecretSet: boolean };
type Notifications = { sendReports: boolean; failureReports: boolean; updated_at: string | null; updated_by: string | null };
type User = { id: string; email: string; role: 'reader' | 'editor' | 'admin'; identities: string[]; created_at: string; last_sign_in_at: string | null };
type System = {
  database: { mode: 'embedded' | 'postgres' };
  ai: { provider: 'openai' | 'offline'; model: string | null; baseUrlHost: string | null };
  mail: { configured: boolean };
  publicUrl: string | null;
  scheduler: { running: boolean; jobs: string[]; detail?: string };
  lastPipelineRun: { stage: string; status: string; started_at: string; finished_at: string | null; processed: number; auto_published: number; flagged_for_review: number; failed: number; actor: string; error: string | null } | null;
  counts: Record<string, number>;
  checkedAt: string;
};

type TabKey = 'sanity' | 'notifications' | 'users' | 'system';
const TABS = [
  { key: 'sanity' as const, label: 'Sanity CMS' },
  { key: 'notifications' as const, label: 'Notifications' },
  { key: 'users' as const, label: 'User Management' },
  { key: 'system' as const, label: 'System' },
];
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Settings (/dashboard/settings): admin-only, like the APIs behind it. */
export default function Settings() {
  const { user } = useSession();
  const [tab, setTab] = useState<TabKey>('sanity');
  if (user?.role !== 'admin') {
    return (
      <div className="st">
        <PageHeader title="Settings" />
        <EmptyState title="Settings are for administrators">You are signed in as an editor. Ask an administrator to change the CMS connection, notifications or user roles.</EmptyState>
      </div>
    );
  }
  return (
    <div className="st">
      <PageHeader title="Settings" subtitle="The CMS connection, e-mail notifications, who may use the console, and how this C360 runs." />
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="Settings">
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
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.show({ title: 'Copied to clipboard', description: `${label} copied successfully`, tone: 'success' });
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.show({ title: 'Copy failed', description: 'Select the text and copy it by hand.', tone: 'error' });
    }
  };
  return (
    <div className="c-field">
      <span>{label}</span>
      <div className="c-row st-copy">
        <input type="text" value={value} readOnly className="c-mono c-grow" aria-label={label} />
        <button type="button" className="c-button c-button-ghost c-button-small" onClick={() => void copy()} aria-label={`Copy ${label}`}>
          {copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
        </button>
      </div>
    </div>
  );
}

function SanityTab() {
  const toast = useToast();
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
      toast.show({ title: 'Settings saved', description: 'Sanity CMS settings were saved.', tone: 'success' });
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };

  if (!answer) return error ? <InlineError>Error loading settings: {error}</InlineError> : <Skeleton rows={3} />;
  const s = answer.sanity;
  return (
    <Card title="Sanity CMS">
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
            <span>Project ID</span>
            <input type="text" value={projectId} onChange={(e) => setProjectId(e.target.value)} placeholder="abc123de" autoComplete="off" />
          </label>
          <label className="c-field">
            <span>Dataset</span>
            <input type="text" value={dataset} onChange={(e) => setDataset(e.target.value)} autoComplete="off" />
          </label>
        </div>
        <label className="c-field">
          <span>Studio URL</span>
          <input type="text" value={s.studioUrl ?? 'Set a project ID first'} readOnly className="c-mono" />
          <span className="c-hint">Sanity's default hosted studio address for this project.</span>
        </label>
        <label className="c-field">
          <span>API token</span>
          <input type="password" value={token} onChange={(e) => setToken(e.target.value)} placeholder={s.token.set ? `•••••••• ${s.token.last4 ?? ''} (leave empty to keep)` : 'Paste a Sanity API token'} autoComplete="new-password" />
          <span className="c-hint">
            {s.token.set ? `A token ending in ${s.token.last4} is stored, encrypted. It is never shown or sent back.` : 'No token stored. It is kept encrypted and never shown again once saved.'}
          </span>
        </label>
        <CopyField label="Webhook URL" value={answer.webhookUrl} />
        <p className="c-hint">
          Webhook secret (SANITY_WEBHOOK_SECRET): {answer.webhookSecretSet ? 'set: deliveries must carry a valid signature.' : 'not set: every delivery is refused (unless C360_SANITY_INSECURE_DEV=1, development only).'}
        </p>
        <div className="c-row">
          <button type="submit" className="c-button" disabled={busy}>
            {busy ? 'Saving…' : 'Save Settings'}
          </button>
          {s.token.set ? (
            <button type="button" className="c-button c-button-ghost" disabled={busy} onClick={() => void save({ token: null })}>
              Remove token
            </button>
          ) : null}
          {s.updated_at ? <span className="c-hint">Last saved {dateTime(s.updated_at)} by {s.updated_by}</span> : null}
        </div>
      </form>
    </Card>
  );
}

function NotificationsTab() {
  const toast = useToast();
  const [settings, setSettings] = useState<Notifications | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getJson<{ notifications: Notifications }>('/api/admin/settings/notifications').then((r) => setSettings(r.notifications), (e) => setError(message(e)));
  }, []);
  const change = async (patch: Partial<Notifications>) => {
    try {
      setSettings((await postJson<{ notifications: Notifications }>('/api/admin/settings/notifications', patch, 'PUT')).notifications);
      toast.show({ title: 'Settings saved', tone: 'success' });
    } catch (e) {
      toast.show({ title: 'Error', description: message(e), tone: 'error' });
    }
  };
  if (!settings) return error ? <InlineError>Error loading settings: {error}</InlineError> : <Skeleton rows={2} />;
  return (
    <Card title="E-mail notifications">
      <div className="st-toggles">
        <label className="c-check">
          <input type="checkbox" checked={settings.sendReports} onChange={(e) => void change({ sendReports: e.target.checked })} />
          <span>
            <strong>Send reports</strong>: the editor who sends a newsletter gets a report when the send finishes (delivered, failed, refused).
          </span>
        </label>
        <label className="c-check">
          <input type="checkbox" checked={settings.failureReports} onChange={(e) => void change({ failureReports: e.target.checked })} />
          <span>
            <strong>Failure reports</strong>: every administrator gets the report when a newsletter send finishes with deliveries that failed.
          </span>
        </label>
      </div>
      <p className="c-hint">Personal storm and news alerts are set by each editor in the Alert Manager.{settings.updated_at ? ` Last changed ${dateTime(settings.updated_at)} by ${settings.updated_by}.` : ''}</p>
    </Card>
  );
}

function UsersTab({ me }: { me: string }) {
  const toast = useToast();
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
      toast.show({ title: 'Role changed', description: `${user.email} is now ${role === 'admin' ? 'an admin' : `a ${role}`}.`, tone: 'success' });
    } catch (e) {
      toast.show({ title: 'Error', description: message(e), tone: 'error' });
    }
    await load();
  };
  return (
    <Card title="User Management" actions={<button type="button" className="c-button c-button-ghost c-button-small" onClick={() => void load()}><RefreshIcon size={14} /> Refresh</button>}>
      <p className="c-hint">Readers use the site; editors also use the console; admins also manage users and settings. A change applies from the person's next request; the last admin cannot be demoted.</p>
      {error ? <InlineError>Error loading users: {error}</InlineError> : null}
      {!users ? (
        <Skeleton rows={3} />
      ) : (
        <div className="c-table-wrap">
          <table className="c-table">
            <thead>
              <tr>
                <th>E-mail</th>
                <th>Role</th>
                <th>Sign-in</th>
                <th>Last sign-in</th>
                <th>Since</th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u.id}>
                  <td className="c-cell-id">
                    {u.email} {u.email === me ? <Badge tone="blue">you</Badge> : null}
                  </td>
                  <td>
                    <select value={u.role} onChange={(e) => void setRole(u, e.target.value as User['role'])} aria-label={`Role of ${u.email}`}>
                      <option value="reader">reader</option>
                      <option value="editor">editor</option>
                      <option value="admin">admin</option>
                    </select>
                  </td>
                  <td>{u.identities.join(', ')}</td>
                  <td className="c-nowrap">{u.last_sign_in_at ? dateTime(u.last_sign_in_at) : '—'}</td>
                  <td className="c-nowrap">{dateTime(u.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

const COUNT_LABELS: Record<string, string> = {
  stories: 'Stories',
  published: 'Published',
  awaitingReview: 'Awaiting review',
  sourceItems: 'Source items',
  pendingItems: 'Pending items',
  feeds: 'Feeds',
  users: 'Accounts',
  editors: 'Editors and admins',
  subscribers: 'Newsletter subscribers',
  activeAlerts: 'Active alerts',
  newsletters: 'Newsletters',
  pageViews24h: 'Page views (24 h)',
};

function SystemTab() {
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
  if (!system) return error ? <InlineError>Error loading the system status: {error}</InlineError> : <Skeleton rows={3} />;
  const run = system.lastPipelineRun;
  return (
    <>
      <div className="c-stats">
        <StatCard label="Database" value={system.database.mode === 'postgres' ? 'PostgreSQL' : 'Embedded'} note={system.database.mode === 'postgres' ? 'DATABASE_URL' : 'PGlite in the data directory; one process'} />
        <StatCard label="AI provider" value={system.ai.provider === 'openai' ? 'OpenAI-compatible' : 'Offline'} note={system.ai.provider === 'openai' ? `${system.ai.model} at ${system.ai.baseUrlHost}` : 'built-in NLP, no network (no OPENAI_API_KEY)'} tone="purple" />
        <StatCard label="Scheduler" value={system.scheduler.running ? 'Running' : 'Not running'} note={system.scheduler.running ? system.scheduler.jobs.join(', ') : system.scheduler.detail} tone={system.scheduler.running ? 'green' : 'orange'} />
        <StatCard label="E-mail" value={system.mail.configured ? 'Configured' : 'Not configured'} note={system.mail.configured ? 'newsletters and alerts are sent' : 'set SMTP_URL to send newsletters and alerts'} tone={system.mail.configured ? 'green' : 'red'} />
      </div>
      <Card title="Last pipeline run" actions={<button type="button" className="c-button c-button-ghost c-button-small" onClick={() => void load()}><RefreshIcon size={14} /> Refresh</button>}>
        {run ? (
          <div className="c-row">
            <Badge tone={run.status === 'succeeded' ? 'green' : run.status === 'running' ? 'blue' : 'red'}>{run.status}</Badge>
            <span>
              {run.stage} · started {dateTime(run.started_at)}
              {run.finished_at ? ` · finished ${dateTime(run.finished_at)}` : ''} · by {run.actor}
            </span>
            <span className="c-hint">
              {run.processed} processed, {run.auto_published} auto-published, {run.flagged_for_review} flagged for review, {run.failed} failed
            </span>
            {run.error ? <InlineError>{run.error}</InlineError> : null}
          </div>
        ) : (
          <p className="c-hint">The pipeline has not run yet.</p>
        )}
      </Card>
      <Card title="Counts">
        <div className="st-counts">
          {Object.entries(system.counts).map(([key, value]) => (
            <div key={key} className="st-count">
              <span className="c-hint">{COUNT_LABELS[key] ?? key}</span>
              <strong>{value.toLocaleString('en-US')}</strong>
            </div>
          ))}
        </div>
        <p className="c-hint">
          Public address: {system.publicUrl ?? 'not set (C360_PUBLIC_URL); links in e-mails use the address the console was opened at'} · checked {dateTime(system.checkedAt)}
        </p>
      </Card>
    </>
  );
}
