/** The converter's alignment fill (FORMATS.md §1, §11.1): the text, restarted in each gap and cut to its length. */
const PADDING_TEXT = 'This is padding data to alignment';

/** Fills out[from, to) with the padding text. */
export function fillPadding(out: Uint8Array, from: number, to: number): void {
  for (let i = from; i < to; i++) out[i] = PADDING_TEXT.charCodeAt((i - from) % PADDING_TEXT.length);
}

export function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}
