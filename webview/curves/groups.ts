/**
 * Groups (what the curve view shows at once) and their described tracks, built for ONE group at
 * a time: a 65,535-joint BCK is never planned as a whole just to show joint 3.
 *
 * The planning and evaluation are the sampler's (planTracks / evaluatePlanned): this module only
 * hands it a one-group view of the animation and renumbers the result.
 */
import { evaluatePlanned, planTracks } from '../../src/anim';
import type { DescribedTrack } from '../../src/anim';

import type { AnimData, BrkAnim, BtkAnim } from '../../src/formats/types';
import { colorIdLabel } from '../preview/brkSwatch';

export type GroupKind = 'joint' | 'entry' | 'register' | 'konstant' | 'sequence' | 'bone';

export interface GroupRef {
  kind: GroupKind;
  /** Joint / entry / register / konstant / bone index. For 'sequence', unused (0). */
  index: number;
  /** MOTN: the sequence (index into `sequences`). */
  sequence?: number;
}

export interface GroupInfo extends GroupRef {
  /** Stable id for state and <select> values, e.g. "joint:3", "register:0", "sequence:764". */
  key: string;
  /** Human label (contains file strings: set with textContent only). */
  label: string;
}

export function groupKey(ref: GroupRef): string {
  return ref.kind === 'sequence' ? `sequence:${ref.sequence ?? 0}` : ref.kind === 'bone' ? `bone:${ref.sequence ?? 0}:${ref.index}` : `${ref.kind}:${ref.index}`;
}

export function parseGroupKey(key: string): GroupRef | null {
  const m = /^(joint|entry|register|konstant|sequence|bone):(\d+)(?::(\d+))?$/.exec(key);
  if (!m) return null;
  const kind = m[1] as GroupKind;
  if (kind === 'sequence') return { kind, index: 0, sequence: Number(m[2]) };
  if (kind === 'bone') return { kind, index: Number(m[3] ?? 0), sequence: Number(m[2]) };
  return { kind, index: Number(m[2]) };
}

/**
 * The groups of an animation, in file order. `limit` caps the list (a BCK may have 65,535
 * joints; a picker should virtualise or page — the count is returned separately by groupCount).
 * MOTN: the sequences (the whole sequence is one group).
 */
export function listGroups(anim: AnimData, limit = Infinity): GroupInfo[] {
  const out: GroupInfo[] = [];
  const push = (ref: GroupRef, label: string) => out.push({ ...ref, key: groupKey(ref), label });
  switch (anim.format) {
    case 'bck':
      for (let i = 0; i < (anim.joints?.length ?? 0) && out.length < limit; i++) push({ kind: 'joint', index: i }, `Joint ${i}`);
      break;
    case 'btk':
      (anim.entries ?? []).slice(0, limit).forEach((e, i) => push({ kind: 'entry', index: i }, `${e.materialName} · ${e.texMtxIndex === 0xff ? 'no TEXMTX' : `TEXMTX${e.texMtxIndex}`}`));
      break;
    case 'brk':
      (anim.register ?? []).slice(0, limit).forEach((e, i) => push({ kind: 'register', index: i }, `${colorIdLabel('register', e.colorId)} · ${e.materialName}`));
      (anim.konstant ?? []).slice(0, Math.max(0, limit - out.length)).forEach((e, i) => push({ kind: 'konstant', index: i }, `${colorIdLabel('konstant', e.colorId)} · ${e.materialName}`));
      break;
    case 'motn':
      (anim.sequences ?? []).slice(0, limit).forEach((s, i) => push({ kind: 'sequence', index: 0, sequence: i }, `${s.name} (${s.frames} frames)`));
      break;
  }
  return out;
}

export function groupCount(anim: AnimData): number {
  switch (anim.format) {
    case 'bck':
      return anim.joints?.length ?? 0;
    case 'btk':
      return anim.entries?.length ?? 0;
    case 'brk':
      return (anim.register?.length ?? 0) + (anim.konstant?.length ?? 0);
    case 'motn':
      return anim.sequences?.length ?? 0;
    default:
      return 0;
  }
}

/** The animation's duration for a group (MOTN: the sequence's frame count). */
export function groupDuration(anim: AnimData, ref: GroupRef): number {
  if (anim.format === 'motn') return anim.sequences?.[ref.sequence ?? 0]?.frames ?? 0;
  return anim.duration;
}

/** The file's loop mode (MOTN has none: sequences loop in the game's usage; preview as Loop). */
export function groupLoopMode(anim: AnimData): number {
  return anim.format === 'motn' ? 2 : anim.loopMode;
}

/** Described tracks of one group, numbered as in the whole file (path and group index). */
export function describeGroup(anim: AnimData, ref: GroupRef): DescribedTrack[] {
  const i = ref.index;
  let view: AnimData | null = null;
  let sequence = 0;
  let prefix = '';
  switch (anim.format) {
    case 'bck': {
      const joint = anim.joints?.[i];
      if (!joint) return [];
      view = { ...anim, joints: [joint] };
      prefix = 'joints';
      break;
    }
    case 'btk': {
      const entry = anim.entries?.[i];
      if (!entry) return [];
      view = { ...anim, entries: [entry] } as BtkAnim;
      prefix = 'entries';
      break;
    }
    case 'brk': {
      const list = ref.kind === 'konstant' ? anim.konstant : anim.register;
      const entry = list?.[i];
      if (!entry) return [];
      view = { ...anim, register: ref.kind === 'konstant' ? [] : [entry], konstant: ref.kind === 'konstant' ? [entry] : [] } as BrkAnim;
      prefix = ref.kind === 'konstant' ? 'konstant' : 'register';
      break;
    }
    case 'motn':
      view = anim;
      sequence = ref.sequence ?? 0;
      break;
  }
  if (!view) return [];
  let planned = planTracks(view, sequence);
  if (anim.format === 'motn' && ref.kind === 'bone') planned = planned.filter((t) => t.group === i);
  return planned.map((t) => {
    const renumber = anim.format !== 'motn';
    return {
      path: renumber ? t.path.replace(`${prefix}/0/`, `${prefix}/${i}/`) : t.path,
      group: renumber ? i : t.group,
      channel: t.channel,
      axis: t.axis,
      unit: t.unit,
      keys: t.keys(),
      evaluate: (frame: number) => evaluatePlanned(t, frame),
    };
  });
}
