import { describe, expect, it } from 'vitest';
import type { TakeInput, TakeSentence } from '../summarise/provider';
import { checkTake, ledgerKey, numbersIn } from './ai-take';

/** A ledger as the fact-check leaves it for a two-outlet fire story, a third outlet giving another count. */
const ledger: TakeInput = {
  storyId: 's1',
  today: '2026-11-20',
  claims: [
    {
      id: 'c1',
      text: 'Fifteen people were left homeless by the fire in Ocho Rios.',
      verdict: 'corroborated',
      supporting: ['Kingston Ledger', 'Antilles Wire'],
      independent: ['Kingston Ledger', 'Antilles Wire'],
      contradicting: [],
    },
    {
      id: 'c2',
      text: 'The fire started in a kitchen at about 3 am.',
      verdict: 'single source',
      supporting: ['Kingston Ledger'],
      independent: ['Kingston Ledger'],
      contradicting: [],
    },
    {
      id: 'c3',
      text: 'Four houses were destroyed.',
      verdict: 'contradicted',
      supporting: ['Kingston Ledger', 'Antilles Wire'],
      independent: ['Kingston Ledger', 'Antilles Wire'],
      contradicting: [{ outlet: 'Island Post', value: '5 houses' }],
    },
  ],
  coverage: [
    { id: 'o1', outlet: 'Kingston Ledger', ownerGroup: 'Ledger Group', headline: 'Blaze destroys four homes', lead: 'Four houses were gutted.' },
    { id: 'o2', outlet: 'Antilles Wire', ownerGroup: 'Antilles Wire', headline: 'St Ann fire leaves 15 homeless', lead: 'Fifteen people are homeless.' },
    { id: 'o3', outlet: 'Island Post', ownerGroup: 'Island Post', headline: 'Five homes lost in St Ann fire', lead: 'Five houses burned.' },
  ],
  events: [{ id: 'e1', date: '2026-11-24', text: 'The parish council meets on Tuesday (2026-11-24) to discuss relief.', outlet: 'Antilles Wire' }],
};

const items: Record<string, string[]> = { 'Kingston Ledger': ['i1'], 'Antilles Wire': ['i2'], 'Island Post': ['i3'] };
const context = { knownOutlets: ['Kingston Ledger', 'Antilles Wire', 'Island Post', 'Caribbean Times'], itemsOf: (o: string) => items[o] ?? [] };
const sentence = (text: string, cites: string[], kind: TakeSentence['kind'] = 'differ', outlets: string[] = []): TakeSentence => ({
  text,
  kind,
  cites,
  outlets,
});

