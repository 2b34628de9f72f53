import { longDate } from './format-date';
import type { NewsletterSection } from './build-sections';
import { findTemplate } from './templates';
import { verificationLabel } from '../stories/verification';

/**
 * The newsletter e-mail: HTML from MJML (responsive, inlined styles that mail programs keep) and a
 * plain-text part. Rendered once per newsletter; each recipient's unsubscribe link replaces a
 * placeholder, so a send of thousands compiles MJML once.
 *
 * Every piece of story text is HTML-escaped: titles and summaries come from feeds.
 */

export const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.c360.invalid/placeholder';

export type RenderableNewsletter = { id: string; title: string; template: string; intro: string; sections: readonly NewsletterSection[] };
export type RenderedEmail = { subject: string; html: string; text: string };

/** Region, date and how the story was checked: one line under each title. */
function articleMeta(a: NewsletterSection['articles'][number]): string {
  return [a.region, longDate(a.published_at), a.verification ? verificationLabel(a.verification) : null].filter(Boolean).join(' · ');
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The story's absolute address, tagged so the reader analytics count the visit as coming from the newsletter. */
export function storyUrl(origin: string, path: string | null, template: string): string {
  const url = new URL(path ?? '/', origin);
  url.searchParams.set('utm_source', 'newsletter');
  url.searchParams.set('utm_medium', 'email');
  url.searchParams.set('utm_campaign', template);
  return url.toString();
}

const COLOURS = { brand: '#0b4f6c', ink: '#1f2937', muted: '#6b7280', line: '#e5e7eb', page: '#f3f4f6' };

function mjmlDocument(newsletter: RenderableNewsletter, origin: string, sentOn: Date): string {
  const template = findTemplate(newsletter.template);
  const intro = newsletter.intro.trim();
  const sections = newsletter.sections
    .map((section) => {
      const articles = section.articles
        .map(
          (a) => `
        <mj-text padding="10px 25px">
          <a href="${escapeHtml(storyUrl(origin, a.path, newsletter.template))}" style="color:${COLOURS.ink};font-size:17px;font-weight:700;text-decoration:none;line-height:1.35">${escapeHtml(a.title)}</a>
          <div style="color:${COLOURS.muted};font-size:12px;padding:4px 0">${escapeHtml(articleMeta(a))}</div>
          <div>${escapeHtml(a.summary)}</div>
          <a href="${escapeHtml(storyUrl(origin, a.path, newsletter.template))}" style="color:${COLOURS.brand};font-size:14px;font-weight:600">Read the story →</a>
        </mj-text>`,
        )
        .join('');
      return `
    <mj-section background-color="#ffffff" padding="8px 0 16px">
      <mj-column>
        <mj-text font-size="13px" font-weight="700" color="${COLOURS.brand}" text-transform="uppercase" letter-spacing="1px" padding="16px 25px 0">${escapeHtml(section.title)}</mj-text>
        <mj-text font-size="13px" color="${COLOURS.muted}" padding="4px 25px 0">${escapeHtml(section.content)}</mj-text>${articles}
        <mj-divider border-color="${COLOURS.line}" border-width="1px" padding="8px 25px 0" />
      </mj-column>
    </mj-section>`;
    })
    .join('');
  return `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(newsletter.title)}</mj-title>
    <mj-preview>${escapeHtml(intro || newsletter.sections[0]?.articles[0]?.title || newsletter.title)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.55" color="${COLOURS.ink}" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${COLOURS.page}" width="600px">
    <mj-section background-color="${COLOURS.brand}" padding="20px 0">
      <mj-column>
        <mj-text color="#ffffff" font-size="24px" font-weight="700" padding="0 25px">C360</mj-text>
        <mj-text color="#d6eef7" font-size="13px" padding="4px 25px 0">${escapeHtml([template?.name ?? newsletter.template, longDate(sentOn.toISOString())].join(' · '))}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px 0 0">
      <mj-column>
        <mj-text font-size="22px" font-weight="700" line-height="1.3">${escapeHtml(newsletter.title)}</mj-text>${
          intro
            ? `
        <mj-text>${escapeHtml(intro)}</mj-text>`
            : ''
        }
      </mj-column>
    </mj-section>${sections}
    <mj-section padding="16px 0 24px">
      <mj-column>
        <mj-text align="center" font-size="12px" color="${COLOURS.muted}">
          You receive this e-mail because you subscribed to the C360 newsletter and confirmed your address.<br />
          <a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:${COLOURS.muted}">Unsubscribe</a> · <a href="${escapeHtml(origin)}/" style="color:${COLOURS.muted}">Visit C360</a>
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

function plainText(newsletter: RenderableNewsletter, origin: string): string {
  const lines = [newsletter.title, '='.repeat(Math.min(newsletter.title.length, 72)), ''];
  if (newsletter.intro.trim()) lines.push(newsletter.intro.trim(), '');
  for (const section of newsletter.sections) {
    lines.push(section.title.toUpperCase(), section.content, '');
    for (const a of section.articles) {
      lines.push(`* ${a.title}`, `  ${articleMeta(a)}`, `  ${a.summary}`, `  ${storyUrl(origin, a.path, newsletter.template)}`, '');
    }
  }
  lines.push('--', 'You receive this e-mail because you subscribed to the C360 newsletter.', `Unsubscribe: ${UNSUBSCRIBE_PLACEHOLDER}`, `C360: ${origin}/`);
  return lines.join('\n');
}

/** Renders with the unsubscribe placeholder; call personalise() per recipient. */
export async function renderNewsletterEmail(newsletter: RenderableNewsletter, options: { origin: string; now: Date }): Promise<RenderedEmail> {
  const origin = options.origin.replace(/\/+$/, '');
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(mjmlDocument(newsletter, origin, options.now), { validationLevel: 'soft' });
  if (errors.length > 0 && !html) throw new Error(`MJML: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return { subject: newsletter.title, html, text: plainText(newsletter, origin) };
}

export function personalise(email: RenderedEmail, unsubscribeUrl: string): RenderedEmail {
  return {
    subject: email.subject,
    html: email.html.split(UNSUBSCRIBE_PLACEHOLDER).join(escapeHtml(unsubscribeUrl)),
    text: email.text.split(UNSUBSCRIBE_PLACEHOLDER).join(unsubscribeUrl),
  };
}
