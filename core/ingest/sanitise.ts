import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';

/**
 * Item HTML is hostile until proven otherwise. An allowlist sanitiser (sanitize-html) keeps the
 * structure a reader needs and drops everything else: no script, style, iframe, SVG or form, no
 * event attributes, no style attributes, and only http(s)/mailto links and http(s) images, so
 * javascript: and data: URLs never survive. Relative URLs are made absolute against the item link.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'a',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'abbr',
  'cite',
  'q',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'figure',
  'figcaption',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
];

function absolute(url: string | undefined, base: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url.trim(), base).href;
  } catch {
    return undefined;
  }
}

export function sanitiseHtml(html: string | undefined, baseUrl?: string): string {
  if (!html) return '';
  return sanitizeHtml(stripControls(html), {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'title', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
      abbr: ['title'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // An image whose source was refused (javascript:, data:) is dropped rather than left empty.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
    // Text inside these is dropped with the tag, not shown as text. Not <object>: what it holds
    // is the fallback a browser shows when the player cannot load ("Watch the video" and a link),
    // which is what a reader without the player should see; its <param> and <embed> are dropped.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'iframe'],
    transformTags: {
      a: (tagName, attribs) => {
        const href = absolute(attribs.href, baseUrl);
        const next: Record<string, string> = { rel: 'nofollow noopener noreferrer' };
        if (href) next.href = href;
        if (attribs.title) next.title = attribs.title;
        return { tagName, attribs: next };
      },
      img: (tagName, attribs) => {
        const src = absolute(attribs.src, baseUrl);
        const next: Record<string, string> = { ...attribs, loading: 'lazy' };
        if (src) next.src = src;
        else delete next.src;
        return { tagName, attribs: next };
      },
    },
  }).trim();
}

/**
 * Characters removed from all feed text: C0 and C1 controls (a CSI, U+009B, drives terminals),
 * and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), with
 * which a title can show reversed text ("gpj.exe") in the console, the CLI and the site.
 */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Item HTML without the characters of CONTROLS (tabs and newlines kept). */
export function stripControls(text: string): string {
  return text.replace(CONTROLS, '');
}

/**
 * Plain text from HTML or entity-encoded text: entities decoded, tags stripped, whitespace
 * collapsed. Feeds double-encode titles ("&lt;b&gt;"), so decode and strip until nothing changes.
 */
export function toPlainText(value: string | undefined, maxLength = 100_000): string {
  if (!value) return '';
  let text = value;
  for (let i = 0; i < 3; i++) {
    const stripped = sanitizeHtml(text, {
      allowedTags: [],
      allowedAttributes: {},
      nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'iframe', 'title', 'head'],
    });
    const decoded = decodeHTML(stripped);
    if (decoded === text) break;
    text = decoded;
  }
  text = text.replace(CONTROLS, '').replace(/\s+/g, ' ').trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}

/** Only absolute http(s) URLs leave ingest; anything else (javascript:, data:, garbage) is dropped. */
export function safeHttpUrl(url: string | undefined, base?: string): string | undefined {
  const resolved = absolute(url ? decodeHTML(url) : undefined, base);
  if (!resolved) return undefined;
  const protocol = new URL(resolved).protocol;
  return protocol === 'http:' || protocol === 'https:' ? resolved : undefined;
}
