/**
 * The summary of a decoded file (format, duration, loop mode, counts, names): what
 * `animscope info` prints and what the editor's Summary view shows.
 */
import { loopModeName } from '../anim/loop';
import type { Diagnostic } from '../formats/binary/diagnostics';
import type { AnimData, DecodedFile } from '../formats/types';

export interface Summary {
  fileName: string;
  format: DecodedFile['format'];
  /** Bytes the spans refer to (decompressed). */
  size: number;
  compressed?: { kind: string; compressedSize: number };
  duration?: number;
  loopMode?: string;
  rotationFraction?: number;
  matrixMode?: string;
  /** Ordered label → count (joints, tracks, keyed tracks, bank sizes, sequences …). */
  counts: [string, number][];
  /** Names from the file (materials, sequences), untrusted: escape before display. */
  names: string[];
  diagnostics: Record<Diagnostic['severity'], number>;
}

function trackCounts(tracks: { count: number }[]): { keyed: number; constant: number; keys: number } {
  let keyed = 0, constant = 0, keys = 0;
  for (const t of tracks) {
    if (t.count >= 2) { keyed++; keys += t.count; } else if (t.count === 1) constant++;
  }
  return { keyed, constant, keys };
}

function j3dCounts(anim: Exclude<AnimData, { format: 'motn' }>): [string, number][] {
  switch (anim.format) {
    case 'bck': {
      const tracks = anim.joints.flatMap((j) => [j.x, j.y, j.z].flatMap((a) => [a.scale, a.rotation, a.translation]));
      const c = trackCounts(tracks);
      return [['joints', anim.joints.length], ['tracks', tracks.length], ['keyed tracks', c.keyed], ['constant tracks', c.constant],
        ['keys', c.keys], ['scale bank', anim.scaleBank.length], ['rotation bank', anim.rotationBank.length],
        ['translation bank', anim.translationBank.length]];
    }
    case 'btk': {
      const tracks = anim.entries.flatMap((e) => [e.s, e.t, e.q].flatMap((a) => [a.scale, a.rotation, a.translation]));
      const c = trackCounts(tracks);
      return [['entries', anim.entries.length], ['tracks', tracks.length], ['keyed tracks', c.keyed], ['constant tracks', c.constant],
        ['keys', c.keys], ['scale bank', anim.scaleBank.length], ['rotation bank', anim.rotationBank.length],
        ['translation bank', anim.translationBank.length]];
    }
    case 'brk': {
      const tracks = [...anim.register, ...anim.konstant].flatMap((e) => [e.r, e.g, e.b, e.a]);
      const c = trackCounts(tracks);
      return [['register entries', anim.register.length], ['konstant entries', anim.konstant.length], ['tracks', tracks.length],
        ['keyed tracks', c.keyed], ['constant tracks', c.constant], ['keys', c.keys]];
    }
  }
}

export function summarize(file: DecodedFile): Summary {
  const diagnostics = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const d of file.diagnostics) diagnostics[d.severity]++;
  const summary: Summary = { fileName: file.fileName, format: file.format, size: file.bytes.length, counts: [], names: [], diagnostics };
  if (file.container) summary.compressed = { kind: file.container.kind, compressedSize: file.container.compressedSize };
  const anim = file.anim;
  if (!anim) return summary;
  if (anim.format === 'motn') {
    const standard = anim.sequences.filter((s) => s.standard);
    summary.loopMode = 'loop';
    summary.counts = [['sequences', anim.sequences.length], ['non-standard sequences', anim.sequences.length - standard.length],
      ['tracks', standard.reduce((n, s) => n + s.tracks.length, 0)],
      ['keys', standard.reduce((n, s) => n + s.tracks.reduce((k, t) => k + t.keys.length, 0), 0)]];
    summary.names = anim.sequences.map((s) => s.name);
    return summary;
  }
  summary.duration = anim.duration;
  summary.loopMode = loopModeName(anim.loopMode);
  if (anim.format !== 'brk') summary.rotationFraction = anim.rotationFraction;
  if (anim.format === 'btk') summary.matrixMode = anim.matrixMode === 1 ? 'maya' : anim.matrixMode === 0 ? 'basic' : `unknown(${anim.matrixMode})`;
  summary.counts = j3dCounts(anim);
  if (anim.format === 'btk') summary.names = anim.entries.map((e) => e.materialName);
  if (anim.format === 'brk') summary.names = [...anim.register, ...anim.konstant].map((e) => e.materialName);
  return summary;
}
