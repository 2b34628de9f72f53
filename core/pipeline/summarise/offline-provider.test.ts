import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FixtureItem } from '../../../test/factories/raw-items';
import { summariseOffline } from './offline-provider';
import type { SourceForAi, SummariseInput } from './provider';
import { findQuotesIn } from './quotes';
import { toLayers, validateSummary, type StorySummary } from './schema';

const fixture = JSON.parse(readFileSync(new URL('../../../test/fixtures/pipeline/clustering.json', import.meta.url), 'utf8')) as { items: FixtureItem[] };
const now = new Date('2026-11-20T18:00:00Z');
const events = [...new Set(fixture.items.map((i) => i.event))];
const inputFor = (event: string): SummariseInput => ({
  storyId: event,
  now,
  sources: fixture.items
    .filter((i) => i.event === event)
    .map((i) => ({ id: i.id, outlet: i.outlet, title: i.title, summary: i.summary, text: '', author: null, url: null, publishedAt: i.published_at })),
});
let n = 0;
const source = (outlet: string, text: string, extra: Partial<SourceForAi> = {}): SourceForAi => ({
  id: `item-${++n}`,
  outlet,
  title: text.split('.')[0]!,
  summary: '',
  text,
  author: null,
  url: null,
  publishedAt: `2026-11-18T${String(10 + (n % 10)).padStart(2, '0')}:00:00Z`,
  ...extra,
});
const write = (...sources: SourceForAi[]) => summariseOffline({ storyId: 'x', now, sources });
const allSentences = (s: StorySummary) => Object.values(s.layers).flatMap((l) => l.sentences.map((x) => x.text));

const FILLER = [/\breported by\b/i, /\bfurther details\b/i, /\bnone of the\b/i, /\bonly one outlet\b/i, /\bquoted by name\b/i, /\bno figures\b/i];

describe('offline writer: every story of the clustering fixture', () => {
  it.each(events)('%s: valid, deterministic, every sentence sourced, no filler', (event) => {
    const input = inputFor(event);
    const a = summariseOffline(input);
    const reversed = [...input.sources].reverse();
    const b = summariseOffline({ ...input, sources: reversed });
    // Same story whatever order the sources come in (source numbers point into each input, so compare item ids).
    expect(JSON.stringify([b.title, b.summary, toLayers(b, reversed)])).toBe(JSON.stringify([a.title, a.summary, toLayers(a, input.sources)]));
    const checked = validateSummary(a, input.sources.length);
    expect(checked.ok ? [] : checked.problems).toEqual([]);
    for (const layer of Object.values(a.layers)) for (const s of layer.sentences) expect(s.sources.length).toBeGreaterThan(0);
    for (const s of allSentences(a)) for (const f of FILLER) expect(s).not.toMatch(f);
  });
});

