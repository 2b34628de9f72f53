import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useConsoleT } from './console-i18n';
import { CloseIcon } from './icons';

/**
 * The console's building blocks, shared by every screen (styles in console.css, all under .console):
 * PageHeader, Card, StatCard, Tabs, Badge, EmptyState, Skeleton, Dialog, InlineError.
 */

/** The page's title and actions; `titleLang` marks a title that is data (a story's headline) with its own language. */
export function PageHeader({ title, subtitle, actions, titleLang }: { title: string; subtitle?: ReactNode; actions?: ReactNode; titleLang?: string }) {
  return (
    <div className="c-page-header">
      <div>
        <h1 lang={titleLang}>{title}</h1>
        {subtitle ? <p className="c-subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="c-actions">{actions}</div> : null}
    </div>
  );
}

export function Card({ title, actions, children, className = '' }: { title?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`c-card ${className}`}>
      {title || actions ? (
        <div className="c-card-head">
          {title ? <h2>{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

export function StatCard({
  label,
  value,
  note,
  icon,
  tone,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  icon?: ReactNode;
  tone?: 'blue' | 'green' | 'purple' | 'red' | 'orange';
}) {
  return (
    <div className={`c-stat c-tone-${tone ?? 'blue'}`}>
      <div className="c-stat-top">
        <span className="c-stat-label">{label}</span>
        {icon ? (
          <span className="c-stat-icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
      </div>
      <div className="c-stat-value">{value}</div>
      {note ? <div className="c-stat-note">{note}</div> : null}
    </div>
  );
}

export type TabItem<K extends string> = { key: K; label: ReactNode; count?: number };

/** WAI-ARIA tabs: arrow keys move between tabs, the panel follows the selected tab. */
export function Tabs<K extends string>({
  tabs,
  value,
  onChange,
  label,
  children,
}: {
  tabs: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : step ? (index + step + tabs.length) % tabs.length : -1;
    if (target < 0) return;
    event.preventDefault();
    const tab = tabs[target]!;
    onChange(tab.key);
    refs.current[tab.key]?.focus();
  };
  return (
    <div className="c-tabs-wrap">
      <div className="c-tabs" role="tablist" aria-label={label}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[tab.key] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === value}
            aria-controls={`${id}-panel`}
            tabIndex={tab.key === value ? 0 : -1}
            className="c-tab"
            onClick={() => onChange(tab.key)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {tab.label}
            {tab.count !== undefined ? <span className="c-tab-count">{tab.count}</span> : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`} className="c-tabpanel">
        {children}
      </div>
    </div>
  );
}

export type BadgeTone = 'grey' | 'blue' | 'purple' | 'yellow' | 'orange' | 'green' | 'emerald' | 'red' | 'teal' | 'pink';

export function Badge({ tone = 'grey', children, title }: { tone?: BadgeTone; children: ReactNode; title?: string }) {
  return (
    <span className={`c-badge c-badge-${tone}`} title={title}>
      {children}
    </span>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="c-empty">
      <h3>{title}</h3>
      {children ? <div className="c-empty-text">{children}</div> : null}
      {action ? <div className="c-empty-action">{action}</div> : null}
    </div>
  );
}

/** A pulsing placeholder while a list loads; `label` is what screen readers hear. */
export function Skeleton({ rows = 3, label }: { rows?: number; label?: string }) {
  const t = useConsoleT();
  return (
    <div className="c-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('console.ui.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="c-skeleton-row" aria-hidden="true" />
      ))}
    </div>
  );
}

export function InlineError({ children }: { children: ReactNode }) {
  return (
    <div className="c-inline-error" role="alert">
      {children}
    </div>
  );
}

/**
 * A modal dialog on the native <dialog> (focus stays inside, Escape closes, focus returns to the
 * opener). Render it only while open.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  wide,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, []);
  const t = useConsoleT();
  return (
    <dialog ref={ref} className={`c-dialog${wide ? ' c-dialog-wide' : ''}`} aria-labelledby={titleId}>
      <div className="c-dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="c-icon-button" onClick={onClose} aria-label={t('console.ui.closeDialog')}>
          <CloseIcon size={18} />
        </button>
      </div>
      <div className="c-dialog-body">{children}</div>
      {footer ? <div className="c-dialog-foot">{footer}</div> : null}
    </dialog>
  );
}

/**
 * A dangerous action asked again (Force Publish, dismissing a claim): Cancel and one red button, which
 * shows `busyLabel` while the action runs.
 */
export function ConfirmDialog({
  title,
  cancelLabel,
  confirmLabel,
  busyLabel,
  busy,
  confirmDisabled,
  notReady,
  onCancel,
  onConfirm,
  children,
}: {
  title: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  confirmDisabled?: boolean;
  /** Shown as not ready (aria-disabled) but still clickable, so the dialog can say what is missing. */
  notReady?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="c-button c-button-ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button type="button" className="c-button c-button-danger" onClick={onConfirm} disabled={busy || confirmDisabled} aria-disabled={notReady}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
