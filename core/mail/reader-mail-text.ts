import type { AlertLevel } from '../alerts/alert-rules';
import { REGION_CODES } from '../stories/regions';

/**
 * The e-mails readers get, in their language: the newsletter's confirmation, the account's
 * e-mail confirmation and their alerts. A reader's language is the one they read the site in
 * when they signed up or subscribed (the c360_lang cookie, kept in `users.language` and
 * `newsletter_subscribers.language`); unknown is English. These texts live in core (the web
 * dictionaries are the browser's); quoted source text (the National Hurricane Center's area and
 * message, a story's title and summary) stays as written.
 */

export const MAIL_LANGUAGES = ['en', 'es', 'fr', 'nl'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/** 'ES', 'es', 'es-419' → 'es'; anything else (null, 'de') → 'en'. */
export function mailLanguage(value: unknown): MailLanguage {
  const code = typeof value === 'string' ? value.trim().slice(0, 2).toLowerCase() : '';
  return (MAIL_LANGUAGES as readonly string[]).includes(code) ? (code as MailLanguage) : 'en';
}

/** A language worth storing for a reader: the cookie's, or null when there is none. */
export function storedLanguage(value: unknown): MailLanguage | null {
  return typeof value === 'string' && value.trim() !== '' ? mailLanguage(value) : null;
}

const SIGNATURE: Record<MailLanguage, string> = {
  en: 'C360: verified, layered news for the Caribbean and its diaspora',
  es: 'C360: noticias verificadas y por capas para el Caribe y su diáspora',
  fr: 'C360 : une actualité vérifiée, en plusieurs niveaux, pour la Caraïbe et sa diaspora',
  nl: 'C360: geverifieerd nieuws in lagen voor het Caribisch gebied en de diaspora',
};

export type MailText = { subject: string; text: string };

/** The newsletter's double opt-in e-mail. */
export function newsletterConfirmationMail(language: MailLanguage, links: { confirm: string; unsubscribe: string }): MailText {
  const t = {
    en: {
      subject: 'Confirm your C360 newsletter subscription',
      lines: ['Hello,', '', 'Someone (we hope you) asked to receive the C360 newsletter at this address.', 'Please confirm by opening this link:'],
      after: ['The link works for 48 hours. If you did not ask for this, ignore this e-mail: you will not be subscribed.'],
      unsubscribe: 'To stop all e-mail from us, unsubscribe here:',
    },
    es: {
      subject: 'Confirme su suscripción al boletín de C360',
      lines: ['Hola:', '', 'Alguien (esperamos que usted) pidió recibir el boletín de C360 en esta dirección.', 'Confírmelo abriendo este enlace:'],
      after: ['El enlace funciona durante 48 horas. Si no lo pidió, ignore este correo: no quedará suscrito.'],
      unsubscribe: 'Para no recibir ningún correo más de nuestra parte, dese de baja aquí:',
    },
    fr: {
      subject: 'Confirmez votre abonnement à la lettre d’information C360',
      lines: [
        'Bonjour,',
        '',
        'Quelqu’un (vous, nous l’espérons) a demandé à recevoir la lettre d’information C360 à cette adresse.',
        'Merci de confirmer en ouvrant ce lien :',
      ],
      after: ['Le lien est valable 48 heures. Si vous n’avez rien demandé, ignorez cet e-mail : vous ne serez pas abonné.'],
      unsubscribe: 'Pour ne plus recevoir aucun e-mail de notre part, désabonnez-vous ici :',
    },
    nl: {
      subject: 'Bevestig uw abonnement op de C360-nieuwsbrief',
      lines: ['Hallo,', '', 'Iemand (hopelijk u) heeft gevraagd de C360-nieuwsbrief op dit adres te ontvangen.', 'Bevestig dit door deze link te openen:'],
      after: ['De link werkt 48 uur. Hebt u hier niet om gevraagd? Negeer deze e-mail dan: u wordt niet aangemeld.'],
      unsubscribe: 'Wilt u geen enkele e-mail meer van ons? Meld u hier af:',
    },
  }[language];
  return {
    subject: t.subject,
    text: [...t.lines, '', links.confirm, '', ...t.after, '', `${t.unsubscribe} ${links.unsubscribe}`, '', SIGNATURE[language]].join('\n'),
  };
}

/** The account's e-mail confirmation (before alerts are e-mailed). */
export function emailConfirmationMail(language: MailLanguage, link: string): MailText {
  const t = {
    en: {
      subject: 'Confirm your e-mail address for C360 alerts',
      lines: ['Hello,', '', 'Someone (we hope you) set up e-mail alerts on C360 with this address.', 'Please confirm that it is yours by opening this link:'],
      after: [
        'The link works for 48 hours. Until the address is confirmed, no alert is e-mailed to it.',
        'If you did not ask for this, ignore this e-mail: you will receive nothing more from us.',
      ],
    },
    es: {
      subject: 'Confirme su dirección de correo para las alertas de C360',
      lines: [
        'Hola:',
        '',
        'Alguien (esperamos que usted) configuró alertas por correo electrónico en C360 con esta dirección.',
        'Confirme que es suya abriendo este enlace:',
      ],
      after: [
        'El enlace funciona durante 48 horas. Mientras la dirección no esté confirmada, no se le enviará ninguna alerta.',
        'Si no lo pidió, ignore este correo: no recibirá nada más de nuestra parte.',
      ],
    },
    fr: {
      subject: 'Confirmez votre adresse e-mail pour les alertes C360',
      lines: [
        'Bonjour,',
        '',
        'Quelqu’un (vous, nous l’espérons) a configuré des alertes par e-mail sur C360 avec cette adresse.',
        'Merci de confirmer qu’elle est bien la vôtre en ouvrant ce lien :',
      ],
      after: [
        'Le lien est valable 48 heures. Tant que l’adresse n’est pas confirmée, aucune alerte n’y est envoyée.',
        'Si vous n’avez rien demandé, ignorez cet e-mail : vous ne recevrez plus rien de notre part.',
      ],
    },
    nl: {
      subject: 'Bevestig uw e-mailadres voor C360-meldingen',
      lines: [
        'Hallo,',
        '',
        'Iemand (hopelijk u) heeft met dit adres e-mailmeldingen ingesteld op C360.',
        'Bevestig dat het van u is door deze link te openen:',
      ],
      after: [
        'De link werkt 48 uur. Zolang het adres niet is bevestigd, sturen we er geen meldingen naartoe.',
        'Hebt u hier niet om gevraagd? Negeer deze e-mail dan: u ontvangt niets meer van ons.',
      ],
    },
  }[language];
  return { subject: t.subject, text: [...t.lines, '', link, '', ...t.after, '', SIGNATURE[language]].join('\n') };
}

/** A forgotten password's reset link (one hour, single use). */
export function passwordResetMail(language: MailLanguage, link: string): MailText {
  const t = {
    en: {
      subject: 'Reset your C360 password',
      lines: [
        'Hello,',
        '',
        'Someone (we hope you) asked to reset the password of the C360 account with this address.',
        'To choose a new password, open this link:',
      ],
      after: [
        'The link works once, for one hour. Resetting the password signs the account out everywhere.',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      ],
    },
    es: {
      subject: 'Restablezca su contraseña de C360',
      lines: [
        'Hola:',
        '',
        'Alguien (esperamos que usted) pidió restablecer la contraseña de la cuenta de C360 con esta dirección.',
        'Para elegir una contraseña nueva, abra este enlace:',
      ],
      after: [
        'El enlace funciona una sola vez, durante una hora. Al restablecer la contraseña se cierra la sesión de la cuenta en todas partes.',
        'Si no lo pidió, ignore este correo: su contraseña no cambia.',
      ],
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe C360',
      lines: [
        'Bonjour,',
        '',
        'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe du compte C360 associé à cette adresse.',
        'Pour choisir un nouveau mot de passe, ouvrez ce lien :',
      ],
      after: [
        'Le lien ne fonctionne qu’une fois, pendant une heure. La réinitialisation déconnecte le compte partout.',
        'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
      ],
    },
    nl: {
      subject: 'Stel uw C360-wachtwoord opnieuw in',
      lines: [
        'Hallo,',
        '',
        'Iemand (hopelijk u) heeft gevraagd het wachtwoord van het C360-account met dit adres opnieuw in te stellen.',
        'Open deze link om een nieuw wachtwoord te kiezen:',
      ],
      after: [
        'De link werkt één keer, een uur lang. Na het opnieuw instellen wordt het account overal afgemeld.',
        'Hebt u hier niet om gevraagd? Negeer deze e-mail dan: uw wachtwoord blijft zoals het is.',
      ],
    },
  }[language];
  return { subject: t.subject, text: [...t.lines, '', link, '', ...t.after, '', SIGNATURE[language]].join('\n') };
}

/* ---------------------------------------------------------------- reader alerts */

/** A place's English name in the language ("Haiti" → "Haïti"); names Intl does not know stay as they are. */
export function placeName(name: string, language: MailLanguage): string {
  if (language === 'en') return name;
  if (name === 'Regional') return REGIONAL[language];
  const code = REGION_CODES[name];
  if (!code) return name;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? name;
  } catch {
    return name;
  }
}
const REGIONAL: Record<MailLanguage, string> = { en: 'Regional', es: 'todo el Caribe', fr: 'toute la Caraïbe', nl: 'het hele Caribisch gebied' };

