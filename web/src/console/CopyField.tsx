import { useEffect, useId, useState } from 'react';
import { useToast } from '../shared/toasts';
import { useConsoleT } from './console-i18n';
import { CheckIcon, CopyIcon } from './icons';

export const COPY_RESET_MS = 2_000;

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}

/** A read-only value with a copy button; the checkmark resets after 2 s (console spec). */
export function CopyField({ label, value, toastLabel }: { label: string; value: string; toastLabel?: string }) {
  const { show } = useToast();
  const t = useConsoleT();
  const id = useId();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await copyText(value);
      setCopied(true);
      show({ title: toastLabel ? t('console.ui.copiedLabel', { label: toastLabel }) : t('console.ui.copied'), tone: 'success' });
    } catch {
      show({ title: t('console.ui.copyFailed'), tone: 'error' });
    }
  };
  return (
    <div className="c-field">
      <label htmlFor={id}>
        <span className="c-label">{label}</span>
      </label>
      <div className="c-row">
        <input id={id} type="text" readOnly value={value} className="c-grow c-mono" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="c-button c-button-ghost" onClick={copy} aria-label={t('console.ui.copyLabel', { label })}>
          {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
          <span>{copied ? t('console.ui.copiedShort') : t('console.ui.copy')}</span>
        </button>
      </div>
    </div>
  );
}
