/** BTP tracks (the sample contract): `entries/{i}/texture`, the TEX1 texture index at each frame. */
import { compileFullTrack, plannedFull } from '../../../anim/fullTrack';
import type { PlannedTrack } from '../../../anim/tracks';
import type { BtpAnim } from '../../../formats/jsystem/btp/types';

/** Entries `first` … `end − 1` (default: all), numbered as in the whole file. */
export function planBtp(anim: BtpAnim, first = 0, end = anim.entries?.length ?? 0): PlannedTrack[] {
  const entries = anim.entries ?? [];
  const bank = anim.textureIndexBank ?? new Uint16Array(0);
  const out: PlannedTrack[] = [];
  for (let i = Math.max(0, first); i < Math.min(end, entries.length); i++) {
    const curve = compileFullTrack(entries[i]?.texture, bank);
    out.push(plannedFull(`entries/${i}/texture`, i, 'texture', 'index', 'units', curve, 'TPT1', 'textureIndexBank'));
  }
  return out;
}
