import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoEquirectangular, geoPath } from 'd3-geo';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';

/**
 * The Caribbean basin drawn from Natural Earth land shapes shipped in the world-atlas package
 * (1:50m): projected once on the server into one SVG path, so browsers download no map library
 * and no tiles. Storm positions are placed in the same equirectangular frame (see web StormMap).
 */
export type CaribbeanMap = { width: number; height: number; bbox: [number, number, number, number]; land: string };

// West, south, east, north: the Gulf of Mexico's edge to the Atlantic east of the Lesser Antilles.
export const CARIBBEAN_BBOX: [number, number, number, number] = [-90, 8, -55, 30];
const WIDTH = 960;

let cached: CaribbeanMap | undefined;

export function caribbeanMap(): CaribbeanMap {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8')) as Topology;
  const land = feature(topology, topology.objects.land!) as unknown as FeatureCollection<Polygon | MultiPolygon>;
  const [west, south, east, north] = CARIBBEAN_BBOX;
  const height = Math.round((WIDTH * (north - south)) / (east - west));
  // Plain equirectangular: x and y are linear in longitude and latitude, so the browser can
  // place a storm with two multiplications.
  const projection = geoEquirectangular()
    .scale(WIDTH / ((east - west) * (Math.PI / 180)))
    .translate([0, 0])
    .center([0, 0]);
  const [x0, y0] = projection([west, north])!;
  projection.translate([-x0, -y0]).clipExtent([
    [0, 0],
    [WIDTH, height],
  ]);
  const path = geoPath(projection);
  const clipped = land.features.map((f) => path(f) ?? '').join('');
  cached = { width: WIDTH, height, bbox: CARIBBEAN_BBOX, land: roundPath(clipped) };
  return cached;
}

/** One decimal is below a pixel at this size and halves the bytes. */
function roundPath(d: string): string {
  return d.replace(/-?\d+\.\d+/g, (n) => String(Math.round(Number(n) * 10) / 10));
}