describe('checkTake: a model-written take keeps only what the claim ledger bears out', () => {
  // c2 as the ledger gives it once an editor disputed it.
  const disputed: TakeInput = { ...ledger, claims: ledger.claims.map((c) => (c.id === 'c2' ? { ...c, verdict: 'disputed' } : c)) };
  const cases: { name: string; s: TakeSentence; kept: boolean; reason?: RegExp; input?: TakeInput }[] = [
    {
      name: 'agreement the fact-check found, outlets named',
      s: sentence('Kingston Ledger and Antilles Wire agree that 15 people were left homeless.', ['c1'], 'agree', ['Kingston Ledger', 'Antilles Wire']),
      kept: true,
    },
    {
      name: 'agreement naming an outlet the fact-check did not find supporting the claim',
      s: sentence('All three outlets, Kingston Ledger, Antilles Wire and Island Post, agree that 15 people were left homeless.', ['c1'], 'agree'),
      kept: false,
      reason: /Island Post agree\(s\) on c1/,
    },
    {
      name: 'agreement on a claim only one outlet supports',
      s: sentence('Kingston Ledger and Antilles Wire agree the fire started in a kitchen.', ['c2'], 'agree'),
      kept: false,
      reason: /only Kingston Ledger supports/,
    },
    {
      name: 'agreement worded into a sentence of another kind, on a contradicted claim',
      s: sentence('The outlets confirm that four houses were destroyed.', ['c3'], 'single'),
      kept: false,
      reason: /found contradicted/,
    },
    {
      name: 'a difference with the values the ledger gives',
      s: sentence('Island Post counts 5 houses lost where Kingston Ledger and Antilles Wire report four.', ['c3'], 'differ'),
      kept: true,
    },
    {
      name: 'a contradicted claim stated as fact, not as the difference it is',
      s: sentence('Only Kingston Ledger and Antilles Wire report that four houses were destroyed.', ['c3'], 'single'),
      kept: false,
      reason: /states c3, which the fact-check found contradicted/,
    },
    {
      name: 'a claim an editor disputed, stated as what comes next',
      s: sentence('Watch for word on the kitchen fire at about 3 am.', ['c2'], 'watch'),
      kept: false,
      reason: /states c2, which the fact-check found disputed/,
      input: disputed,
    },
    {
      name: 'a number no cited entry gives (digits)',
      s: sentence('Kingston Ledger and Antilles Wire agree that 17 people were left homeless.', ['c1'], 'agree'),
      kept: false,
      reason: /states 17/,
    },
    {
      name: 'a number no cited entry gives (words)',
      s: sentence('Only Kingston Ledger says the fire destroyed sixteen homes.', ['c2'], 'single'),
      kept: false,
      reason: /states 16/,
    },
    {
      name: 'a number from a claim it does not cite',
      s: sentence('Only Kingston Ledger says the fire that left 15 homeless began in a kitchen.', ['c2'], 'single'),
      kept: false,
      reason: /states 15/,
    },
    {
      name: 'a one-outlet claim said as such, its own figure',
      s: sentence('Only Kingston Ledger reports that the fire started in a kitchen at about 3 am.', ['c2'], 'single', ['Kingston Ledger']),
      kept: true,
    },
    {
      name: 'what to watch next, dated from the event it cites',
      s: sentence('Watch for the parish council meeting on November 24, 2026, where relief is on the agenda.', ['e1'], 'watch'),
      kept: true,
    },
    {
      name: 'a date the cited event does not give',
      s: sentence('Watch for the parish council meeting on November 27.', ['e1'], 'watch'),
      kept: false,
      reason: /states 27/,
    },
    { name: 'cites nothing', s: sentence('Coverage of the fire was thorough.', []), kept: false, reason: /cites nothing/ },
    { name: 'cites an entry not in the ledger', s: sentence('Kingston Ledger leads on the cost.', ['c9']), kept: false, reason: /c9, not in the ledger/ },
    {
      name: 'names a known outlet that is not in the story',
      s: sentence('Unlike Caribbean Times, Antilles Wire leads with the homeless.', ['o2']),
      kept: false,
      reason: /Caribbean Times, not in this story/,
    },
    {
      name: 'lists an outlet that is not in the story',
      s: sentence('The Gleaner leads with the homeless.', ['o2'], 'differ', ['The Gleaner']),
      kept: false,
      reason: /The Gleaner, not in this story/,
    },
    {
      name: 'framing from the headlines it cites',
      s: sentence('Kingston Ledger leads with the homes lost, Antilles Wire with the people left homeless.', ['o1', 'o2']),
      kept: true,
    },
  ];
  for (const c of cases) {
    it(`${c.kept ? 'keeps' : 'drops'} ${c.name}`, () => {
      const checked = checkTake([c.s], c.input ?? ledger, context);
      expect(checked.sentences.map((s) => s.text)).toEqual(c.kept ? [c.s.text] : []);
      if (!c.kept) expect(checked.dropped[0]!.reason).toMatch(c.reason!);
    });
  }

  it('credits each kept sentence to the items of the outlets it speaks of', () => {
    const checked = checkTake(
      [sentence('Island Post counts 5 houses lost where Kingston Ledger and Antilles Wire report four.', ['c3'], 'differ')],
      ledger,
      context,
    );
    expect([...checked.sentences[0]!.outlets].sort()).toEqual(['Antilles Wire', 'Island Post', 'Kingston Ledger']);
    expect([...checked.sentences[0]!.item_ids].sort()).toEqual(['i1', 'i2', 'i3']);
  });

  it('keeps at most four sentences', () => {
    const s = sentence('Kingston Ledger leads with the homes lost, Antilles Wire with the people left homeless.', ['o1', 'o2']);
    expect(checkTake([s, s, s, s, s], ledger, context).sentences).toHaveLength(4);
  });
});

describe('ledgerKey', () => {
  it('changes with the ledger, not with the day it is asked', () => {
    expect(ledgerKey({ ...ledger, today: '2026-11-21' })).toBe(ledgerKey(ledger));
    expect(ledgerKey({ ...ledger, claims: ledger.claims.slice(1) })).not.toBe(ledgerKey(ledger));
  });
});

describe('numbersIn', () => {
  it('reads figures in words and digits, and dates written in digits', () => {
    expect(numbersIn('Fifteen people')).toContain(15);
    expect(numbersIn('EC$1.2 million')).toContain(1_200_000);
    expect(numbersIn('EC$1.2 million')).not.toContain(1.2);
    expect(numbersIn('EC$1.2 million', { asWritten: true })).toContain(1.2);
    expect(numbersIn('on November 24, 2026')).toEqual(expect.arrayContaining([24, 2026]));
  });

  it('reads both numbers of a vote tally, so a take may say either', () => {
    expect(numbersIn('The House voted 21-3 on Tuesday.')).toEqual(expect.arrayContaining([21, 3]));
    expect(numbersIn('The bill passed by 21 votes to 3.')).toEqual(expect.arrayContaining([21, 3]));
  });
});
