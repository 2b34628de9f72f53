import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../config';
import { emailProblem } from '../accounts/email-address';
import { C360Error } from '../errors';

/**
 * A recipient as nodemailer's address object. A string is parsed by nodemailer as an address
 * list with display names ("x<editor@x.test>" and "editor@x.test," both reach editor@x.test);
 * an object's address is used as it is.
 */
export type MailAddress = { address: string; name: string };

/** The recipient object for a stored (canonical) address. */
export function mailAddress(address: string, name = ''): MailAddress {
  return { address, name };
}

/** Why a message is sent: counted per kind on /metrics. */
export type MailKind = 'newsletter' | 'newsletter_report' | 'newsletter_confirmation' | 'email_confirmation' | 'password_reset' | 'alert';

/** What C360 sends: plain text always, HTML optionally, and extra headers (List-Unsubscribe). */
export type MailMessage = {
  kind: MailKind;
  to: MailAddress;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** The unsubscribe address: sent as List-Unsubscribe, with RFC 8058 one-click (List-Unsubscribe-Post). */
  unsubscribeUrl?: string;
  /** A stable Message-ID (newsletters: one per newsletter and recipient, so a copy is recognisable as the same message). */
  messageId?: string;
};

export type Mailer = {
  readonly configured: boolean;
  send: (message: MailMessage) => Promise<void>;
  /** Connects and signs in to the SMTP server, sending nothing (`c360 doctor`). */
  verify?: () => Promise<void>;
  close: () => void;
};

/**
 * An SMTP mailer over nodemailer (SMTP_URL, or SMTP_HOST/PORT/USER/PASS; SMTP_FROM). Without
 * SMTP settings it refuses with mail_unavailable rather than pretending to send.
 */
export function createMailer(smtp: SmtpConfig | undefined, options: { timeoutMs?: number; pool?: boolean } = {}): Mailer {
  if (!smtp) {
    return {
      configured: false,
      send: async () => {
        throw new C360Error('mail_unavailable', 'E-mail is not set up on this server, so the message could not be sent.', {
          hint: 'Set SMTP_URL (or SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS) and SMTP_FROM. See README "Accounts and security".',
        });
      },
      close: () => {},
    };
  }
  const timeout = options.timeoutMs ?? 15_000;
  // A pool keeps a few SMTP connections open and reuses them: for bulk sends (newsletters) it is
  // an order of magnitude faster than a connection per message.
  const pool = options.pool ? { pool: true as const, maxConnections: 3, maxMessages: 500 } : {};
  const transport = nodemailer.createTransport(
    smtp.url
      ? { url: smtp.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout, ...pool }
      : {
          ...pool,
          host: smtp.host,
          port: smtp.port,
          secure: smtp.port === 465,
          auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
          connectionTimeout: timeout,
          greetingTimeout: timeout,
          socketTimeout: timeout,
        },
  );
  return {
    configured: true,
    verify: async () => {
      await transport.verify();
    },
    send: async (message) => {
      // Rows stored before addresses were checked may hold what the rule now refuses: never mailed.
      const problem = emailProblem(message.to.address);
      if (problem) throw new C360Error('invalid_email', 'The recipient is not a plain e-mail address, so nothing was sent.', { details: { reason: problem } });
      try {
        const headers = { ...message.headers, ...(message.unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}) };
        await transport.sendMail({
          from: smtp.from,
          to: { name: message.to.name, address: message.to.address },
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers,
          // nodemailer writes List-* headers from `list` (it drops them from `headers`).
          list: message.unsubscribeUrl ? { unsubscribe: message.unsubscribeUrl } : undefined,
          messageId: message.messageId,
        });
      } catch (error) {
        // The SMTP server's reply may echo the address; the caller logs the code, not the message.
        throw new C360Error('mail_unavailable', 'The e-mail could not be sent just now. Please try again in a few minutes.', { cause: error });
      }
    },
    close: () => transport.close(),
  };
}
