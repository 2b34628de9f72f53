import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

export type Toast = { id: number; title: string; description?: string; tone?: 'info' | 'success' | 'error' };
type Toasts = { show: (toast: Omit<Toast, 'id'>) => void };
const ToastContext = createContext<Toasts>({ show: () => {} });
let nextId = 1;

/** Toasts are announced to screen readers (aria-live) and fade after a few seconds. */
export function ToastProvider({ children, dismissLabel }: { children: ReactNode; dismissLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));
  const show = useCallback((toast: Omit<Toast, 'id'>) => {
    const id = nextId++;
    setToasts((list) => [...list.slice(-3), { ...toast, id }]);
    setTimeout(() => dismiss(id), 5000);
  }, []);
  return (
    <ToastContext.Provider value={{ show }}>
      {children}
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
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
