import { useId, type ReactNode } from 'react';
import { useConsoleT as useT } from '../console-i18n';

export type Gate = { ok: true; missing: readonly string[] } | { ok: false; missing: readonly string[]; message?: string };
const REQUIREMENTS = ['sources', 'triangulation', 'fact_check'] as const;

/** What a story still needs before it may be published (the server's publish gate, as presented with the story). */
export function GateReasons({ gate, id, small }: { gate: Gate; id?: string; small?: boolean }) {
  const t = useT();
  if (gate.ok) return null;
  return (
    <div className={`c-gate${small ? ' c-gate-small' : ''}`} id={id} data-testid="gate-reasons">
      <strong>{t('consoleGate.cannotPublish')}</strong>
      <ul>
        {gate.missing.map((m) => (
          <li key={m}>{(REQUIREMENTS as readonly string[]).includes(m) ? t(`consoleGate.needs.${m}`) : m}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A Publish button that is disabled, with the failing requirements beside it, while the story fails
 * the publish gate (the server refuses such a publish anyway). Force Publish, with a reason, is the
 * editor's way past the gate (Review). With `reasonsId` the caller shows <GateReasons id=…> itself.
 */
export function PublishButton({
  gate,
  onClick,
  className = 'c-button c-button-small',
  busy,
  children,
  reasonsId,
}: {
  gate: Gate;
  onClick: () => void;
  className?: string;
  busy?: boolean;
  children: ReactNode;
  reasonsId?: string;
}) {
  const ownId = useId();
  const id = reasonsId ?? ownId;
  const t = useT();
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={onClick}
        disabled={busy || !gate.ok}
        aria-describedby={gate.ok ? undefined : id}
        title={gate.ok ? undefined : t('consoleGate.disabledTitle')}
        data-gate={gate.ok ? 'passes' : 'fails'}
      >
        {children}
      </button>
      {reasonsId ? null : <GateReasons gate={gate} id={id} small />}
    </>
  );
}