const COMPASS_EN = ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSW', 'SW', 'WSW', 'W', 'WNW', 'NW', 'NNW'];
const COMPASS: Record<MailLanguage, string[]> = {
  en: COMPASS_EN,
  es: ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSO', 'SO', 'OSO', 'O', 'ONO', 'NO', 'NNO'],
  fr: ['N', 'NNE', 'NE', 'ENE', 'E', 'ESE', 'SE', 'SSE', 'S', 'SSO', 'SO', 'OSO', 'O', 'ONO', 'NO', 'NNO'],
  nl: ['N', 'NNO', 'NO', 'ONO', 'O', 'OZO', 'ZO', 'ZZO', 'Z', 'ZZW', 'ZW', 'WZW', 'W', 'WNW', 'NW', 'NNW'],
};

type Words = {
  subject: string;
  more: (n: number) => string;
  advisory: (n: string) => string;
  alertName: (hazard: string, type: 'warning' | 'watch') => string;
  headline: (alert: string, region: string) => string;
  classes: Record<string, string>;
  levels: Record<AlertLevel, string>;
  topics: Record<string, string>;
  list: (items: string[]) => string;
  followed: (places: string) => string;
  noneYet: string;
  stormWhat: (warningsOnly: boolean) => string;
  stormDescription: (what: string, where: string) => string;
  storyWhat: (level: string | null) => string;
  storyDescription: (what: string, where: string, topics: string) => string;
  stormIntro: (description: string, storm: string) => string;
  quoted: string | null;
  facts: (storm: string, wind: string, category: number, movement: string | null) => string;
  speed: (mph: number) => string;
  stormCentre: string;
  followLocal: string;
  storyIntro: (description: string) => string;
  risk: (level: string) => string;
  /** A watch's or warning's level in brackets: "medium", "nivel medio". */
  level: (level: string) => string;
  readIt: string;
  manage: string;
};

