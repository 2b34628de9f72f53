import type { KeywordSection } from '../../core/stories/sections';
import type { PageLanguage } from '../cookies';

/**
 * The site's own words in a page's <head> (title, description, Open Graph, breadcrumbs), in the
 * language the server renders the page in (the c360_lang cookie, server/cookies.ts). Stories'
 * own words (title, summary, region) stay as they were written. The section names, Storm Centre
 * and account page names are the ones the pages show (web/src/i18n dictionaries; head-text.test.ts
 * keeps the two in step).
 */
export type HeadText = {
  /**
   * og:locale, language_TERRITORY as Open Graph asks. English en_US: the reader's dates and
   * numbers are formatted en-US (web/src/shared/format.ts), so the page and its preview agree.
   * Spanish es_419 (BCP 47's Latin America and the Caribbean): the site's Spanish is the
   * region's, not Spain's, and no single island stands for it. French fr_FR: the Caribbean's
   * French-speaking readers are mostly in Martinique, Guadeloupe and French Guiana, which are
   * France, and the site writes standard French. Dutch nl_NL: Aruba, Curaçao and Sint Maarten
   * belong to the Kingdom of the Netherlands and use standard Dutch.
   */
  locale: string;
  /** The site's name with its tagline ("C360 Caribbean Intelligence"), used in every title. */
  siteName: string;
  siteDescription: string;
  /** The region word drawn on a page's generated share image. */
  caribbean: string;
  home: string;
  latestHeading: string;
  latestSubtitle: string;
  sections: Record<KeywordSection, string>;
  sectionSubtitle: (section: string) => string;
  sectionNotFound: string;
  noStoriesInSection: string;
  stormCentre: string;
  stormCentreDescription: string;
  signIn: string;
  signInDescription: string;
  about: string;
  aboutDescription: string;
  myCaribbean: string;
  myCaribbeanDescription: string;
  saved: string;
  savedDescription: string;
  account: string;
  accountDescription: string;
  console: string;
  consoleDescription: string;
  articleNotFound: string;
  noArticleId: string;
  articleNotFoundDescription: string;
  pageNotFound: string;
  pageNotFoundDescription: string;
  /** The error page sent when the server could not render a page (status 500). */
  serverError: string;
  serverErrorDescription: string;
  backHome: string;
  /** An article's description when the story has no summary (the region keeps the story's wording). */
  /** A story's description when it has no summary: it says nothing of how the story was checked (not every story is). */
  storyFallbackDescription: (region: string | null) => string;
};

