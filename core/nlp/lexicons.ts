/**
 * Word lists (lemmas, lower case) the offline rules use: topics, what makes a story sensitive, urgent
 * or relevant to the diaspora, and the signal types of the console spec. Plain lists on purpose, so an
 * editor can read and change them.
 */

export const TOPIC_WORDS: Record<string, readonly string[]> = {
  politics: [
    'election',
    'parliament',
    'minister',
    'government',
    'opposition',
    'senate',
    'vote',
    'policy',
    'party',
    'cabinet',
    'bill',
    'debate',
    'assembly',
    'mp',
    'prime',
  ],
  business: ['business', 'company', 'investment', 'investor', 'market', 'trade', 'bank', 'profit', 'revenue', 'stock', 'firm', 'export', 'import', 'price'],
  economy: ['economy', 'economic', 'gdp', 'inflation', 'budget', 'tax', 'debt', 'remittance', 'employment', 'unemployment', 'growth', 'fund', 'subsidy', 'imf'],
  tourism: ['tourism', 'tourist', 'visitor', 'cruise', 'hotel', 'arrival', 'stayover', 'resort', 'airline', 'flight'],
  weather: ['weather', 'hurricane', 'storm', 'rain', 'flood', 'flooding', 'drought', 'forecast', 'tropical', 'wind', 'met'],
  environment: ['environment', 'climate', 'sargassum', 'reef', 'coral', 'pollution', 'emission', 'renewable', 'geothermal', 'solar', 'conservation'],
  energy: ['oil', 'gas', 'energy', 'fuel', 'electricity', 'power', 'barrel', 'fpso', 'refinery', 'geothermal', 'solar'],
  crime: ['police', 'murder', 'shooting', 'gunman', 'arrest', 'charge', 'court', 'crime', 'kill', 'robbery', 'theft', 'homicide', 'gun'],
  health: ['health', 'hospital', 'doctor', 'nurse', 'disease', 'outbreak', 'vaccine', 'dengue', 'patient', 'covid', 'clinic'],
  sports: ['cricket', 'football', 'athletics', 'squad', 'match', 'tournament', 'olympic', 'team', 'coach', 'test', 'championship', 'medal'],
  culture: ['festival', 'music', 'carnival', 'art', 'culture', 'film', 'reggae', 'calypso', 'soca', 'heritage', 'book', 'museum'],
  technology: ['technology', 'digital', 'internet', 'software', 'app', 'cyber', 'broadband', 'data', 'mobile', 'ai'],
  education: ['school', 'student', 'teacher', 'university', 'education', 'exam', 'cxc', 'scholarship'],
  infrastructure: ['road', 'water', 'bridge', 'port', 'airport', 'construction', 'main', 'pipe', 'outage', 'supply', 'housing'],
  emergencies: ['fire', 'blaze', 'firefighter', 'flood', 'flooding', 'hurricane', 'earthquake', 'evacuate', 'rescue', 'homeless', 'displace', 'outage'],
  diaspora: ['diaspora', 'remittance', 'overseas', 'abroad', 'migrant', 'migration', 'visa', 'deportation', 'passport', 'citizenship', 'emigrant'],
};

/** Topics that are also reader-site sections (the section filter matches tags). */
export const SECTION_TOPICS: Record<string, string> = {
  politics: 'politics',
  business: 'business',
  economy: 'business',
  tourism: 'business',
  weather: 'weather',
  environment: 'weather',
  sports: 'sports',
  culture: 'culture',
  technology: 'technology',
};

/** Sensitive topics raise the risk level (fact-check) and need stronger sourcing. */
export const SENSITIVE_WORDS: readonly string[] = [
  'dead',
  'death',
  'die',
  'kill',
  'murder',
  'shooting',
  'shot',
  'homicide',
  'rape',
  'sexual',
  'abuse',
  'child',
  'minor',
  'suicide',
  'election',
  'fraud',
  'corruption',
  'allegation',
  'allege',
  'bribe',
  'arrest',
  'outbreak',
  'epidemic',
  'evacuate',
  'evacuation',
  'terror',
  'kidnap',
  'missing',
  'riot',
  'curfew',
];

