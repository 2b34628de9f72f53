import { PulseIcon } from '../icons';
import { PageHeader, StatCard } from '../ui';
import { useConsoleI18n } from '../console-i18n';
import { SignalList, signalType, useSignalActions, useSignals } from './signals';
import './pipeline.css';

/**
 * Signal Scanner (/dashboard/signals): the signals pattern detection found (topics and names whose
 * frequency bursts against their baseline), newest first. Investigate shows the stories and source
 * items behind one; Create Story drafts a story from it, audited.
 */
export default function SignalScanner() {
  const { t, fmt } = useConsoleI18n();
  const { page, error } = useSignals({ limit: 50 });
  const actions = useSignalActions();
  const types = page?.facets.types ?? {};
  return (
    <div className="pl">
      <PageHeader title={t('console.nav.signals')} subtitle={t('console.signals.scannerSubtitle')} />
      <div className="c-stats">
        <StatCard
          label={t('console.signals.heading')}
          value={page ? fmt.number(page.total) : '…'}
          icon={<PulseIcon size={18} />}
          note={t('console.signals.newestShown', { n: fmt.number(50) })}
        />
        <StatCard label={t('console.signals.highStrength')} value={page ? fmt.number(page.facets.strengths.High ?? 0) : '…'} tone="red" />
        <StatCard
          label={t('console.signals.types')}
          value={page ? fmt.number(Object.keys(types).length) : '…'}
          note={
            Object.entries(types)
              .map(([type, n]) => `${signalType(t, type)} ${fmt.number(n)}`)
              .join(' · ') || t('console.signals.noneYet')
          }
          tone="purple"
        />
      </div>
      <SignalList page={page} error={error} actions={actions} />
      {actions.dialogs}
    </div>
  );
}
