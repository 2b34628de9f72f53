import { createContext, useCallback, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export type Toast = { id: number; title: string; description?: string; tone?: 'info' | 'success' | 'error' };
type Toasts = { show: (toast: Omit<Toast, 'id'>) => void };
const ToastContext = createContext<Toasts>({ show: () => {} });
let nextId = 1;

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return dialog.open;
  }
}

/**
 * The topmost open modal <dialog>, or null. A modal dialog sits in the browser's top layer, above
 * every z-index, and makes the rest of the page inert: toasts shown while one is open are rendered
 * inside it (still fixed to the viewport's corner), so they are seen, read and dismissable.
 */
export function topModalDialog(doc: Document): HTMLDialogElement | null {
  const open = [...doc.querySelectorAll<HTMLDialogElement>('dialog[open]')].filter(isModal);
  return open.at(-1) ?? null;
}

/** Toasts are announced to screen readers (aria-live) and fade after a few seconds. */
export function ToastProvider({ children, dismissLabel }: { children: ReactNode; dismissLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  const dismiss = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));
  const show = useCallback((toast: Omit<Toast, 'id'>) => {
    const id = nextId++;
    // Placed in the open dialog from its first frame (not moved there by the effect afterwards).
    setHost(topModalDialog(document));
    setToasts((list) => [...list.slice(-3), { ...toast, id }]);
    setTimeout(() => dismiss(id), 5000);
  }, []);

  // Follow dialogs opening and closing (nested ones too) while any toast is up; a layout effect so
  // a change of host is applied before the browser paints.
  const showing = toasts.length > 0;
  useLayoutEffect(() => {
    if (!showing) return;
    const update = () => setHost(topModalDialog(document));
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, [showing]);

  const region = (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone ?? 'info'}`} data-testid="toast">
          <strong>{t.title}</strong>
          {t.description ? <span>{t.description}</span> : null}
          <button type="button" className="toast-close" onClick={() => dismiss(t.id)} aria-label={dismissLabel}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
  return (
    <ToastContext.Provider value={{ show }}>
      {children}
      {showing && host ? createPortal(region, host) : region}
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
