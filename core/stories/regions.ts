/** The region rule: only stories whose region names one of these places are shown to readers. */
export const VISIBLE_REGIONS = [
  'Jamaica',
  'Barbados',
  'Trinidad and Tobago',
  'Bahamas',
  'Cuba',
  'Dominican Republic',
  'Haiti',
  'Puerto Rico',
  'Antigua and Barbuda',
  'Saint Lucia',
  'Grenada',
  'Saint Vincent and the Grenadines',
  'Dominica',
  'Saint Kitts and Nevis',
  'Caribbean',
  'West Indies',
] as const;

export function isRegionVisible(region: string | null | undefined): boolean {
  const value = (region ?? '').toLowerCase();
  return VISIBLE_REGIONS.some((name) => value.includes(name.toLowerCase()));
}

/** Map and structured-data coordinates; anything else falls back to the Caribbean. */
export const REGION_COORDINATES: Readonly<Record<string, { lat: number; lng: number }>> = {
  Jamaica: { lat: 18.1096, lng: -77.2975 },
  Barbados: { lat: 13.1939, lng: -59.5432 },
  Trinidad: { lat: 10.6918, lng: -61.2225 },
  Bahamas: { lat: 25.0343, lng: -77.3963 },
  Cuba: { lat: 21.5218, lng: -77.7812 },
  Haiti: { lat: 18.9712, lng: -72.2852 },
  'Dominican Republic': { lat: 18.7357, lng: -70.1627 },
  'Puerto Rico': { lat: 18.2208, lng: -66.5901 },
  Caribbean: { lat: 15.0, lng: -70.0 },
};

export function regionCoordinates(region: string | null | undefined): { lat: number; lng: number } {
  const value = (region ?? '').toLowerCase();
  const key = Object.keys(REGION_COORDINATES).find((name) => name !== 'Caribbean' && value.includes(name.toLowerCase()));
  return REGION_COORDINATES[key ?? 'Caribbean']!;
}

/** The region names the site uses, by their ISO 3166 code: Intl.DisplayNames names them in each language (pages and e-mails). */
export const REGION_CODES: Record<string, string> = {
  Jamaica: 'JM',
  Barbados: 'BB',
  'Trinidad and Tobago': 'TT',
  Bahamas: 'BS',
  'The Bahamas': 'BS',
  Cuba: 'CU',
  'Dominican Republic': 'DO',
  Haiti: 'HT',
  'Puerto Rico': 'PR',
  'Antigua and Barbuda': 'AG',
  'Saint Lucia': 'LC',
  Grenada: 'GD',
  'Saint Vincent and the Grenadines': 'VC',
  Dominica: 'DM',
  'Saint Kitts and Nevis': 'KN',
  'Cayman Islands': 'KY',
  'Turks and Caicos Islands': 'TC',
  Bermuda: 'BM',
  Belize: 'BZ',
  Guyana: 'GY',
  Suriname: 'SR',
  Anguilla: 'AI',
  Montserrat: 'MS',
  'British Virgin Islands': 'VG',
  'US Virgin Islands': 'VI',
  Aruba: 'AW',
  Curaçao: 'CW',
  'Sint Maarten': 'SX',
  Guadeloupe: 'GP',
  Martinique: 'MQ',
  Canada: 'CA',
  'United States': 'US',
  'United Kingdom': 'GB',
  Mexico: 'MX',
  Venezuela: 'VE',
};
