/**
 * What the export commands write, as chunks: "Export to JSON" ≡ `animscope export FILE -o OUT`
 * and the JSON of "Export Sampled Curves" ≡ `animscope sample FILE [--animation NAME]`, printed
 * or `-o OUT`, byte for byte (both through serialize.ts). Each document comes with how far along
 * its writing is, for a progress bar. No `vscode` here.
 *
 * CSV: one animation per file (a J3D file has one; for a file of several, such as MOTN, the user
 * picks one): a header row `frame,<track path>,…`, then one row per frame 0…duration; numbers in
 * JavaScript's shortest round-trip form, non-finite values as empty cells; RFC 4180 quoting, LF
 * line ends.
 */
import type { SampledAnimation, SampledTrack, SampleStream } from '../kinds/sample';
import { AnimData, AnySpec, specFor } from '../kinds/registry';
import type { DecodedFile } from '../formats/types';
import { exportDecoded } from './json';
import { countWholeValues, jsonChunks, sampleJsonText, withNewline } from './serialize';

/** The CLI's generator string (`animscope <version>`), given the extension's package.json version. */
export function generatorName(version: string): string {
  return `animscope ${version}`;
}

/** A document being written: its text in chunks, and the part of it written so far (0…1). */
export interface ChunkedText {
  chunks: Iterable<string>;
  fraction(): number;
}

/**
 * Export JSON opens the document this deep (structure → children → field → children → field;
 * animation → sequences → sequence → tracks → track): what lies deeper is written a value at a
 * time. For motion.bin (100 MB) that is 111,586 values, the largest 250 KB of text.
 */
const EXPORT_OPEN_DEPTH = 5;

/**
 * The text of `animscope export FILE -o OUT` (one-space indent, a final newline); `compact`: the
 * document on one line, as `animscope export FILE` prints it (before the terminal's escapes).
 */
export function exportJsonChunks(decoded: DecodedFile, version: string, { compact = false } = {}): ChunkedText {
  const doc = exportDecoded(decoded, generatorName(version));
  // counted when first asked (the editor's progress), not for the CLI, which never asks
  let total: number | undefined;
  let done = 0;
  const chunks = jsonChunks(doc, { indent: compact ? 0 : 1, openDepth: EXPORT_OPEN_DEPTH, onWhole: () => { done++; } });
  return {
    chunks: withNewline(chunks),
    fraction: () => Math.min(1, done / (total ??= Math.max(1, countWholeValues(doc, EXPORT_OPEN_DEPTH)))),
  };
}

/**
 * The text of `animscope sample FILE [--animation NAME]` (with or without `-o OUT`): compact, a
 * final newline — bulk numbers, where indentation added 61 % (motion.bin: 71.5 MB, indented
 * 115 MB). The sampling happens as it is written, a track at a time. Progress counts samples
 * (values and MOTN keys) against the stream's.
 */
export function sampleJsonChunks(stream: SampleStream): ChunkedText {
  const total = Math.max(1, stream.samples);
  let done = 0;
  const counted: SampleStream = {
    ...stream,
    *animations() {
      for (const a of stream.animations()) {
        yield {
          ...a,
          *tracks(): Iterable<SampledTrack> {
            for (const t of a.tracks()) {
              done += t.values.length + (t.keys?.length ?? 0);
              yield t;
            }
          },
        };
      }
    },
  };
  return {
    chunks: sampleJsonText(counted),
    fraction: () => Math.min(1, done / total),
  };
}

/**
 * The animations of a file that holds several (its spec's groups are `separate`: MOTN), the ones
 * that can be sampled; undefined for a file that is one animation (J3D).
 */
export interface SeveralAnimations {
  spec: AnySpec;
  animations: { name: string; frames: number; aliases: readonly string[] }[];
  /** Groups that cannot be sampled (non-standard MOTN sequences). */
  unsampled: number;
}

export function animationsOf(anim: AnimData): SeveralAnimations | undefined {
  const spec = specFor(anim);
  const { groups } = spec;
  if (!groups.separate || !groups.animation) return undefined;
  const count = groups.count(anim);
  const animations: SeveralAnimations['animations'] = [];
  for (let i = 0; i < count; i++) {
    const a = groups.animation(anim, i);
    if (a) animations.push(a);
  }
  return { spec, animations, unsampled: count - animations.length };
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

/** A file-name-safe form of an animation name from a file (a MOTN sequence). */
export function safeFileNamePart(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '').slice(0, 80) || 'sequence';
}
