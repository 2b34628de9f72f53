import { describe, expect, it } from 'vitest';
import { eventFeatures, eventWords, findEventFigures, findInstitutions, guessLanguage, type EventItem } from './event-features';
import { placesConflict } from '../../nlp/gazetteer';
import { headlinesConflict, makeIdf, misfits, pairScore, withVector, type Member } from './event-clustering';
import { clusterEvents } from './cluster-engine';

const item = (id: string, outlet: string, at: string, title: string, summary: string, text = '', outletRegion?: string): Member => ({
  id,
  ...eventFeatures({ title, summary, text, outlet, outletRegion, publishedAt: at, createdAt: at } satisfies EventItem),
});

/** Reports published at `at`, scored with the IDF of an empty corpus (every word as rare as the next). */
function scorer(at: string) {
  const idf = makeIdf(new Map(), 0);
  return (id: string, outlet: string, title: string, summary: string, text = '', region?: string) =>
    withVector(item(id, outlet, at, title, summary, text, region), idf);
}

// The case: three outlets report one rate decision in their own words; one of them, hours
// earlier, reports the same institution's governor at a tourism conference.
const bojWeek = [
  item(
    'speech',
    'Jamaica Observer',
    '2026-11-18T15:20:00Z',
    'Bank of Jamaica governor urges tourism investment at Montego Bay conference',
    'BOJ Governor Dr Everton Lyle told hoteliers at the Jamaica Hotel and Tourist Association conference in Montego Bay that more tourism earnings should stay in the local economy.',
    'Lyle said linkages between hotels and local farmers and manufacturers were still too weak. He did not comment on interest rates.',
  ),
  item(
    'rate-1',
    'Jamaica Gleaner',
    '2026-11-18T20:10:00Z',
    'Bank of Jamaica raises policy rate to 7.5 per cent',
    'The Bank of Jamaica has increased its policy interest rate by 50 basis points to 7.5 per cent, citing rising food prices after the storm.',
    'The central bank said inflation, at 6.1 per cent in October, was above its target range of four to six per cent.',
  ),
  item(
    'rate-2',
    'Jamaica Observer',
    '2026-11-18T21:00:00Z',
    'BOJ hikes rate by 50 basis points to 7.5% as inflation climbs',
    'The BOJ raised its key rate to 7.5% on Tuesday in a bid to pull inflation back into its target range.',
    'Governor Everton Lyle said the Monetary Policy Committee voted unanimously for the increase.',
  ),
  item(
    'rate-3',
    'CMC',
    '2026-11-19T01:30:00Z',
    'Jamaica central bank lifts key rate to 7.5 percent',
    "KINGSTON, Jamaica (CMC) — Jamaica's central bank on Tuesday lifted its benchmark policy rate by half a percentage point to 7.5 percent.",
    'The bank said food prices had climbed sharply after the storm.',
  ),
];

