import { describe, expect, it } from 'vitest';
import { KEYWORD_SECTIONS } from '../../core/stories/sections';
import accountEn from '../../web/src/i18n/reader-account/en.json';
import accountEs from '../../web/src/i18n/reader-account/es.json';
import accountFr from '../../web/src/i18n/reader-account/fr.json';
import accountNl from '../../web/src/i18n/reader-account/nl.json';
import en from '../../web/src/i18n/en.json';
import es from '../../web/src/i18n/es.json';
import fr from '../../web/src/i18n/fr.json';
import nl from '../../web/src/i18n/nl.json';
import { HEAD_TEXT } from './head-text';

/** The head names pages as the pages name themselves (the reader's dictionaries), in every language. */
const SITE = { EN: [en, accountEn], ES: [es, accountEs], FR: [fr, accountFr], NL: [nl, accountNl] } as const;

describe.each(Object.keys(SITE) as (keyof typeof SITE)[])('head texts in %s', (language) => {
  const text = HEAD_TEXT[language];
  const [site, account] = SITE[language];

  it("name sections, the Storm Centre and the reader's pages as the pages do", () => {
    for (const section of KEYWORD_SECTIONS) expect(text.sections[section], section).toBe(site.nav[section]);
    expect(text.latestHeading).toBe(site.section.latestHeading);
    expect(text.latestSubtitle).toBe(site.section.latestSubtitle);
    expect(text.sectionSubtitle('x')).toBe(site.section.subtitle.replace('{{section}}', 'x'));
    expect(text.stormCentre).toBe(site.storm.title);
    expect(text.siteName).toBe(`C360 ${site.brand.tagline}`);
    expect(text.myCaribbean).toBe(account.readerAccount.myCaribbean);
    expect(text.saved).toBe(account.readerAccount.saved);
    expect(text.account).toBe(account.readerAccount.settings);
    expect(text.backHome).toBe(site.notFound.home);
  });

  it('has an Open Graph locale (language_TERRITORY) and no empty text', () => {
    expect(text.locale).toMatch(/^[a-z]{2}_(?:[A-Z]{2}|\d{3})$/);
    expect(text.locale.slice(0, 2)).toBe(language.toLowerCase());
    for (const [key, value] of Object.entries(text)) if (typeof value === 'string') expect(value.trim(), key).not.toBe('');
  });
});
