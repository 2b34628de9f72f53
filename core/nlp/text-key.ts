/**
 * Text folded for comparison: accents stripped, lower case, runs of anything but letters and
 * digits turned into one space. Plain JavaScript with no imports, because the console's bundle
 * reads the claim rules that use it.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
