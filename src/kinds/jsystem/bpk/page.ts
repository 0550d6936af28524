/** BPK — material colour animation, keyed (FORMATS.md §9.3): the page's half (groups, preview, pose, the wire's unpack). */
import type { PageSpec } from '../../spec';
import { isObj } from '../../../formats/binary/guards';
import { isJ3dCommon, isKeyTrack, isRgba, moves, rgbaList } from '../familyPage';
import { materialColourFacets } from '../colourPage';
import { planBpk } from './plan';
import type { BpkAnim, BpkEntry } from '../../../formats/jsystem/bpk/types';
import { applyBpk } from './pose';

const isEntry = (x: unknown): x is BpkEntry => isObj(x) && typeof x.materialName === 'string' && isRgba(x, isKeyTrack);
const isBanks = (x: unknown): boolean => isRgba(x, (b): b is Int16Array => b instanceof Int16Array);

export const BPK_PAGE = {
  id: 'bpk',
  label: 'BPK',
  title: 'material colour animation (keyed)',
  planTracks: (anim) => planBpk(anim),
  ...materialColourFacets<BpkAnim>('PAK1', planBpk, (anim, i) => moves(rgbaList(anim.entries[i]))),
  apply: applyBpk,
  wire: {
    unpack: (x) => (isJ3dCommon(x, 'bpk') && Array.isArray(x.entries) && x.entries.every(isEntry) && isBanks(x.banks)
      ? (x as unknown as BpkAnim) : undefined),
  },
} satisfies PageSpec<BpkAnim>;
