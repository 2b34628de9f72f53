import { cityMapping } from 'city-timezones';
import { geoDistance } from 'd3-geo';
import worldCountries from 'world-countries';
import { isEnglishWord } from './wink';

/**
 * A gazetteer: the Caribbean's countries (with demonyms and common short names), their first-level
 * divisions (parishes, regions, islands) and main towns, each town placed in its division, written by
 * us from public administrative divisions; the diaspora's states and provinces (US, Canada,
 * Australia); and every other country of the world with its names in English, French, Spanish and
 * Dutch and its capital, from the world-countries package; and the world's cities of 100,000 people or
 * more outside the region, each placed in its state or province where we list those, from the
 * city-timezones package (Natural Earth's populated places). wink-nlp's English model has no place
 * entities, so clustering and fact-checking rely on this list.
 */

export type PlaceLevel = 'country' | 'division' | 'town';
/** `ambiguous`: the name has several places (St James in Jamaica and Barbados) and the text named neither country. */
/** `world`: from the world list (a country and its capital, or a city), not the hand-written gazetteer; `city`: from the world's cities. */
/** `readings`: an ambiguous name's places (St Thomas: Jamaica's parish, Barbados's parish). */
export type Place = { name: string; country: string; division?: string; level: PlaceLevel; ambiguous?: true; readings?: Place[]; world?: true; city?: true };

/** `skipName`: the country's own name is not looked for (see SKIPPED_NAMES). */
type CountryEntry = { name: string; aliases?: string[]; demonyms?: string[]; divisions?: string[]; towns?: Record<string, string | null>; skipName?: boolean };

/** The diaspora's states (Victoria, Australia's, is left out: it is also a Canadian city and a name). Georgia, also a country, places a report only beside another name of either. */
const US_STATES = `Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii Idaho Illinois Indiana Iowa
  Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota Mississippi Missouri Montana Nebraska Nevada New_Hampshire
  New_Jersey New_Mexico New_York_State North_Carolina North_Dakota Ohio Oklahoma Oregon Pennsylvania Rhode_Island South_Carolina
  South_Dakota Tennessee Texas Utah Vermont Virginia Washington_State West_Virginia Wisconsin Wyoming`
  .split(/\s+/)
  .map((s) => s.replace(/_/g, ' '));

