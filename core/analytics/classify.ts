/** Pure rules that turn a request into the few facts analytics keeps. */

export type Device = 'mobile' | 'tablet' | 'desktop';
export type TrafficSource = 'direct' | 'search' | 'social' | 'newsletter' | 'referral' | 'internal';

const BOT = /bot|crawl|spider|slurp|lighthouse|facebookexternalhit|preview|curl|wget|python-requests|node-fetch/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT.test(userAgent);
}

export function deviceOf(userAgent: string | undefined): Device {
  const ua = userAgent ?? '';
  if (/ipad|tablet|(android(?!.*mobile))/i.test(ua)) return 'tablet';
  if (/mobi|iphone|ipod|android.*mobile|windows phone/i.test(ua)) return 'mobile';
  return 'desktop';
}

const SEARCH = /(^|\.)(google|bing|duckduckgo|yahoo|ecosia|baidu|yandex|search\.brave|startpage)\./i;
const SOCIAL =
  /(^|\.)(facebook|fb|instagram|t|twitter|x|linkedin|lnkd|whatsapp|wa|reddit|youtube|tiktok|threads|bsky|mastodon)\.(com|me|co|net|app|social|in)$/i;

export function trafficSourceOf(options: { referrer?: string | null; siteHost: string; utmSource?: string | null; utmMedium?: string | null }): {
  source: TrafficSource;
  host: string | null;
} {
  if (/newsletter|email/i.test(`${options.utmSource ?? ''} ${options.utmMedium ?? ''}`)) return { source: 'newsletter', host: null };
  let host: string | null = null;
  try {
    host = options.referrer ? new URL(options.referrer).hostname.toLowerCase() : null;
  } catch {
    host = null;
  }
  if (!host) return { source: 'direct', host: null };
  if (host === options.siteHost.toLowerCase()) return { source: 'internal', host };
  if (SEARCH.test(host)) return { source: 'search', host };
  if (SOCIAL.test(host)) return { source: 'social', host };
  if (/mail\./i.test(host)) return { source: 'newsletter', host };
  return { source: 'referral', host };
}

/**
 * A reader's country from the time zone their browser reports: coarse, private (no address is
 * looked up), and enough to tell the islands from the diaspora.
 */
const ZONES: Record<string, string> = {
  'America/Jamaica': 'Jamaica',
  'America/Barbados': 'Barbados',
  'America/Port_of_Spain': 'Trinidad and Tobago',
  'America/Nassau': 'Bahamas',
  'America/Havana': 'Cuba',
  'America/Santo_Domingo': 'Dominican Republic',
  'America/Port-au-Prince': 'Haiti',
  'America/Puerto_Rico': 'Puerto Rico',
  'America/Antigua': 'Antigua and Barbuda',
  'America/St_Lucia': 'Saint Lucia',
  'America/Grenada': 'Grenada',
  'America/St_Vincent': 'Saint Vincent and the Grenadines',
  'America/Dominica': 'Dominica',
  'America/St_Kitts': 'Saint Kitts and Nevis',
  'America/Guyana': 'Guyana',
  'America/Belize': 'Belize',
  'America/Cayman': 'Cayman Islands',
  'America/Curacao': 'Curaçao',
  'America/Aruba': 'Aruba',
  'America/Paramaribo': 'Suriname',
  'America/Martinique': 'Martinique',
  'America/Guadeloupe': 'Guadeloupe',
  'America/Tortola': 'British Virgin Islands',
  'America/St_Thomas': 'US Virgin Islands',
  'America/Anguilla': 'Anguilla',
  'America/Montserrat': 'Montserrat',
  'America/Grand_Turk': 'Turks and Caicos',
  'Atlantic/Bermuda': 'Bermuda',
  'Europe/London': 'United Kingdom',
  'Europe/Amsterdam': 'Netherlands',
  'Europe/Paris': 'France',
  'Europe/Madrid': 'Spain',
};
const US = /^America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Detroit|Indiana\/.+|Kentucky\/.+|Boise|Adak)$|^Pacific\/Honolulu$/;
const CANADA = /^America\/(Toronto|Vancouver|Montreal|Edmonton|Winnipeg|Halifax|Regina|St_Johns|Moncton)$/;

export function countryOfTimeZone(timeZone: string | null | undefined): string | null {
  if (!timeZone) return null;
  if (ZONES[timeZone]) return ZONES[timeZone]!;
  if (US.test(timeZone)) return 'United States';
  if (CANADA.test(timeZone)) return 'Canada';
  return 'Other';
}
