/**
 * How JSON documents are written to files: `animscope export -o`, `animscope sample -o` and the
 * editor's "Export to JSON" / "Export Sampled Curves" all use this, so the same file gives
 * byte-identical output from the CLI and from VS Code.
 */

/** One-space indentation and a trailing newline (stdout output stays compact: see the CLI). */
export function jsonFileText(value: unknown): string {
  return JSON.stringify(value, null, 1) + '\n';
}