export const URGENT_WORDS: readonly string[] = [
  'hurricane',
  'storm',
  'flood',
  'fire',
  'blaze',
  'dead',
  'kill',
  'emergency',
  'evacuate',
  'evacuation',
  'warning',
  'earthquake',
  'outbreak',
  'shooting',
  'murder',
  'curfew',
  'explosion',
  'collapse',
  'crash',
  'displace',
  'homeless',
  'outage',
];

/**
 * What matters to people from the region living abroad, each concern with the relevance it gives a
 * story about it (0-100, diaspora-relevance.ts): money sent home, getting home, papers, votes at
 * home, disasters at home and the diaspora's own life. Lemmas, or phrases of lemmas ("vote" alone is
 * left out: a bill passed 21 to 3 is not an election).
 */
export const DIASPORA_CONCERNS: Record<string, { weight: number; words: readonly string[] }> = {
  remittances: { weight: 50, words: ['remittance', 'remit', 'money transfer', 'western union', 'moneygram', 'send money', 'money send home'] },
  papers: {
    weight: 50,
    words: [
      'passport',
      'citizenship',
      'consulate',
      'embassy',
      'deportation',
      'deport',
      'deportee',
      'naturalisation',
      'naturalization',
      'visa',
      'immigration',
      'green card',
      'dual citizen',
    ],
  },
  diaspora: {
    weight: 50,
    words: [
      'diaspora',
      'overseas',
      'abroad',
      'emigrant',
      'expatriate',
      'homecoming',
      'return resident',
      'returnee',
      'caribana',
      'labour day parade',
      'notting hill',
    ],
  },
  travel: { weight: 45, words: ['airlift', 'airline', 'flight', 'airport', 'jetblue', 'nonstop'] },
  elections: { weight: 45, words: ['election', 'voter', 'ballot', 'referendum', 'electoral', 'polling', 'go to the poll'] },
  disasters: {
    weight: 45,
    words: [
      'hurricane',
      'tropical storm',
      'cyclone',
      'earthquake',
      'flood',
      'flooding',
      'eruption',
      'volcano',
      'evacuate',
      'evacuation',
      'landslide',
      'tsunami',
      'disaster',
      'death toll',
    ],
  },
};

export const SIGNAL_TYPE_TOPICS: Record<'Economic' | 'Political' | 'Environmental' | 'Social' | 'Security', readonly string[]> = {
  Economic: ['economy', 'business', 'tourism', 'energy', 'infrastructure'],
  Political: ['politics'],
  Environmental: ['weather', 'environment'],
  Security: ['crime'],
  Social: ['health', 'education', 'culture', 'sports', 'diaspora', 'technology'],
};

export const IMPACT_WORDS: readonly string[] = [
  'economy',
  'job',
  'cost',
  'price',
  'tourism',
  'resident',
  'family',
  'homeless',
  'budget',
  'investment',
  'health',
  'safety',
  'school',
  'supply',
  'service',
  'visitor',
  'arrival',
  'revenue',
  'income',
  'tax',
  'household',
  'community',
  'business',
  'output',
  'production',
  'growth',
];

export const UP_WORDS = ['rise', 'rose', 'increase', 'grow', 'grew', 'climb', 'jump', 'raise', 'boost', 'gain', 'lift', 'higher'];
export const DOWN_WORDS = ['fall', 'fell', 'decrease', 'drop', 'decline', 'dip', 'slip', 'lower', 'shrink'];

/** Topics of a list of lemmas, most mentioned first (ties by name): at least one hit each. */
export function topicsOf(lemmas: readonly string[], max = 4): string[] {
  const counts: [string, number][] = Object.entries(TOPIC_WORDS).map(([topic, words]) => [topic, lemmas.filter((l) => words.includes(l)).length]);
  return counts
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([t]) => t);
}