const kmh = (mph: number) => Math.round(mph * 1.609344);

const WORDS: Record<MailLanguage, Words> = {
  en: {
    subject: 'C360 alert',
    more: (n) => `+${n} more`,
    advisory: (n) => `advisory ${n}`,
    alertName: (hazard, type) => `${hazard} ${type === 'warning' ? 'Warning' : 'Watch'}`,
    headline: (alert, region) => `${alert} for ${region}`,
    classes: {
      HU: 'Hurricane',
      MH: 'Major Hurricane',
      TS: 'Tropical Storm',
      TD: 'Tropical Depression',
      STS: 'Subtropical Storm',
      STD: 'Subtropical Depression',
      PTC: 'Post-Tropical Cyclone',
      PC: 'Potential Tropical Cyclone',
    },
    levels: { low: 'low', medium: 'medium', high: 'high', critical: 'critical' },
    topics: {},
    list: (items) => items.join(', '),
    followed: (places) => `the islands you follow (${places})`,
    noneYet: 'none yet',
    stormWhat: (warningsOnly) => (warningsOnly ? 'storm warnings' : 'storm watches and warnings'),
    stormDescription: (what, where) => `${what} for ${where}`,
    storyWhat: (level) => (level ? `new stories at ${level} risk or above` : 'new stories'),
    storyDescription: (what, where, topics) => `${what} about ${where}${topics ? `, and on ${topics}` : ''}`,
    stormIntro: (description, storm) => `Your C360 alert for ${description} matches the latest National Hurricane Center advisory for ${storm}.`,
    quoted: null,
    facts: (storm, wind, category, movement) =>
      `${storm}: maximum sustained winds ${wind}${category > 0 ? `, category ${category}` : ''}${movement ? `, moving ${movement}` : ''}.`,
    speed: (mph) => `${mph} mph`,
    stormCentre: 'Storm centre (map and every alert in force):',
    followLocal: 'Follow your local meteorological service and disaster office for instructions.',
    storyIntro: (description) => `A story matching your C360 alert for ${description} was just published.`,
    risk: (level) => `${level} risk`,
    level: (level) => level,
    readIt: 'Read it:',
    manage: 'Manage your alerts:',
  },
  es: {
    subject: 'Alerta de C360',
    more: (n) => `y ${n} más`,
    advisory: (n) => `boletín ${n}`,
    alertName: (hazard, type) => alertNameIn('es', hazard, type),
    headline: (alert, region) => `${alert} para ${region}`,
    classes: {
      HU: 'Huracán',
      MH: 'Huracán mayor',
      TS: 'Tormenta tropical',
      TD: 'Depresión tropical',
      STS: 'Tormenta subtropical',
      STD: 'Depresión subtropical',
      PTC: 'Ciclón postropical',
      PC: 'Potencial ciclón tropical',
    },
    levels: { low: 'bajo', medium: 'medio', high: 'alto', critical: 'crítico' },
    topics: { business: 'negocios', politics: 'política', weather: 'clima', sports: 'deportes', culture: 'cultura', technology: 'tecnología' },
    list: (items) => listIn('es', items),
    followed: (places) => `las islas que sigue (${places})`,
    noneYet: 'ninguna todavía',
    stormWhat: (warningsOnly) => (warningsOnly ? 'avisos de tormenta' : 'vigilancias y avisos de tormenta'),
    stormDescription: (what, where) => `${what} para ${where}`,
    storyWhat: (level) => (level ? `noticias nuevas de riesgo ${level} o superior` : 'noticias nuevas'),
    storyDescription: (what, where, topics) => `${what} sobre ${where}${topics ? `, y sobre ${topics}` : ''}`,
    stormIntro: (description, storm) =>
      `Su alerta de C360 de ${description} coincide con el último boletín del Centro Nacional de Huracanes de EE. UU. sobre ${storm}.`,
    quoted: 'Zonas y mensajes del Centro Nacional de Huracanes (en inglés):',
    facts: (storm, wind, category, movement) =>
      `${storm}: vientos máximos sostenidos de ${wind}${category > 0 ? `, categoría ${category}` : ''}${movement ? `, se desplaza al ${movement}` : ''}.`,
    speed: (mph) => `${kmh(mph)} km/h`,
    stormCentre: 'Centro de Tormentas (mapa y todas las alertas vigentes):',
    followLocal: 'Siga las instrucciones de su servicio meteorológico y de su oficina de gestión de desastres.',
    storyIntro: (description) => `Se acaba de publicar una noticia que coincide con su alerta de C360 de ${description}.`,
    risk: (level) => `riesgo ${level}`,
    level: (level) => `nivel ${level}`,
    readIt: 'Léala aquí:',
    manage: 'Gestione sus alertas:',
  },
  fr: {
    subject: 'Alerte C360',
    more: (n) => `et ${n} autre${n > 1 ? 's' : ''}`,
    advisory: (n) => `bulletin ${n}`,
    alertName: (hazard, type) => alertNameIn('fr', hazard, type),
    headline: (alert, region) => `${alert} pour ${region}`,
    classes: {
      HU: 'Ouragan',
      MH: 'Ouragan majeur',
      TS: 'Tempête tropicale',
      TD: 'Dépression tropicale',
      STS: 'Tempête subtropicale',
      STD: 'Dépression subtropicale',
      PTC: 'Cyclone post-tropical',
      PC: 'Cyclone tropical potentiel',
    },
    levels: { low: 'faible', medium: 'moyen', high: 'élevé', critical: 'critique' },
    topics: {
      business: 'l’économie',
      politics: 'la politique',
      weather: 'la météo',
      sports: 'les sports',
      culture: 'la culture',
      technology: 'la technologie',
    },
    list: (items) => listIn('fr', items),
    followed: (places) => `les îles que vous suivez (${places})`,
    noneYet: 'aucune pour l’instant',
    stormWhat: (warningsOnly) => (warningsOnly ? 'les avertissements de tempête' : 'les veilles et avertissements de tempête'),
    stormDescription: (what, where) => `${what} pour ${where}`,
    storyWhat: (level) => (level ? `les nouveaux articles de risque ${level} ou plus` : 'les nouveaux articles'),
    storyDescription: (what, where, topics) => `${what} sur ${where}${topics ? `, et sur ${topics}` : ''}`,
    stormIntro: (description, storm) =>
      `Votre alerte C360 sur ${description} correspond au dernier bulletin du National Hurricane Center américain sur ${storm}.`,
    quoted: 'Zones et messages du National Hurricane Center (en anglais) :',
    facts: (storm, wind, category, movement) =>
      `${storm} : vents soutenus maximaux de ${wind}${category > 0 ? `, catégorie ${category}` : ''}${movement ? `, se déplace vers le ${movement}` : ''}.`,
    speed: (mph) => `${kmh(mph)} km/h`,
    stormCentre: 'Centre des tempêtes (carte et toutes les alertes en vigueur) :',
    followLocal: 'Suivez les consignes de votre service météorologique et de votre office de gestion des catastrophes.',
    storyIntro: (description) => `Un article correspondant à votre alerte C360 sur ${description} vient d’être publié.`,
    risk: (level) => `risque ${level}`,
    level: (level) => `niveau ${level}`,
    readIt: 'Lire l’article :',
    manage: 'Gérer vos alertes :',
  },
  nl: {
    subject: 'C360-melding',
    more: (n) => `en nog ${n}`,
    advisory: (n) => `advies ${n}`,
    alertName: (hazard, type) => alertNameIn('nl', hazard, type),
    headline: (alert, region) => `${alert} voor ${region}`,
    classes: {
      HU: 'Orkaan',
      MH: 'Zware orkaan',
      TS: 'Tropische storm',
      TD: 'Tropische depressie',
      STS: 'Subtropische storm',
      STD: 'Subtropische depressie',
      PTC: 'Posttropische cycloon',
      PC: 'Mogelijke tropische cycloon',
    },
    levels: { low: 'laag', medium: 'gemiddeld', high: 'hoog', critical: 'kritiek' },
    topics: { business: 'economie', politics: 'politiek', weather: 'weer', sports: 'sport', culture: 'cultuur', technology: 'technologie' },
    list: (items) => listIn('nl', items),
    followed: (places) => `de eilanden die u volgt (${places})`,
    noneYet: 'nog geen',
    stormWhat: (warningsOnly) => (warningsOnly ? 'stormwaarschuwingen' : 'stormwaakzaamheden en -waarschuwingen'),
    stormDescription: (what, where) => `${what} voor ${where}`,
    storyWhat: (level) => (level ? `nieuwe verhalen met minstens een ${level} risico` : 'nieuwe verhalen'),
    storyDescription: (what, where, topics) => `${what} over ${where}${topics ? `, en over ${topics}` : ''}`,
    stormIntro: (description, storm) =>
      `Uw C360-melding voor ${description} past bij het laatste advies van het Amerikaanse National Hurricane Center over ${storm}.`,
    quoted: 'Gebieden en berichten van het National Hurricane Center (in het Engels):',
    facts: (storm, wind, category, movement) =>
      `${storm}: maximale aanhoudende wind ${wind}${category > 0 ? `, categorie ${category}` : ''}${movement ? `, beweegt richting ${movement}` : ''}.`,
    speed: (mph) => `${kmh(mph)} km/h`,
    stormCentre: 'Stormcentrum (kaart en alle geldende waarschuwingen):',
    followLocal: 'Volg de instructies van uw meteorologische dienst en rampenbestrijdingsdienst.',
    storyIntro: (description) => `Er is zojuist een verhaal gepubliceerd dat past bij uw C360-melding voor ${description}.`,
    risk: (level) => `${level} risico`,
    level: (level) => `niveau ${level}`,
    readIt: 'Lees het hier:',
    manage: 'Beheer uw meldingen:',
  },
};

