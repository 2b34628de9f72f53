import type { Storm } from '../../data/types';

/**
 * The Caribbean drawn from map data shipped in an npm package (the server projects it once):
 * no tile server, no network. Storms and tracks are placed with the same equirectangular frame.
 */
export type MapData = { width: number; height: number; bbox: [west: number, south: number, east: number, north: number]; land: string };

export function project(map: MapData, lng: number, lat: number): [number, number] {
  const [west, south, east, north] = map.bbox;
  return [((lng - west) / (east - west)) * map.width, ((north - lat) / (north - south)) * map.height];
}

export function StormMap({ map, storms, title }: { map: MapData; storms: Storm[]; title: string }) {
  return (
    <svg className="storm-map" viewBox={`0 0 ${map.width} ${map.height}`} role="img" aria-labelledby="storm-map-title">
      <title id="storm-map-title">{title}</title>
      <rect width={map.width} height={map.height} className="sea" />
      <path d={map.land} className="land" />
      {storms.map((storm) => {
        const points = (storm.track ?? []).map((p) => project(map, p.lng, p.lat));
        const [x, y] = project(map, storm.location.lng, storm.location.lat);
        return (
          <g key={storm.id} className={`storm-marker threat-${storm.threatLevel}`}>
            {points.length > 1 ? <polyline points={points.map(([px, py]) => `${px},${py}`).join(' ')} className="track" /> : null}
            <circle cx={x} cy={y} r={storm.category >= 3 ? 9 : 7} />
            <text x={x + 12} y={y + 4}>
              {storm.name}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
