/** Words for people, shared by every layer (CLI, host, webview). */

/** `1 frame`, `2 frames` (`1 match`, `2 matches` with the plural form given). */
export function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`;
}

/**
 * An integer with thousands separators, `1,200,000`: the same text as `toLocaleString('en-US')`
 * without loading ICU (about 10 ms at start-up, which every CLI call paid for its help text).
 */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) out = digits.slice(Math.max(0, end - 3), end) + (out ? ',' + out : '');
  return (n < 0 ? '-' : '') + out;
}

/** A size in a few characters: `480 B`, `9.5 KB`, `64 KB`, `1.7 MB` (KB = 1,024 bytes). */
export function compactSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
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

// Names and messages built from file bytes are untrusted: a control character in them would drive
// a terminal (ESC sequences, BEL, a newline that forges an output line) or break the layout of VS
// Code's Problems panel. Everything from a file goes through escapeControls before it is shown as
// text; the CLI's JSON output escapes the same characters (jsonForTerminal, src/cli/format.ts).

/**
 * C0 controls (newline and tab included), DEL, C1 controls, the Unicode line/paragraph
 * separators and the bidirectional overrides/isolates (which reorder what follows them on screen).
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const CONTROL_CHAR = new RegExp(CONTROL_CHARS.source);

/** True when `text` holds any of {@link CONTROL_CHARS} (C1 included: names read as Latin-1 can hold U+0080–U+009F). */
export function hasControlChars(text: string): boolean {
  return CONTROL_CHAR.test(text);
}

/** `text` with every control character written as a visible escape: `\x1b`, `\x0a`, `\u202e`. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL_CHARS, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? '\\x' + code.toString(16).padStart(2, '0') : '\\u' + code.toString(16).padStart(4, '0');
  });
}

/** A summary count as shown: `5`, or `3 of 5 readable` when the header declares more than the file holds. */
export function countText(count: number, declared: number | undefined, format: (n: number) => string = String): string {
  return declared !== undefined && declared > count ? `${format(count)} of ${format(declared)} readable` : format(count);
}
