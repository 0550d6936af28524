/**
 * BXK tracks (the sample contract): `channels/{c}/entries/{i}/{r|g|b|a}`, channel 0's entries
 * first, 0..255 as the game computes it (FORMATS.md §9.1): count 0 → 0; a constant is its low
 * byte; keyed → Hermite, then ≤ 0 → 0, > 255 → 255, truncated. Past the bank: missing.
 */
import { CurvePost } from '../../../anim/curve';
import { compileJ3DTrack } from '../../../anim/j3dTrack';
import { plannedKeyed, PlannedTrack } from '../../../anim/tracks';
import { RGBA } from '../../../formats/jsystem/rgba';
import { entryOfGroup, groupCount } from '../vtxcolourPage';
import type { BxkAnim } from '../../../formats/jsystem/bxk/types';

/** Groups (entries numbered across both channels, channel 0 first) `first` … `end − 1`; default all. */
export function planBxk(anim: BxkAnim, first = 0, end = Infinity): PlannedTrack[] {
  const out: PlannedTrack[] = [];
  for (let g = Math.max(0, first); g < Math.min(end, groupCount(anim)); g++) {
    const { channel: c, entry: i } = entryOfGroup(anim, g)!;
    const e = anim.channels[c][i];
    for (const k of RGBA) {
      const compiled = compileJ3DTrack(e?.[k], anim.banks?.[k] ?? new Int16Array(0), { defaultValue: 0, post: CurvePost.ColourByte });
      out.push(plannedKeyed(`channels/${c}/entries/${i}/${k}`, g, `channel${c}`, k, 'color', compiled, 'VCK1', `${k}Bank`));
    }
  }
  return out;
}
