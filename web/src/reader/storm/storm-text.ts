import type { ImpactChange, Storm, StormAlert } from '../../data/types';
import en from './i18n/en.json';
import es from './i18n/es.json';
import fr from './i18n/fr.json';
import nl from './i18n/nl.json';

/**
 * Storm texts in the reader's language. The storm tables hold NHC's English facts ("WNW at 13
 * mph", hazard "Tropical Storm"); the page words them here from their parts: compass points in
 * each language's abbreviations, speeds in mph in English and km/h in Spanish, French and Dutch
 * (the dictionary's stormText.speed decides), watch and warning names, and what changed.
 */
type T = (key: string, params?: Record<string, string | number>) => string;
type Num = (n: number) => string;

const COMPASS_EN = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'];
const COMPASS: Record<string, string[]> = {
  EN: COMPASS_EN,
  ES: ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSO', 'SO', 'OSO', 'O', 'ONO', 'NO', 'NNO'],
  FR: ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSO', 'SO', 'OSO', 'O', 'ONO', 'NO', 'NNO'],
  NL: ['N', 'NNO', 'NO', 'ONO', 'O', 'OZO', 'ZO', 'ZZO', 'Z', 'ZZW', 'ZW', 'WZW', 'W', 'WNW', 'NW', 'NNW'],
};

/** An English compass point ("WNW") in the language's abbreviation ("ONO" in Spanish); unknown text as is. */
export function compassIn(point: string, language: string): string {
  const i = COMPASS_EN.indexOf(point.toUpperCase());
  return i < 0 ? point : (COMPASS[language] ?? COMPASS_EN)[i]!;
}

export const mphToKmh = (mph: number) => Math.round(mph * 1.609344);

/** "13 mph" in English, "21 km/h" in the other languages. */
export function speedText(t: T, num: Num, mph: number): string {
  return t('stormText.speed', { mph: num(Math.round(mph)), kmh: num(mphToKmh(mph)) });
}

/** NHC's movement ("WNW at 13 mph", "Stationary", "W or 270 degrees at 12 mph") in the reader's language. */
export function movementIn(t: T, num: Num, language: string, movement: string | null | undefined): string | null {
  if (!movement) return null;
  if (/^stationary$/i.test(movement.trim())) return t('stormText.stationary');
  const m = /^([NSEW]{1,3})\b.*?(\d+(?:\.\d+)?)\s*mph/i.exec(movement.trim());
  if (!m) return movement;
  return t('stormText.moving', { direction: compassIn(m[1]!, language), speed: speedText(t, num, Number(m[2])) });
}

/** "hurricane", "tropical storm" … from NHC's classification code. */
export function classificationIn(t: T, code: string | null | undefined): string {
  const key = (code ?? '').toUpperCase();
  return ['HU', 'TS', 'TD', 'STS', 'SD', 'PTC', 'PC', 'EX', 'TY', 'LO'].includes(key) ? t(`stormText.class.${key}`) : (code ?? '');
}

const HAZARDS: Record<string, string> = { hurricane: 'hurricane', 'tropical storm': 'tropicalStorm', 'storm surge': 'stormSurge' };

/** "Hurricane Warning" → "Aviso de huracán"; an unknown hazard keeps NHC's word with the translated kind. */
export function alertNameIn(t: T, hazard: string | null | undefined, type: 'warning' | 'watch'): string {
  const key = HAZARDS[(hazard ?? '').toLowerCase()];
  if (key) return t(`stormText.alert.${key}.${type}`);
  return hazard ? t(`stormText.alert.other.${type}`, { hazard }) : t(`stormText.type.${type}`);
}

/** The alert's explanation from its parts: what it means and the storm's latest facts. */
export function alertMessageIn(t: T, num: Num, language: string, alert: StormAlert, storm: Storm | undefined): string {
  const hazard = HAZARDS[(alert.hazard ?? '').toLowerCase()];
  const meaning =
    hazard === 'stormSurge'
      ? t(`stormText.meaning.surge.${alert.type}`)
      : t(`stormText.meaning.conditions.${alert.type}`, {
          conditions: hazard ? t(`stormText.conditions.${hazard}`) : t('stormText.conditions.other', { hazard: alert.hazard ?? '' }),
        });
  if (!storm) return meaning;
  const movement = movementIn(t, num, language, storm.movement);
  const name = `${classificationIn(t, storm.classification)} ${storm.name}`.trim();
  const facts = t(movement ? 'stormText.factsMoving' : 'stormText.facts', { storm: name, speed: speedText(t, num, storm.windSpeed), movement: movement ?? '' });
  const advisory = alert.advisoryNumber ? ` ${t('stormText.advisory', { n: alert.advisoryNumber })}` : '';
  return `${meaning} ${facts}${advisory}`;
}

/** One change since the previous advisory, worded in the reader's language. */
export function changeIn(t: T, num: Num, language: string, c: ImpactChange): string {
  const storm = c.storm ?? '';
  switch (c.kind) {
    case 'category':
      if (Number(c.from) === 0) return t('stormText.change.becameHurricane', { storm, to: String(c.to) });
      if (Number(c.to) === 0) return t('stormText.change.belowHurricane', { storm, from: String(c.from) });
      return t(Number(c.to) > Number(c.from) ? 'stormText.change.strengthened' : 'stormText.change.weakened', {
        storm,
        from: String(c.from),
        to: String(c.to),
      });
    case 'windSpeed':
      return t(Number(c.to) > Number(c.from) ? 'stormText.change.windsRose' : 'stormText.change.windsFell', {
        storm,
        from: speedText(t, num, Number(c.from)),
        to: speedText(t, num, Number(c.to)),
      });
    case 'classification':
      return t('stormText.change.classification', {
        storm,
        from: classificationIn(t, String(c.from)).toLowerCase(),
        to: classificationIn(t, String(c.to)).toLowerCase(),
      });
    case 'threatLevel':
      return t('stormText.change.threat', { from: t(`storm.threat.${String(c.from)}`), to: t(`storm.threat.${String(c.to)}`) });
    case 'movement':
      return t('stormText.change.movement', {
        storm,
        from: movementIn(t, num, language, String(c.from ?? '')) ?? '—',
        to: movementIn(t, num, language, String(c.to ?? '')) ?? '—',
      });
    case 'pressure':
      return t(Number(c.to) < Number(c.from) ? 'stormText.change.pressureFell' : 'stormText.change.pressureRose', {
        from: num(Number(c.from)),
        to: num(Number(c.to)),
      });
    case 'alertIssued':
      return t('stormText.change.alertIssued', { alert: alertNameIn(t, c.hazard, c.alertType ?? 'watch') });
    case 'alertEnded':
      return t('stormText.change.alertEnded', { alert: alertNameIn(t, c.hazard, c.alertType ?? 'watch') });
    default:
      return c.text;
  }
}

/** The Storm Centre's own texts in the four languages (in its lazy chunk, not the first load). */
export const STORM_DICTIONARIES = { EN: en, ES: es, FR: fr, NL: nl };
