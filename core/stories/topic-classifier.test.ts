import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadTrainingExamples } from '../../test/fixtures/sections/examples';
import { serialiseMeaningModel, serialiseTopicModel, MEANING_FILE, MODEL_FILE } from '../../bench/sections/train';
import { classifyTopics, scoreTopics, topicClassifierFingerprint, topicFeatures, trainTopicMeaning, trainTopicModel, TOPIC_LABELS } from './topic-classifier';
import TRAINED_MODEL from './topic-model.json';

const text = (title: string, summary = '', tags: string[] = []) => ({ title, summary, tags });

describe('the committed topic model', () => {
  it('is what train:sections makes of the training files (retrain after editing the labels)', () => {
    expect(readFileSync(MODEL_FILE, 'utf8')).toBe(serialiseTopicModel(trainTopicModel(loadTrainingExamples())));
  });
  it('has the meaning weights train:sections makes of the training files', { timeout: 60_000 }, () => {
    expect(readFileSync(MEANING_FILE, 'utf8')).toBe(serialiseMeaningModel(trainTopicMeaning(loadTrainingExamples())));
  });
  it('comes with a new TOPIC_CLASSIFIER_VERSION whenever it changes (databases re-file their stories by it)', () => {
    // After a retraining: raise TOPIC_CLASSIFIER_VERSION and put the new version and digest here.
    expect(topicClassifierFingerprint()).toEqual({ version: 1, digest: '376123cb8e724587338c959e20e49ccbea9d4a1af9100a93f560661b55caefb5' });
  });
});

describe('scoreTopics', () => {
  it('gives every label a probability, summing to 1, highest first', () => {
    const scores = scoreTopics(text('Reggae Boyz beat Mexico in Gold Cup'));
    expect(scores.map((s) => s.label).sort()).toEqual([...TOPIC_LABELS].sort());
    expect(scores.reduce((sum, s) => sum + s.probability, 0)).toBeCloseTo(1, 9);
    expect(scores[0]!.label).toBe('sports');
  });
  it('is even, and gives no section, for words it has never seen', () => {
    expect(new Set(scoreTopics(text('Zzyzx qwerty')).map((s) => s.probability)).size).toBe(1);
    expect(classifyTopics(text('Zzyzx qwerty'))).toEqual([]);
    expect(classifyTopics(text(''))).toEqual([]);
  });
  it('is as sure of a long summary as of its headline (evidence is scaled to a fixed size)', () => {
    const lead = 'Tropical Storm Keron strengthened into a hurricane overnight as it moved towards the Windward Islands.';
    const short = scoreTopics(text('Hurricane warning for Barbados', lead))[0]!;
    const long = scoreTopics(text('Hurricane warning for Barbados', Array(20).fill(lead).join(' ')))[0]!;
    expect(long.label).toBe('weather');
    expect(Math.abs(long.probability - short.probability)).toBeLessThan(0.2);
  });
});

describe('classifyTopics', () => {
  it.each([
    ['Windies call up teenage fast bowler for England Test series', 'sports'],
    ['Hurricane warning issued for Jamaica as storm nears', 'weather'],
    ['Bank of Jamaica cuts policy rate to 5.75%', 'business'],
    ['Opposition tables no-confidence motion against prime minister', 'politics'],
    ['Crop Over bands unveil costumes for Kadooment', 'culture'],
    ['Government launches online portal for passport renewals', 'technology'],
  ])('%s → %s', (title, section) => {
    expect(classifyTopics(text(title))[0]).toBe(section);
  });
  it.each([
    ["Insolvent conglomerate's auditors and underwriters", 'business'],
    ['Microprocessors and fiber optics', 'technology'],
    ['Screenwriter and choreographer filmmakers', 'culture'],
  ])('files %s under %s by what its words mean, though the training files never used them', (title, section) => {
    const counts: Record<string, unknown> = TRAINED_MODEL.counts;
    expect([...topicFeatures(text(title)).keys()].filter((feature) => feature in counts)).toEqual([]);
    expect(classifyTopics(text(title))).toEqual([section]);
  });
  it('gives no section to crime and health stories', () => {
    expect(classifyTopics(text('Man shot dead in Arima', 'Police are investigating the killing.'))).toEqual([]);
    expect(classifyTopics(text('Dengue cases climb in Saint Lucia', 'The health ministry urged residents to clear mosquito breeding sites.'))).toEqual([]);
  });
  it('gives at most two sections', () => {
    const sections = classifyTopics(text('Hurricane hits cricket ground as government promises aid for festival'));
    expect(sections.length).toBeLessThanOrEqual(2);
  });
});
