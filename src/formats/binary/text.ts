/** Words for people, shared by every layer (CLI, host, webview). */

/** `1 frame`, `2 frames`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * A number as people read it in a message: integers as they are, other values rounded to four
 * decimals (`-0.0129`, `0.67`), very small ones to three significant digits (`1.23e-7`).
 */
export function readable(n: number): string {
  if (!Number.isFinite(n) || Number.isInteger(n)) return String(n);
  if (Math.abs(n) >= 1e-3) return String(Number(n.toFixed(4)));
  return n.toPrecision(3);
}
