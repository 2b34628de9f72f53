import { createHash } from 'node:crypto';
import { emptyUsage, type AiProvider } from '../../core/pipeline/summarise/provider';
import type { LabelledItem } from './fixtures';

/**
 * A stand-in for a model that answers clustering's borderline questions from the labels: right every
 * time (accuracy 1, the most a model can add) or wrong on a fixed share of questions (chosen by a hash of
 * the question, so runs repeat). It answers only sameEvent; nothing else is asked of it here.
 */
export function labelledModel(items: readonly LabelledItem[], accuracy: number): { provider: AiProvider } {
  const event = new Map(items.map((i) => [`${i.outlet}|${i.title}`, i.event]));
  const provider: AiProvider = {
    name: 'labels',
    model: `labels-${accuracy}`,
    summarise: () => Promise.reject(new Error('not asked here')),
    sameEvent: ({ report, story }) => {
      const mine = event.get(`${report.outlet}|${report.title}`);
      const theirs = story.map((s) => event.get(`${s.outlet}|${s.title}`));
      const truth = theirs.filter((e) => e === mine).length * 2 > theirs.length;
      const question = `${report.outlet}|${report.title}|${story.map((s) => s.title).join('|')}`;
      const roll = createHash('sha256').update(question).digest().readUInt32BE(0) / 2 ** 32;
      return Promise.resolve({ same: roll < accuracy ? truth : !truth, usage: { ...emptyUsage('labels', 'labels'), calls: 1 } });
    },
  };
  return { provider };
}