describe('offline writer: the rules', () => {
  it('states a fact two outlets report once, credited to both', () => {
    const story = write(
      source(
        'Kingston Ledger',
        'The Bank of Jamaica raised its policy rate by 50 basis points to 7.5 per cent on Wednesday. The rate had been held at 7.0 per cent since March.',
      ),
      source(
        'Island Wire',
        "Jamaica's central bank lifted its key interest rate to 7.5 per cent on Wednesday, its first increase since 2023. Analysts expect loan rates to rise.",
      ),
    );
    const [ledger, wire] = ['Kingston Ledger', 'Island Wire'];
    const layers = toLayers(story, [
      { id: 'a', outlet: ledger },
      { id: 'b', outlet: wire },
    ]);
    const what = layers.find((l) => l.layerType === 'what_happened')!.sentences!;
    const rate = what.filter((s) => /7\.5 per cent/.test(s.text));
    expect(rate).toHaveLength(1);
    expect(rate[0]!.outlets).toEqual([ledger, wire]);
    expect(what.some((s) => /since March/.test(s.text) && s.outlets.join() === ledger)).toBe(true);
  });

  it('leads with the event, never with a neighbouring fact that more outlets repeat', () => {
    const story = write(
      source(
        'Antilles Wire',
        "GEORGETOWN (Antilles Wire) — Caribbean Community heads of government on Thursday agreed to cut the region's food import bill by 25 per cent by 2030, the CARICOM Secretariat said.\nThe bill stood at US$6.2 billion last year, the Secretariat said.",
        { title: 'CARICOM leaders agree to cut food import bill by 25 per cent by 2030', publishedAt: '2026-11-19T10:00:00Z' },
      ),
      source(
        'Kingston Ledger',
        "Caribbean leaders want a quarter less food imported by 2030. Meeting in Georgetown on Thursday, CARICOM heads of government backed the 25 per cent target.\nThe region's food import bill was US$6.2 billion last year, according to the Secretariat.",
        { title: 'Region sets 2030 goal to grow more of its own food', publishedAt: '2026-11-19T12:00:00Z' },
      ),
    );
    // The decision (in either outlet's words, credited to both), not last year's import bill.
    const lead = story.layers.short_version.sentences[0]!;
    expect(lead.text).toMatch(/heads of government .*25 per cent/);
    expect(lead.text).not.toMatch(/6\.2 billion/);
  });

  it('removes datelines, wire sign-offs and web furniture', () => {
    const story = write(
      source(
        'CMC',
        'KINGSTON, Jamaica, Nov 18, CMC – The Jamaica Fire Brigade said a fire destroyed four homes in May Pen on Monday.\nRead more: fires this year.\nFirefighters from three stations fought the blaze for two hours. CMC',
      ),
    );
    const text = allSentences(story).join(' ');
    // "on Monday" dated from the report (published Wednesday, November 18) for a reader who reads it later.
    expect(text).toContain('The Jamaica Fire Brigade said a fire destroyed four homes in May Pen on Monday (November 16).');
    expect(text).not.toMatch(/KINGSTON|Read more|hours\. CMC/);
  });

  it('leaves a layer empty rather than padding it, and writes no "our take" for a single voice', () => {
    const story = write(
      source('Spice Isle News', 'The nutmeg festival in Grenville drew a record crowd on Sunday. Organisers thanked the volunteers for their work.'),
    );
    expect(story.layers.what_locals_saying).toEqual({ sentences: [], quotes: [] });
    expect(story.layers.why_it_matters.sentences).toEqual([]);
    expect(story.layers.our_take.sentences).toEqual([]);
    expect(story.layers.short_version.sentences.map((s) => s.text)).toEqual([
      expect.stringMatching(/^The nutmeg festival in Grenville drew a record crowd on Sunday \(November 1\d\)\.$/),
    ]);
    expect(story.summary.split(/(?<=\.) /).every((s) => /Grenville|volunteers/.test(s))).toBe(true);
    // Two outlets of one owner group are one voice.
    const group = write(
      source('Kingston Ledger', 'A fire destroyed four homes in May Pen on Monday.', { ownerGroup: 'Ledger Group' }),
      source('Sunday Ledger', 'Fire destroyed four homes in May Pen on Monday night.', { ownerGroup: 'Ledger Group' }),
    );
    expect(group.layers.our_take.sentences).toEqual([]);
  });

  it('says what independent outlets agree on, where they differ and what only one reports', () => {
    const story = write(
      source(
        'Kingston Ledger',
        'A fire destroyed 4 homes in May Pen on Monday, leaving 15 people homeless. Damage was put at J$30 million by the parish council.',
        { publishedAt: '2026-11-18T08:00:00Z' },
      ),
      source('Island Wire', 'Fire destroyed 5 homes in May Pen on Monday and left 15 people homeless, the fire brigade said.', {
        publishedAt: '2026-11-18T09:00:00Z',
      }),
    );
    const take = story.layers.our_take.sentences.map((s) => s.text);
    expect(take).toContain('Kingston Ledger and Island Wire give the same figure: 15 people.');
    expect(take).toContain('They differ on one figure: Kingston Ledger gives 4 homes where Island Wire gives 5 homes.');
    expect(take).toContain('Only Kingston Ledger reports that damage was put at J$30 million by the parish council.');
  });

  it('says outlets give the same figure only when the fact-check matcher finds that one states the fact of the other (one rule, one answer)', () => {
    const story = write(
      source('Kingston Ledger', 'The Bank of Jamaica raised its policy rate to 7.5 per cent on Tuesday, the central bank said.', {
        publishedAt: '2026-11-18T08:00:00Z',
      }),
      source('Island Wire', 'The Bank of Jamaica said inflation stood at 7.5 per cent in October, above its target.', { publishedAt: '2026-11-18T09:00:00Z' }),
    );
    const take = story.layers.our_take.sentences.map((s) => s.text);
    expect(take.join(' ')).not.toMatch(/give the same figure/);
  });
});