/** Towns map to their division (or null when the country has none that we list). */
const COUNTRIES: CountryEntry[] = [
  {
    name: 'Jamaica',
    aliases: ['Jamaïque', 'Jamaika'],
    demonyms: ['Jamaican', 'Jamaicans', 'jamaicano', 'jamaïcain', 'jamaïcaine'],
    divisions: [
      'Kingston',
      'St Andrew',
      'St Thomas',
      'Portland',
      'St Mary',
      'St Ann',
      'Trelawny',
      'St James',
      'Hanover',
      'Westmoreland',
      'St Elizabeth',
      'Manchester',
      'Clarendon',
      'St Catherine',
    ],
    towns: {
      'Montego Bay': 'St James',
      'Ocho Rios': 'St Ann',
      'Spanish Town': 'St Catherine',
      Portmore: 'St Catherine',
      'May Pen': 'Clarendon',
      Mandeville: 'Manchester',
      Negril: 'Westmoreland',
      'Port Antonio': 'Portland',
      'Savanna-la-Mar': 'Westmoreland',
      Falmouth: 'Trelawny',
      'Morant Bay': 'St Thomas',
      'Black River': 'St Elizabeth',
      Lucea: 'Hanover',
      'Port Maria': 'St Mary',
      'Half Way Tree': 'St Andrew',
      'Old Harbour': 'St Catherine',
      Linstead: 'St Catherine',
      'Runaway Bay': 'St Ann',
      "Brown's Town": 'St Ann',
    },
  },
  {
    name: 'Barbados',
    aliases: ['Barbade'],
    demonyms: ['Barbadian', 'Barbadians', 'Bajan', 'Bajans'],
    divisions: ['Christ Church', 'St Michael', 'St James', 'St Philip', 'St John', 'St Joseph', 'St Lucy', 'St Peter', 'St Andrew', 'St George', 'St Thomas'],
    towns: {
      Bridgetown: 'St Michael',
      Oistins: 'Christ Church',
      Holetown: 'St James',
      Speightstown: 'St Peter',
      Bathsheba: 'St Joseph',
      'Six Roads': 'St Philip',
    },
  },
  {
    name: 'Trinidad and Tobago',
    aliases: ['Trinidad & Tobago', 'T&T', 'TT', 'Trinidad y Tobago', 'Trinité-et-Tobago'],
    demonyms: ['Trinidadian', 'Trinidadians', 'Tobagonian', 'Tobagonians', 'Trini', 'Trinis'],
    divisions: ['Trinidad', 'Tobago'],
    towns: {
      'Port of Spain': 'Trinidad',
      'San Fernando': 'Trinidad',
      Chaguanas: 'Trinidad',
      Arima: 'Trinidad',
      'Point Fortin': 'Trinidad',
      Couva: 'Trinidad',
      'Sangre Grande': 'Trinidad',
      'Diego Martin': 'Trinidad',
      Tunapuna: 'Trinidad',
      Penal: 'Trinidad',
      Siparia: 'Trinidad',
      'Princes Town': 'Trinidad',
      Mayaro: 'Trinidad',
      'Point Lisas': 'Trinidad',
      Scarborough: 'Tobago',
      Crown: 'Tobago',
    },
  },
  {
    name: 'Bahamas',
    aliases: ['The Bahamas'],
    demonyms: ['Bahamian', 'Bahamians'],
    divisions: ['New Providence', 'Grand Bahama', 'Abaco', 'Eleuthera', 'Exuma', 'Andros', 'Bimini', 'Long Island', 'Inagua', 'Cat Island'],
    towns: { Nassau: 'New Providence', Freeport: 'Grand Bahama', 'Marsh Harbour': 'Abaco', 'George Town': 'Exuma' },
  },
  {
    name: 'Guyana',
    demonyms: ['Guyanese'],
    divisions: ['Demerara', 'Berbice', 'Essequibo', 'Demerara-Mahaica', 'East Berbice-Corentyne'],
    towns: { Georgetown: 'Demerara', Linden: 'Demerara', 'New Amsterdam': 'Berbice', Lethem: null, Bartica: 'Essequibo' },
  },
  {
    name: 'Haiti',
    demonyms: ['Haitian', 'Haitians'],
    aliases: ['Haïti', 'Ayiti', 'Haití'],
    divisions: ['Ouest', 'Nord', 'Artibonite', 'Sud', "Grand'Anse", 'Nord-Est', 'Sud-Est', 'Nippes'],
    towns: {
      Grandans: "Grand'Anse",
      Ouanaminthe: 'Nord-Est',
      'Juana Méndez': 'Nord-Est',
      Jérémie: "Grand'Anse",
      'Petit-Goâve': 'Ouest',
      'Carrefour-Feuilles': 'Ouest',
      'Croix-des-Bouquets': 'Ouest',
      'Port-au-Prince': 'Ouest',
      'Cap-Haitien': 'Nord',
      'Cap-Haïtien': 'Nord',
      'Les Cayes': 'Sud',
      Gonaives: 'Artibonite',
      Gonaïves: 'Artibonite',
      Jacmel: null,
      'Petion-Ville': 'Ouest',
      'Pétion-Ville': 'Ouest',
    },
  },
  {
    name: 'Dominican Republic',
    aliases: ['DR', 'República Dominicana', 'Rep. Dominicana', 'République dominicaine', 'Dominicaanse Republiek', 'Repiblik Dominikèn'],
    // "Dominican" also names Dominica's people: the text's other places decide (see findPlaces).
    demonyms: ['Dominican', 'Dominicans', 'dominicano', 'dominicana', 'dominicanos', 'dominicanas'],
    towns: {
      'Santo Domingo': null,
      'Punta Cana': null,
      'Puerto Plata': null,
      'La Romana': null,
      'Santiago de los Caballeros': null,
      Barahona: null,
      Dajabón: null,
      'San Pedro de Macorís': null,
      Higüey: null,
      'Villa Altagracia': null,
      'Los Alcarrizos': null,
      'San Cristóbal': null,
      'Santo Domingo Este': null,
    },
  },
  {
    name: 'Saint Lucia',
    aliases: ['St Lucia', 'Sainte-Lucie'],
    demonyms: ['Saint Lucian', 'Saint Lucians', 'St Lucian', 'St Lucians'],
    divisions: ['Castries', 'Vieux Fort', 'Soufriere', 'Gros Islet', 'Micoud', 'Dennery', 'Laborie', 'Choiseul', 'Anse la Raye', 'Canaries'],
    towns: { 'Rodney Bay': 'Gros Islet' },
  },
  {
    name: 'Grenada',
    demonyms: ['Grenadian', 'Grenadians'],
    divisions: ['Carriacou', 'St Andrew', 'St David', 'St Patrick', 'St Mark', 'St John'],
    towns: { "St George's": null, Grenville: 'St Andrew' },
  },
  {
    name: 'Saint Vincent and the Grenadines',
    aliases: ['St Vincent and the Grenadines', 'St Vincent', 'SVG'],
    demonyms: ['Vincentian', 'Vincentians'],
    divisions: ['Bequia', 'Union Island', 'Mustique', 'Canouan'],
    towns: { Kingstown: null, Georgetown: null },
  },
  {
    name: 'Antigua and Barbuda',
    aliases: ['Antigua', 'Barbuda'],
    demonyms: ['Antiguan', 'Antiguans', 'Barbudan', 'Barbudans'],
    towns: { "St John's": null, 'English Harbour': null, Codrington: null },
  },
  { name: 'Dominica', demonyms: ['Dominican', 'Dominicans'], towns: { Roseau: null, Portsmouth: null } },
  {
    name: 'Saint Kitts and Nevis',
    aliases: ['St Kitts and Nevis', 'St Kitts', 'Nevis'],
    demonyms: ['Kittitian', 'Kittitians', 'Nevisian', 'Nevisians'],
    towns: { Basseterre: null, Charlestown: null },
  },
  {
    name: 'Cayman Islands',
    aliases: ['Cayman', 'Grand Cayman', 'Cayman Brac'],
    demonyms: ['Caymanian', 'Caymanians'],
    towns: { 'George Town': null, 'West Bay': null },
  },
  { name: 'Belize', demonyms: ['Belizean', 'Belizeans'], towns: { 'Belize City': null, Belmopan: null, 'San Pedro': null } },
  { name: 'Suriname', aliases: ['Surinam'], demonyms: ['Surinamese', 'Surinaamse'], towns: { Paramaribo: null, Nickerie: null, Moengo: null } },
  {
    name: 'Cuba',
    demonyms: ['Cuban', 'Cubans', 'cubano', 'cubana', 'cubanos'],
    towns: {
      Havana: null,
      'La Habana': null,
      'Centro Habana': null,
      'Santiago de Cuba': null,
      Holguín: null,
      Camagüey: null,
      'Pinar del Río': null,
      Matanzas: null,
    },
  },
  {
    name: 'Puerto Rico',
    demonyms: ['Puerto Rican', 'Puerto Ricans', 'puertorriqueño', 'puertorriqueños', 'boricua'],
    towns: { 'San Juan': null, Ponce: null, Mayagüez: null, Guayama: null, Salinas: null, Bayamón: null },
  },
  { name: 'Turks and Caicos Islands', aliases: ['Turks and Caicos', 'TCI'], demonyms: [], towns: { 'Cockburn Town': null, Providenciales: null } },
  { name: 'British Virgin Islands', aliases: ['BVI'], demonyms: [], towns: { 'Road Town': null, Tortola: null } },
  { name: 'Anguilla', demonyms: ['Anguillian', 'Anguillians'], towns: { 'The Valley': null } },
  { name: 'Montserrat', demonyms: ['Montserratian', 'Montserratians'], towns: { Brades: null, Plymouth: null } },
  { name: 'Aruba', demonyms: ['Aruban', 'Arubans', 'Arubaanse'], towns: { Oranjestad: null, 'San Nicolas': null } },
  { name: 'Curaçao', aliases: ['Curacao', 'Kòrsou', 'Korsou', 'Curazao'], demonyms: ['Curaçaoan', 'Curaçaose', 'Curaçaoënaars'], towns: { Willemstad: null } },
  { name: 'Bonaire', aliases: ['Boneiru'], demonyms: ['Bonairean'], towns: { Kralendijk: null, Rincon: null } },
  { name: 'Sint Eustatius', aliases: ['Statia', 'St Eustatius'], demonyms: [], towns: { Oranjestad: null } },
  { name: 'Saba', demonyms: ['Saban'], towns: { 'The Bottom': null } },
  { name: 'French Guiana', aliases: ['Guyane', 'Guyane française'], demonyms: ['Guyanais'], towns: { Cayenne: null, Kourou: null } },
  { name: 'Sint Maarten', aliases: ['St Maarten', 'Saint Martin', 'St Martin'], demonyms: [], towns: { Philipsburg: null, Marigot: null } },
  {
    name: 'Martinique',
    aliases: ['Martinica'],
    demonyms: ['Martiniquais', 'Martiniquaise', 'Martiniquais'],
    towns: { 'Fort-de-France': null, 'Le Lamentin': null, Schoelcher: null },
  },
  {
    name: 'Guadeloupe',
    aliases: ['Guadalupe'],
    demonyms: ['Guadeloupéen', 'Guadeloupéens'],
    towns: { 'Pointe-à-Pitre': null, 'Basse-Terre': null, 'Grande-Terre': null, 'Les Abymes': null, 'Baie-Mahault': null },
  },
  // Diaspora countries and cities: places too, so two stories in two of them are told apart.
  {
    name: 'United States',
    aliases: ['US', 'USA', 'U.S.', 'America', 'United States of America'],
    demonyms: ['American', 'Americans'],
    divisions: US_STATES,
    towns: {
      'New York': null,
      Miami: 'Florida',
      Washington: null,
      'Fort Lauderdale': 'Florida',
      Brooklyn: null,
      Atlanta: 'Georgia',
      Manhattan: null,
      'Los Angeles': 'California',
    },
  },
  {
    name: 'Canada',
    demonyms: ['Canadian', 'Canadians'],
    divisions: [
      'Ontario',
      'Quebec',
      'Québec',
      'British Columbia',
      'Alberta',
      'Manitoba',
      'Saskatchewan',
      'Nova Scotia',
      'New Brunswick',
      'Newfoundland and Labrador',
      'Prince Edward Island',
      'Yukon',
      'Nunavut',
      'Northwest Territories',
    ],
    towns: {
      Toronto: 'Ontario',
      Montreal: 'Quebec',
      Montréal: 'Quebec',
      Ottawa: 'Ontario',
      Vancouver: 'British Columbia',
      Calgary: 'Alberta',
      Edmonton: 'Alberta',
      Winnipeg: 'Manitoba',
    },
  },
  {
    name: 'United Kingdom',
    aliases: ['UK', 'U.K.', 'Britain', 'Great Britain', 'England'],
    demonyms: ['British'],
    towns: { London: null, Birmingham: null, Manchester: null },
  },
  { name: 'Venezuela', demonyms: ['Venezuelan', 'Venezuelans'], towns: { Caracas: null } },
  { name: 'China', demonyms: ['Chinese'], towns: { Beijing: null } },
  // Countries the region's sport, trade and politics stories often name (cricket opponents among them).
  {
    name: 'Australia',
    demonyms: ['Australian', 'Australians'],
    divisions: ['New South Wales', 'Queensland', 'South Australia', 'Tasmania', 'Western Australia', 'Northern Territory', 'Australian Capital Territory'],
    towns: {
      Sydney: 'New South Wales',
      Melbourne: null,
      Perth: 'Western Australia',
      Brisbane: 'Queensland',
      Adelaide: 'South Australia',
      Hobart: 'Tasmania',
      Darwin: 'Northern Territory',
      Canberra: 'Australian Capital Territory',
    },
  },
  { name: 'Sri Lanka', demonyms: ['Sri Lankan', 'Sri Lankans'], towns: { Colombo: null } },
  { name: 'India', demonyms: ['Indian', 'Indians'], towns: { Mumbai: null, Delhi: null } },
  { name: 'New Zealand', demonyms: ['New Zealander'], towns: { Auckland: null, Wellington: null } },
  { name: 'South Africa', demonyms: ['South African'], towns: { Johannesburg: null, 'Cape Town': null } },
  { name: 'Pakistan', demonyms: ['Pakistani'], towns: { Karachi: null, Lahore: null } },
  { name: 'Bangladesh', demonyms: ['Bangladeshi'], towns: { Dhaka: null } },
  { name: 'Ireland', demonyms: ['Irish'], towns: { Dublin: null } },
  { name: 'Mexico', demonyms: ['Mexican', 'Mexicans'], towns: { Cancun: null, 'Mexico City': null } },
  { name: 'Colombia', demonyms: ['Colombian', 'Colombians'], towns: { Bogota: null, Cartagena: null } },
  { name: 'Brazil', demonyms: ['Brazilian', 'Brazilians'], towns: {} },
  { name: 'Panama', demonyms: ['Panamanian'], towns: {} },
  { name: 'Costa Rica', demonyms: ['Costa Rican'], towns: {} },
  { name: 'Honduras', demonyms: ['Honduran'], towns: {} },
  { name: 'Guatemala', demonyms: ['Guatemalan'], towns: {} },
  { name: 'France', demonyms: ['French'], towns: { Paris: null } },
  { name: 'Netherlands', aliases: ['Holland'], demonyms: ['Dutch'], towns: { Amsterdam: null } },
  { name: 'Spain', demonyms: ['Spanish'], towns: { Madrid: null } },
];

