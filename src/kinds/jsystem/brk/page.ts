/** BRK — TEV register colour animation (FORMATS.md §4): the page's half (groups, preview, pose, the wire's unpack). */
import { planBrk } from '../../../anim/tracks';
import type { PageSpec } from '../../spec';
import { isObj } from '../../../formats/binary/guards';
import { indexOfKey, isJ3dCommon, isKeyTrack, moves } from '../familyPage';
import type { BrkAnim, BrkColorBanks, BrkEntry } from '../../../formats/jsystem/brk/types';
import { applyBrk } from './pose';

const REGISTER_PATH = /^TRK1\/registerTable\[(\d+)\]/;
const KONSTANT_PATH = /^TRK1\/konstantTable\[(\d+)\]/;

/** Group i: register entry i, then konstant entry i − register count. */
function entryOf(anim: BrkAnim, i: number): { register: boolean; index: number; entry: BrkEntry | undefined } {
  const registers = anim.register?.length ?? 0;
  return i < registers
    ? { register: true, index: i, entry: anim.register[i] }
    : { register: false, index: i - registers, entry: anim.konstant?.[i - registers] };
}

/** `C0`…`C3` (TEV colour registers), `K0`…`K3` (konstant colours). */
export function colorSlotLabel(register: boolean, colorId: number): string {
  return `${register ? 'C' : 'K'}${colorId}`;
}

/** An entry's R, G, B, A tracks. */
export const brkChannels = (e: BrkEntry) => [e.r, e.g, e.b, e.a];

function isBrkEntry(x: unknown): x is BrkEntry {
  return isObj(x) && typeof x.materialName === 'string' && Number.isInteger(x.colorId) &&
    isKeyTrack(x.r) && isKeyTrack(x.g) && isKeyTrack(x.b) && isKeyTrack(x.a);
}
const isBanks = (x: unknown): x is BrkColorBanks =>
  isObj(x) && [x.r, x.g, x.b, x.a].every((b) => b instanceof Int16Array);

export const BRK_PAGE = {
  id: 'brk',
  label: 'BRK',
  title: 'TEV colour animation',
  planTracks: (anim) => planBrk(anim),
  groups: {
    noun: 'Colour',
    count: (anim) => (anim.register?.length ?? 0) + (anim.konstant?.length ?? 0),
    key: (anim, i) => {
      const e = entryOf(anim, i);
      return `${e.register ? 'register' : 'konstant'}:${e.index}`;
    },
    index: (anim, key) => {
      const registers = anim.register?.length ?? 0;
      const r = indexOfKey(key, 'register', registers);
      if (r !== undefined) return r;
      const k = indexOfKey(key, 'konstant', anim.konstant?.length ?? 0);
      return k === undefined ? undefined : registers + k;
    },
    label: (anim, i) => {
      const e = entryOf(anim, i);
      return `${colorSlotLabel(e.register, e.entry?.colorId ?? 0)} · ${e.entry?.materialName ?? ''}`;
    },
    plan: (anim, i) => planBrk(anim, i),
    first: (anim) => {
      const n = (anim.register?.length ?? 0) + (anim.konstant?.length ?? 0);
      for (let i = 0; i < n; i++) {
        const e = entryOf(anim, i).entry;
        if (e && moves(brkChannels(e))) return i;
      }
      return 0;
    },
    ofPath: (anim, path) => {
      const registers = anim.register?.length ?? 0;
      const r = REGISTER_PATH.exec(path);
      if (r) return Number(r[1]) < registers ? Number(r[1]) : undefined;
      const k = KONSTANT_PATH.exec(path);
      return k && Number(k[1]) < (anim.konstant?.length ?? 0) ? registers + Number(k[1]) : undefined;
    },
    duration: (anim) => anim.duration,
    loopMode: (anim) => anim.loopMode,
  },
  preview: {
    kind: 'colour',
    entry: (anim, i) => {
      const e = entryOf(anim, i);
      if (!e.entry) return undefined;
      const { colorId, materialName } = e.entry;
      const notes = e.register && colorId === 3 ? ['C3 (TEV colour slot 3) never reaches the hardware.']
        : colorId > 3 ? [`Colour id ${colorId} is outside 0..3.`] : [];
      return {
        slot: colorSlotLabel(e.register, colorId), materialName, notes,
        title: `${e.register ? 'register' : 'konstant'} entry ${e.index}`,
        ...(e.register ? { rangeNote: 'registers hold −1024..1023' } : {}),
      };
    },
  },
  model: { target: 'materials', purpose: 'see which materials the entries drive' },
  apply: applyBrk,
  wire: {
    unpack: (x) => (isJ3dCommon(x, 'brk') && Array.isArray(x.register) && x.register.every(isBrkEntry) &&
      Array.isArray(x.konstant) && x.konstant.every(isBrkEntry) && isBanks(x.registerBanks) && isBanks(x.konstantBanks)
      ? (x as unknown as BrkAnim) : undefined),
  },
} satisfies PageSpec<BrkAnim>;