describe('event features', () => {
  it.each([
    ['BOJ hikes rate by 50 basis points to 7.5% as inflation climbs', ['%:7.5', 'bp:50']],
    ["Gov't seeks $14.2b more; J$14.2 billion in total", ['$:14200000000']],
    ['12,000 customers without power; 150.000 personas; 7,3 kilómetros', ['#:12000', '#:150000', '#:7.3']],
    ['On 18 November 2026 at 10:30 am, two people were hurt', []],
    ['Inflation climbs to 6.1 per cent in October', ['%:6.1']],
    ['Newcastle complete £70m signing; €81m; US$ 90m', ['$:90000000', '£:70000000', '€:81000000']],
  ])('reads the figures of %j in any style', (text, figures) => {
    expect(findEventFigures(text)).toEqual(figures);
  });

  it('reads an institution by its name, acronym or alias as one token', () => {
    expect(findInstitutions('The Bank of Jamaica said', 'Jamaica')).toEqual(['@central-bank:jamaica']);
    expect(findInstitutions('BOJ hikes rate', undefined)).toEqual(['@central-bank:jamaica']);
    expect(findInstitutions("Jamaica's central bank lifted its key rate", 'Jamaica')).toEqual(['@central-bank:jamaica']);
    // "Boj" in running text is not the acronym; a generic name needs a country to mean anything.
    expect(findInstitutions('Boj is a surname; the central bank', undefined)).toEqual([]);
  });

  it('reads the other languages of the region as English words', () => {
    const es = eventFeatures({
      title: 'Cuba sufre un apagón total',
      summary: 'Un apagón dejó sin luz a la isla.',
      text: '',
      outlet: 'EFE',
      publishedAt: '2026-11-10T10:00:00Z',
      createdAt: '',
    });
    const en = eventFeatures({
      title: 'Cuba hit by total blackout',
      summary: 'A blackout left the island without power.',
      text: '',
      outlet: 'AP',
      publishedAt: '2026-11-10T11:00:00Z',
      createdAt: '',
    });
    expect(eventWords('apagón')).toEqual(eventWords('blackout'));
    const shared = Object.keys(es.terms).filter((t) => t in en.terms);
    expect(shared).toEqual(expect.arrayContaining([...eventWords('blackout'), ...eventWords('power'), ...eventWords('island')]));
    // The world's news too: a port strike in French, a wildfire and a court ruling in Spanish.
    expect(eventWords('Grève au port : les débardeurs et le syndicat')).toEqual(eventWords('strike port dockworkers union'));
    expect(eventWords('Incendio forestal: viviendas destruidas')).toEqual(eventWords('fire wildfire homes destroyed'));
    expect(eventWords('El Supremo: fallo del tribunal')).toEqual(eventWords('supreme ruling court'));
    expect(guessLanguage('Un apagón dejó sin luz a la isla tras la avería')).toBe('es');
    expect(guessLanguage('Les commerçants haïtiens ont pu retourner lundi au marché')).toBe('fr');
  });

  it('reads a name that opens its sentences ("Eskom said") and leaves out the outlet\'s own name', () => {
    const f = item(
      'n',
      'Daily Maverick',
      '2026-03-10T10:00:00Z',
      'Stage 4 power cuts from 4pm',
      'Eskom has announced stage 4 power cuts after units broke down overnight.',
      'Eskom will cut supply from 16:00. Residents should check schedules, residents in Cape Town were told. Analyst Pieter Swanepoel told Daily Maverick the fleet was old.',
    );
    expect(f.names).toContain('eskom');
    expect(f.names).toContain('swanepoel');
    // Written in lower case elsewhere in the text: a common word that opened a sentence, not a name.
    expect(f.names).not.toContain('residents');
    expect(f.names).not.toContain('maverick');
    expect(f.names).not.toContain('daily');
  });

  it('reads French elisions as the word that follows, and a title-case headline by the words its body uses plainly', () => {
    expect(eventWords("l'État condamné par le tribunal")).toEqual(eventWords('État condamné par le tribunal'));
    expect(eventWords("la grève d'Air France")).toEqual(eventWords('la grève Air France'));
    const f = item(
      't',
      'The New York Times',
      '2026-03-10T10:00:00Z',
      'N.J. Transit Engineers Strike, Stranding 100,000 Daily Rail Riders',
      'Locomotive engineers walked off the job on Friday, halting commuter rail service.',
      "The strike by the Brotherhood of Locomotive Engineers leaves daily riders without trains. L'Équipe said riders were angry.",
    );
    expect(f.names).toEqual(expect.arrayContaining(['transit', 'brotherhood', 'equipe']));
    // Written plainly in the body: words of the title-case headline, not names.
    for (const word of ['engineers', 'strike', 'daily', 'riders', 'rail']) expect(f.names).not.toContain(word);
    expect(f.names).not.toContain('lequipe');
    // A country of the wider world is the same name in any language.
    const fr = item('f', "L'Orient-Le Jour", '2026-03-10T10:00:00Z', 'Le Parlement adopte la loi', 'Les députés du Liban ont voté mardi.');
    expect(fr.names).toContain('lebanon');
  });

  it("does not place a report in Haiti's Sud or Nord for a French 'sud' or 'nord' (SUD-Rail) unless Haiti is named", () => {
    const rail = item(
      'r',
      'Le Monde',
      '2026-03-10T10:00:00Z',
      'Grève à la SNCF : SUD-Rail appelle à poursuivre',
      'Le syndicat Sud-Rail maintient son préavis.',
    );
    expect(rail.places.map((p) => p.name)).not.toContain('Sud');
    const lille = item('l', 'La Voix du Nord', '2026-03-10T10:00:00Z', 'Inondations dans le Nord', 'Des pluies ont inondé le Nord, selon la préfecture.');
    expect(lille.places.map((p) => p.name)).not.toContain('Nord');
    const haiti = item(
      'h',
      'Le Nouvelliste',
      '2026-03-10T10:00:00Z',
      'Inondations dans le Nord',
      "Des pluies ont inondé le Nord d'Haïti, selon la Protection civile.",
    );
    expect(haiti.places.map((p) => p.name)).toContain('Nord');
  });

  it('reads a country before a common noun past the title as a thing, not the place ("the Sudan strain", "the Ethiopia unit")', () => {
    const ebola = item(
      'e',
      'Daily Monitor',
      '2026-03-10T10:00:00Z',
      'Health ministry confirms Ebola outbreak in Mubende',
      'Two people have died of the Sudan strain.',
    );
    expect(ebola.places.map((p) => p.name)).not.toContain('Sudan');
    const unit = item('s', 'Nation Africa', '2026-03-10T10:00:00Z', 'Safaricom profit rises', "The Ethiopia unit's losses narrowed; Kenya revenue grew.");
    expect(unit.places.map((p) => p.name)).not.toContain('Ethiopia');
    // In a title, or before a function word, it is the place.
    expect(
      item('p', 'Al Jazeera', '2026-03-10T10:00:00Z', 'Pakistan flash floods kill 21', 'Rescuers searched the valley.').places.map((p) => p.name),
    ).toContain('Pakistan');
    expect(
      item('u', 'Reuters', '2026-03-10T10:00:00Z', 'Ebola outbreak declared', 'Health officials in Sudan on Monday declared an outbreak.').places.map(
        (p) => p.name,
      ),
    ).toContain('Sudan');
  });

  it('takes the country of a local outlet when a report names no place', () => {
    expect(item('x', 'CNC3', '2026-10-20T10:00:00Z', 'Man shot dead outside his home', 'Police are investigating.', '', 'Trinidad and Tobago').country).toBe(
      'Trinidad and Tobago',
    );
    expect(item('y', 'CMC', '2026-10-20T10:00:00Z', 'Man shot dead outside his home', 'Police are investigating.', '', 'Caribbean').country).toBeUndefined();
  });
});