describe('quotations', () => {
  it.each([
    [
      '"We will rebuild every home," said Marcia Brown, president of the residents association.',
      { quote: 'We will rebuild every home', author: 'Marcia Brown', role: 'president of the residents association' },
    ],
    [
      '"The blaze started in a kitchen at the back," fire officer Dwayne Clarke said.',
      { quote: 'The blaze started in a kitchen at the back', author: 'Dwayne Clarke', role: 'fire officer' },
    ],
    [
      'Finance Minister Marcia Thelwell said: "This is targeted relief for farmers and fishers."',
      { quote: 'This is targeted relief for farmers and fishers.', author: 'Marcia Thelwell', role: 'Finance Minister' },
    ],
    [
      'Coach Norman Bailey-Lyn praised his bench. "The boys who came on won us the game," he said.',
      { quote: 'The boys who came on won us the game', author: 'Norman Bailey-Lyn', role: 'Coach' },
    ],
    [
      'Governor of the Bank, Mr. Conrad Ashby, spoke on Thursday. "Our action is aimed at preventing that spiral," the Governor said.',
      { quote: 'Our action is aimed at preventing that spiral', author: 'Conrad Ashby', role: null },
    ],
    [
      'Union leader Devon Blake said on Tuesday that teachers would strike. "Teachers are tired of promises and want a date."',
      { quote: 'Teachers are tired of promises and want a date.', author: 'Devon Blake', role: null },
    ],
    [
      'Krisztina Varga led the mission. "The authorities have served Jamaica well so far," Varga said.',
      { quote: 'The authorities have served Jamaica well so far', author: 'Krisztina Varga', role: null },
    ],
  ])('%s', (text, expected) => {
    expect(findQuotesIn(text)).toEqual([expected]);
  });

  it.each([
    ['"Mi food inna di fridge a spoil," complained a Cross Roads vendor.'],
    ['"The committee judged that an adjustment now reduces later increases," the statement said.'],
    ['"Him never trouble nobody at all," his sister told THE STAR.'],
    ['Police described the area as "hot spots" for crime.'],
  ])('invents no speaker: %s', (text) => {
    expect(findQuotesIn(text)).toEqual([]);
  });

  it('puts only words printed in a report into the quotes, each once, with the report they came from', () => {
    const wire = '"We lost everything in the fire last night," said Marcia Brown, a resident of May Pen.';
    const story = write(
      source('Island Wire', `A fire destroyed four homes in May Pen on Monday. ${wire}`, { publishedAt: '2026-11-18T08:00:00Z' }),
      source('Daily Star', `Four homes burned in May Pen on Monday. ${wire}`, { publishedAt: '2026-11-18T09:00:00Z' }),
    );
    expect(story.layers.what_locals_saying.quotes).toEqual([
      { quote: 'We lost everything in the fire last night', author: 'Marcia Brown', role: 'a resident of May Pen', source: 0 },
    ]);
  });
});