/** Watch and warning names as the Storm Centre words them (web/src/reader/storm/i18n). */
type AlertNames = { known: Record<string, { warning: string; watch: string }>; other: (hazard: string, type: 'warning' | 'watch') => string };
const ALERT_NAMES: Record<'es' | 'fr' | 'nl', AlertNames> = {
  es: {
    known: {
      hurricane: { warning: 'Aviso de huracán', watch: 'Vigilancia de huracán' },
      'tropical storm': { warning: 'Aviso de tormenta tropical', watch: 'Vigilancia de tormenta tropical' },
      'storm surge': { warning: 'Aviso de marejada ciclónica', watch: 'Vigilancia de marejada ciclónica' },
    },
    other: (hazard, type) => `${type === 'warning' ? 'Aviso' : 'Vigilancia'}: ${hazard}`,
  },
  fr: {
    known: {
      hurricane: { warning: 'Avertissement d’ouragan', watch: 'Veille d’ouragan' },
      'tropical storm': { warning: 'Avertissement de tempête tropicale', watch: 'Veille de tempête tropicale' },
      'storm surge': { warning: 'Avertissement de marée de tempête', watch: 'Veille de marée de tempête' },
    },
    other: (hazard, type) => `${type === 'warning' ? 'Avertissement' : 'Veille'} : ${hazard}`,
  },
  nl: {
    known: {
      hurricane: { warning: 'Orkaanwaarschuwing', watch: 'Orkaanwaakzaamheid' },
      'tropical storm': { warning: 'Waarschuwing tropische storm', watch: 'Waakzaamheid tropische storm' },
      'storm surge': { warning: 'Stormvloedwaarschuwing', watch: 'Waakzaamheid stormvloed' },
    },
    other: (hazard, type) => `${type === 'warning' ? 'Waarschuwing' : 'Waakzaamheid'}: ${hazard}`,
  },
};

