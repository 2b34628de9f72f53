import { useCallback, useEffect, useState } from 'react';
import { getJson, postJson } from '../../data/api';
import { dateTime } from '../../shared/format';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { BellIcon, PlusIcon, TrashIcon } from '../icons';
import { Badge, Dialog, EmptyState, InlineError, PageHeader, Skeleton, type BadgeTone } from '../ui';
import './alerts.css';

/** Spec 5 and 9: the Alert Manager's options, labels and colours. */
const REGIONS = [
  { value: 'jamaica', label: 'Jamaica' },
  { value: 'barbados', label: 'Barbados' },
  { value: 'trinidad', label: 'Trinidad & Tobago' },
  { value: 'bahamas', label: 'Bahamas' },
  { value: 'caribbean', label: 'Regional' },
] as const;
const LEVELS = ['low', 'medium', 'high', 'critical'] as const;
const STORM_TYPES = ['Hurricane', 'Tropical Storm', 'Depression', 'Flood', 'Earthquake'] as const;
const METHODS = [
  { value: 'email', label: 'E-mail' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'push', label: 'Push' },
] as const;
const LEVEL_TONE: Record<(typeof LEVELS)[number], BadgeTone> = { critical: 'red', high: 'orange', medium: 'yellow', low: 'green' };

type Alert = {
  id: string;
  region: (typeof REGIONS)[number]['value'];
  alert_level: (typeof LEVELS)[number];
  storm_types: string[];
  notification_methods: string[];
  is_active: boolean;
  created_at: string;
  deliveries: number;
  last_delivered_at: string | null;
};
type Delivery = { id: number; event_kind: string; subject: string; status: string; attempts: number; last_error: string | null; created_at: string; sent_at: string | null };

const regionLabel = (value: string) => REGIONS.find((r) => r.value === value)?.label ?? value;
const api = {
  list: () => getJson<{ alerts: Alert[] }>('/api/console/alerts'),
  create: (body: unknown) => postJson<{ alert: Alert }>('/api/console/alerts', body),
  toggle: (id: string, is_active: boolean) => postJson<{ alert: Alert }>(`/api/console/alerts/${id}`, { is_active }, 'PATCH'),
  remove: (id: string) => postJson<{ deleted: boolean }>(`/api/console/alerts/${id}`, {}, 'DELETE'),
  deliveries: (id: string) => getJson<{ deliveries: Delivery[] }>(`/api/console/alerts/${id}/deliveries`),
};
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Alert Manager (/dashboard/alerts): the signed-in user's own alerts. A matching storm advisory
 * or newly published story is e-mailed once per alert and event; WhatsApp and push are kept as
 * preferences only (no provider is configured in this build).
 */
