import { C360Error } from '../errors';

/**
 * The one rule for an e-mail address C360 accepts (sign-up, operator accounts, provider e-mails,
 * newsletter sign-ups, password resets): a plain `local@domain` and nothing else. Mail software
 * reads far more than that: `x<editor@x.test>` and `editor@x.test,` are lists and display names
 * that nodemailer delivers to editor@x.test, and a full-width letter or a U+200B looks the same
 * on screen. Each was a second account or subscriber for one mailbox. So an address is refused,
 * not repaired, when:
 *  - NFKC changes it (full-width and compatibility letters, ligatures);
 *  - it holds an invisible or control character (U+200B, U+2060, U+FEFF, bidi marks, C0/C1);
 *  - it holds whitespace, a comma, a semicolon, angle brackets, double quotes, backslash,
 *    parentheses, square brackets or a colon (display names, lists, comments, quoted parts);
 *  - it is not exactly one `@` between a dot-atom local part and a dotted domain.
 * Surrounding spaces (a paste into a form) are the one thing trimmed. The apostrophe stays
 * allowed: it is an ordinary character of real addresses (o'brien@…) and nodemailer reads it
 * as such; the address reaches the mailer as an address object, never a string it parses.
 */

export const MAX_EMAIL_LENGTH = 254;

export type EmailProblem = 'empty' | 'too_long' | 'not_normalized' | 'invisible' | 'forbidden_character' | 'shape';

// Every space but the ordinary one (which is a forbidden character) counts as invisible: U+00A0, U+3000, …
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]|(?! )\p{Zs}/u;
const FORBIDDEN = /[\s,;<>"\\()[\]:`]/u;
const LOCAL = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_{|}~-]+)*$/u;
const LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;

/** Why `raw` is not an address C360 accepts, or null when it is. */
export function emailProblem(raw: string): EmailProblem | null {
  const text = raw.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
  if (text === '') return 'empty';
  if (text.length > MAX_EMAIL_LENGTH) return 'too_long';
  if (INVISIBLE.test(text)) return 'invisible';
  if (text.normalize('NFKC') !== text) return 'not_normalized';
  if (FORBIDDEN.test(text)) return 'forbidden_character';
  const at = text.indexOf('@');
  if (at < 1 || at !== text.lastIndexOf('@')) return 'shape';
  const local = text.slice(0, at);
  const labels = text.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL.test(local)) return 'shape';
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || labels.at(-1)!.length < 2) return 'shape';
  return null;
}

const PROBLEM_TEXT: Record<EmailProblem, string> = {
  empty: 'Please enter an e-mail address.',
  too_long: `An e-mail address has at most ${MAX_EMAIL_LENGTH} characters.`,
  not_normalized: 'This e-mail address contains look-alike characters (such as full-width letters). Please type it with ordinary characters.',
  invisible: 'This e-mail address contains invisible or control characters. Please type it again.',
  forbidden_character: 'An e-mail address here is a plain name@domain: no spaces, commas, semicolons, angle brackets, quotes, brackets or a display name.',
  shape: 'This is not a valid e-mail address: it must be one name@domain, such as reader@example.org.',
};

/**
 * The canonical form of an address C360 accepts (trimmed, lower-case), or invalid_email with
 * the reason in `details.reason`. The stored form, the lookup key and what the mailer gets.
 */
export function parseEmailAddress(raw: string): string {
  const problem = emailProblem(raw);
  if (problem) throw new C360Error('invalid_email', PROBLEM_TEXT[problem], { details: { reason: problem } });
  return raw.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '').toLowerCase();
}
