/**
 * The summary of a decoded file (format, duration, loop mode, counts, names): what
 * `animscope info` prints, the editor's Summary view and the status bar show. The animation's
 * facts come from its format's FormatSpec.
 */
import type { Diagnostic } from '../formats/binary/diagnostics';
import { summarizeModel } from './modelSummary';
import { specFor } from './registry';
import type { FormatSummary } from './spec';
import type { DecodedFile } from '../formats/types';

/** The file's facts and its animation's (FormatSummary: duration, loop mode, counts, names, headline). */
export interface Summary extends FormatSummary {
  fileName: string;
  format: DecodedFile['format'];
  /** Bytes the spans refer to (decompressed). */
  size: number;
  compressed?: { kind: string; compressedSize: number };
  diagnostics: Record<Diagnostic['severity'], number>;
}

export function summarize(file: DecodedFile): Summary {
  const diagnostics = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const d of file.diagnostics) diagnostics[d.severity]++;
  const summary: Summary = { fileName: file.fileName, format: file.format, size: file.bytes.length, counts: [], names: [], headline: [], diagnostics };
  if (file.container) summary.compressed = { kind: file.container.kind, compressedSize: file.container.compressedSize };
  // Assigned, not spread into a new object: the same keys in the same order, without V8's generic
  // object spread (half of summarizing a small file's time).
  if (file.anim) return Object.assign(summary, specFor(file.anim).summarize(file.anim));
  return file.model ? Object.assign(summary, summarizeModel(file.model)) : summary;
}
