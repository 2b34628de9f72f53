import { useCallback, useEffect, useState } from 'react';
import { getJson, postJson } from '../../data/api';
import { useSession } from '../../shared/session';
import { useToast } from '../../shared/toasts';
import { known, useConsoleI18n } from '../console-i18n';
import { BellIcon, PlusIcon, TrashIcon } from '../icons';
import { Badge, Dialog, EmptyState, InlineError, PageHeader, Skeleton, type BadgeTone } from '../ui';
import './alerts.css';

/** Spec 5 and 9: the Alert Manager's options, labels and colours. */
const REGIONS = [
  { value: 'jamaica', label: 'Jamaica', name: 'Jamaica' },
  { value: 'barbados', label: 'Barbados', name: 'Barbados' },
  { value: 'trinidad', label: 'Trinidad & Tobago', name: 'Trinidad and Tobago' },
  { value: 'bahamas', label: 'Bahamas', name: 'Bahamas' },
  { value: 'caribbean', label: 'Regional', name: '' },
] as const;
const LEVELS = ['low', 'medium', 'high', 'critical'] as const;
const STORM_TYPES = ['Hurricane', 'Tropical Storm', 'Depression', 'Flood', 'Earthquake'] as const;
const METHODS = ['email', 'whatsapp', 'push'] as const;
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
type Delivery = {
  id: number;
  event_kind: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

type ConsoleI18n = ReturnType<typeof useConsoleI18n>;
/** A region's name in the console's language (Intl), "Regional" for the whole Caribbean. */
function regionLabel({ t, fmt, language }: ConsoleI18n, value: string): string {
  const region = REGIONS.find((r) => r.value === value);
  if (!region) return value;
  if (!region.name) return t('console.alerts.regional');
  return language === 'EN' ? region.label : fmt.region(region.name);
}
const methodLabel = (t: ConsoleI18n['t'], method: string) => known(t, `console.alerts.method.${method}`, method);
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
  const i18n = useConsoleI18n();
  const { t } = i18n;
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

  const header = (
    <PageHeader
      title={t('console.alerts.title')}
      subtitle={t('console.alerts.subtitle')}
      actions={
        user ? (
          <button type="button" className="c-button" onClick={() => setCreating(true)}>
            <PlusIcon size={16} /> {t('console.alerts.create')}
          </button>
        ) : null
      }
    />
  );
  if (!ready) return <Skeleton rows={2} />;
  if (!user) {
    return (
      <div className="al">
        {header}
        <EmptyState
          title={t('console.alerts.logIn')}
          action={
            <a className="c-button" href="/auth">
              {t('console.alerts.signIn')}
            </a>
          }
        />
      </div>
    );
  }

  const toggle = async (alert: Alert) => {
    setBusy(alert.id);
    try {
      await api.toggle(alert.id, !alert.is_active);
      toast.show({
        title: alert.is_active ? t('console.alerts.disabledToast') : t('console.alerts.enabledToast'),
        description: regionLabel(i18n, alert.region),
        tone: 'success',
      });
      await load();
    } catch (e) {
      toast.show({ title: t('console.alerts.error'), description: message(e), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const remove = async (alert: Alert) => {
    setBusy(alert.id);
    try {
      await api.remove(alert.id);
      toast.show({ title: t('console.alerts.deleted'), description: regionLabel(i18n, alert.region), tone: 'success' });
      await load();
    } catch (e) {
      toast.show({ title: t('console.alerts.error'), description: message(e), tone: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="al">
      {header}
      <div className="c-ok-box al-note">
        {t('console.alerts.noteBefore')} <strong>{user.email}</strong>
        {t('console.alerts.noteAfter')}
      </div>
      {error ? <InlineError>{t('console.alerts.loadFailed', { error })}</InlineError> : null}
      {!alerts ? (
        <Skeleton rows={2} label={t('console.alerts.loading')} />
      ) : alerts.length === 0 ? (
        <EmptyState
          title={t('console.alerts.empty')}
          action={
            <button type="button" className="c-button" onClick={() => setCreating(true)}>
              <BellIcon size={16} /> {t('console.alerts.createFirst')}
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
            toast.show({ title: t('console.alerts.created'), tone: 'success' });
            await load();
          }}
        />
      ) : null}
    </div>
  );
}

function AlertRow({ alert, busy, onToggle, onDelete }: { alert: Alert; busy: boolean; onToggle: () => void; onDelete: () => void }) {
  const i18n = useConsoleI18n();
  const { t, tn, fmt } = i18n;
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
          {regionLabel(i18n, alert.region)}{' '}
          <Badge tone={LEVEL_TONE[alert.alert_level]}>{known(t, `console.risk.${alert.alert_level}`, alert.alert_level)}</Badge>
          {alert.is_active ? <Badge tone="green">{t('console.alerts.active')}</Badge> : <Badge tone="grey">{t('console.alerts.disabled')}</Badge>}
        </h3>
        <div className="c-meta c-row">
          <span>
            {alert.storm_types.length
              ? alert.storm_types.map((type) => known(t, `console.alerts.storm.${type}`, type)).join(', ')
              : t('console.alerts.allTypes')}
          </span>
          <span>·</span>
          <span>
            {alert.notification_methods
              .map((m) => (m === 'email' ? methodLabel(t, m) : t('console.alerts.notDelivered', { method: methodLabel(t, m) })))
              .join(', ')}
          </span>
        </div>
        <div className="c-hint">
          {t('console.alerts.createdAt', { time: fmt.dateTime(alert.created_at) })} · {tn('console.alerts.sent', alert.deliveries)}
          {alert.last_delivered_at ? `, ${t('console.alerts.last', { time: fmt.dateTime(alert.last_delivered_at) })}` : ''}
          {' · '}
          <button type="button" className="al-link" onClick={() => void show()} aria-expanded={open}>
            {open ? t('console.alerts.hideHistory') : t('console.alerts.showHistory')}
          </button>
        </div>
        {open ? (
          history === null ? (
            <Skeleton rows={1} />
          ) : history.length === 0 ? (
            <p className="c-hint">{t('console.alerts.noMatches')}</p>
          ) : (
            <ul className="al-history">
              {history.map((d) => (
                <li key={d.id}>
                  <Badge tone={d.status === 'sent' ? 'green' : d.status === 'failed' ? 'red' : 'grey'}>
                    {known(t, `console.alerts.delivery.${d.status}`, d.status)}
                  </Badge>{' '}
                  {d.subject} <span className="c-hint">{fmt.dateTime(d.sent_at ?? d.created_at)}</span>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>
      <label className="c-check">
        <input type="checkbox" checked={alert.is_active} disabled={busy} onChange={onToggle} />{' '}
        {alert.is_active ? t('console.alerts.enabled') : t('console.alerts.disabled')}
      </label>
      <button
        type="button"
        className="c-icon-button"
        disabled={busy}
        onClick={onDelete}
        aria-label={t('console.alerts.delete', { region: regionLabel(i18n, alert.region) })}
      >
        <TrashIcon size={16} />
      </button>
    </li>
  );
}

function CreateAlertDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => Promise<void> }) {
  const i18n = useConsoleI18n();
  const { t } = i18n;
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
      title={t('console.alerts.create')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="c-button c-button-ghost" onClick={onClose}>
            {t('console.alerts.cancel')}
          </button>
          <button type="button" className="c-button" disabled={!region || methods.length === 0 || busy} onClick={() => void create()}>
            {busy ? t('console.alerts.creating') : t('console.alerts.create')}
          </button>
        </>
      }
    >
      {error ? (
        <div className="c-gate" role="alert">
          {error}
        </div>
      ) : null}
      <label className="c-field">
        <span>{t('console.alerts.region')}</span>
        <select value={region} onChange={(e) => setRegion(e.target.value)} required>
          <option value="">{t('console.alerts.chooseRegion')}</option>
          {REGIONS.map((r) => (
            <option key={r.value} value={r.value}>
              {regionLabel(i18n, r.value)}
            </option>
          ))}
        </select>
      </label>
      <label className="c-field">
        <span>{t('console.alerts.level')}</span>
        <select value={level} onChange={(e) => setLevel(e.target.value as (typeof LEVELS)[number])}>
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {known(t, `console.risk.${l}`, l)}
            </option>
          ))}
        </select>
        <span className="c-hint">{t('console.alerts.levelHint')}</span>
      </label>
      <fieldset className="c-field al-fieldset">
        <legend className="c-label">{t('console.alerts.stormTypes')}</legend>
        {STORM_TYPES.map((type) => (
          <label key={type} className="c-check">
            <input type="checkbox" checked={types.includes(type)} onChange={() => setTypes((l) => flip(l, type))} />{' '}
            {known(t, `console.alerts.storm.${type}`, type)}
          </label>
        ))}
        <span className="c-hint">{t('console.alerts.noneChosen')}</span>
      </fieldset>
      <fieldset className="c-field al-fieldset">
        <legend className="c-label">{t('console.alerts.methods')}</legend>
        {METHODS.map((m) => (
          <label key={m} className="c-check">
            <input type="checkbox" checked={methods.includes(m)} onChange={() => setMethods((l) => flip(l, m))} /> {methodLabel(t, m)}
            {m === 'email' ? '' : ` ${t('console.alerts.savedOnly')}`}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
