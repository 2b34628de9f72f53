import type { MailLanguage } from '../../core/mail/reader-mail-text';

/**
 * The small pages the links in a reader's e-mails open (newsletter confirmed, unsubscribe), in
 * the reader's language: the one on their record when the link names it, else their browser's
 * c360_lang cookie, else English. A refused link's reason (core's message) stays as core words it.
 */
export type NewsletterPageText = {
  home: string;
  subscribedTitle: string;
  subscribedHeading: string;
  subscribedBody: string[];
  linkInvalidTitle: string;
  confirmInvalidHeading: string;
  confirmInvalidHint: string;
  emailInvalidHeading: string;
  emailInvalidHint: string;
  unsubscribeTitle: string;
  unsubscribeHeading: string;
  unsubscribeBody: string;
  unsubscribeButton: string;
  unsubscribedTitle: string;
  unsubscribedHeading: string;
  unsubscribedBody: string;
  unsubscribeInvalidHeading: string;
};

export const NEWSLETTER_PAGE_TEXT: Record<MailLanguage, NewsletterPageText> = {
  en: {
    home: 'Return to C360',
    subscribedTitle: 'Subscription confirmed',
    subscribedHeading: 'You are subscribed',
    subscribedBody: ['Thank you for confirming. The C360 newsletter will arrive at this address.', 'Every newsletter has a link to unsubscribe.'],
    linkInvalidTitle: 'Link not valid',
    confirmInvalidHeading: 'This link is not valid any more',
    confirmInvalidHint: 'Sign up again from the newsletter box at the bottom of any page to get a new link.',
    emailInvalidHeading: 'This confirmation link does not work',
    emailInvalidHint: 'Sign in, open Alerts & settings and press "Send again" to get a new link.',
    unsubscribeTitle: 'Unsubscribe',
    unsubscribeHeading: 'Unsubscribe from the C360 newsletter?',
    unsubscribeBody: 'Press the button to stop receiving the newsletter at this address.',
    unsubscribeButton: 'Unsubscribe',
    unsubscribedTitle: 'Unsubscribed',
    unsubscribedHeading: 'You are unsubscribed',
    unsubscribedBody: 'You will not receive the C360 newsletter any more. Changed your mind? Sign up again from any page.',
    unsubscribeInvalidHeading: 'This unsubscribe link is not valid',
  },
  es: {
    home: 'Volver a C360',
    subscribedTitle: 'Suscripción confirmada',
    subscribedHeading: 'Ya está suscrito',
    subscribedBody: ['Gracias por confirmar. El boletín de C360 llegará a esta dirección.', 'Cada boletín incluye un enlace para darse de baja.'],
    linkInvalidTitle: 'Enlace no válido',
    confirmInvalidHeading: 'Este enlace ya no es válido',
    confirmInvalidHint: 'Vuelva a suscribirse desde el recuadro del boletín, al pie de cualquier página, para recibir un enlace nuevo.',
    emailInvalidHeading: 'Este enlace de confirmación no funciona',
    emailInvalidHint: 'Inicie sesión, abra Alertas y ajustes y pulse «Enviar de nuevo» para recibir un enlace nuevo.',
    unsubscribeTitle: 'Darse de baja',
    unsubscribeHeading: '¿Darse de baja del boletín de C360?',
    unsubscribeBody: 'Pulse el botón para dejar de recibir el boletín en esta dirección.',
    unsubscribeButton: 'Darme de baja',
    unsubscribedTitle: 'Baja confirmada',
    unsubscribedHeading: 'Se ha dado de baja',
    unsubscribedBody: 'Ya no recibirá el boletín de C360. ¿Ha cambiado de opinión? Vuelva a suscribirse desde cualquier página.',
    unsubscribeInvalidHeading: 'Este enlace para darse de baja no es válido',
  },
  fr: {
    home: 'Retour à C360',
    subscribedTitle: 'Abonnement confirmé',
    subscribedHeading: 'Vous êtes abonné',
    subscribedBody: ['Merci d’avoir confirmé. La lettre d’information C360 arrivera à cette adresse.', 'Chaque lettre contient un lien pour vous désabonner.'],
    linkInvalidTitle: 'Lien non valide',
    confirmInvalidHeading: 'Ce lien n’est plus valide',
    confirmInvalidHint: 'Inscrivez-vous de nouveau depuis l’encadré de la lettre d’information, en bas de chaque page, pour recevoir un nouveau lien.',
    emailInvalidHeading: 'Ce lien de confirmation ne fonctionne pas',
    emailInvalidHint: 'Connectez-vous, ouvrez Alertes et réglages et appuyez sur « Renvoyer » pour recevoir un nouveau lien.',
    unsubscribeTitle: 'Désabonnement',
    unsubscribeHeading: 'Vous désabonner de la lettre d’information C360 ?',
    unsubscribeBody: 'Appuyez sur le bouton pour ne plus recevoir la lettre à cette adresse.',
    unsubscribeButton: 'Me désabonner',
    unsubscribedTitle: 'Désabonnement confirmé',
    unsubscribedHeading: 'Vous êtes désabonné',
    unsubscribedBody: 'Vous ne recevrez plus la lettre d’information C360. Vous avez changé d’avis ? Réinscrivez-vous depuis n’importe quelle page.',
    unsubscribeInvalidHeading: 'Ce lien de désabonnement n’est pas valide',
  },
  nl: {
    home: 'Terug naar C360',
    subscribedTitle: 'Abonnement bevestigd',
    subscribedHeading: 'U bent geabonneerd',
    subscribedBody: ['Bedankt voor het bevestigen. De C360-nieuwsbrief komt voortaan naar dit adres.', 'Elke nieuwsbrief bevat een link om u af te melden.'],
    linkInvalidTitle: 'Link ongeldig',
    confirmInvalidHeading: 'Deze link is niet meer geldig',
    confirmInvalidHint: 'Meld u opnieuw aan via het nieuwsbriefvak onderaan elke pagina om een nieuwe link te krijgen.',
    emailInvalidHeading: 'Deze bevestigingslink werkt niet',
    emailInvalidHint: 'Log in, open Meldingen en instellingen en klik op ‘Opnieuw versturen’ voor een nieuwe link.',
    unsubscribeTitle: 'Afmelden',
    unsubscribeHeading: 'Afmelden voor de C360-nieuwsbrief?',
    unsubscribeBody: 'Klik op de knop om de nieuwsbrief niet meer op dit adres te ontvangen.',
    unsubscribeButton: 'Afmelden',
    unsubscribedTitle: 'Afgemeld',
    unsubscribedHeading: 'U bent afgemeld',
    unsubscribedBody: 'U ontvangt de C360-nieuwsbrief niet meer. Toch van gedachten veranderd? Meld u opnieuw aan vanaf elke pagina.',
    unsubscribeInvalidHeading: 'Deze afmeldlink is niet geldig',
  },
};
