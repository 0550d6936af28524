/** BXA tracks (the sample contract): `channels/{c}/entries/{i}/{r|g|b|a}`, channel 0's entries first, the stored byte at each frame. */
import { compileFullTrack, plannedFull } from '../../../anim/fullTrack';
import type { PlannedTrack } from '../../../anim/tracks';
import { RGBA } from '../../../formats/jsystem/rgba';
import { entryOfGroup, groupCount } from '../vtxcolourPage';
import type { BxaAnim } from '../../../formats/jsystem/bxa/types';

/** Groups (entries numbered across both channels, channel 0 first) `first` … `end − 1`; default all. */
export function planBxa(anim: BxaAnim, first = 0, end = Infinity): PlannedTrack[] {
  const out: PlannedTrack[] = [];
  for (let g = Math.max(0, first); g < Math.min(end, groupCount(anim)); g++) {
    const { channel: c, entry: i } = entryOfGroup(anim, g)!;
    const e = anim.channels[c][i];
    for (const k of RGBA) {
      out.push(plannedFull(`channels/${c}/entries/${i}/${k}`, g, `channel${c}`, k, 'color', compileFullTrack(e?.[k], anim.banks?.[k] ?? new Uint8Array(0)), 'VCF1', `${k}Bank`));
    }
  }
  return out;
}
