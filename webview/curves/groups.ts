/**
 * Groups (what the curve view shows at once: a joint, a texture entry, a colour entry, a MOTN
 * sequence), as the format's FormatSpec.groups defines them. Listing is capped (a BCK may have
 * 65,535 joints: the picker switches to a number field) and planning is per group.
 */
import { pageSpecFor } from '../../src/kinds/pages';
import type { AnimData } from '../../src/kinds/pages';

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
  const groups = pageSpecFor(anim).groups;
  const n = Math.min(groups.count(anim), limit);
  const out: GroupInfo[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = { key: groups.key(anim, i), index: i, label: groups.label(anim, i) };
  return out;
}

export function groupCount(anim: AnimData): number {
  return pageSpecFor(anim).groups.count(anim);
}

/** The group of a key, or undefined. */
export function groupIndex(anim: AnimData, key: string): number | undefined {
  return pageSpecFor(anim).groups.index(anim, key);
}

/** A group's label with the bound model: what the group drives in it (`Joint 1 · CoreLight`, `… → material 1`). */
export function modelGroupLabel(group: { index: number; label: string }, model: { groupTargets?: (string | null)[] } | undefined): string {
  const target = model?.groupTargets?.[group.index];
  return target ? `${group.label}${target}` : group.label;
}

/**
 * The parts of a group whose tracks drive several things (a MOTN sequence: its bones): tracks by
 * DescribedTrack.group, in order of first appearance, named by their path up to the channel
 * (`bones/3`). A group whose tracks all drive one thing has a single part.
 */
export interface TrackPart {
  /** The path prefix: a stable key across groups (the same bone in another sequence). */
  key: string;
  /** Indices into the group's tracks. */
  tracks: number[];
}

export function partsOf(tracks: readonly { path: string; group: number; channel: string; axis: string }[]): TrackPart[] {
  const parts = new Map<number, TrackPart>();
  tracks.forEach((t, i) => {
    let part = parts.get(t.group);
    if (!part) {
      const suffix = `/${t.channel}/${t.axis}`;
      const key = t.path.endsWith(suffix) ? t.path.slice(0, -suffix.length) : String(t.group);
      part = { key, tracks: [] };
      parts.set(t.group, part);
    }
    part.tracks.push(i);
  });
  return [...parts.values()];
}