/**
 * Names of the world list that are also words, first names, firms or other places: Chad and Jordan,
 * Jersey in New Jersey, "Lagos Island" (Island is Iceland's own name), Emirates the airline, Nippon
 * Steel, Salvador in Brazil, Saint-Denis by Paris; capitals such as Victoria, Hamilton, Male, Santiago
 * and Tripoli (also in Lebanon).
 */
const SKIPPED_NAMES = new Set([
  ...'chad jordan jersey island mann emirates nippon salvador stanley sucre praia viti mexicanos victoria hamilton male santiago tripoli douglas jamestown adamstown'.split(
    ' ',
  ),
  'saint denis',
  'saint pierre',
  'king edward point',
  'west island',
  'flying fish cove',
]);

/** English names the package does not give: what outlets still call these countries. */
const ENGLISH_NAMES: Record<string, string[]> = {
  Türkiye: ['Turkey'],
  Czechia: ['Czech Republic'],
  Myanmar: ['Burma'],
  Eswatini: ['Swaziland'],
  'North Macedonia': ['Macedonia'],
  'DR Congo': ['Democratic Republic of Congo', 'DRC'],
  'United Arab Emirates': ['UAE', 'Dubai'],
};

/**
 * The states and provinces of the large federations whose news names them as often as the country:
 * two floods in Kerala and Karnataka, or in Rio Grande do Sul and Santa Catarina, are two events.
 * Left out: names that are also words, people, gods or acronyms (Delta, Rivers, Plateau and Niger, Ogun
 * and Osun, orishas the region's festivals name, IMO, EDO and OYO in Nigeria; Guerrero, Hidalgo and
 * Morelos in Mexico; Pará, Acre and Amazonas in Brazil; GOA in India; Hesse; Bayern the club).
 */
