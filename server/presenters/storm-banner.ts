import type { StormContext } from '../../core/stories/storm-news';

/**
 * What the home page's storm banner shows, per threatening storm (nearest first): its name, class
 * and category, the nearest threatened covered country, the advisory, and the watches and
 * warnings in force grouped by kind ("Hurricane warning: Dominican Republic, Haiti").
 */
export function presentStormBanners(context: StormContext) {
  return context.storms.map((storm) => {
    const alerts: { type: 'warning' | 'watch'; hazard: string; regions: string[] }[] = [];
    for (const alert of storm.alerts) {
      const group = alerts.find((g) => g.type === alert.type && g.hazard === alert.hazard);
      if (group) group.regions.push(alert.region);
      else alerts.push({ type: alert.type, hazard: alert.hazard, regions: [alert.region] });
    }
    return {
      id: storm.id,
      name: storm.name,
      classification: storm.classification,
      category: storm.category,
      windSpeed: storm.windSpeed,
      advisoryNumber: storm.advisoryNumber,
      advisoryAt: storm.advisoryAt,
      nearest: storm.nearest,
      alerts,
      path: '/storm-centre',
    };
  });
}
