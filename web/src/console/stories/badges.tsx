import { known, useConsoleI18n } from '../console-i18n';
import { Badge, type BadgeTone } from '../ui';
import type { StoryCard } from './api';

/** The spec's colours: stages, risk levels, regions (5 colours by name length), status labels. */
export const STAGE_TONE: Record<string, BadgeTone> = {
  ingested: 'blue',
  enriched: 'purple',
  ranked: 'yellow',
  drafted: 'orange',
  verified: 'green',
  published: 'emerald',
};
export const RISK_TONE: Record<string, BadgeTone> = { critical: 'red', high: 'orange', medium: 'yellow', low: 'green' };
const REGION_TONES: BadgeTone[] = ['blue', 'purple', 'teal', 'pink', 'orange'];
export const STATUS_TONE: Record<StoryCard['status_label'], BadgeTone> = {
  Flagged: 'red',
  Approved: 'emerald',
  Verified: 'green',
  'Auto-Eligible': 'blue',
  Pending: 'grey',
};

export function regionTone(region: string): BadgeTone {
  return REGION_TONES[region.length % 5]!;
}

export function StageBadge({ stage }: { stage: string }) {
  const { t } = useConsoleI18n();
  return <Badge tone={STAGE_TONE[stage] ?? 'grey'}>{known(t, `console.stage.${stage}`, stage)}</Badge>;
}

export function RegionBadge({ region }: { region: string }) {
  const { fmt } = useConsoleI18n();
  return region ? <Badge tone={regionTone(region)}>{fmt.region(region)}</Badge> : null;
}

export function RiskBadge({ risk }: { risk: string }) {
  const { t } = useConsoleI18n();
  return <Badge tone={RISK_TONE[risk] ?? 'grey'}>{t('console.card.risk', { level: known(t, `console.risk.${risk}`, risk) })}</Badge>;
}

export function StatusBadge({ label }: { label: StoryCard['status_label'] }) {
  const { t } = useConsoleI18n();
  return <Badge tone={STATUS_TONE[label]}>{known(t, `console.status.${label}`, label)}</Badge>;
}

const VERIFICATION_TONE: Record<StoryCard['verification']['state'], BadgeTone> = {
  independent_sources: 'emerald',
  official_source: 'teal',
  editor: 'blue',
  unverified: 'grey',
};

/** How the story was checked (the state readers see), with the editor who vouched named for editors. */
export function VerificationBadge({ verification }: { verification: StoryCard['verification'] | undefined }) {
  const { t } = useConsoleI18n();
  // Cards pushed by the live feed before a reload may not carry it yet.
  if (!verification) return null;
  const label = t(`console.verification.${verification.state}`);
  return (
    <Badge
      tone={VERIFICATION_TONE[verification.state]}
      title={verification.verified_by ? t('console.verification.by', { name: verification.verified_by }) : undefined}
    >
      {label}
    </Badge>
  );
}
