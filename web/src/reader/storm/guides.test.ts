import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/i18n';
import { AGENCIES, GUIDES, guideAsText } from './guides';

/** The preparedness guides exist in every language, guide for guide and point for point. */
describe('Storm Centre guides', () => {
  const english = GUIDES.EN;

  it.each(LANGUAGES)('%s has every guide, in the same order, with the same number of points, none empty', (language) => {
    const guides = GUIDES[language];
    expect(guides.map((g) => g.id)).toEqual(english.map((g) => g.id));
    guides.forEach((g, i) => {
      expect(g.points, `${language} ${g.id}`).toHaveLength(english[i]!.points.length);
      for (const text of [g.title, ...g.points]) expect(text.trim().length, `${language} ${g.id}`).toBeGreaterThan(0);
    });
  });

  it.each(['ES', 'FR', 'NL'] as const)('%s is translated: no title or point is the English one', (language) => {
    const englishTexts = new Set(english.flatMap((g) => [g.title, ...g.points]));
    const same = GUIDES[language].flatMap((g) => [g.title, ...g.points]).filter((text) => englishTexts.has(text));
    expect(same).toEqual([]);
  });

  it("names every agency's area in every language", () => {
    for (const agency of AGENCIES) for (const language of LANGUAGES) expect(agency.area[language].trim(), `${agency.name} ${language}`).not.toBe('');
  });

  it("downloads as text in the reader's language", () => {
    const spanish = guideAsText('ES');
    expect(spanish).toContain('Centro de Tormentas C360');
    expect(spanish).toContain(GUIDES.ES[0]!.title.toUpperCase());
    expect(spanish).toContain('- Trinidad y Tobago: ODPM');
    expect(spanish).not.toContain(GUIDES.EN[0]!.title.toUpperCase());
    expect(guideAsText()).toContain('BEFORE THE SEASON: MAKE A PLAN');
  });
});