const DIVISIONS: Record<string, string> = {
  India: `Andhra_Pradesh Arunachal_Pradesh Assam Bihar Chhattisgarh Gujarat Haryana Himachal_Pradesh Jharkhand Karnataka Kerala
    Madhya_Pradesh Maharashtra Manipur Meghalaya Mizoram Nagaland Odisha Punjab Rajasthan Sikkim Tamil_Nadu Telangana Tripura
    Uttar_Pradesh Uttarakhand West_Bengal Jammu_and_Kashmir Ladakh`,
  Pakistan: 'Punjab Sindh Khyber_Pakhtunkhwa Balochistan Gilgit-Baltistan',
  Brazil: `São_Paulo Rio_de_Janeiro Minas_Gerais Bahia Paraná Rio_Grande_do_Sul Santa_Catarina Pernambuco Ceará Maranhão Piauí
    Alagoas Sergipe Paraíba Rio_Grande_do_Norte Espírito_Santo Goiás Mato_Grosso Mato_Grosso_do_Sul Rondônia Roraima Amapá Tocantins`,
  Mexico: `Jalisco Nuevo_León Chihuahua Sonora Sinaloa Oaxaca Chiapas Michoacán Veracruz Puebla Yucatán Quintana_Roo Tamaulipas
    Coahuila Durango Zacatecas Aguascalientes Guanajuato Querétaro Nayarit Colima Baja_California Baja_California_Sur Campeche Tlaxcala
    San_Luis_Potosí`,
  Nigeria: `Lagos Kano Kaduna Ondo Ekiti Kwara Kogi Benue Borno Yobe Adamawa Bauchi Gombe Taraba Sokoto Zamfara Katsina
    Kebbi Jigawa Enugu Anambra Abia Ebonyi Cross_River Akwa_Ibom Bayelsa Nasarawa`,
  'South Africa': 'Gauteng Western_Cape Eastern_Cape Northern_Cape KwaZulu-Natal Free_State Limpopo Mpumalanga',
  Germany: `Bavaria Baden-Württemberg Saxony Lower_Saxony North_Rhine-Westphalia Rhineland-Palatinate Schleswig-Holstein Thuringia
    Brandenburg Saxony-Anhalt Mecklenburg-Western_Pomerania Saarland`,
};
const divisionsOf = (country: string) =>
  DIVISIONS[country]
    ?.split(/\s+/)
    .filter(Boolean)
    .map((d) => d.replace(/_/g, ' '));

