/**
 * BPK tracks (the sample contract): `entries/{i}/{r|g|b|a}`, 0..255 as the game computes it
 * (FORMATS.md §9.1): count 0 → 0; a constant is its low byte; keyed → Hermite, then clamped to
 * 0..255 and truncated. A value read from past its bank is missing (NaN).
 */
import { CurvePost } from '../../../anim/curve';
import { compileJ3DTrack } from '../../../anim/j3dTrack';
import { plannedKeyed, PlannedTrack } from '../../../anim/tracks';
import { RGBA } from '../../../formats/jsystem/rgba';
import type { BpkAnim } from '../../../formats/jsystem/bpk/types';

/** Entries `first` … `end − 1` (default: all), numbered as in the whole file. */
export function planBpk(anim: BpkAnim, first = 0, end = anim.entries?.length ?? 0): PlannedTrack[] {
  const entries = anim.entries ?? [];
  const out: PlannedTrack[] = [];
  for (let i = Math.max(0, first); i < Math.min(end, entries.length); i++) {
    for (const c of RGBA) {
      const compiled = compileJ3DTrack(entries[i]?.[c], anim.banks?.[c] ?? new Int16Array(0), { defaultValue: 0, post: CurvePost.ColourByte });
      out.push(plannedKeyed(`entries/${i}/${c}`, i, 'colour', c, 'color', compiled, 'PAK1', `${c}Bank`));
    }
  }
  return out;
}
