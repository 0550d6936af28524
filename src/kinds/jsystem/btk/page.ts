/** BTK — texture SRT animation (FORMATS.md §3): the page's half (groups, preview, pose, the wire's unpack). */
import { planBtk } from '../../../anim/tracks';
import type { PageSpec } from '../../spec';
import { isObj } from '../../../formats/binary/guards';
import { isJ3dCommon, isSrtTracks, listGroups, moves, srtTrackList } from '../familyPage';
import type { BtkAnim, BtkEntry } from '../../../formats/jsystem/btk/types';
import { applyBtk } from './pose';

function isBtkEntry(x: unknown): x is BtkEntry {
  return isObj(x) && typeof x.materialName === 'string' && Number.isInteger(x.texMtxIndex) && Array.isArray(x.center) &&
    x.center.length === 3 && isSrtTracks(x.s) && isSrtTracks(x.t) && isSrtTracks(x.q);
}

export const BTK_PAGE = {
  id: 'btk',
  label: 'BTK',
  title: 'texture SRT animation',
  planTracks: (anim) => planBtk(anim),
  groups: listGroups({
    noun: 'Entry', keyPrefix: 'entry', items: (anim) => anim.entries,
    label: (anim, i) => {
      const e = anim.entries[i];
      return `${e?.materialName ?? ''} · ${e?.texMtxIndex === 0xff ? 'no TEXMTX' : `TEXMTX${e?.texMtxIndex}`}`;
    },
    plan: planBtk,
    moves: (_anim, e) => moves(srtTrackList([e.s, e.t, e.q])),
    // Three key-table rows (s, t, q) per entry.
    rowPath: /^TTK1\/keyTable\[(\d+)\]/, rowsPerItem: 3,
  }),
  preview: {
    kind: 'textureMatrix',
    entry: (anim, i) => {
      const e = anim.entries?.[i];
      return e ? { materialName: e.materialName, texMtxIndex: e.texMtxIndex, center: e.center ?? [0, 0, 0], matrixMode: anim.matrixMode } : undefined;
    },
  },
  model: { target: 'materials', purpose: 'see which materials the entries drive' },
  apply: applyBtk,
  wire: {
    unpack: (x) => (isJ3dCommon(x, 'btk') && Number.isInteger(x.matrixMode) && Array.isArray(x.entries) && x.entries.every(isBtkEntry) &&
      x.scaleBank instanceof Float32Array && x.rotationBank instanceof Int16Array && x.translationBank instanceof Float32Array
      ? (x as unknown as BtkAnim) : undefined),
  },
} satisfies PageSpec<BtkAnim>;
