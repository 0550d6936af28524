/** Words for people, shared by every layer (CLI, host, webview). */

/** `1 frame`, `2 frames`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
