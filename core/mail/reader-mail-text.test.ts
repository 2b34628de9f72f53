import { describe, expect, it } from 'vitest';
import {
  emailConfirmationMail,
  MAIL_LANGUAGES,
  mailLanguage,
  newsletterConfirmationMail,
  passwordResetMail,
  placeName,
  readerAlertDescription,
  readerStormAlertMail,
  readerStoryAlertMail,
  storedLanguage,
} from './reader-mail-text';

const storm = { name: 'Keron', classification: 'HU', category: 2, windMph: 100, movement: 'WNW at 13 mph', advisory: '14' };
const watch = {
  hazard: 'Hurricane',
  type: 'watch' as const,
  region: 'Jamaica',
  area: 'Jamaica',
  message: 'Hurricane conditions are possible within 48 hours.',
  level: 'medium' as const,
};

describe('reader e-mail texts', () => {
  it('reads a language from a cookie or a record, English otherwise; stores none without a cookie', () => {
    expect(mailLanguage('ES')).toBe('es');
    expect(mailLanguage('nl')).toBe('nl');
    expect(mailLanguage(null)).toBe('en');
    expect(mailLanguage('de')).toBe('en');
    expect(storedLanguage(undefined)).toBeNull();
    expect(storedLanguage('FR')).toBe('fr');
  });

  it.each(MAIL_LANGUAGES)('%s: the confirmations carry their links and differ from English unless English', (language) => {
    const news = newsletterConfirmationMail(language, {
      confirm: 'https://c360.test/newsletter/confirm?token=t',
      unsubscribe: 'https://c360.test/newsletter/unsubscribe?id=i',
    });
    expect(news.text).toContain('https://c360.test/newsletter/confirm?token=t');
    expect(news.text).toContain('https://c360.test/newsletter/unsubscribe?id=i');
    const account = emailConfirmationMail(language, 'https://c360.test/account/confirm-email?token=t');
    expect(account.text).toContain('https://c360.test/account/confirm-email?token=t');
    if (language !== 'en') {
      expect(news.subject).not.toBe(newsletterConfirmationMail('en', { confirm: '', unsubscribe: '' }).subject);
      expect(account.subject).not.toBe(emailConfirmationMail('en', '').subject);
    }
  });

  it.each(MAIL_LANGUAGES)('%s: the password reset e-mail carries its link and says it works once, for an hour', (language) => {
    const mail = passwordResetMail(language, 'https://c360.test/auth?reset_token=t');
    expect(mail.text).toContain('https://c360.test/auth?reset_token=t');
    if (language === 'en') expect(mail.text).toContain('The link works once, for one hour.');
    else expect(mail.subject).not.toBe(passwordResetMail('en', '').subject);
  });

  it("words a reader's storm alert in English as before", () => {
    const description = readerAlertDescription('en', { kind: 'storm', scope: 'follows', alert_level: 'medium', places: ['Jamaica'], topics: [] });
    expect(description).toBe('storm watches and warnings for the islands you follow (Jamaica)');
    const mail = readerStormAlertMail('en', { description, storm, matching: [watch], origin: 'https://c360.test', managePath: '/account#alerts' });
    expect(mail.subject).toBe('C360 alert: Hurricane Watch for Jamaica: Hurricane Keron, advisory 14');
    expect(mail.body).toContain('HURRICANE WATCH: Jamaica (medium)');
    expect(mail.body).toContain('Hurricane Keron: maximum sustained winds 100 mph, category 2, moving WNW at 13 mph.');
    expect(mail.body).toContain('Manage your alerts: https://c360.test/account#alerts');
  });

  it("words it in Spanish, with km/h, the Storm Centre's alert names and NHC's text quoted as English", () => {
    const description = readerAlertDescription('es', { kind: 'storm', scope: 'follows', alert_level: 'medium', places: ['Jamaica', 'Haiti'], topics: [] });
    expect(description).toBe('vigilancias y avisos de tormenta para las islas que sigue (Jamaica y Haití)');
    const mail = readerStormAlertMail('es', {
      description,
      storm,
      matching: [watch, { ...watch, type: 'warning', level: 'high' }],
      origin: 'https://c360.test',
      managePath: '/account#alerts',
    });
    expect(mail.subject).toBe('Alerta de C360: Vigilancia de huracán para Jamaica (y 1 más): Huracán Keron, boletín 14');
    expect(mail.body).toContain('VIGILANCIA DE HURACÁN: Jamaica (nivel medio)');
    expect(mail.body).toContain('Centro Nacional de Huracanes (en inglés):');
    expect(mail.body).toContain('Huracán Keron: vientos máximos sostenidos de 161 km/h, categoría 2, se desplaza al ONO a 21 km/h.');
    expect(mail.body).toContain('Gestione sus alertas: https://c360.test/account#alerts');
  });

  it("words a story alert in Dutch around the story's own words", () => {
    const description = readerAlertDescription('nl', {
      kind: 'story',
      scope: 'follows',
      alert_level: 'high',
      places: ['Trinidad and Tobago'],
      topics: ['business'],
    });
    expect(description).toBe('nieuwe verhalen met minstens een hoog risico over de eilanden die u volgt (Trinidad en Tobago), en over economie');
    const mail = readerStoryAlertMail('nl', {
      description,
      story: { title: 'Budget passes', summary: 'The budget passed.', region: 'Trinidad and Tobago', level: 'high' },
      url: 'https://c360.test/article/x',
      manageUrl: 'https://c360.test/account#alerts',
    });
    expect(mail.subject).toBe('C360-melding: Budget passes');
    expect(mail.body).toContain('Trinidad en Tobago · hoog risico');
    expect(mail.body).toContain('Lees het hier: https://c360.test/article/x');
  });

  it('names places in the language, unknown ones as they are', () => {
    expect(placeName('Haiti', 'fr')).toBe('Haïti');
    expect(placeName('Dominican Republic', 'es')).toBe('República Dominicana');
    expect(placeName('Atlantis', 'nl')).toBe('Atlantis');
  });
});
