import { describe, expect, it } from 'vitest';
import { REGION_WORDS, caribbeanCountries } from '../../core/nlp/gazetteer';
import { VISIBLE_REGIONS } from '../../core/stories/regions';
import { OG_HEIGHT, OG_PADDING_X, OG_WIDTH, renderOgCard, renderOgSvg } from './og-card';

/**
 * The card's text must fit: satori lays the card out with the real font, and with embedFont off it
 * writes each run of text as a <text> element with the x, y, width and height it computed. So the
 * test reads the layout satori itself made, not an estimate; the glyph outlines of the rendered
 * card (embedFont on, what resvg draws) are checked against the badge too.
 */
type Run = { x: number; y: number; width: number; height: number; size: number; fill: string; text: string };

function runs(svg: string): Run[] {
  return [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].map((m) => {
    const attr = (name: string) => new RegExp(`(?:^| )${name}="([^"]*)"`).exec(m[1]!)?.[1] ?? '';
    return {
      x: Number(attr('x')),
      y: Number(attr('y')),
      width: Number(attr('width')),
      height: Number(attr('height')),
      size: Number(attr('font-size')),
      fill: attr('fill'),
      text: m[2]!.replace(/&amp;/g, '&').replace(/&#39;/g, "'"),
    };
  });
}

function badgeBox(svg: string) {
  const m = /<path x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="#eef4ed"/.exec(svg)!;
  return { x: Number(m[1]), y: Number(m[2]), width: Number(m[3]), height: Number(m[4]) };
}

/** Bounds of the glyph outlines drawn in a colour (absolute coordinates: satori writes M, L, Q, Z). */
function glyphBounds(svg: string, fill: string) {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const m of svg.matchAll(new RegExp(`<path fill="${fill}" d="([^"]+)"`, 'g'))) {
    const numbers = m[1]!.match(/-?\d+(?:\.\d+)?/g)!.map(Number);
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      xs.push(numbers[i]!);
      ys.push(numbers[i + 1]!);
    }
  }
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

const regions = [...new Set([...VISIBLE_REGIONS, ...caribbeanCountries(), ...REGION_WORDS])];
const longest = regions.reduce((a, b) => (b.length > a.length ? b : a));
const TITLE_120 = 'Saint Vincent and the Grenadines parliament approves a regional airport expansion plan after a long public consultation!';

describe('social preview card', () => {
  it('the longest covered region name shows in full inside its badge, inside the card', async () => {
    expect(longest.length).toBeGreaterThanOrEqual('Saint Vincent and the Grenadines'.length);
    for (const region of [longest, 'Turks and Caicos Islands', 'Caribbean']) {
      const svg = await renderOgSvg({ title: 'Ferry fares rise', region }, { embedFont: false });
      const badge = badgeBox(svg);
      const text = runs(svg).filter((r) => r.fill === '#0b2545');
      expect(text.map((r) => r.text).join(''), region).toBe(region.toUpperCase());
      for (const r of text) {
        expect(r.x, region).toBeGreaterThanOrEqual(badge.x);
        expect(r.x + r.width, region).toBeLessThanOrEqual(badge.x + badge.width);
      }
      expect(badge.x + badge.width).toBeLessThanOrEqual(OG_WIDTH - OG_PADDING_X + 0.5);
      // What is drawn: the glyphs sit inside the badge too.
      const drawn = await renderOgSvg({ title: 'Ferry fares rise', region });
      const glyphs = glyphBounds(drawn, '#0b2545');
      expect(glyphs.left).toBeGreaterThanOrEqual(badge.x);
      expect(glyphs.right).toBeLessThanOrEqual(badge.x + badge.width);
    }
  });

  it('a 120-character title fits whole, every line inside the card and above the footer', async () => {
    expect(TITLE_120.length).toBe(120);
    const svg = await renderOgSvg({ title: TITLE_120, region: longest }, { embedFont: false });
    const all = runs(svg);
    const footerTop = Math.min(...all.filter((r) => r.fill === '#c9d6e3').map((r) => r.y - r.height));
    const title = all.filter((r) => r.fill === '#ffffff' && r.size >= 40 && r.text !== 'C360');
    expect(
      title
        .map((r) => r.text)
        .join('')
        .replace(/\s+/g, ' ')
        .trim(),
    ).toBe(TITLE_120);
    for (const r of title) {
      expect(r.x).toBeGreaterThanOrEqual(OG_PADDING_X);
      expect(r.x + r.width).toBeLessThanOrEqual(OG_WIDTH - OG_PADDING_X + 0.5);
      expect(r.y).toBeLessThan(footerTop);
    }
    const lines = new Set(title.map((r) => r.y)).size;
    expect(lines).toBeLessThanOrEqual(4);
  });

  it('a title too long for four lines is cut at a word, with an ellipsis, and still fits', async () => {
    const long = `${TITLE_120} ${TITLE_120} and then much more about the consultation`;
    const svg = await renderOgSvg({ title: long, region: 'Jamaica' }, { embedFont: false });
    const all = runs(svg);
    const title = all.filter((r) => r.fill === '#ffffff' && r.size >= 40 && r.text !== 'C360');
    const shown = title
      .map((r) => r.text)
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    expect(shown.endsWith('…')).toBe(true);
    // Cut at a word boundary: what precedes the ellipsis is a whole word of the title.
    const words = long.split(' ');
    const kept = shown.slice(0, -1).split(' ');
    expect(kept.join(' ')).toBe(
      words
        .slice(0, kept.length)
        .join(' ')
        .replace(/[,;:.\-–—!]+$/, ''),
    );
    expect(new Set(title.map((r) => r.y)).size).toBeLessThanOrEqual(4);
    for (const r of title) expect(r.x + r.width).toBeLessThanOrEqual(OG_WIDTH - OG_PADDING_X + 0.5);
    const footerTop = Math.min(...all.filter((r) => r.fill === '#c9d6e3').map((r) => r.y - r.height));
    expect(Math.max(...title.map((r) => r.y))).toBeLessThan(footerTop);
  });

  it('renders a 1200×630 PNG', async () => {
    const png = await renderOgCard({ title: TITLE_120, region: longest });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(OG_WIDTH);
    expect(png.readUInt32BE(20)).toBe(OG_HEIGHT);
  });
});
