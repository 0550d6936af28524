/**
 * Groups (what the curve view shows at once: a joint, a texture entry, a colour entry, a MOTN
 * sequence), as the format's FormatSpec.groups defines them. Listing is capped (a BCK may have
 * 65,535 joints: the picker switches to a number field) and planning is per group.
 */
import { specFor } from '../../src/formats/registry';
import type { AnimData } from '../../src/formats/registry';

export interface GroupInfo {
  /** Stable id for state and <select> values, e.g. "joint:3", "register:0", "sequence:764". */
  key: string;
  /** Index in the format's group numbering (0 … count − 1). */
  index: number;
  /** Human label (contains file strings: set with textContent only). */
  label: string;
}

/** The first `limit` groups of an animation, in file order. */
export function listGroups(anim: AnimData, limit = Infinity): GroupInfo[] {
  const groups = specFor(anim).groups;
  const n = Math.min(groups.count(anim), limit);
  const out: GroupInfo[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = { key: groups.key(anim, i), index: i, label: groups.label(anim, i) };
  return out;
}

export function groupCount(anim: AnimData): number {
  return specFor(anim).groups.count(anim);
}

/** The group of a key, or undefined. */
export function groupIndex(anim: AnimData, key: string): number | undefined {
  return specFor(anim).groups.index(anim, key);
}
