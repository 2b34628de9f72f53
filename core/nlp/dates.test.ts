import { describe, expect, it } from 'vitest';
import { resolveDate, withResolvedDates } from './dates';

const thursday = new Date('2026-11-26T09:00:00Z');
const friday = new Date('2026-11-27T09:00:00Z');

describe('resolveDate', () => {
  it.each([
    // The failing case of issue 24: a forecast "by Friday" was dated the Friday before.
    ['Friday', 'Forecasters expect Keron to become a hurricane by Friday over the warm central Caribbean.', thursday, '2026-11-27'],
    ['Friday', 'Forecasters expect Keron to become a hurricane by Friday.', friday, '2026-11-27'],
    ['Friday', 'The storm strengthened into a hurricane on Friday.', thursday, '2026-11-20'],
    ['Tuesday', 'He was arrested yesterday and will appear in court on Tuesday.', thursday, '2026-12-01'],
    ['Monday', 'Police said on Monday that the man will appear in court on Tuesday.', thursday, '2026-11-23'],
    ['Tuesday', 'Police said on Monday that the man will appear in court on Tuesday.', thursday, '2026-12-01'],
    ['Wednesday', 'Jamaica launched an online portal on Wednesday for paying traffic tickets.', thursday, '2026-11-25'],
    ['Monday', 'Schools are expected to reopen on Monday.', thursday, '2026-11-30'],
    ['Thursday', 'The minister spoke on Thursday.', thursday, '2026-11-26'],
    // A schedule in the present looks ahead (issue 24: "is on Tuesday" was read as the Tuesday before).
    ['Tuesday', 'The vote in the House is on Tuesday.', thursday, '2026-12-01'],
    ['Saturday', 'The festival opens on Saturday at the Savannah.', thursday, '2026-11-28'],
    ['Tuesday', 'The minister says the road reopened on Tuesday.', thursday, '2026-11-24'],
    ['Tuesday', 'It is not clear what happened on Tuesday.', thursday, '2026-11-24'],
    ['next Thursday', 'Talks resume next Thursday.', thursday, '2026-12-03'],
    ['last Thursday', 'Talks broke down last Thursday.', thursday, '2026-11-19'],
    ['yesterday', 'The bridge collapsed yesterday.', thursday, '2026-11-25'],
    ['this morning', 'The minister spoke this morning.', thursday, '2026-11-26'],
    ['tomorrow', 'Voting opens tomorrow.', thursday, '2026-11-27'],
    ['November 18', 'The fire started on November 18.', thursday, '2026-11-18'],
    ['next week', 'Talks resume next week.', thursday, undefined],
  ])('%s in "%s"', (phrase, sentence, reference, expected) => {
    expect(resolveDate(phrase, reference, sentence)).toBe(expected);
  });
});

describe('withResolvedDates', () => {
  it.each([
    [
      'Forecasters expect Keron to become a hurricane by Friday over the warm central Caribbean.',
      'Forecasters expect Keron to become a hurricane by Friday (November 27) over the warm central Caribbean.',
    ],
    ['The bridge collapsed yesterday, police said.', 'The bridge collapsed yesterday (November 25), police said.'],
    [
      'The market reopened on Monday, November 23, with trading on Mondays and Fridays.',
      'The market reopened on Monday, November 23, with trading on Mondays and Fridays.',
    ],
    ['The market opens every Friday.', 'The market opens every Friday.'],
    ['Talks resume next week.', 'Talks resume next week.'],
    // Found in the demo: a feast day, a recurring evening and a possessive were "dated" mid-word.
    ['Carnival ends on Ash Wednesday.', 'Carnival ends on Ash Wednesday.'],
    ['The market opens on Wednesday evenings.', 'The market opens on Wednesday evenings.'],
    ["Officials cancelled today's ferry.", "Officials cancelled today's ferry."],
    ['The ferry resumed on Wednesday evening.', 'The ferry resumed on Wednesday evening (November 25).'],
  ])('%s', (sentence, expected) => {
    expect(withResolvedDates(sentence, thursday)).toBe(expected);
  });

  it('stays linear on a long text of day names', () => {
    // Four times the text takes about four times as long (a quadratic rule would take sixteen), measured
    // in the same run, best of three, so a loaded machine slows both alike and the test does not flake.
    const time = (repeats: number) => {
      const text = 'by Friday will on Monday said last Tuesday '.repeat(repeats);
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        withResolvedDates(text, thursday);
        best = Math.min(best, performance.now() - started);
      }
      return best;
    };
    const small = time(1_500);
    expect(time(6_000) / small).toBeLessThan(9);
  });
});

describe('resolveDate: words that look like tenses', () => {
  it('reads "May Pen" as a place, not "may"', () => {
    expect(resolveDate('Monday', thursday, 'A fire destroyed four homes in May Pen on Monday.')).toBe('2026-11-23');
  });
});
