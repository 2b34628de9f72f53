import { describe, expect, it } from 'vitest';
import { findSignals } from './detect-patterns';
import { signalKeys, signalLabel, stormOf } from './signal-keys';

describe('stormOf', () => {
  it.each([
    ['person:tropical storm keron', 'keron'],
    ['name:hurricane keron', 'keron'],
    ['person:major hurricane beryl', 'beryl'],
    ['org:tropical depression nineteen', 'nineteen'],
    ['name:potential tropical cyclone four', 'four'],
    ['person:typhoon haikui', 'haikui'],
  ])('%s names the storm %s', (key, storm) => {
    expect(stormOf(key)).toBe(storm);
  });
  it.each(['name:keron', 'person:andrew holness', 'place:storm bay', 'topic:storm keron', 'name:storm drains project', 'person:hurricane'])(
    '%s names no storm',
    (key) => {
      expect(stormOf(key)).toBeNull();
    },
  );
});

describe('signalKeys', () => {
  it('files every form of a storm under one key, labelled with its most used typed form', () => {
    const keys = signalKeys(['person:tropical storm keron', 'name:keron', 'person:hurricane keron', 'person:tropical storm keron', 'name:hurricane keron']);
    for (const raw of ['person:tropical storm keron', 'name:keron', 'person:hurricane keron', 'name:hurricane keron'])
      expect(keys.canonical.get(raw)).toBe('storm:keron');
    // Two forms with "hurricane", one with "tropical storm" (the raw keys are a set: the duplicate counts once).
    expect(signalLabel(keys, 'storm:keron')).toBe('Hurricane Keron');
  });
  it('leaves a bare name alone when no typed form of a storm of that name is among the keys', () => {
    const keys = signalKeys(['name:keron', 'person:tropical storm lisa']);
    expect(keys.canonical.get('name:keron')).toBeUndefined();
    expect(signalLabel(keys, 'name:keron')).toBe('Keron');
  });
  it('files a surname under the one person who has it, and under nobody when two do', () => {
    const one = signalKeys(['person:andrew holness', 'name:holness', 'person:mark golding']);
    expect(one.canonical.get('name:holness')).toBe('person:andrew holness');
    const two = signalKeys(['person:john smith', 'person:mary smith', 'name:smith']);
    expect(two.canonical.get('name:smith')).toBeUndefined();
  });
});

describe('findSignals with one entity named several ways', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const story = (id: string, hoursAgo: number, title: string, topics: string[], entities: string[]) => ({
    id,
    title,
    summary: '',
    region: 'Saint Lucia',
    topics,
    entities,
    urgency: 60,
    source_list: [`Outlet ${id}`],
    at: new Date(now.getTime() - hoursAgo * 3_600_000),
  });
  // The storm's stories are about hotels, flights and prices as much as the weather.
  const stories = [
    story('a', 1, 'Tropical Storm Keron nears Saint Lucia', ['weather'], ['person:tropical storm keron']),
    story('b', 2, 'Hotels close as Keron approaches', ['tourism', 'business'], ['name:keron']),
    story('c', 3, 'Keron: airlines cancel flights, prices of water rise', ['tourism', 'economy'], ['name:keron']),
    story('d', 4, 'Hurricane Keron makes landfall', ['weather', 'economy'], ['person:hurricane keron']),
  ];

  it('gives one signal for the storm, with all its stories, not one per form', () => {
    const signals = findSignals(stories, now, 24);
    const storm = signals.filter((s) => /keron/i.test(s.label));
    expect(storm).toHaveLength(1);
    expect(storm[0]!.key).toBe('storm:keron');
    expect(storm[0]!.storyIds).toEqual(['a', 'b', 'c', 'd']);
    expect(storm[0]!.count).toBe(4);
  });
  it('types the storm Environmental though most of its stories are about business and tourism', () => {
    const storm = findSignals(stories, now, 24).find((s) => s.key === 'storm:keron')!;
    expect(storm.type).toBe('Environmental');
  });
  it('still types other entities by their stories\u2019 topics', () => {
    const minister = [1, 2, 3].map((h) => story(`m${h}`, h, `Minister ${h}`, ['politics'], ['person:andrew holness']));
    expect(findSignals(minister, now, 24).find((s) => s.key === 'person:andrew holness')!.type).toBe('Political');
  });
});
