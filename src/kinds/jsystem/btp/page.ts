/** BTP — texture pattern animation (FORMATS.md §9.4): the page's half (groups, preview, pose, the wire's unpack). */
import type { PageSpec } from '../../spec';
import { isObj } from '../../../formats/binary/guards';
import { isFullTrack, isJ3dCommon, listGroups, movesFull } from '../familyPage';
import { planBtp } from './plan';
import type { BtpAnim, BtpEntry } from '../../../formats/jsystem/btp/types';
import { applyBtp } from './pose';

const isEntry = (x: unknown): x is BtpEntry =>
  isObj(x) && typeof x.materialName === 'string' && Number.isInteger(x.texMapSlot) && isFullTrack(x.texture);

export const BTP_PAGE = {
  id: 'btp',
  label: 'BTP',
  title: 'texture pattern animation',
  planTracks: (anim) => planBtp(anim),
  groups: listGroups({
    noun: 'Entry', keyPrefix: 'entry', items: (anim) => anim.entries,
    label: (anim, i) => `${anim.entries[i]?.materialName ?? ''} · TEXMAP${anim.entries[i]?.texMapSlot ?? 0}`,
    plan: planBtp, moves: (_anim, e) => movesFull([e.texture]),
    rowPath: /^TPT1\/(?:entryTable|materialIdTable|nameTable\/entries|nameTable\/strings)\[(\d+)\]/,
  }),
  preview: {
    kind: 'textureStrip',
    entry: (anim, i) => {
      const e = anim.entries?.[i];
      return e ? { materialName: e.materialName, slot: `TEXMAP${e.texMapSlot}`, duration: anim.duration } : undefined;
    },
  },
  model: { target: 'materials', purpose: 'see which materials the entries drive' },
  apply: applyBtp,
  wire: {
    unpack: (x) => (isJ3dCommon(x, 'btp') && Array.isArray(x.entries) && x.entries.every(isEntry) && x.textureIndexBank instanceof Uint16Array
      ? (x as unknown as BtpAnim) : undefined),
  },
} satisfies PageSpec<BtpAnim>;