describe('what locals are saying', () => {
  it('shows quotations with speaker and role, crediting the outlet that printed them, and named voices beside them', () => {
    const sources = [
      source(
        'St Lucia Times',
        'Saint Lucia will raise its minimum wage to EC$8.50 an hour from January 1, Labour Minister Virginia Albert-Poyotte announced on Tuesday.\n"No worker in this country should work a full week and still be unable to feed a family," Albert-Poyotte said at a press briefing in Castries.\nThe last increase was in 2019.',
        { publishedAt: '2026-11-17T10:00:00Z' },
      ),
      source(
        'Island Wire',
        'Saint Lucia is raising its minimum wage to EC$8.50 an hour from January 1.\n"We support fair pay, but many of our members are still recovering," said Chamber president Carolyn Trim-Mathurin.\nVendor Juliana Emmanuel said the rise was welcome but still not enough for a family.',
        { publishedAt: '2026-11-17T12:00:00Z' },
      ),
    ];
    const story = write(...sources);
    expect(story.layers.what_locals_saying.quotes).toEqual([
      {
        quote: 'No worker in this country should work a full week and still be unable to feed a family',
        author: 'Virginia Albert-Poyotte',
        role: 'Labour Minister',
        source: 0,
      },
      { quote: 'We support fair pay, but many of our members are still recovering', author: 'Carolyn Trim-Mathurin', role: 'Chamber president', source: 1 },
    ]);
    const layer = toLayers(story, sources).find((l) => l.layerType === 'what_locals_saying')!;
    expect(layer.quotes!.map((q) => [q.author, q.platform])).toEqual([
      ['Virginia Albert-Poyotte', 'St Lucia Times'],
      ['Carolyn Trim-Mathurin', 'Island Wire'],
    ]);
    expect(story.layers.what_locals_saying.sentences.map((s) => s.text)).toEqual([
      'Vendor Juliana Emmanuel said the rise was welcome but still not enough for a family.',
    ]);
  });

  it('leaves the layer empty for quotations nobody is named for, and for a report that is all quotations', () => {
    const story = write(
      source('Daily Star', '"Mi food inna di fridge a spoil," complained a Cross Roads vendor. "We cannot sleep at night with the gunshots," a resident said.'),
      source('Island Wire', Array.from({ length: 50 }, (_, i) => `"We will rebuild home number ${i} before Christmas."`).join(' ')),
    );
    expect(story.layers.what_locals_saying.quotes).toEqual([]);
  });
});

describe('leads and dates (issue 24)', () => {
  it('leads with the news, not a background line more outlets share a figure with', () => {
    const story = write(
      source(
        'Kingston Ledger',
        'Motorists can now pay traffic tickets online through a new Tax Administration Jamaica portal launched on Wednesday, Transport Minister Paula Grant said. Payments by card or bank transfer are confirmed within 48 hours.\nSome 400,000 tickets are outstanding, the ministry said.',
        { title: 'Motorists can now pay traffic tickets online', publishedAt: '2026-11-19T08:00:00Z' },
      ),
      source(
        'Antilles Wire',
        'KINGSTON (Antilles Wire) — Jamaica launched an online portal on Wednesday for paying traffic tickets, aiming to clear a backlog of about 400,000 unpaid fines, the transport ministry said.',
        { title: 'Jamaica moves traffic-ticket payments online', publishedAt: '2026-11-19T09:00:00Z' },
      ),
    );
    const short = story.layers.short_version.sentences.map((s) => s.text);
    expect(short[0]).toMatch(/portal launched|launched an online portal/);
    expect(short.join(' ')).not.toMatch(/^Some 400,000 tickets are outstanding/);
  });

  it('dates a forecast "by Friday" from its own report: the Friday after, kept out of the timeline of what happened', () => {
    const story = write(
      source(
        'Antilles Wire',
        'Tropical storm watches for Barbados and Saint Lucia were lifted on Thursday morning after Keron passed south of the islands with sustained winds of 60 mph.\nBarbados reported wind gusts of 45 mph and brief power cuts to about 1,200 customers on Wednesday. Forecasters expect Keron to become a hurricane by Friday over the warm central Caribbean.',
        { title: 'Keron passes south of Barbados', publishedAt: '2026-11-26T09:00:00Z' },
      ),
    );
    const text = allSentences(story).join(' ');
    expect(text).toContain('by Friday (November 27)');
    expect(text).not.toContain('November 20');
    expect(text).toContain('on Wednesday (November 25)');
    expect(story.layers.what_happened.timeline.map((t) => t.date)).toEqual(['2026-11-25', '2026-11-26']);
  });
});