/** Every country of the world the hand-written list does not hold, as the package names it. */
function worldEntries(known: ReadonlySet<string>): CountryEntry[] {
  const out: CountryEntry[] = [];
  for (const c of worldCountries) {
    const names = [
      c.name.common,
      c.name.official,
      ...['fra', 'spa', 'nld'].flatMap((l) => [c.translations[l]?.common ?? '', c.translations[l]?.official ?? '']),
      // Codes (TR, GB) are left out: two capitals are too often an acronym.
      ...c.altSpellings.filter((a) => a.length > 3),
      ...(ENGLISH_NAMES[c.name.common] ?? []),
    ];
    if (names.some((n) => known.has(normalisePlaceName(n)))) continue;
    const capitals = (c.capital ?? []).filter((x) => !SKIPPED_NAMES.has(normalisePlaceName(x).replace(/\bst\b/, 'saint')) && !known.has(normalisePlaceName(x)));
    out.push({
      name: c.name.common,
      aliases: [...new Set(names.filter((n) => n && n !== c.name.common && !SKIPPED_NAMES.has(normalisePlaceName(n).replace(/\bst\b/, 'saint'))))],
      // No demonyms: in world news they mostly give people's nationality ("Al Ahly sack Italian coach"), not where the event is.
      towns: Object.fromEntries(capitals.map((x) => [x, null])),
      skipName: SKIPPED_NAMES.has(normalisePlaceName(c.name.common)),
    });
  }
  return out;
}

/** The world's cities we read: large enough that outlets name them as places, not as a village that shares a word. */
const CITY_MIN_POPULATION = 100_000;

/**
 * Cities whose names are people's or firms' more often than places in the news: "Charlotte Smith",
 * "Austin said", Toyota's results, Windsor Castle, Columbia University, the Lok Sabha. (Names that are English words,
 * Mobile, Reading, Split, are left out by the lexicon.)
 */
const CITY_NAMES_SKIPPED = new Set(
  `george charlotte austin jackson lincoln gary eugene tyler bryan madison montgomery everett stanley douglas elgin sanford salinas
  davenport lancaster hampton windsor providence columbia augusta sagar puri pali kota gaya naga angeles mesa toyota hitachi mercedes
  kobe florencia victoria orlando marion warren clinton franklin chester darwin lafayette paterson stockton cleveland sabha nancy mary leon regina`.split(
    /\s+/,
  ),
);

/** A country's common name by its two-letter code, as the cities list gives it. */
const countryByCode = () => new Map(worldCountries.map((c) => [c.cca2, c.name.common]));