describe('event clustering rules', () => {
  it("joins the three rate reports and keeps the governor's speech apart", () => {
    const stories = clusterEvents(bojWeek);
    expect(stories.get('rate-1')).toBe(stories.get('rate-2'));
    expect(stories.get('rate-1')).toBe(stories.get('rate-3'));
    expect(stories.get('speech')).not.toBe(stories.get('rate-1'));
  });

  it('keeps two titles that lead on different rates apart (inflation 6.1%, policy rate 7.5%)', () => {
    const inflation = item(
      'infl',
      'Jamaica Gleaner',
      '2026-11-16T15:40:00Z',
      'Inflation climbs to 6.1 per cent in October',
      'Annual inflation rose to 6.1 per cent in October, STATIN said, driven by food prices.',
    );
    expect(headlinesConflict(inflation, bojWeek[1]!)).toBe(true);
    expect(headlinesConflict(bojWeek[1]!, bojWeek[2]!)).toBe(false);
  });

  it('reads one fee told in pounds by one outlet and in euros by another as no conflict, and two fees in pounds as one', () => {
    const at = '2026-06-02T10:00:00Z';
    const pounds = item('gbp', 'Sky Sports', at, 'Newcastle complete club-record £70m signing of Benfica striker', 'The fee is a club record.');
    const euros = item('eur', 'The Athletic', at, 'Why Newcastle paid €81m for their record striker', 'The deal was agreed on Monday.');
    const other = item('gbp2', 'BBC Sport', at, 'Wolves sign Benfica midfielder in £24m deal', 'Wolves agreed the fee on Monday.');
    expect(headlinesConflict(pounds, euros)).toBe(false);
    expect(headlinesConflict(pounds, other)).toBe(true);
  });

  it('never joins across places in two countries or parishes, or two items of one outlet hours apart on different things', () => {
    const idf = makeIdf(new Map(), 0);
    const wageLc = withVector(
      item(
        'lc',
        'St Lucia Times',
        '2026-10-20T12:00:00Z',
        'Minimum wage to rise to $8.50 an hour in Saint Lucia',
        "Saint Lucia's government raised the minimum wage.",
      ),
      idf,
    );
    const wageBb = withVector(
      item('bb', 'Barbados Today', '2026-10-21T12:00:00Z', 'Minimum wage going up in Barbados', 'Barbados will raise the national minimum wage.'),
      idf,
    );
    expect(pairScore(wageLc, wageBb).blocked).toBe('place');
    const fire = withVector(
      item('f', 'Jamaica Star', '2026-11-18T08:00:00Z', 'Fire destroys market stalls in Montego Bay', 'Vendors lost goods when fire swept through the market.'),
      idf,
    );
    const crash = withVector(
      item('c', 'Jamaica Star', '2026-11-18T11:00:00Z', 'Two die in Montego Bay crash', 'A car and a bus collided on the highway.'),
      idf,
    );
    expect(pairScore(fire, crash).blocked).toBe('same outlet');
    // The same outlet's versions in two languages are one report, not two events.
    const fr = withVector(
      item(
        'fr',
        'AFP',
        '2026-11-10T10:00:00Z',
        'Martinique : des milliers de manifestants contre la vie chère',
        'Des milliers de personnes ont défilé à Fort-de-France.',
      ),
      idf,
    );
    const en = withVector(
      item('en', 'AFP', '2026-11-10T10:30:00Z', 'Thousands march in Martinique over cost of living', 'Thousands of people marched in Fort-de-France.'),
      idf,
    );
    expect(pairScore(fr, en).blocked).toBeUndefined();
  });

  it('joins across a place conflict only when the rare names and the words agree: a winner’s home town is not a second scene', () => {
    const scored = scorer('2026-01-31T12:00:00Z');
    const home = scored(
      'a',
      'Fox Sports Australia',
      'Ellie Marchetti wins Australian Open: Adelaide star ends home drought in epic final',
      'Ellie Marchetti beat Sofia Lindgren in three sets at Rod Laver Arena to become the first Australian woman to win the title since 1978.',
    );
    const venue = scored(
      'b',
      'BBC Sport',
      'Australian Open 2026: Ellie Marchetti beats Sofia Lindgren to win maiden Grand Slam title',
      'Marchetti, 23, beat the Swede Lindgren 6-4 3-6 6-3 in Melbourne for her first major title.',
    );
    expect(placesConflict(home.places, venue.places)).toBe(true); // Adelaide and Melbourne
    expect(pairScore(home, venue).blocked).toBeUndefined();
    expect(pairScore(home, venue).score).toBeGreaterThan(0.9);
    // Two countries' minimum wages: the same words, no shared names: still two events.
    const stLucia = scored(
      'c',
      'CMC',
      'St Lucia raises minimum wage',
      'The government of St Lucia will raise the national minimum wage from April, the labour minister said.',
    );
    const barbados = scored(
      'd',
      'CBC Barbados',
      'Minimum wage increase announced in Barbados',
      'Barbados will raise the national minimum wage from April, the labour minister said on Tuesday.',
    );
    expect(pairScore(stLucia, barbados).blocked).toBe('place');
  });

  it("tells the world apart by its places: two countries, two US states; a firm's home, a wire dateline and a lower-case verb are no place", () => {
    const scored = scorer('2026-03-12T12:00:00Z');
    // Same day, same kind of decision, countries the Caribbean list never held.
    const turkey = scored('tr', 'Reuters', "Turkey's central bank cuts rates by 250 basis points", 'The central bank cut its one-week repo rate on Thursday.');
    const egypt = scored('eg', 'Ahram Online', "Egypt's central bank cuts rates by 250 basis points", 'The central bank cut its overnight rates on Thursday.');
    expect(pairScore(turkey, egypt).blocked).toBe('place');
    const texas = scored('tx', 'AP', 'Primary results: incumbent governor wins in Texas', 'Voters in Texas chose their nominees on Tuesday.');
    const california = scored('ca', 'AP', 'Primary results: incumbent governor wins in California', 'Voters in California chose their nominees on Tuesday.');
    expect(pairScore(texas, california).blocked).toBe('place');
    // "Singapore-based", the filing desk of a dateline and "irán" (they will go) say nothing of where it happened.
    const fine = scored(
      'eu-1',
      'Reuters',
      'EU fines video app Quiplo 210 million euros',
      '',
      'BRUSSELS, March 12 (Reuters) - The European Commission fined Singapore-based Lumen Social 210 million euros on Thursday over its app Quiplo.',
    );
    const fine2 = scored(
      'eu-2',
      'Euronews',
      'Brussels hits video app Quiplo with landmark penalty',
      'The Commission fined the company behind Quiplo in Brussels.',
    );
    expect(fine.places.map((p) => p.country)).toEqual([]);
    expect(pairScore(fine, fine2).blocked).toBeUndefined();
    const runoff = scored(
      'co-1',
      'El Tiempo',
      'Montoya y Echeverri irán a segunda vuelta presidencial',
      'Los dos candidatos se enfrentarán el 21 de junio en Colombia.',
    );
    expect(runoff.places.map((p) => p.country)).toEqual(['Colombia']);
  });

  it('tells two countries apart by their currencies when neither report names its own country; dollars and a shared currency place nothing', () => {
    const scored = scorer('2026-09-16T12:00:00Z');
    // National outlets seldom name their own country: the price rise in rupees and the one in shillings.
    const petrol = scored(
      'pk',
      'Dawn',
      'Petrol up Rs4.86, diesel Rs2.12 for fortnight',
      'The government raised the price of petrol by Rs4.86 per litre from Tuesday.',
    );
    const pump = scored(
      'ke',
      'Daily Nation',
      'Motorists to pay more as regulator raises pump prices',
      'Petrol will retail at Sh196.40 a litre in Nairobi from Tuesday, up Sh3.10.',
    );
    expect(petrol.currencies).toEqual(['rupee']);
    expect(pump.currencies).toEqual(['shilling']);
    expect(pairScore(petrol, pump).blocked).toBe('currency');
    // The same rise told in rupees by one outlet and in rupees and dollars by a wire is one event.
    const wire = scored(
      'pk-2',
      'Reuters',
      'Pakistan raises petrol price by 4.86 rupees a litre',
      'The increase, about 1.7 US cents, takes petrol to $0.95 a litre.',
    );
    expect(wire.currencies).toEqual(['rupee']);
    expect(pairScore(petrol, wire).blocked).toBeUndefined();
    // Dollars, euros and pounds are quoted everywhere: they never set two reports apart.
    const dollars = scored('us', 'AP', 'Fuel prices climb as crude rises', 'Petrol rose by $0.12 a gallon, about £0.09.');
    expect(dollars.currencies).toEqual([]);
    expect(pairScore(petrol, dollars).blocked).toBeUndefined();
    // Words that only look like a currency ("won" the match, a room number R2) are not one.
    expect(scored('x', 'AP', 'Kenya won 3-1 in Nairobi', 'Room R2 was shut.').currencies).toEqual([]);
    expect(scored('ng', 'Punch', 'FG releases N1.5bn for flood victims', '').currencies).toEqual(['naira']);
    expect(scored('mx', 'El Universal', 'Invierten 1.500 millones de pesos', '').currencies).toEqual(['peso']);
  });

  it("tells the federations' states apart (Kerala and Karnataka), and reads a town of the region as a place only for the region's outlets", () => {
    const scored = scorer('2026-08-10T06:00:00Z');
    const kerala = scored('kl', 'The Hindu', 'Rain fury: 14 dead in Kerala as landslides hit Idukki', 'Landslides buried homes as the monsoon intensified.');
    const karnataka = scored(
      'ka',
      'Deccan Herald',
      'Six dead as heavy rain lashes coastal Karnataka',
      'Landslides cut off villages as the monsoon intensified.',
    );
    expect(pairScore(kerala, karnataka).blocked).toBe('place');
    const kerala2 = scored('kl2', 'NDTV', 'Kerala rain toll rises to 17, dams opened', 'More landslides were reported in Idukki.');
    expect(pairScore(kerala, kerala2).blocked).toBeUndefined();
    const brazil = [
      scored('rs', 'Folha de S.Paulo', 'Floods in Rio Grande do Sul kill 9', 'Rivers burst their banks across the state.'),
      scored('sc', 'G1', 'Blumenau evacuates as floods hit Santa Catarina', 'Rivers burst their banks across the state.'),
    ] as const;
    expect(pairScore(...brazil).blocked).toBe('place');
    // San Nicolas is a town of Aruba, and of the Philippines: a Manila paper's quake report is not placed in Aruba.
    const quake = scored(
      'ph',
      'Philippine Daily Inquirer',
      'Quake death toll climbs to 11; state of calamity declared',
      'Aftershocks continue to rattle the province.',
      'Rescuers recovered five more bodies from collapsed houses in San Nicolas on Saturday.',
    );
    expect(quake.places).toEqual([]);
    const aruba = scored(
      'aw',
      'Diario',
      'Refinery workers protest pay delay',
      'Workers gathered at the gate.',
      'The protest in San Nicolas lasted three hours.',
      'Aruba',
    );
    expect(aruba.places.map((p) => p.country)).toEqual(['Aruba']);
  });

  it('joins two sides of one match, each led on the other country, and keeps two states that name each other in passing apart', () => {
    const scored = scorer('2026-07-04T22:00:00Z');
    const rabat = scored(
      'ma',
      'Morocco World News',
      'Atlas Lions roar past Japan into World Cup last 16',
      'Youssef Amrani scored twice as the Atlas Lions came from behind to win 2-1.',
      'Fans poured into the streets of Casablanca after the final whistle. Morocco will meet the winner of the group in the last 16. Amrani said the squad had never doubted itself.',
    );
    const tokyo = scored(
      'jp',
      'The Japan Times',
      "Samurai Blue's World Cup run ends with loss to Morocco",
      'Two goals from Youssef Amrani ended the campaign after Ryota Hashimoto had given the Samurai Blue the lead.',
      'Japan had hoped to reach the quarterfinals for the first time. Hashimoto said the players were heartbroken and apologised to supporters at home.',
    );
    expect(rabat.places.map((p) => p.country)).toEqual(['Japan']);
    expect(tokyo.places.map((p) => p.country)).toEqual(['Morocco']);
    expect(pairScore(rabat, tokyo).blocked).toBeUndefined();
    expect(pairScore(rabat, tokyo).score).toBeGreaterThan(0.4);
    // Each report must name the other's country: a report that never does stays a different event.
    expect(pairScore({ ...rabat, mentions: ['Japan'] }, tokyo).blocked).toBe('place');
    // Two fires in two provinces of one country, each naming the other in passing, are two events.
    const alberta = scored(
      'ab',
      'CBC News',
      'Fox Creek residents ordered to leave as wildfire grows in Alberta',
      'The out-of-control fire is 5 kilometres from the town.',
      'Crews from Saskatchewan and British Columbia have been sent to help.',
    );
    const sask = scored(
      'sk',
      'CBC News',
      'La Ronge evacuated as fire jumps Highway 2 in Saskatchewan',
      'About 2,000 residents left the northern town overnight.',
      'Firefighting crews are stretched with another large fire burning in Alberta.',
    );
    expect(pairScore(alberta, sask).blocked).toBe('place');
  });

  it('names the member that no longer fits its story (the speech that slipped into the rate story leaves)', () => {
    const idf = makeIdf(new Map(), 0);
    const story = bojWeek.map((m) => withVector(m, idf));
    expect(misfits(story).map((m) => m.id)).toEqual(['speech']);
    expect(misfits(story.filter((m) => m.id !== 'speech'))).toEqual([]);
  });

  it('does not join reports more than three days apart', () => {
    const late = item(
      'late',
      'Nationwide Radio',
      '2026-11-23T20:00:00Z',
      'BOJ raises policy rate to 7.5 per cent',
      'The Bank of Jamaica raised its policy rate by 50 basis points to 7.5 per cent.',
    );
    const stories = clusterEvents([...bojWeek, late]);
    expect(stories.get('late')).not.toBe(stories.get('rate-1'));
  });

  it('ends with one story when a later report restates two reports that shared little', () => {
    // Two reports of one event in words that share little arrive first as two stories; a third
    // report that restates both brings them together.
    const a = item(
      'a',
      'Jamaica Gleaner',
      '2026-11-17T10:00:00Z',
      'JPS restores power to 140,000 customers',
      'Jamaica Public Service said 140,000 customers had electricity again after the storm.',
    );
    const b = item(
      'b',
      'Radio Jamaica News',
      '2026-11-17T11:00:00Z',
      'Light company: most customers back on grid',
      'The JPS says crews worked overnight on lines in St Elizabeth and Manchester.',
    );
    const c = item(
      'c',
      'CMC',
      '2026-11-17T14:00:00Z',
      'JPS says power back for 140,000 customers as crews work overnight',
      'Jamaica Public Service restored electricity to 140,000 customers after crews worked overnight on lines in St Elizabeth and Manchester.',
    );
    const stories = clusterEvents([a, b, c]);
    expect(new Set([stories.get('a'), stories.get('b'), stories.get('c')]).size).toBe(1);
  });
});

