/**
 * The texts the export commands write. JSON goes through the CLI's serialiser (src/export/serialize.ts)
 * so "Export to JSON" ≡ `animscope export FILE -o OUT` and the JSON of "Export Sampled Curves" ≡
 * `animscope sample FILE [--animation NAME] -o OUT`, byte for byte. No `vscode` here.
 *
 * CSV: one animation per file (a J3D file has one; for MOTN the user picks a sequence): a header row
 * `frame,<track path>,…`, then one row per frame 0…duration; numbers in JavaScript's shortest
 * round-trip form, non-finite values as empty cells; RFC 4180 quoting, LF line ends.
 */
import { SampledAnimation, sampleFile, SampleResult } from '../anim/sample';
import { exportDecoded } from '../export/json';
import { jsonFileText } from '../export/serialize';
import type { DecodedFile } from '../formats/types';

/** The CLI's generator string (`animscope <version>`), given the extension's package.json version. */
export function generatorName(version: string): string {
  return `animscope ${version}`;
}

export function exportJsonText(decoded: DecodedFile, version: string): string {
  return jsonFileText(exportDecoded(decoded, generatorName(version)));
}

/**
 * The sample contract; `animation` like `sample --animation NAME`. Throws SampleLimitError past
 * DEFAULT_MAX_SAMPLES (as `animscope sample` refuses without `--max-samples`).
 */
export function sampleResult(decoded: DecodedFile, animation?: string): SampleResult {
  return sampleFile(decoded, animation === undefined ? {} : { animation });
}

export function sampleJsonText(result: SampleResult): string {
  return jsonFileText(result);
}

/** RFC 4180 quoting; a leading =, +, -, @ (spreadsheet formula) in a name from the file is neutralised with a quote. */
function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvNumber(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

export function sampledCsvText(animation: SampledAnimation): string {
  const lines: string[] = [['frame', ...animation.tracks.map((t) => csvCell(t.path))].join(',')];
  const frames = animation.duration + 1;
  for (let f = 0; f < frames; f++) {
    let line = String(f);
    for (const t of animation.tracks) line += ',' + csvNumber(t.values[f]);
    lines.push(line);
  }
  return lines.join('\n') + '\n';
}

/** A file-name-safe form of a MOTN sequence name. */
export function safeFileNamePart(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '').slice(0, 80) || 'sequence';
}
