/** Words for people, shared by every layer (CLI, host, webview). */

/** `1 frame`, `2 frames` (`1 match`, `2 matches` with the plural form given). */
export function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`;
}