describe('our take: figures only (issue 24)', () => {
  it.each([
    [
      'a day of the month after an abbreviated month',
      'Crop Over bands will parade in Bridgetown on Nov. 29, the festival committee said on Thursday.',
      'The Crop Over bands parade in Bridgetown on Nov. 29, the committee announced on Thursday.',
    ],
    [
      'a day of the month after a weekday',
      'The parade is on Saturday 29 at the Savannah, organisers said.',
      'Organisers said the parade is on Saturday 29 at the Savannah.',
    ],
    [
      'a bare number',
      'The council approved 29 of the proposals on Monday, the clerk said.',
      'On Monday the council approved 29 of the proposals, the clerk said.',
    ],
  ])('never gives %s as a figure', (_name, a, b) => {
    const story = write(
      source('Kingston Ledger', a, { publishedAt: '2026-11-19T08:00:00Z' }),
      source('Island Wire', b, { publishedAt: '2026-11-19T09:00:00Z' }),
    );
    for (const s of story.layers.our_take.sentences) expect(s.text).not.toMatch(/figures?: 29(?! \()|\b29\.$|gives 29(?! \()/);
  });

  it('still gives figures with what they count', () => {
    const story = write(
      source('Kingston Ledger', 'The parade is on Saturday 29 at the Savannah, organisers said, with 12 bands taking part.', {
        publishedAt: '2026-11-19T08:00:00Z',
      }),
      source('Island Wire', 'Organisers said the parade is on Saturday 29 at the Savannah with 12 bands.', { publishedAt: '2026-11-19T09:00:00Z' }),
    );
    expect(story.layers.our_take.sentences.map((s) => s.text)).toContain('Kingston Ledger and Island Wire give the same figure: 12 bands.');
  });
});

describe('our take: a comparison of the coverage (issue 24)', () => {
  const at = (hour: number) => ({ publishedAt: `2026-11-19T${String(hour).padStart(2, '0')}:00:00Z` });
  const takeOf = (story: StorySummary) => story.layers.our_take.sentences.map((s) => s.text);

  it('never gives a day of the month after a full month name as a figure ("the same figure: 9")', () => {
    const story = write(
      source('Kingston Ledger', 'The Carnival season opens on February 9 in Port of Spain, the organisers said.', at(8)),
      source('Island Wire', 'Organisers said the Carnival season opens in Port of Spain on February 9.', at(9)),
    );
    for (const s of takeOf(story)) expect(s).not.toMatch(/figures?: 9\b|gives 9\b/);
  });

  it('says where the outlets’ framing differs: each leads on a different fact under a headline of its own', () => {
    const story = write(
      source(
        'Kingston Ledger',
        'The Bank of Jamaica raised its policy rate to 7.5 per cent on Wednesday. The bank said inflation had stayed above its target for six months.',
        { ...at(8), title: 'BOJ raises policy rate to 7.5 per cent' },
      ),
      source(
        'Island Wire',
        'Borrowers with variable-rate mortgages face higher monthly payments from next month. The Bank of Jamaica raised its policy rate to 7.5 per cent on Wednesday.',
        { ...at(9), title: 'Mortgage holders brace for higher payments' },
      ),
    );
    expect(takeOf(story)).toContain(
      'Their headlines frame it differently: Kingston Ledger leads with “BOJ raises policy rate to 7.5 per cent”, Island Wire with “Mortgage holders brace for higher payments”.',
    );
    // One framing in two wordings is not a difference.
    const alike = write(
      source('Kingston Ledger', 'A man was shot dead in Laventille on Monday night. Police are investigating.', {
        ...at(8),
        title: 'Man shot dead in Laventille',
      }),
      source('Island Wire', 'Gunmen killed a Laventille man outside a parlour on Monday. Residents heard several shots.', {
        ...at(9),
        title: 'Laventille man shot dead outside parlour',
      }),
    );
    expect(takeOf(alike).join(' ')).not.toMatch(/frame it differently/);
  });

  it('says what no outlet reports that a reader would want, named by the story, and nothing when the reports say it', () => {
    const terminal = [
      'The government will build a new passenger terminal at Sangster International Airport.',
      'The terminal will add 12 gates and a second security hall.',
      'Tourism interests in Montego Bay have long asked for more space.',
      'The airport handled a record number of passengers last winter.',
    ];
    const story = write(
      source('Kingston Ledger', terminal.join(' '), { ...at(8), title: 'New terminal for Sangster airport' }),
      source(
        'Island Wire',
        'A new passenger terminal is to be built at Sangster International Airport in Montego Bay. It will have 12 gates. Hoteliers welcomed the plan. Arrivals have grown every year since 2022.',
        { ...at(9), title: 'Sangster to get new terminal' },
      ),
    );
    expect(takeOf(story)).toContain(
      'Missing from every report on “New terminal for Sangster airport”: an official’s account, what it costs and when it happens.',
    );
    const told = [
      'The government will build a new passenger terminal at Sangster International Airport at a cost of US$120 million.',
      'Work starts on January 15 and the terminal will add 12 gates.',
      '"This terminal is for the next thirty years," Transport Minister Daryl Vaz said.',
      'The airport handled a record number of passengers last winter.',
    ].join(' ');
    const full = write(
      source('Kingston Ledger', told, { ...at(8), title: 'New terminal for Sangster airport' }),
      source(
        'Island Wire',
        'A new passenger terminal costing US$120 million is to be built at Sangster International Airport. Construction begins on January 15. It will have 12 gates, the Airports Authority said. Hoteliers welcomed the plan.',
        { ...at(9), title: 'Sangster to get new terminal' },
      ),
    );
    expect(takeOf(full).length).toBeGreaterThan(0);
    expect(takeOf(full).join(' ')).not.toMatch(/Missing from/);
    // A two-line feed item says little of its sources: no "official" gap is claimed for it.
    const brief = write(
      source('Kingston Ledger', 'A man was shot dead in Laventille on Monday.', at(8)),
      source('Island Wire', 'Laventille man shot dead on Monday.', at(9)),
    );
    expect(takeOf(brief).join(' ')).not.toMatch(/official’s account/);
  });

  it('says what to watch next: an event the reports date after they were published, its day resolved from the report', () => {
    const story = write(
      source(
        'Kingston Ledger',
        'Parliament debated the minimum wage bill on Wednesday. The final vote will be held on Tuesday, the Leader of the House said.',
        { publishedAt: '2026-11-19T08:00:00Z' },
      ),
      source('Island Wire', 'Members debated the minimum wage bill in Parliament on Wednesday. Unions marched outside the building.', {
        publishedAt: '2026-11-19T09:00:00Z',
      }),
    );
    // Thursday, November 19: "will be held on Tuesday" looks ahead, to November 24; Wednesday's debate is past, not next.
    expect(takeOf(story)).toContain('Next, as Kingston Ledger reports: the final vote will be held on Tuesday (November 24), the Leader of the House said.');
    expect(takeOf(story).join(' ')).not.toMatch(/Next, .*debated/);
  });
});

describe('why it matters: who is affected and how (issue 24)', () => {
  it('puts the reports’ statements of who is affected and how before lines that only look ahead', () => {
    const story = write(
      source(
        'Kingston Ledger',
        [
          'The Bank of Jamaica raised its policy rate to 7.5 per cent on Wednesday.',
          // Details with figures fill "what happened" (at most six facts), leaving the two lines below to "why it matters".
          'Inflation stood at 6.1 per cent in October.',
          'The bank last raised its rate in March 2023.',
          'Its target range for inflation is 4 to 6 per cent.',
          'The committee met for 2 days.',
          'Reserves stood at US$5.8 billion at the end of October.',
          'Analysts expect the bank to say more at its next briefing.',
          'Borrowers with variable-rate loans will pay more each month from January.',
        ].join(' '),
        { publishedAt: '2026-11-19T08:00:00Z' },
      ),
      source('Island Wire', 'The central bank lifted its key rate to 7.5 per cent on Wednesday, the Bank of Jamaica said.', {
        publishedAt: '2026-11-19T09:00:00Z',
      }),
    );
    const why = story.layers.why_it_matters.sentences.map((s) => s.text);
    expect(why[0]).toBe('Borrowers with variable-rate loans will pay more each month from January.');
  });
});
