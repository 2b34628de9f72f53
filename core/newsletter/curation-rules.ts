import { z } from 'zod';

/**
 * Curation rules (spec: id, name, type urgency|keyword|topic|region, criteria, priority, enabled)
 * and how one judges a story. Pure and table-tested.
 *
 * - urgency: { threshold }: urgency at or above the threshold (the spec's high-urgency rule: 80).
 * - keyword: { keywords }: a keyword appears as a word or phrase in the title, summary or tags.
 * - topic:   { topics }: a topic is one of the story's tags or topics, or an indicator in its
 *            metrics (structured data, where keyword reads the text).
 * - region:  { regions }: the story's region names one of them.
 *
 * Priority 1 is the strongest. When sections are filled, stories that an enabled rule matches go
 * first (by their best rule's priority), and the curated section takes only such stories.
 */

export const RULE_TYPES = ['urgency', 'keyword', 'topic', 'region'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

const term = z.string().trim().min(1).max(60);
const terms = z.array(term).min(1).max(30);

export const CRITERIA_SCHEMAS = {
  urgency: z.object({ threshold: z.number().int().min(0).max(100) }).strict(),
  keyword: z.object({ keywords: terms }).strict(),
  topic: z.object({ topics: terms }).strict(),
  region: z.object({ regions: terms }).strict(),
} as const;

export type RuleCriteria = {
  urgency: { threshold: number };
  keyword: { keywords: string[] };
  topic: { topics: string[] };
  region: { regions: string[] };
};

export type CurationRule = {
  id: string;
  name: string;
  type: RuleType;
  criteria: RuleCriteria[RuleType];
  priority: number;
  enabled: boolean;
  updated_at?: string;
  updated_by?: string | null;
};

export const ruleInputSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    type: z.enum(RULE_TYPES),
    criteria: z.unknown(),
    priority: z.number().int().min(1).max(10).default(1),
    enabled: z.boolean().default(true),
  })
  .strict()
  .transform((value, ctx) => {
    const parsed = CRITERIA_SCHEMAS[value.type].safeParse(value.criteria);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: ['criteria', ...issue.path] } as never);
      return z.NEVER;
    }
    return { ...value, criteria: parsed.data as RuleCriteria[RuleType] };
  });
export type RuleInput = z.infer<typeof ruleInputSchema>;

/** What a rule looks at. */
export type RuleSubject = {
  title: string;
  summary: string;
  tags: readonly string[];
  topics?: readonly string[];
  region: string;
  urgency: number;
  indicators?: readonly string[];
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A whole word or phrase, case-insensitive ("trade" matches "Trade deal", not "trademark"). */
export function containsTerm(text: string, termText: string): boolean {
  const t = termText.trim();
  if (!t) return false;
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(t)}($|[^\\p{L}\\p{N}])`, 'iu').test(text);
}

export function matchesRule(rule: Pick<CurationRule, 'type' | 'criteria'>, story: RuleSubject): boolean {
  switch (rule.type) {
    case 'urgency':
      return story.urgency >= (rule.criteria as RuleCriteria['urgency']).threshold;
    case 'keyword': {
      const text = [story.title, story.summary, story.tags.join(' · ')].join(' \n ');
      return (rule.criteria as RuleCriteria['keyword']).keywords.some((k) => containsTerm(text, k));
    }
    case 'topic': {
      const labels = [...story.tags, ...(story.topics ?? []), ...(story.indicators ?? [])];
      return (rule.criteria as RuleCriteria['topic']).topics.some((topic) => labels.some((label) => containsTerm(label, topic)));
    }
    case 'region':
      return (rule.criteria as RuleCriteria['region']).regions.some((r) => containsTerm(story.region, r));
    default:
      return false;
  }
}

/** The enabled rules a story matches, strongest first. */
export function matchingRules<R extends Pick<CurationRule, 'type' | 'criteria' | 'enabled' | 'priority' | 'name'>>(
  rules: readonly R[],
  story: RuleSubject,
): R[] {
  return rules.filter((r) => r.enabled && matchesRule(r, story)).sort((a, b) => a.priority - b.priority || a.name.localeCompare(b.name));
}

/** One line an editor reads in the Rules tab. */
export function describeRule(rule: Pick<CurationRule, 'type' | 'criteria'>): string {
  switch (rule.type) {
    case 'urgency':
      return `Urgency ${(rule.criteria as RuleCriteria['urgency']).threshold} or more`;
    case 'keyword':
      return `Mentions ${(rule.criteria as RuleCriteria['keyword']).keywords.join(', ')}`;
    case 'topic':
      return `Tagged ${(rule.criteria as RuleCriteria['topic']).topics.join(', ')}`;
    case 'region':
      return `Region ${(rule.criteria as RuleCriteria['region']).regions.join(', ')}`;
    default:
      return '';
  }
}