function alertNameIn(language: 'es' | 'fr' | 'nl', hazard: string, type: 'warning' | 'watch'): string {
  const names = ALERT_NAMES[language];
  const known = names.known[hazard.trim().toLowerCase()];
  return known ? known[type] : names.other(hazard, type);
}

function listIn(language: 'es' | 'fr' | 'nl', items: string[]): string {
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** NHC's movement ("WNW at 13 mph") in the language ("ONO a 21 km/h"); anything else as NHC wrote it. */
function movementIn(language: MailLanguage, movement: string): string {
  if (language === 'en') return movement;
  const w = WORDS[language];
  if (/^stationary$/i.test(movement.trim())) return { es: 'estacionario', fr: 'stationnaire', nl: 'stationair' }[language];
  const m = /^([NSEW]{1,3})\b.*?(\d+(?:\.\d+)?)\s*mph/i.exec(movement.trim());
  if (!m) return movement;
  const i = COMPASS_EN.indexOf(m[1]!.toUpperCase());
  return `${i < 0 ? m[1] : COMPASS[language][i]} ${{ es: 'a', fr: 'à', nl: 'met' }[language]} ${w.speed(Number(m[2]))}`;
}

export type ReaderAlertCriteriaText = { kind: 'storm' | 'story'; scope: 'follows' | 'region'; alert_level: AlertLevel; places: string[]; topics: string[] };

/** "storm watches and warnings for the islands you follow (Jamaica)", in the language. */
export function readerAlertDescription(language: MailLanguage, c: ReaderAlertCriteriaText): string {
  const w = WORDS[language];
  const places = c.places.map((p) => placeName(p, language));
  const where = c.scope === 'region' ? (places[0] ?? '') : w.followed(places.length ? w.list(places) : w.noneYet);
  if (c.kind === 'storm') return w.stormDescription(w.stormWhat(!(c.alert_level === 'medium' || c.alert_level === 'low')), where);
  const topics = c.scope === 'follows' && c.topics.length ? (language === 'en' ? c.topics.join(', ') : w.list(c.topics.map((t) => w.topics[t] ?? t))) : '';
  const what = w.storyWhat(c.alert_level === 'low' ? null : w.levels[c.alert_level]);
  return w.storyDescription(what, where, topics);
}

export type StormAlertFacts = { hazard: string; type: 'warning' | 'watch'; region: string; area: string; message: string; level: AlertLevel };
export type StormFacts = { name: string; classification: string; category: number; windMph: number; movement: string | null; advisory: string | null };

/** A reader's storm alert e-mail: the subject and the body. */
export function readerStormAlertMail(
  language: MailLanguage,
  input: { description: string; storm: StormFacts; matching: StormAlertFacts[]; origin: string; managePath: string },
): { subject: string; body: string } {
  const w = WORDS[language];
  const s = input.storm;
  const name = `${w.classes[s.classification.toUpperCase()] ?? s.classification} ${s.name}`;
  const first = input.matching[0]!;
  const headline = w.headline(w.alertName(first.hazard, first.type), placeName(first.region, language));
  const subject = `${w.subject}: ${headline}${input.matching.length > 1 ? ` (${w.more(input.matching.length - 1)})` : ''}: ${name}${s.advisory ? `, ${w.advisory(s.advisory)}` : ''}`;
  const alerts = input.matching.flatMap((m) => [
    language === 'en'
      ? `${m.hazard.toUpperCase()} ${m.type.toUpperCase()}: ${m.area} (${m.level})`
      : `${w.alertName(m.hazard, m.type).toUpperCase()}: ${m.area} (${w.level(w.levels[m.level])})`,
    `  ${m.message}`,
    '',
  ]);
  const body = [
    w.stormIntro(input.description, name),
    '',
    ...(w.quoted ? [w.quoted, ''] : []),
    ...alerts,
    w.facts(name, w.speed(s.windMph), s.category, s.movement ? movementIn(language, s.movement) : null),
    '',
    `${w.stormCentre} ${input.origin}/storm-centre`,
    w.followLocal,
    '',
    `${w.manage} ${input.origin}${input.managePath}`,
  ].join('\n');
  return { subject: subject.slice(0, 250), body };
}

/** A reader's story alert e-mail: the story's own words, framed in the reader's language. */
export function readerStoryAlertMail(
  language: MailLanguage,
  input: { description: string; story: { title: string; summary: string; region: string; level: AlertLevel }; url: string; manageUrl: string },
): { subject: string; body: string } {
  const w = WORDS[language];
  const body = [
    w.storyIntro(input.description),
    '',
    input.story.title,
    `${placeName(input.story.region, language)} · ${w.risk(w.levels[input.story.level])}`,
    '',
    input.story.summary,
    '',
    `${w.readIt} ${input.url}`,
    '',
    `${w.manage} ${input.manageUrl}`,
  ].join('\n');
  return { subject: `${w.subject}: ${input.story.title}`.slice(0, 250), body };
}
