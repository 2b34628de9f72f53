import { PulseIcon } from '../icons';
import { PageHeader, StatCard } from '../ui';
import { SignalList, useSignalActions, useSignals } from './signals';
import './pipeline.css';

/**
 * Signal Scanner (/dashboard/signals): the signals pattern detection found (topics and names whose
 * frequency bursts against their baseline), newest first. Investigate shows the stories and source
 * items behind one; Create Story drafts a story from it, audited.
 */
export default function SignalScanner() {
  const { page, error } = useSignals({ limit: 50 });
  const actions = useSignalActions();
  const types = page?.facets.types ?? {};
  return (
    <div className="pl">
      <PageHeader title="Signal Scanner" subtitle="Topics and names bursting in the news stream against their 7-day baseline." />
      <div className="c-stats">
        <StatCard label="Signals" value={page ? page.total : '…'} icon={<PulseIcon size={18} />} note="newest 50 shown" />
        <StatCard label="High strength" value={page ? (page.facets.strengths.High ?? 0) : '…'} tone="red" />
        <StatCard label="Types" value={page ? Object.keys(types).length : '…'} note={Object.entries(types).map(([t, n]) => `${t} ${n}`).join(' · ') || 'none yet'} tone="purple" />
      </div>
      <SignalList page={page} error={error} actions={actions} />
      {actions.dialogs}
    </div>
  );
}
