import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useConsoleI18n } from '../console-i18n';
import { LiveConnection, POLL_MS, type EventSourceLike, type LiveEventType, type LiveStatus } from './connection';
import { SharedLiveConnection, type ChannelLike, type LiveSource, type LockManagerLike } from './shared';

/**
 * Live updates for console screens. The shell opens ONE connection (LiveEventsProvider) for the
 * signed-in editor and closes it on sign-out; the browser's console tabs share one stream (see
 * shared.ts). Screens use:
 *
 *   useLiveReload(reload, ['stories'])   // reload on those events; poll every 5 s while not live
 *   useLiveEvent(['pipeline'], (type, data) => …)   // raw events (e.g. a run's progress)
 *   useLiveStatus()                       // 'connecting' | 'live' | 'polling' | 'closed'
 */
const LiveContext = createContext<LiveSource | null>(null);

function createLiveSource(): LiveSource | null {
  if (typeof EventSource === 'undefined') return null;
  const source = (url: string) => new EventSource(url, { withCredentials: true }) as unknown as EventSourceLike;
  const locks = (navigator as { locks?: LockManagerLike }).locks;
  if (locks && typeof BroadcastChannel !== 'undefined') {
    return new SharedLiveConnection(source, locks, (name) => new BroadcastChannel(name) as unknown as ChannelLike);
  }
  return new LiveConnection(source);
}

export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const [connection] = useState(createLiveSource);
  useEffect(() => {
    connection?.start();
    return () => connection?.stop();
  }, [connection]);
  return <LiveContext.Provider value={connection}>{children}</LiveContext.Provider>;
}

/** The connection itself (the shell closes it before signing out). */
export function useLiveConnection(): LiveSource | null {
  return useContext(LiveContext);
}

export function useLiveStatus(): LiveStatus {
  const connection = useContext(LiveContext);
  const [status, setStatus] = useState<LiveStatus>(connection?.status ?? 'polling');
  useEffect(() => {
    if (!connection) return;
    setStatus(connection.status);
    return connection.onStatus(setStatus);
  }, [connection]);
  return status;
}

/** Calls `handler` for each event of the given types (and 'resync'). */
export function useLiveEvent(types: readonly LiveEventType[], handler: (type: LiveEventType, data: Record<string, unknown>) => void): void {
  const connection = useContext(LiveContext);
  const latest = useRef(handler);
  latest.current = handler;
  const key = types.join(',');
  useEffect(() => {
    if (!connection) return;
    const wanted = new Set<string>([...key.split(','), 'resync']);
    return connection.subscribe((type, data) => {
      if (wanted.has(type)) latest.current(type, data);
    });
  }, [connection, key]);
}

/**
 * Keeps a screen current: `reload` runs when one of `types` arrives (at most once a second,
 * the last event always followed by a reload), after a reconnection, and every 5 s while the
 * stream is down. Give `paused: true` while the user is editing something a reload would disturb.
 */
export function useLiveReload(
  reload: () => void,
  types: readonly LiveEventType[] = ['stories'],
  options: { paused?: boolean; minIntervalMs?: number } = {},
): LiveStatus {
  const status = useLiveStatus();
  const latest = useRef(reload);
  latest.current = reload;
  const paused = options.paused === true;
  const minInterval = options.minIntervalMs ?? 1_000;
  const last = useRef(0);
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => clearTimeout(trailing.current ?? undefined), []);

  useLiveEvent(types, () => {
    if (paused) return;
    const wait = last.current + minInterval - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      latest.current();
    } else if (!trailing.current) {
      trailing.current = setTimeout(() => {
        trailing.current = null;
        last.current = Date.now();
        latest.current();
      }, wait);
    }
  });

  useEffect(() => {
    if (status === 'live' || status === 'closed' || paused) return;
    const timer = setInterval(() => latest.current(), POLL_MS);
    return () => clearInterval(timer);
  }, [status, paused]);

  return status;
}

/** The header's indicator: Live, or Reconnecting (refreshing every 5 s). */
export function LiveIndicator() {
  const status = useLiveStatus();
  const { t } = useConsoleI18n();
  const text = t(`console.live.${status === 'live' ? 'live' : status === 'connecting' ? 'connecting' : 'reconnecting'}`);
  return (
    <span className={`c-live c-live-${status}`} role="status" aria-live="polite" data-live-status={status} title={text}>
      <span className="c-live-dot" aria-hidden="true" />
      <span className="c-live-label">{text}</span>
    </span>
  );
}