/** Each city is kept once per name and country; a name two cities of one country share places no division. */
function worldCities(known: ReadonlyMap<string, Place[]>, skip: ReadonlySet<string>): Place[] {
  const countryOf = countryByCode();
  const byKey = new Map<string, Place>();
  for (const city of cityMapping) {
    const country = countryOf.get(city.iso2);
    const key = normalisePlaceName(city.city);
    if (city.pop < CITY_MIN_POPULATION || !country || skip.has(country) || !key || known.has(key)) continue;
    if (SKIPPED_NAMES.has(key) || CITY_NAMES_SKIPPED.has(key) || (!key.includes(' ') && isEnglishWord(key))) continue;
    const division = (known.get(normalisePlaceName(city.province)) ?? []).find((p) => p.level === 'division' && p.country === country)?.division;
    const seen = byKey.get(`${country}|${key}`);
    if (seen) {
      if (seen.division !== division) delete seen.division;
      continue;
    }
    byKey.set(`${country}|${key}`, { name: city.city, country, ...(division && { division }), level: 'town', world: true, city: true });
  }
  return [...byKey.values()];
}

/** Where the wider world's towns are ([longitude, latitude]), by country and name; the region's own towns have none. */
function cityCoordinates(skip: ReadonlySet<string>): Map<string, [number, number]> {
  const countryOf = countryByCode();
  const at = new Map<string, [number, number]>();
  const largest = new Map<string, number>();
  for (const city of cityMapping) {
    const country = countryOf.get(city.iso2);
    if (!country || skip.has(country)) continue;
    const key = `${country}|${normalisePlaceName(city.city)}`;
    if ((largest.get(key) ?? -1) >= city.pop) continue;
    largest.set(key, city.pop);
    at.set(key, [city.lng, city.lat]);
  }
  return at;
}

/** Words that mean the whole region rather than one place. */
export const REGION_WORDS = ['Caribbean', 'CARICOM', 'Caricom', 'OECS', 'West Indies', 'Lesser Antilles', 'Greater Antilles', 'Eastern Caribbean'];

