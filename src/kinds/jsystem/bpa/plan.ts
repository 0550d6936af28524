/** BPA tracks (the sample contract): `entries/{i}/{r|g|b|a}`, the stored byte at each frame (0..255). */
import { compileFullTrack, plannedFull } from '../../../anim/fullTrack';
import type { PlannedTrack } from '../../../anim/tracks';
import { RGBA } from '../../../formats/jsystem/rgba';
import type { BpaAnim } from '../../../formats/jsystem/bpa/types';

/** Entries `first` … `end − 1` (default: all), numbered as in the whole file. */
export function planBpa(anim: BpaAnim, first = 0, end = anim.entries?.length ?? 0): PlannedTrack[] {
  const entries = anim.entries ?? [];
  const out: PlannedTrack[] = [];
  for (let i = Math.max(0, first); i < Math.min(end, entries.length); i++) {
    for (const c of RGBA) {
      const curve = compileFullTrack(entries[i]?.[c], anim.banks?.[c] ?? new Uint8Array(0));
      out.push(plannedFull(`entries/${i}/${c}`, i, 'colour', c, 'color', curve, 'PAF1', `${c}Bank`));
    }
  }
  return out;
}
