import { Badge, type BadgeTone } from '../ui';
import type { StoryCard } from './api';

/** The spec's colours: stages, risk levels, regions (5 colours by name length), status labels. */
export const STAGE_TONE: Record<string, BadgeTone> = { ingested: 'blue', enriched: 'purple', ranked: 'yellow', drafted: 'orange', verified: 'green', published: 'emerald' };
export const RISK_TONE: Record<string, BadgeTone> = { critical: 'red', high: 'orange', medium: 'yellow', low: 'green' };
const REGION_TONES: BadgeTone[] = ['blue', 'purple', 'teal', 'pink', 'orange'];
export const STATUS_TONE: Record<StoryCard['status_label'], BadgeTone> = { Flagged: 'red', Approved: 'emerald', Verified: 'green', 'Auto-Eligible': 'blue', Pending: 'grey' };

export function regionTone(region: string): BadgeTone {
  return REGION_TONES[region.length % 5]!;
}

export function StageBadge({ stage }: { stage: string }) {
  return <Badge tone={STAGE_TONE[stage] ?? 'grey'}>{stage}</Badge>;
}

export function RegionBadge({ region }: { region: string }) {
  return region ? <Badge tone={regionTone(region)}>{region}</Badge> : null;
}

export function RiskBadge({ risk }: { risk: string }) {
  return <Badge tone={RISK_TONE[risk] ?? 'grey'}>{risk} risk</Badge>;
}

export function StatusBadge({ label }: { label: StoryCard['status_label'] }) {
  return <Badge tone={STATUS_TONE[label]}>{label}</Badge>;
}
