import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RiskLevel } from '../core/stories/story';
import { panelForRisk, sensitiveTerms, sourceRisk } from '../core/pipeline/fact-check/assess-story';
import { checkClaim, prepareVoices } from '../core/pipeline/fact-check/claims';
import { assessIndependence } from '../core/pipeline/fact-check/independence';
import { assessRisk } from '../core/pipeline/fact-check/risk';
import type { SourceItem } from '../core/pipeline/work/story-sources';

/**
 * npm run bench:risk: the fact-check's risk rules on the labelled stories of
 * test/fixtures/risk/stories.json (the level an editor would give, and why), through the stage's own
 * functions (independence, claims checked by the claim matcher, risk), without layers. Prints the
 * share of stories where the rules give the editor's level, a confusion table, and how many of the
 * "critical" the rules give an editor agrees are critical. Prints figures; never fails on them.
 */

type Story = {
  id: string;
  label: RiskLevel;
  why: string;
  published?: string;
  sources: { outlet: string; text: string; group?: string; kind?: string; unreliable?: boolean }[];
  claims: string[];
};
const LEVELS: RiskLevel[] = ['low', 'medium', 'high', 'critical'];
const { stories } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'test', 'fixtures', 'risk', 'stories.json'), 'utf8')) as { stories: Story[] };

function riskOf(story: Story): { level: RiskLevel; reasons: string[] } {
  const day = story.published ?? '2026-11-18';
  const sources: SourceItem[] = story.sources.map((s, i) => ({
    id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    outlet: s.outlet,
    outletKind: s.kind ?? 'press',
    ownerGroup: s.group ?? s.outlet,
    url: null,
    title: '',
    summary: '',
    text: s.text,
    author: null,
    publishedAt: `${day}T${String(8 + i).padStart(2, '0')}:00:00Z`,
    createdAt: `${day}T12:00:00Z`,
    region: null,
    carriers: [],
    ...(s.unreliable ? { unreliable: true } : {}),
  }));
  const independence = assessIndependence(sources);
  const voices = prepareVoices(independence);
  const panel = story.claims.map((text) => checkClaim({ text }, voices, independence));
  return assessRisk({
    independentSources: independence.independentOutlets.length,
    panel: panelForRisk(panel),
    sensitive: sensitiveTerms(story.sources.map((s) => s.text)),
    quotesReported: 0,
    factualSentences: 0,
    sourcedSentences: 0,
    ...sourceRisk(independence),
  });
}

const results = stories.map((s) => ({ story: s, ...riskOf(s) }));
const agree = results.filter((r) => r.level === r.story.label).length;
const within = results.filter((r) => Math.abs(LEVELS.indexOf(r.level) - LEVELS.indexOf(r.story.label)) <= 1).length;
console.log(`${stories.length} stories (${LEVELS.map((l) => `${stories.filter((s) => s.label === l).length} ${l}`).join(', ')})`);
console.log(
  `agreement with the editor: ${agree}/${stories.length} = ${(agree / stories.length).toFixed(3)}; within one level: ${(within / stories.length).toFixed(3)}`,
);
const critical = results.filter((r) => r.level === 'critical');
console.log(
  `critical by the rules: ${critical.length}, of which the editor says critical: ${critical.filter((r) => r.story.label === 'critical').length}; editor's critical found: ${results.filter((r) => r.story.label === 'critical' && r.level === 'critical').length}/${stories.filter((s) => s.label === 'critical').length}`,
);
console.log(`editor \\ rules  ${LEVELS.map((l) => l.padStart(8)).join('')}`);
for (const l of LEVELS) {
  console.log(`${l.padEnd(15)} ${LEVELS.map((m) => String(results.filter((r) => r.story.label === l && r.level === m).length).padStart(8)).join('')}`);
}
if (process.argv.includes('--errors')) {
  for (const r of results) if (r.level !== r.story.label) console.log(`  ${r.story.id}: editor ${r.story.label}, rules ${r.level} (${r.reasons.join('; ')})`);
}
