import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Social preview cards (Open Graph / Twitter): 1200×630 PNG with the story's title and region,
 * drawn with satori (layout to SVG) and resvg (SVG to PNG) in the Inter typeface that ships in
 * @fontsource/inter, so rendering needs no system fonts and no network.
 */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

const require = createRequire(import.meta.url);
type Font = { name: string; data: Buffer; weight: 400 | 700; style: 'normal' };
let fonts: Font[] | undefined;

function loadFonts(): Font[] {
  fonts ??= (['latin', 'latin-ext'] as const).flatMap((subset) =>
    ([400, 700] as const).map((weight) => ({
      name: 'Inter',
      data: readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
      weight,
      style: 'normal' as const,
    })),
  );
  return fonts;
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: (Node | string)[] | Node | string } };
const h = (type: string, style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({ type, props: { style, children } });

function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/** Inter Bold's advance widths, in ems, near enough to choose sizes (the test measures the real layout). */
function estimateWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const ch of text)
    ems += ch === ' ' ? 0.26 : /[MW]/.test(ch) ? 0.9 : /[A-Z]/.test(ch) ? 0.72 : /[il.,'’|!]/.test(ch) ? 0.3 : /[mw]/.test(ch) ? 0.88 : 0.6;
  return ems * fontSize;
}

export const OG_PADDING_X = 72;
export const OG_PADDING_Y = 64;
const INNER_WIDTH = OG_WIDTH - 2 * OG_PADDING_X;
/** The logo and the gap beside the region badge. */
const LOGO_ROOM = 150;
const BADGE_PADDING_X = 22;
/** At most this many lines of title; a longer title is cut at a word with an ellipsis on the last one. */
export const TITLE_MAX_LINES = 4;

/** The badge's font size: 26 px, smaller for a long region name, so the whole name always shows. */
export function badgeFontSize(region: string): number {
  const room = INNER_WIDTH - LOGO_ROOM - 2 * BADGE_PADDING_X;
  let size = 26;
  while (size > 16 && estimateWidth(region, size) > room) size -= 1;
  return size;
}

/** The title's size and text: the largest size at which it fits the lines; cut at a word only past the smallest. */
export function fitTitle(text: string): { size: number; text: string } {
  const clean = text.replace(/\s+/g, ' ').trim();
  const lines = (t: string, size: number) => {
    let count = 1;
    let line = 0;
    for (const word of t.split(' ')) {
      const w = estimateWidth(word, size);
      const space = estimateWidth(' ', size);
      if (line > 0 && line + space + w > INNER_WIDTH * 0.97) {
        count += 1;
        line = w;
      } else line += (line > 0 ? space : 0) + w;
    }
    return count;
  };
  for (const size of [68, 60, 54, 48, 44]) {
    if (lines(clean, size) <= (size >= 60 ? 3 : TITLE_MAX_LINES)) return { size, text: clean };
  }
  const words = clean.split(' ');
  while (words.length > 1 && lines(`${words.join(' ')}…`, 44) > TITLE_MAX_LINES) words.pop();
  return { size: 44, text: `${words.join(' ').replace(/[,;:.\-–—]+$/, '')}…` };
}

/** The card as satori's tree. */
function cardTree(input: { title: string; region: string }): Node {
  const title = fitTitle(clip(input.title, 300) || 'C360 Caribbean Intelligence');
  const region = clip(input.region, 60).toUpperCase() || 'CARIBBEAN';
  return h(
    'div',
    {
      width: OG_WIDTH,
      height: OG_HEIGHT,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: `${OG_PADDING_Y}px ${OG_PADDING_X}px`,
      boxSizing: 'border-box',
      background: 'linear-gradient(135deg, #0b2545 0%, #13315c 60%, #134074 100%)',
      color: '#ffffff',
      fontFamily: 'Inter',
    },
    h(
      'div',
      { display: 'flex', alignItems: 'center', justifyContent: 'space-between', width: '100%' },
      h('div', { display: 'flex', flexShrink: 0, fontSize: 44, fontWeight: 700, letterSpacing: '-1px' }, 'C360'),
      h(
        'div',
        {
          display: 'flex',
          flexShrink: 0,
          fontSize: badgeFontSize(region),
          fontWeight: 700,
          padding: `10px ${BADGE_PADDING_X}px`,
          borderRadius: 999,
          background: '#eef4ed',
          color: '#0b2545',
          whiteSpace: 'nowrap',
        },
        region,
      ),
    ),
    h('div', { display: 'flex', width: '100%', fontSize: title.size, fontWeight: 700, lineHeight: 1.15, letterSpacing: '-0.5px' }, title.text),
    h(
      'div',
      { display: 'flex', alignItems: 'center', fontSize: 26, color: '#c9d6e3' },
      h('div', { display: 'flex', width: 14, height: 14, borderRadius: 7, background: '#f4a259', marginRight: 16 }),
      'Caribbean Intelligence · verified, layered news',
    ),
  );
}

/** The card as SVG (satori's layout). `embedFont: false` keeps the text as <text> elements (tests read them). */
export async function renderOgSvg(input: { title: string; region: string }, options: { embedFont?: boolean } = {}): Promise<string> {
  // Loaded on first use: satori takes a quarter of a second to import, which every CLI command would pay.
  const { default: satori } = await import('satori');
  return satori(cardTree(input) as unknown as Parameters<typeof satori>[0], {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: loadFonts(),
    embedFont: options.embedFont ?? true,
  });
}

export async function renderOgCard(input: { title: string; region: string }): Promise<Buffer> {
  const [svg, { Resvg }] = await Promise.all([renderOgSvg(input), import('@resvg/resvg-js')]);
  return new Resvg(svg, { fitTo: { mode: 'width', value: OG_WIDTH }, font: { loadSystemFonts: false } }).render().asPng();
}
