import { describe, expect, it } from 'vitest';
import { keyTakeaways, readProgress, speechText, swipeDirection } from './five-box';

describe('five-box reader rules', () => {
  it.each([
    [100, 80, 'next'],
    [100, 120, 'prev'],
    [100, 90, null],
    [100, 110, null],
    [100, 89, 'next'],
  ] as const)('swipe from %d to %d → %s (threshold 10)', (start, end, expected) => {
    expect(swipeDirection(start, end)).toBe(expected);
  });

  it('reads as a percentage of the five layers', () => {
    expect([0, 1, 2, 3, 4].map((i) => readProgress(i, 5))).toEqual([20, 40, 60, 80, 100]);
    expect(readProgress(9, 5)).toBe(100);
    expect(readProgress(0, 0)).toBe(0);
  });

  it('takes listed facts, else the first sentences, as key takeaways', () => {
    expect(keyTakeaways('Intro\n- One fact\n- Two fact\n- Three\n- Four')).toEqual(['One fact', 'Two fact', 'Three']);
    expect(keyTakeaways('First. Second! Third? Fourth.')).toEqual(['First.', 'Second!', 'Third?']);
    expect(keyTakeaways('No full stop')).toEqual(['No full stop']);
  });

  it('reads a layer aloud without list markers', () => {
    expect(speechText('What happened', '- A\n- B')).toBe('What happened. A B');
  });
});