export const HEAD_TEXT: Record<PageLanguage, HeadText> = {
  EN: {
    locale: 'en_US',
    siteName: 'C360 Caribbean Intelligence',
    siteDescription: 'Verified, multi-source news and analysis from across the Caribbean and its diaspora, in five layers.',
    caribbean: 'Caribbean',
    home: 'Home',
    latestHeading: 'Latest Caribbean Intelligence',
    latestSubtitle: 'The most recent analysis from across the Caribbean',
    sections: { business: 'Business', politics: 'Politics', weather: 'Weather', sports: 'Sports', culture: 'Culture', technology: 'Technology' },
    sectionSubtitle: (section) => `Latest analysis from the Caribbean ${section} sector`,
    sectionNotFound: 'Section not found',
    noStoriesInSection: 'No stories in this section.',
    stormCentre: 'Storm Centre',
    stormCentreDescription: 'Live tropical storm tracking, watches and warnings, and preparedness guides for the Caribbean.',
    signIn: 'Sign in',
    signInDescription: 'Sign in to C360.',
    about: 'About C360',
    aboutDescription: 'How C360 builds verified, multi-source stories for the Caribbean and its diaspora.',
    myCaribbean: 'My Caribbean',
    myCaribbeanDescription: 'The latest stories from the islands and topics you follow.',
    saved: 'Saved',
    savedDescription: 'Stories you saved to read later.',
    account: 'Alerts & settings',
    accountDescription: 'Your C360 e-mail alerts and account settings.',
    console: 'Admin Console',
    consoleDescription: 'C360 editorial console.',
    articleNotFound: 'Article not found',
    noArticleId: 'No article ID provided',
    articleNotFoundDescription: 'The requested article could not be found',
    pageNotFound: 'Page not found',
    pageNotFoundDescription: 'Oops! Page not found',
    serverError: 'Something went wrong',
    serverErrorDescription: 'This page could not be shown just now. Please try again in a moment.',
    backHome: 'Return to Home',
    storyFallbackDescription: (region) => `News and analysis from ${region || 'the Caribbean'} by C360.`,
  },
  ES: {
    locale: 'es_419',
    siteName: 'C360 Inteligencia Caribeña',
    siteDescription: 'Noticias y análisis verificados, de múltiples fuentes, de todo el Caribe y su diáspora, en cinco capas.',
    caribbean: 'Caribe',
    home: 'Inicio',
    latestHeading: 'Lo último de la inteligencia caribeña',
    latestSubtitle: 'Los análisis más recientes de todo el Caribe',
    sections: { business: 'Negocios', politics: 'Política', weather: 'Clima', sports: 'Deportes', culture: 'Cultura', technology: 'Tecnología' },
    sectionSubtitle: (section) => `Los últimos análisis del sector ${section} en el Caribe`,
    sectionNotFound: 'Sección no encontrada',
    noStoriesInSection: 'No hay noticias en esta sección.',
    stormCentre: 'Centro de Tormentas',
    stormCentreDescription: 'Seguimiento en vivo de tormentas tropicales, vigilancias y avisos, y guías de preparación para el Caribe.',
    signIn: 'Iniciar sesión',
    signInDescription: 'Inicie sesión en C360.',
    about: 'Acerca de C360',
    aboutDescription: 'Cómo C360 elabora noticias verificadas, de múltiples fuentes, para el Caribe y su diáspora.',
    myCaribbean: 'Mi Caribe',
    myCaribbeanDescription: 'Las últimas noticias de las islas y los temas que sigue.',
    saved: 'Guardadas',
    savedDescription: 'Las noticias que guardó para leer más tarde.',
    account: 'Alertas y ajustes',
    accountDescription: 'Sus alertas por correo electrónico y los ajustes de su cuenta de C360.',
    console: 'Consola de administración',
    consoleDescription: 'Consola editorial de C360.',
    articleNotFound: 'Artículo no encontrado',
    noArticleId: 'No se indicó ningún artículo',
    articleNotFoundDescription: 'No se encontró el artículo solicitado',
    pageNotFound: 'Página no encontrada',
    pageNotFoundDescription: '¡Vaya! Página no encontrada',
    serverError: 'Algo salió mal',
    serverErrorDescription: 'No pudimos mostrar esta página en este momento. Inténtelo de nuevo en unos instantes.',
    backHome: 'Volver al inicio',
    storyFallbackDescription: (region) => `Noticias y análisis ${region ? `sobre ${region}` : 'del Caribe'}, por C360.`,
  },
  FR: {
    locale: 'fr_FR',
    siteName: 'C360 Renseignement caribéen',
    siteDescription: 'Actualités et analyses vérifiées, à partir de sources multiples, de toute la Caraïbe et de sa diaspora, en cinq niveaux.',
    caribbean: 'Caraïbe',
    home: 'Accueil',
    latestHeading: 'Le renseignement caribéen en continu',
    latestSubtitle: 'Les analyses les plus récentes de toute la Caraïbe',
    sections: { business: 'Économie', politics: 'Politique', weather: 'Météo', sports: 'Sports', culture: 'Culture', technology: 'Technologie' },
    sectionSubtitle: (section) => `Les dernières analyses du secteur ${section} dans la Caraïbe`,
    sectionNotFound: 'Rubrique introuvable',
    noStoriesInSection: 'Aucun article dans cette rubrique.',
    stormCentre: 'Centre des tempêtes',
    stormCentreDescription: 'Suivi en direct des tempêtes tropicales, veilles et avertissements, et guides de préparation pour la Caraïbe.',
    signIn: 'Se connecter',
    signInDescription: 'Connectez-vous à C360.',
    about: 'À propos de C360',
    aboutDescription: 'Comment C360 construit des articles vérifiés, à partir de sources multiples, pour la Caraïbe et sa diaspora.',
    myCaribbean: 'Mes Caraïbes',
    myCaribbeanDescription: 'Les derniers articles des îles et des thèmes que vous suivez.',
    saved: 'Enregistrés',
    savedDescription: 'Les articles que vous avez gardés pour plus tard.',
    account: 'Alertes et réglages',
    accountDescription: 'Vos alertes par e-mail et les réglages de votre compte C360.',
    console: 'Console d’administration',
    consoleDescription: 'Console éditoriale de C360.',
    articleNotFound: 'Article introuvable',
    noArticleId: 'Aucun article indiqué',
    articleNotFoundDescription: 'L’article demandé est introuvable',
    pageNotFound: 'Page introuvable',
    pageNotFoundDescription: 'Oups ! Page introuvable',
    serverError: 'Un problème est survenu',
    serverErrorDescription: 'Cette page ne peut pas être affichée pour le moment. Veuillez réessayer dans un instant.',
    backHome: "Retour à l'accueil",
    storyFallbackDescription: (region) => `Actualités et analyses ${region ? `sur ${region}` : 'de la Caraïbe'}, par C360.`,
  },
  NL: {
    locale: 'nl_NL',
    siteName: 'C360 Caribische inlichtingen',
    siteDescription: 'Geverifieerd nieuws en analyses uit meerdere bronnen, uit het hele Caribisch gebied en de diaspora, in vijf lagen.',
    caribbean: 'Caribisch gebied',
    home: 'Startpagina',
    latestHeading: 'Laatste Caribische inlichtingen',
    latestSubtitle: 'De meest recente analyses uit het hele Caribisch gebied',
    sections: { business: 'Economie', politics: 'Politiek', weather: 'Weer', sports: 'Sport', culture: 'Cultuur', technology: 'Technologie' },
    sectionSubtitle: (section) => `De laatste analyses uit de Caribische sector ${section}`,
    sectionNotFound: 'Rubriek niet gevonden',
    noStoriesInSection: 'Geen verhalen in deze rubriek.',
    stormCentre: 'Stormcentrum',
    stormCentreDescription: 'Live volgen van tropische stormen, waakzaamheden en waarschuwingen, en gidsen om u voor te bereiden, voor het Caribisch gebied.',
    signIn: 'Inloggen',
    signInDescription: 'Log in bij C360.',
    about: 'Over C360',
    aboutDescription: 'Hoe C360 geverifieerde verhalen uit meerdere bronnen maakt voor het Caribisch gebied en de diaspora.',
    myCaribbean: 'Mijn Caribisch gebied',
    myCaribbeanDescription: 'Het laatste nieuws van de eilanden en onderwerpen die u volgt.',
    saved: 'Bewaard',
    savedDescription: 'Verhalen die u hebt bewaard om later te lezen.',
    account: 'Meldingen en instellingen',
    accountDescription: 'Uw e-mailmeldingen en de instellingen van uw C360-account.',
    console: 'Beheerconsole',
    consoleDescription: 'Redactieconsole van C360.',
    articleNotFound: 'Artikel niet gevonden',
    noArticleId: 'Geen artikel opgegeven',
    articleNotFoundDescription: 'Het gevraagde artikel is niet gevonden',
    pageNotFound: 'Pagina niet gevonden',
    pageNotFoundDescription: 'Oeps! Pagina niet gevonden',
    serverError: 'Er ging iets mis',
    serverErrorDescription: 'Deze pagina kan nu niet worden getoond. Probeer het zo opnieuw.',
    backHome: 'Terug naar de startpagina',
    storyFallbackDescription: (region) => `Nieuws en analyses ${region ? `over ${region}` : 'uit het Caribisch gebied'}, door C360.`,
  },
};

export function headText(language: PageLanguage | undefined): HeadText {
  return HEAD_TEXT[language ?? 'EN'] ?? HEAD_TEXT.EN;
}
