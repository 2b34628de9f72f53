import type { VerificationState } from '../stories/verification';
import { matchingRules, type CurationRule, type RuleSubject } from './curation-rules';
import {
  DIASPORA_TAGS,
  ECONOMIC_TAGS,
  HEADLINE_URGENCY_ABOVE,
  MAX_ARTICLES_PER_SECTION,
  NEWSLETTER_POOL_SIZE,
  type NewsletterTemplate,
  type SectionType,
} from './templates';

/**
 * Fills a template's sections from the article pool (spec: auto-eligible stories, newest
 * published first, at most 50; at most 3 articles per section). Pure.
 *
 * Order of candidates: stories an enabled curation rule matches come first, by the priority of
 * their strongest rule (1 first), then newest first; a story appears in one section only, the
 * first (in template order) whose filter it passes. Empty sections are left out.
 */

export type NewsletterCandidate = RuleSubject & { id: string; published_at: string | null; path: string | null; verification?: VerificationState };

export type NewsletterArticle = {
  id: string;
  title: string;
  summary: string;
  region: string;
  published_at: string | null;
  path: string | null;
  urgency: number;
  matchedRules: string[];
  /** How the story was checked (core/stories/verification.ts); absent on newsletters made before it was kept. */
  verification?: VerificationState;
};

/** The spec's Newsletter section: id, type, title, content, articles, priority, aiGenerated. */
export type NewsletterSection = {
  id: string;
  type: SectionType;
  title: string;
  content: string;
  articles: NewsletterArticle[];
  priority: number;
  aiGenerated: boolean;
};

const lower = (values: readonly string[]) => values.map((v) => v.toLowerCase());
const DIASPORA = lower(DIASPORA_TAGS);
const ECONOMIC = lower(ECONOMIC_TAGS);
const hasTag = (story: RuleSubject, tags: readonly string[]) => story.tags.some((t) => tags.includes(t.toLowerCase()));

type Ranked = { story: NewsletterCandidate; rules: string[]; rank: number; order: number };

function fitsSection(type: SectionType, item: Ranked): boolean {
  switch (type) {
    case 'headlines':
      return item.story.urgency > HEADLINE_URGENCY_ABOVE;
    case 'curated':
      return item.rules.length > 0;
    case 'diaspora':
      return hasTag(item.story, DIASPORA);
    case 'economic':
      return hasTag(item.story, ECONOMIC);
    case 'regional':
    case 'latest':
      return true;
    default:
      return false;
  }
}

function sectionContent(type: SectionType, articles: readonly NewsletterArticle[]): string {
  switch (type) {
    case 'headlines':
      return `The most urgent stories (urgency above ${HEADLINE_URGENCY_ABOVE}).`;
    case 'curated': {
      const rules = [...new Set(articles.flatMap((a) => a.matchedRules.slice(0, 1)))];
      return `Picked by the curation rules: ${rules.join(', ')}.`;
    }
    case 'diaspora':
      return 'For Caribbean communities abroad: diaspora, remittances and investment.';
    case 'economic':
      return 'Economy, trade, business and GDP.';
    case 'regional':
      return `One story each from ${articles.map((a) => a.region).join(', ')}.`;
    case 'latest':
      return 'More stories from across the region.';
    default:
      return '';
  }
}

export function buildSections(
  template: Pick<NewsletterTemplate, 'sections'>,
  pool: readonly NewsletterCandidate[],
  rules: readonly Pick<CurationRule, 'type' | 'criteria' | 'enabled' | 'priority' | 'name'>[],
): NewsletterSection[] {
  const ranked: Ranked[] = pool.slice(0, NEWSLETTER_POOL_SIZE).map((story, order) => {
    const matched = matchingRules(rules, story);
    return { story, rules: matched.map((r) => r.name), rank: matched[0]?.priority ?? Number.POSITIVE_INFINITY, order };
  });
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);

  const used = new Set<string>();
  const sections: NewsletterSection[] = [];
  template.sections.forEach((definition, index) => {
    const picked: Ranked[] = [];
    const regions = new Set<string>();
    for (const item of ranked) {
      if (picked.length >= MAX_ARTICLES_PER_SECTION) break;
      if (used.has(item.story.id) || !fitsSection(definition.type, item)) continue;
      if (definition.type === 'regional') {
        const region = item.story.region.trim().toLowerCase();
        if (regions.has(region)) continue;
        regions.add(region);
      }
      picked.push(item);
    }
    if (picked.length === 0) return;
    for (const item of picked) used.add(item.story.id);
    const articles = picked.map(({ story, rules: matched }) => ({
      id: story.id,
      title: story.title,
      summary: story.summary,
      region: story.region,
      published_at: story.published_at,
      path: story.path,
      urgency: story.urgency,
      matchedRules: matched,
      ...(story.verification ? { verification: story.verification } : {}),
    }));
    sections.push({
      id: `${definition.type}-${index + 1}`,
      type: definition.type,
      title: definition.title,
      content: sectionContent(definition.type, articles),
      articles,
      priority: sections.length + 1,
      aiGenerated: false,
    });
  });
  return sections;
}