export default function AlertManager() {
  const { user, ready } = useSession();
  const toast = useToast();
  const [alerts, setAlerts] = useState<Alert[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setAlerts((await api.list()).alerts);
      setError(null);
    } catch (e) {
      setError(message(e));
    }
  }, []);
  useEffect(() => {
    if (user) void load();
  }, [user, load]);

  const header = <PageHeader title="Alert Manager" subtitle="Manage your Caribbean weather and news alerts" actions={user ? <button type="button" className="c-button" onClick={() => setCreating(true)}><PlusIcon size={16} /> Create Alert</button> : null} />;
  if (!ready) return <Skeleton rows={2} />;
  if (!user) {
    return (
      <div className="al">
        {header}
        <EmptyState title="Please log in to manage your alerts." action={<a className="c-button" href="/auth">Sign in</a>} />
      </div>
    );
  }

  const toggle = async (alert: Alert) => {
    setBusy(alert.id);
    try {
      await api.toggle(alert.id, !alert.is_active);
      toast.show({ title: alert.is_active ? 'Alert disabled' : 'Alert enabled', description: regionLabel(alert.region), tone: 'success' });
      await load();
    } catch (e) {
      toast.show({ title: 'Error', description: message(e), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const remove = async (alert: Alert) => {
    setBusy(alert.id);
    try {
      await api.remove(alert.id);
      toast.show({ title: 'Alert deleted', description: regionLabel(alert.region), tone: 'success' });
      await load();
    } catch (e) {
      toast.show({ title: 'Error', description: message(e), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="al">
      {header}
      <div className="c-ok-box al-note">
        E-mail alerts go to <strong>{user.email}</strong>, once per alert for each matching storm advisory (National Hurricane Center watches and warnings) and each matching newly published story. WhatsApp and push are saved as preferences, but this build delivers e-mail only: no WhatsApp or push provider is configured.
      </div>
      {error ? <InlineError>Error loading alerts: {error}</InlineError> : null}
      {!alerts ? (
        <Skeleton rows={2} label="Loading alerts…" />
      ) : alerts.length === 0 ? (
        <EmptyState
          title="No alerts configured yet."
          action={
            <button type="button" className="c-button" onClick={() => setCreating(true)}>
              <BellIcon size={16} /> Create Your First Alert
            </button>
          }
        />
      ) : (
        <ul className="c-list">
          {alerts.map((alert) => (
            <AlertRow key={alert.id} alert={alert} busy={busy === alert.id} onToggle={() => void toggle(alert)} onDelete={() => void remove(alert)} />
          ))}
        </ul>
      )}
      {creating ? (
        <CreateAlertDialog
          onClose={() => setCreating(false)}
          onCreated={async () => {
            setCreating(false);
            toast.show({ title: 'Alert created', tone: 'success' });
            await load();
          }}
        />
      ) : null}
    </div>
  );
}

function AlertRow({ alert, busy, onToggle, onDelete }: { alert: Alert; busy: boolean; onToggle: () => void; onDelete: () => void }) {
  const [history, setHistory] = useState<Delivery[] | null>(null);
  const [open, setOpen] = useState(false);
  const show = async () => {
    setOpen((o) => !o);
    if (!history) setHistory((await api.deliveries(alert.id).catch(() => ({ deliveries: [] }))).deliveries);
  };
  return (
    <li className={`c-list-item al-item${alert.is_active ? '' : ' al-off'}`}>
      <div className="c-grow">
        <h3 className="c-row">
          {regionLabel(alert.region)} <Badge tone={LEVEL_TONE[alert.alert_level]}>{alert.alert_level}</Badge>
          {alert.is_active ? <Badge tone="green">Active</Badge> : <Badge tone="grey">Disabled</Badge>}
        </h3>
        <div className="c-meta c-row">
          <span>{alert.storm_types.length ? alert.storm_types.join(', ') : 'All storm types and news'}</span>
          <span>·</span>
          <span>
            {alert.notification_methods
              .map((m) => (m === 'email' ? 'E-mail' : `${METHODS.find((x) => x.value === m)?.label ?? m} (not delivered)`))
              .join(', ')}
          </span>
        </div>
        <div className="c-hint">
          Created {dateTime(alert.created_at)} · {alert.deliveries} e-mail{alert.deliveries === 1 ? '' : 's'} sent{alert.last_delivered_at ? `, last ${dateTime(alert.last_delivered_at)}` : ''}
          {' · '}
          <button type="button" className="al-link" onClick={() => void show()} aria-expanded={open}>
            {open ? 'Hide history' : 'Show history'}
          </button>
        </div>
        {open ? (
          history === null ? (
            <Skeleton rows={1} />
          ) : history.length === 0 ? (
            <p className="c-hint">Nothing has matched this alert yet.</p>
          ) : (
            <ul className="al-history">
              {history.map((d) => (
                <li key={d.id}>
                  <Badge tone={d.status === 'sent' ? 'green' : d.status === 'failed' ? 'red' : 'grey'}>{d.status}</Badge> {d.subject} <span className="c-hint">{dateTime(d.sent_at ?? d.created_at)}</span>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
      <label className="c-check">
        <input type="checkbox" checked={alert.is_active} disabled={busy} onChange={onToggle} /> {alert.is_active ? 'Enabled' : 'Disabled'}
      </label>
      <button type="button" className="c-icon-button" disabled={busy} onClick={onDelete} aria-label={`Delete the ${regionLabel(alert.region)} alert`}>
        <TrashIcon size={16} />
      </button>
    </li>
  );
}

function CreateAlertDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => Promise<void> }) {
  const [region, setRegion] = useState('');
  const [level, setLevel] = useState<(typeof LEVELS)[number]>('medium');
  const [types, setTypes] = useState<string[]>([]);
  const [methods, setMethods] = useState<string[]>(['email']);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const flip = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  const create = async () => {
    if (!region) return; // spec: creation needs a region
    setBusy(true);
    try {
      await api.create({ region, alert_level: level, storm_types: types, notification_methods: methods });
      await onCreated();
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Create Alert"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="c-button c-button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="c-button" disabled={!region || methods.length === 0 || busy} onClick={() => void create()}>
            {busy ? 'Creating…' : 'Create Alert'}
          </button>
        </>
      }
    >
      {error ? <div className="c-gate" role="alert">{error}</div> : null}
      <label className="c-field">
        <span>Region</span>
        <select value={region} onChange={(e) => setRegion(e.target.value)} required>
          <option value="">Choose a region</option>
          {REGIONS.map((r) => (
            <option key={r.value} value={r.value}>{r.label}</option>
          ))}
        </select>
      </label>
      <label className="c-field">
        <span>Alert level</span>
        <select value={level} onChange={(e) => setLevel(e.target.value as (typeof LEVELS)[number])}>
          {LEVELS.map((l) => (
            <option key={l} value={l}>{l}</option>
          ))}
        </select>
        <span className="c-hint">Events at this level or above: a storm watch is medium, a tropical-storm warning high, a hurricane or storm-surge warning critical; a story has its risk level.</span>
      </label>
      <fieldset className="c-field al-fieldset">
        <legend className="c-label">Storm types</legend>
        {STORM_TYPES.map((t) => (
          <label key={t} className="c-check">
            <input type="checkbox" checked={types.includes(t)} onChange={() => setTypes((l) => flip(l, t))} /> {t}
          </label>
        ))}
        <span className="c-hint">None chosen: every storm advisory and news story in the region.</span>
      </fieldset>
      <fieldset className="c-field al-fieldset">
        <legend className="c-label">Notification methods</legend>
        {METHODS.map((m) => (
          <label key={m.value} className="c-check">
            <input type="checkbox" checked={methods.includes(m.value)} onChange={() => setMethods((l) => flip(l, m.value))} /> {m.label}
            {m.value === 'email' ? '' : ' (saved; not delivered in this build)'}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
