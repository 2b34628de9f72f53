/**
 * Newsletter templates, sections and audience segments (console spec sections 3 and 9). Pure
 * constants: the section filters are in build-sections.ts, the curation rules in curation-rules.ts.
 */

/** Spec 9: the newsletter article pool, and how many articles one section takes. */
export const NEWSLETTER_POOL_SIZE = 50;
export const MAX_ARTICLES_PER_SECTION = 3;
/** Spec 9: "Headline section: urgency above 80." */
export const HEADLINE_URGENCY_ABOVE = 80;
/** Spec 9: diaspora tags and economic tags. */
export const DIASPORA_TAGS = ['diaspora', 'remittances', 'investment'] as const;
export const ECONOMIC_TAGS = ['economy', 'trade', 'business', 'GDP'] as const;

export const SEGMENTS = ['general', 'diaspora-us', 'diaspora-uk', 'business', 'government'] as const;
export type Segment = (typeof SEGMENTS)[number];
export const SEGMENT_NAMES: Readonly<Record<Segment, string>> = {
  general: 'General readers',
  'diaspora-us': 'Diaspora (United States)',
  'diaspora-uk': 'Diaspora (United Kingdom)',
  business: 'Business',
  government: 'Government',
};

export function isSegment(value: string): value is Segment {
  return (SEGMENTS as readonly string[]).includes(value);
}

/**
 * Section types: headlines (urgency above 80), curated (stories a curation rule picks), diaspora
 * and economic (by the spec's tags), regional (one story per place), latest (anything left).
 */
export const SECTION_TYPES = ['headlines', 'curated', 'diaspora', 'economic', 'regional', 'latest'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export type TemplateSection = { type: SectionType; title: string };
export type NewsletterTemplate = {
  id: 'daily-digest' | 'diaspora-weekly' | 'business-brief';
  name: string;
  description: string;
  frequency: 'daily' | 'weekly';
  sections: readonly TemplateSection[];
  /** The audience it is written for; the segments it is usually sent to. */
  audienceType: 'general' | 'diaspora' | 'business';
  suggestedSegments: readonly Segment[];
};

export const TEMPLATES: readonly NewsletterTemplate[] = [
  {
    id: 'daily-digest',
    name: 'Daily Digest',
    description: "The day's verified Caribbean stories: urgent headlines, the stories your rules pick, one story from each place, and the rest of the news.",
    frequency: 'daily',
    audienceType: 'general',
    suggestedSegments: ['general'],
    sections: [
      { type: 'headlines', title: 'Top Headlines' },
      { type: 'curated', title: "Editor's Picks" },
      { type: 'regional', title: 'Around the Region' },
      { type: 'latest', title: 'More News' },
    ],
  },
  {
    id: 'diaspora-weekly',
    name: 'Diaspora Weekly',
    description: 'The week for Caribbean communities abroad: diaspora, remittances and investment first, then the headlines from home.',
    frequency: 'weekly',
    audienceType: 'diaspora',
    suggestedSegments: ['diaspora-us', 'diaspora-uk'],
    sections: [
      { type: 'diaspora', title: 'Diaspora Focus' },
      { type: 'curated', title: 'Worth Your Attention' },
      { type: 'headlines', title: 'Headlines from Home' },
      { type: 'regional', title: 'Across the Islands' },
    ],
  },
  {
    id: 'business-brief',
    name: 'Business Brief',
    description: 'The week in Caribbean economy, trade and business, with the indicators and decisions that move them.',
    frequency: 'weekly',
    audienceType: 'business',
    suggestedSegments: ['business', 'government'],
    sections: [
      { type: 'economic', title: 'Economy & Markets' },
      { type: 'curated', title: 'Trade & Investment Watch' },
      { type: 'headlines', title: 'Headlines' },
      { type: 'latest', title: 'Also This Week' },
    ],
  },
];

export type TemplateId = NewsletterTemplate['id'];

export function findTemplate(id: string): NewsletterTemplate | undefined {
  return TEMPLATES.find((t) => t.id === id);
}
