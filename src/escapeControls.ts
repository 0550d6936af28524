/**
 * Names and messages built from file bytes are untrusted: a control character in them would
 * drive the terminal (ESC sequences, BEL, a newline that forges an output line) or break the
 * layout of VS Code's Problems panel. Everything from a file goes through here before it is
 * shown as text; JSON output escapes the same characters with jsonForTerminal (src/cli/format.ts).
 */

/**
 * C0 controls (newline and tab included), DEL, C1 controls, the Unicode line/paragraph
 * separators and the bidirectional overrides/isolates (which reorder what follows them on screen).
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control character written as a visible escape: `\x1b`, `\x0a`, `\u202e`. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL_CHARS, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? '\\x' + code.toString(16).padStart(2, '0') : '\\u' + code.toString(16).padStart(4, '0');
  });
}
