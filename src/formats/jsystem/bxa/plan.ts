/** BXA tracks (the sample contract): `channels/{c}/entries/{i}/{r|g|b|a}`, channel 0's entries first, the stored byte at each frame. */
import { compileFullTrack, plannedFull } from '../../../anim/fullTrack';
import type { PlannedTrack } from '../../../anim/tracks';
import { RGBA } from '../rgba';
import type { BxaAnim } from './types';

/** Groups (entries numbered across both channels, channel 0 first) `first` … `end − 1`; default all. */
export function planBxa(anim: BxaAnim, first = 0, end = Infinity): PlannedTrack[] {
  const out: PlannedTrack[] = [];
  // Groups number channel 0's entries, then channel 1's: a range is read directly, whatever the lists' lengths.
  let g = 0;
  for (const [c, list] of (anim.channels ?? []).entries()) {
    const entries = list ?? [];
    for (let i = Math.max(0, first - g); i < entries.length && g + i < end; i++) {
      const e = entries[i];
      for (const k of RGBA) {
        out.push(plannedFull(`channels/${c}/entries/${i}/${k}`, g + i, `channel${c}`, k, 'color', compileFullTrack(e?.[k], anim.banks?.[k] ?? new Uint8Array(0)), 'VCF1', `${k}Bank`));
      }
    }
    g += entries.length;
  }
  return out;
}