describe('a story told in several frames', () => {
  // One power cut, told twice as the utility's announcement and once as the markets' story (which
  // restates the announcement); a second markets report then arrives. It agrees closely with the first
  // markets report and little with the two announcements (its average over the story is under the bar):
  // it belongs to the story all the same.
  const announcement = item(
    'cut-1',
    'News24',
    '2026-03-10T09:45:00Z',
    'Stage 4 load shedding from 4pm: what you need to know',
    'Eskom has announced stage 4 load shedding from this afternoon after losing generating units overnight.',
    'Households can expect to be without power for up to six hours a day. Spokesperson Thandeka Mvelase said units at Kusile and Kendal had tripped.',
  );
  const announcement2 = item(
    'cut-1b',
    'IOL',
    '2026-03-10T11:00:00Z',
    'Eskom moves to stage 4 load shedding as units trip',
    'Eskom will implement stage 4 load shedding from 4pm after generating units at Kusile and Kendal tripped overnight.',
    'Households face up to six hours a day without power, Eskom spokesperson Thandeka Mvelase said; Cape Town will shield its customers by one stage.',
  );
  const markets = item(
    'cut-2',
    'Reuters',
    '2026-03-10T14:20:00Z',
    'Rand slides as Eskom deepens power cuts',
    "South Africa's rand fell more than 1% against the dollar on Tuesday after Eskom announced stage 4 load shedding from this afternoon, having lost generating units at Kusile and Kendal overnight.",
    'The rand traded at 18.62 per dollar and the Johannesburg Stock Exchange Top-40 index fell 0.8%. Economist Nomvula Dlamini said the return of rationing raised doubts about growth.',
  );
  const markets2 = item(
    'cut-3',
    'Bloomberg',
    '2026-03-10T16:05:00Z',
    'Rand weakens most in a month as stage 4 power cuts return',
    'The rand dropped 1.2% to 18.62 per dollar, and the Top-40 index on the Johannesburg Stock Exchange lost 0.8%, as rationing returned.',
    'Investors had priced in an end to the cuts, economist Nomvula Dlamini said; bond yields rose.',
  );
  const other = item(
    'tariff',
    'Moneyweb',
    '2026-03-11T10:00:00Z',
    'Regulator to rule on electricity tariff application in April',
    'The energy regulator said hearings on the utility tariff application would close next week, with a ruling due in April.',
    'Municipal customers would see any increase from July 1.',
  );

  it('joins a report that agrees closely with one member though little with the rest, and keeps an unrelated report apart', () => {
    const stories = clusterEvents([announcement, announcement2, markets, markets2, other]);
    expect(stories.get('cut-1b')).toBe(stories.get('cut-1'));
    expect(stories.get('cut-2')).toBe(stories.get('cut-1'));
    expect(stories.get('cut-3')).toBe(stories.get('cut-1'));
    expect(stories.get('tariff')).not.toBe(stories.get('cut-1'));
  });
});
