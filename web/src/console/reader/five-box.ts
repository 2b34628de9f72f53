/** The five-box reader's rules (console spec: swipe threshold 10, five layers, '% read'). */

export const SWIPE_THRESHOLD = 10;
export const FONT_SIZES = ['small', 'medium', 'large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];
export const MODES = ['visual', 'audio', 'summary'] as const;
export type Mode = (typeof MODES)[number];

/** A horizontal swipe: left (to the next layer) or right (to the previous), past the threshold. */
export function swipeDirection(startX: number, endX: number, threshold = SWIPE_THRESHOLD): 'next' | 'prev' | null {
  const delta = endX - startX;
  if (Math.abs(delta) <= threshold) return null;
  return delta < 0 ? 'next' : 'prev';
}

/** Progress through the layers, as a whole percentage: on layer 1 of 5 you have read 20 %. */
export function readProgress(index: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round(((Math.min(Math.max(index, 0), total - 1) + 1) / total) * 100);
}

/** Summary mode: a layer's key takeaways, its listed facts, else its first sentences. */
export function keyTakeaways(content: string, max = 3): string[] {
  const bullets = content
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('- '))
    .map((l) => l.slice(2).trim());
  if (bullets.length) return bullets.slice(0, max);
  const sentences = content.replace(/\s+/g, ' ').match(/[^.!?]+[.!?]+(\s|$)|[^.!?]+$/g) ?? [];
  return sentences
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, max);
}

/** Text to read aloud: the layer's title, then its content without list markers. */
export function speechText(label: string, content: string): string {
  return `${label}. ${content
    .replace(/^\s*-\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim()}`;
}
