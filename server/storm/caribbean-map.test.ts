import { describe, expect, it } from 'vitest';
import { caribbeanMap } from './caribbean-map';

describe('caribbeanMap', () => {
  it('projects the region once into a compact SVG path with the frame the browser uses', () => {
    const map = caribbeanMap();
    expect(map.bbox).toEqual([-90, 8, -55, 30]);
    expect(map.width).toBe(960);
    expect(map.height).toBe(603);
    expect(map.land.startsWith('M')).toBe(true);
    expect(map.land.length).toBeGreaterThan(5_000); // the islands are there
    expect(map.land.length).toBeLessThan(60_000); // clipped to the region, not the world
    // No coordinate falls outside the frame (clipped at the edges).
    const numbers = map.land.match(/-?\d+(\.\d+)?/g)!.map(Number);
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...numbers)).toBeLessThanOrEqual(960);
  });
});