export function normalisePlaceName(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/\bsaint\b/g, 'st')
      .replace(/\bst\./g, 'st')
      .replace(/[’']/g, "'")
      // French elisions: "d'Haïti" and "l'Artibonite" name Haiti and the Artibonite ("Grand'Anse" keeps its own).
      .replace(/\b(?:d|l|qu)'(?=[a-z])/g, '')
      .replace(/'s\b/g, '')
      .replace(/[^a-z0-9&' ]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

type Index = {
  byName: Map<string, Place[]>;
  /** Every name's leading words (one word, two words...): a text's words are read on only while they may still become a name. */
  prefixes: Set<string>;
  maxWords: number;
  countries: string[];
  /** The region's countries (the hand-written list's first part). */
  caribbean: ReadonlySet<string>;
  coordinates: Map<string, [number, number]>;
};
let index: Index | undefined;

/** Built once on first use (a few thousand names; 0.3-0.5 s, most of it loading the English lexicon); the data above never changes at run time. */
function gazetteer(): Index {
  if (index) return index;
  const byName = new Map<string, Place[]>();
  const add = (name: string, place: Place) => {
    const key = normalisePlaceName(name);
    if (!key) return;
    const list = byName.get(key) ?? [];
    if (!list.some((p) => p.name === place.name && p.country === place.country)) list.push(place);
    byName.set(key, list);
  };
  const caribbean = new Set(
    COUNTRIES.slice(
      0,
      COUNTRIES.findIndex((c) => c.name === 'United States'),
    ).map((c) => c.name),
  );
  const addCountry = (c: CountryEntry, world?: true) => {
    const country: Place = { name: c.name, country: c.name, level: 'country', ...(world && { world }) };
    // Outside the region a demonym gives a person's nationality ("Al Ahly sack Italian coach", "Chinese demand") more often than where the event is.
    const demonyms = caribbean.has(c.name) ? (c.demonyms ?? []) : [];
    for (const name of [...(c.skipName ? [] : [c.name]), ...(c.aliases ?? []), ...demonyms]) add(name, country);
    for (const d of c.divisions ?? []) add(d, { name: d, country: c.name, division: d, level: 'division' });
    // The federations' states are places of the wider world: they conflict as divisions, and their names stay words and names.
    for (const d of divisionsOf(c.name) ?? []) add(d, { name: d, country: c.name, division: d, level: 'division', world: true });
    for (const [town, division] of Object.entries(c.towns ?? {}))
      add(town, { name: town, country: c.name, division: division ?? undefined, level: 'town', ...(world && { world }) });
  };
  for (const c of COUNTRIES) addCountry(c);
  // The hand-written countries by the package's French, Spanish and Dutch names too ("États-Unis", "Reino
  // Unido", "Mexique"), as the rest of the world is: a name already given to another place stays its own.
  for (const c of worldCountries) {
    const own = byName.get(normalisePlaceName(c.name.common))?.find((p) => p.level === 'country' && p.name === c.name.common);
    if (!own) continue;
    for (const name of ['fra', 'spa', 'nld'].flatMap((l) => [c.translations[l]?.common ?? '', c.translations[l]?.official ?? '']))
      if (name && !byName.has(normalisePlaceName(name))) add(name, own);
  }
  const world = worldEntries(new Set(byName.keys()));
  for (const entry of world) addCountry(entry, true);
  for (const city of worldCities(byName, caribbean)) add(city.name, city);
  const maxWords = Math.max(...[...byName.keys()].map((k) => k.split(' ').length));
  const prefixes = new Set<string>();
  for (const key of byName.keys()) {
    const words = key.split(' ');
    for (let n = 1; n <= words.length; n++) prefixes.add(words.slice(0, n).join(' '));
  }
  index = {
    byName,
    prefixes,
    maxWords,
    countries: [...COUNTRIES.map((c) => c.name), ...world.map((w) => w.name)],
    caribbean,
    coordinates: cityCoordinates(caribbean),
  };
  return index;
}

export function caribbeanCountries(): string[] {
  return gazetteer().countries.slice(0, gazetteer().countries.indexOf('United States'));
}

export function lookupPlace(name: string): Place[] {
  return gazetteer().byName.get(normalisePlaceName(name)) ?? [];
}

export function maxPlaceWords(): number {
  return gazetteer().maxWords;
}

/**
 * Finds places in a text by longest match over its words. An ambiguous name (St James is a parish
 * of Jamaica and of Barbados) resolves to the country the text names elsewhere, else the first entry.
 */
export function findPlaces(text: string, context?: string): Place[] {
  const words = normalisePlaceName(text).split(' ').filter(Boolean);
  const { byName, prefixes } = gazetteer();
  const found: Place[][] = [];
  for (let i = 0; i < words.length;) {
    // The names starting here, shortest first (read on only while the words may still become a name); the longest that holds wins.
    const names: [number, Place[]][] = [];
    for (let n = 1, key = words[i]!; prefixes.has(key); key += ` ${words[i + n]}`, n++) {
      const candidates = byName.get(key);
      if (candidates) names.push([n, candidates]);
      if (i + n >= words.length) break;
    }
    let matched = 0;
    for (let k = names.length - 1; k >= 0; k--) {
      const [n, candidates] = names[k]!;
      // Short aliases (US, UK, DR, TT) only count in upper case, and not as a currency (US$75, TT$500, 50 US cents).
      if (n === 1 && words[i]!.length <= 3 && !shortAliasIn(words[i]!, text)) continue;
      found.push(candidates);
      matched = n;
      break;
    }
    i += matched || 1;
  }
  // Countries named without doubt here, or in the context (a title's ambiguous name read with its lead).
  const named = new Set([
    ...found.filter((c) => c.length === 1).map((c) => c[0]!.country),
    ...(context
      ? findPlaces(context)
          .filter((p) => !p.ambiguous)
          .map((p) => p.country)
      : []),
  ]);
  const places = found.map(
    (candidates) =>
      candidates.find((p) => named.has(p.country)) ??
      (candidates.length > 1 ? { ...candidates[0]!, ambiguous: true as const, ...readingsWithin(candidates) } : candidates[0]!),
  );
  const seen = new Set<string>();
  return places.filter((p) => {
    const key = `${p.country}|${p.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function shortAliasIn(word: string, text: string): boolean {
  return new RegExp(`\\b${escapeRegExp(word.toUpperCase())}\\b(?![$.]?\\d|\\$|\\s+cents?\\b)`).test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The country a set of places is mostly about (most mentions; ties keep first mention), or undefined. */
export function mainCountry(places: readonly Place[]): string | undefined {
  const counts = new Map<string, number>();
  for (const p of places) counts.set(p.country, (counts.get(p.country) ?? 0) + (p.level === 'country' ? 1 : 1.5));
  let best: string | undefined;
  let bestCount = 0;
  for (const [country, count] of counts) if (count > bestCount) [best, bestCount] = [country, count];
  return best;
}

/** Towns this far apart are two places; nearer, one city and its suburbs or airport (Toronto and Mississauga). */
const SAME_TOWN_KM = 60;
const EARTH_KM = 6_371;

/** A town's coordinates, by country and name as found (memoised: pairs of reports ask for the same towns again and again). */
const townCoordinates = new Map<string, [number, number] | undefined>();
function townAt(p: Place): [number, number] | undefined {
  if (p.level !== 'town') return undefined;
  const key = `${p.country}|${p.name}`;
  if (!townCoordinates.has(key)) townCoordinates.set(key, gazetteer().coordinates.get(`${p.country}|${normalisePlaceName(p.name)}`));
  return townCoordinates.get(key);
}

// Module-level, not closures in placesConflict: it runs for every pair of reports scored.
const unambiguous = (p: Place) => !p.ambiguous;
const countriesOf = (ps: readonly Place[]) => new Set(ps.map((p) => p.country));
const townsIn = (ps: readonly Place[], country: string) =>
  ps
    .filter((p) => p.country === country)
    .map(townAt)
    .filter((x) => x !== undefined);

/**
 * Two place sets name different places of the same kind: different countries (both name one), or,
 * within one country, different divisions (both name one), or towns of the wider world too far apart to
 * be one city (both name one: Toronto and Ottawa). A town counts as its division.
 */
export function placesConflict(allA: readonly Place[], allB: readonly Place[]): boolean {
  if (allA.length === 0 || allB.length === 0) return false;
  // A name that could be in several places is in one of them: two reports conflict when they do in every
  // reading ("St Thomas", Jamaica's parish or Barbados's, is neither Tobago nor Barbados's St Philip).
  return readingsOf(allA).every((a) => readingsOf(allB).every((b) => readingConflict(a, b)));
}

/** Each place has at most this many readings, and a list at most this many combinations; past that an ambiguous name is no evidence. */
const MAX_READINGS = 4;
const MAX_COMBINATIONS = 8;

/**
 * An ambiguous name's readings when all of them are the region's (St James: a parish of Jamaica or of
 * Barbados): such a name is in one of them. A name the region shares with the wider world (Manchester,
 * Jamaica's parish and England's city) keeps no readings: it says nothing of where an event is.
 */
function readingsWithin(candidates: readonly Place[]): { readings?: Place[] } {
  const { caribbean } = gazetteer();
  return candidates.length <= MAX_READINGS && candidates.every((p) => caribbean.has(p.country)) ? { readings: [...candidates] } : {};
}

/** A place list read every way its ambiguous names allow (names kept before readings were: left ambiguous). */
function readingsOf(ps: readonly Place[]): (readonly Place[])[] {
  let lists: Place[][] = [[]];
  for (const p of ps) {
    const ways = p.ambiguous && p.readings?.length ? p.readings : [p];
    if (lists.length * ways.length > MAX_COMBINATIONS) return [ps];
    lists = lists.flatMap((l) => ways.map((w) => [...l, w]));
  }
  return lists;
}

function readingConflict(allA: readonly Place[], allB: readonly Place[]): boolean {
  // A name that could be in several countries (and was not read) is no evidence of where an event happened.
  const a = allA.filter(unambiguous);
  const b = allB.filter(unambiguous);
  const ca = countriesOf(a);
  const cb = countriesOf(b);
  if (ca.size > 0 && cb.size > 0 && ![...ca].some((c) => cb.has(c))) return true;
  for (const country of ca) {
    if (!cb.has(country)) continue;
    const da = new Set(a.filter((p) => p.country === country && p.division).map((p) => p.division!));
    const db = new Set(b.filter((p) => p.country === country && p.division).map((p) => p.division!));
    if (da.size > 0 && db.size > 0 && ![...da].some((d) => db.has(d))) return true;
    const [ta, tb] = [townsIn(a, country), townsIn(b, country)];
    if (ta.length > 0 && tb.length > 0 && !ta.some((x) => tb.some((y) => geoDistance(x, y) * EARTH_KM <= SAME_TOWN_KM))) return true;
  }
  return false;
}

export type CountryEvidence = { title: string; lead: string; body?: string; outletRegion?: string | null };

/**
 * The country a story is about: the Caribbean country its titles and leads name most (a title counts
 * twice, a name that could be in several countries half), else the one its bodies name most, else its
 * local outlets' home country, else the fallback; "Caribbean" when the titles and leads name more than three Caribbean
 * countries. A country outside the region (England in a netball result,
 * Ireland in a T20 line-up) decides only when no Caribbean country is named anywhere.
 */
export function storyCountry(reports: readonly CountryEvidence[], fallback = 'Caribbean'): string {
  const caribbean = new Set(caribbeanCountries());
  const tally = (texts: readonly [string, number, string?][]) => {
    const counts = new Map<string, number>();
    for (const [text, weight, context] of texts) {
      for (const p of findPlaces(text, context)) counts.set(p.country, (counts.get(p.country) ?? 0) + weight * (p.ambiguous ? 0.5 : 1));
    }
    return counts;
  };
  const best = (counts: Map<string, number>, only: (c: string) => boolean) => [...counts].filter(([c]) => only(c)).sort((a, b) => b[1] - a[1])[0]?.[0];
  const top = tally(
    reports.flatMap(
      (r) =>
        [
          [r.title, 2, r.lead.slice(0, 600)],
          [r.lead.slice(0, 600), 1, r.title],
        ] as [string, number, string][],
    ),
  );
  const named = [...top.keys()].filter((c) => caribbean.has(c));
  if (named.length > 3) return 'Caribbean';
  // A title about the region (CARICOM leaders, the West Indies squad) that names no Caribbean country is regional news,
  // wherever the meeting or the match is held.
  const titles = reports.map((r) => r.title).join('\n');
  if (
    !findPlaces(titles).some((p) => caribbean.has(p.country) && !p.ambiguous) &&
    REGION_WORDS.some((w) => new RegExp(`\\b${escapeRegExp(w)}\\b`).test(titles))
  )
    return 'Caribbean';
  const body = tally(reports.map((r) => [(r.body ?? '').slice(0, 4_000), 1] as [string, number]));
  const home = reports.map((r) => r.outletRegion).find((r): r is string => Boolean(r && caribbean.has(r)));
  return best(top, (c) => caribbean.has(c)) ?? best(body, (c) => caribbean.has(c)) ?? home ?? best(top, () => true) ?? best(body, () => true) ?? fallback;
}
