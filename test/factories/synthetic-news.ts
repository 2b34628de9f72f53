import type { RawItemInput } from './raw-items';

/**
 * Synthetic source items for load tests and the bench: `events` distinct events, each reported by
 * `outlets` outlets in different words, spread through time at `perDay` events a day. Every event has
 * its own organisation and figures, and one kind of event recurs in one place only every
 * kinds × places events (over three days at the default rate), so the clustering rule can tell them apart; the wording
 * varies by outlet like real reports of one event do. Deterministic (no randomness).
 */

const OUTLETS = [
  'Kingston Ledger',
  'Antilles Wire',
  'Bridgetown Courier',
  'Port of Spain Mirror',
  'Nassau Tide',
  'Castries Voice',
  'Hispaniola Herald',
  'Demerara Daily',
];
// Places in distinct parishes, islands or regions (clustering tells events in two of them apart).
const PLACES: [string, string][] = [
  ['Kingston', 'Jamaica'],
  ['St Andrew', 'Jamaica'],
  ['St Thomas', 'Jamaica'],
  ['Portland', 'Jamaica'],
  ['St Mary', 'Jamaica'],
  ['St Ann', 'Jamaica'],
  ['Trelawny', 'Jamaica'],
  ['St James', 'Jamaica'],
  ['Hanover', 'Jamaica'],
  ['Westmoreland', 'Jamaica'],
  ['St Elizabeth', 'Jamaica'],
  ['Manchester', 'Jamaica'],
  ['Clarendon', 'Jamaica'],
  ['St Catherine', 'Jamaica'],
  ['Christ Church', 'Barbados'],
  ['St Philip', 'Barbados'],
  ['St Lucy', 'Barbados'],
  ['St Joseph', 'Barbados'],
  ['St Peter', 'Barbados'],
  ['St George', 'Barbados'],
  ['St Michael', 'Barbados'],
  ['St John', 'Barbados'],
  ['Abaco', 'Bahamas'],
  ['Eleuthera', 'Bahamas'],
  ['Exuma', 'Bahamas'],
  ['Andros', 'Bahamas'],
  ['Bimini', 'Bahamas'],
  ['Grand Bahama', 'Bahamas'],
  ['New Providence', 'Bahamas'],
  ['Inagua', 'Bahamas'],
  ['Long Island', 'Bahamas'],
  ['Cat Island', 'Bahamas'],
  ['Castries', 'Saint Lucia'],
  ['Vieux Fort', 'Saint Lucia'],
  ['Soufriere', 'Saint Lucia'],
  ['Gros Islet', 'Saint Lucia'],
  ['Micoud', 'Saint Lucia'],
  ['Dennery', 'Saint Lucia'],
  ['Trinidad', 'Trinidad and Tobago'],
  ['Tobago', 'Trinidad and Tobago'],
  ['Demerara', 'Guyana'],
  ['Berbice', 'Guyana'],
  ['Essequibo', 'Guyana'],
];
const ORG_WORDS = ['Water', 'Housing', 'Ports', 'Energy', 'Health', 'Transport', 'Tourism', 'Schools', 'Roads', 'Fisheries'];
const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'to', 've', 'su', 'ni', 'pa', 'do', 're', 'ga', 'bo', 'fe', 'li', 'ma'];

function codeName(n: number): string {
  let s = '';
  let x = n + 17;
  for (let i = 0; i < 3; i++) {
    s += SYLLABLES[x % SYLLABLES.length];
    x = Math.floor(x / SYLLABLES.length) + 7 * (i + 1);
  }
  return s.charAt(0).toUpperCase() + s.slice(1);
}

type Phrasing = (e: { place: string; country: string; org: string; n: number; money: number; day: string }) => { title: string; summary: string };
const KINDS: Phrasing[][] = [
  [
    (e) => ({
      title: `Fire destroys ${e.n} homes in ${e.place}`,
      summary: `A fire destroyed ${e.n} homes in ${e.place}, ${e.country}, on ${e.day}, the ${e.org} said. Residents were moved to a shelter.`,
    }),
    (e) => ({
      title: `${e.place} blaze leaves ${e.n} families homeless`,
      summary: `${e.n} families in ${e.place} lost their homes to a blaze on ${e.day}, according to the ${e.org}.`,
    }),
    (e) => ({
      title: `${e.country}: ${e.n} houses burn in ${e.place}`,
      summary: `Firefighters battled flames that gutted ${e.n} houses in ${e.place} on ${e.day}; the ${e.org} is investigating.`,
    }),
  ],
  [
    (e) => ({
      title: `${e.org} approves $${e.money} million for ${e.place}`,
      summary: `The ${e.org} approved $${e.money} million on ${e.day} for new works in ${e.place}, ${e.country}.`,
    }),
    (e) => ({
      title: `$${e.money} million project for ${e.place} gets the green light`,
      summary: `${e.place} will get $${e.money} million of new works after the ${e.org} signed off on ${e.day}.`,
    }),
    (e) => ({
      title: `${e.country} agency backs ${e.place} plan with $${e.money} million`,
      summary: `A $${e.money} million plan for ${e.place} was approved by the ${e.org} on ${e.day}, officials said.`,
    }),
  ],
  [
    (e) => ({
      title: `${e.org} reports ${e.n} percent rise in ${e.place}`,
      summary: `The ${e.org} said on ${e.day} that demand in ${e.place} rose ${e.n}% this quarter, the fastest growth in ${e.country}.`,
    }),
    (e) => ({
      title: `${e.place} demand up ${e.n}%, ${e.org} says`,
      summary: `Demand in ${e.place}, ${e.country}, climbed ${e.n} percent, according to figures the ${e.org} released on ${e.day}.`,
    }),
    (e) => ({
      title: `${e.n}% jump for ${e.place} in ${e.org} figures`,
      summary: `New ${e.org} figures released on ${e.day} show a ${e.n}% increase in ${e.place}.`,
    }),
  ],
];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function syntheticNews(options: { events: number; outlets?: number; perDay?: number; end?: Date }): (RawItemInput & { event: number })[] {
  const outlets = options.outlets ?? 4;
  const perDay = options.perDay ?? 36;
  const end = (options.end ?? new Date()).getTime();
  const items: (RawItemInput & { event: number })[] = [];
  for (let i = 0; i < options.events; i++) {
    const [place, country] = PLACES[i % PLACES.length]!;
    const org = `${codeName(i)} ${ORG_WORDS[i % ORG_WORDS.length]} Authority`;
    const facts = { place, country, org, n: 3 + (i % 40), money: 5 + (i % 90), day: DAYS[i % 7]! };
    const kind = KINDS[i % KINDS.length]!;
    const at = end - ((options.events - i) / perDay) * 86_400_000;
    for (let j = 0; j < outlets; j++) {
      const { title, summary } = kind[j % kind.length]!(facts);
      const published = new Date(at + j * 40 * 60_000).toISOString();
      items.push({
        event: i,
        outlet: OUTLETS[(i + j) % OUTLETS.length]!,
        title,
        summary,
        url: `https://example.test/${i}/${j}`,
        published_at: published,
        created_at: published,
      });
    }
  }
  return items.sort((a, b) => a.published_at!.localeCompare(b.published_at!));
}
