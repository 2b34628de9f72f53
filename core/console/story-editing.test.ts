import { describe, expect, it } from 'vitest';
import type { Layer } from '../stories/story';
import { documentStatus } from './console-overview';
import { applyLayerEdits } from './story-editing';

describe('applyLayerEdits', () => {
  const current: Layer[] = [
    { layerType: 'what_happened', content: '- Old fact', timeline: [{ date: '2026-11-01', event: 'Meeting' }] },
    { layerType: 'short_version', content: 'Old short.' },
  ];

  it("replaces texts, keeps a layer's timeline, quotes and metrics, and orders layers as the reader does", () => {
    expect(applyLayerEdits(current, { what_happened: '- New fact ', our_take: 'Our view.' })).toEqual([
      { layerType: 'short_version', content: 'Old short.' },
      { layerType: 'what_happened', content: '- New fact', timeline: [{ date: '2026-11-01', event: 'Meeting' }] },
      { layerType: 'our_take', content: 'Our view.' },
    ]);
  });

  it('does not create an empty layer, but lets an existing one be emptied', () => {
    expect(applyLayerEdits(current, { why_it_matters: '   ', short_version: '' }).map((l) => [l.layerType, l.content])).toEqual([
      ['short_version', ''],
      ['what_happened', '- Old fact'],
    ]);
  });

  it('keeps layers of unknown types after the five', () => {
    const future = [...current, { layerType: 'sixth' as Layer['layerType'], content: 'x' }];
    expect(applyLayerEdits(future, {}).map((l) => l.layerType)).toEqual(['short_version', 'what_happened', 'sixth']);
  });
});

describe('documentStatus (Sanity Editor page)', () => {
  it.each([
    [{ pipeline_stage: 'published', status: 'draft', flag_reason: null }, 'published'],
    [{ pipeline_stage: 'drafted', status: 'published', flag_reason: null }, 'published'],
    [{ pipeline_stage: 'drafted', status: 'draft', flag_reason: 'Sources disagree' }, 'review'],
    [{ pipeline_stage: 'verified', status: 'draft', flag_reason: null }, 'review'],
    [{ pipeline_stage: 'ingested', status: 'draft', flag_reason: null }, 'draft'],
  ] as const)('%o → %s', (story, status) => {
    expect(documentStatus(story as never)).toBe(status);
  });
});
