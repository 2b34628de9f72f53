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

export async function renderOgCard(input: { title: string; region: string }): Promise<Buffer> {
  const title = clip(input.title, 140) || 'C360 Caribbean Intelligence';
  const region = clip(input.region, 40).toUpperCase() || 'CARIBBEAN';
  const size = title.length <= 60 ? 68 : title.length <= 100 ? 56 : 46;
  const tree = h(
    'div',
    { width: '100%', height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: '64px 72px', background: 'linear-gradient(135deg, #0b2545 0%, #13315c 60%, #134074 100%)', color: '#ffffff', fontFamily: 'Inter' },
    h(
      'div',
      { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
      h('div', { display: 'flex', fontSize: 44, fontWeight: 700, letterSpacing: '-1px' }, 'C360'),
      h('div', { display: 'flex', fontSize: 26, fontWeight: 700, padding: '10px 22px', borderRadius: 999, background: '#eef4ed', color: '#0b2545' }, region),
    ),
    h('div', { display: 'flex', fontSize: size, fontWeight: 700, lineHeight: 1.15, letterSpacing: '-0.5px' }, title),
    h(
      'div',
      { display: 'flex', alignItems: 'center', fontSize: 26, color: '#c9d6e3' },
      h('div', { display: 'flex', width: 14, height: 14, borderRadius: 7, background: '#f4a259', marginRight: 16 }),
      'Caribbean Intelligence · verified, layered news',
    ),
  );
  // Loaded on first use: satori takes a quarter of a second to import, which every CLI command would pay.
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], { width: OG_WIDTH, height: OG_HEIGHT, fonts: loadFonts() });
  return new Resvg(svg, { fitTo: { mode: 'width', value: OG_WIDTH }, font: { loadSystemFonts: false } }).render().asPng();
}
