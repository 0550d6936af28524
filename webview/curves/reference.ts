/**
 * The reference's tracks under a group's (PanelContext.reference: the glTF import's preview shows
 * the file it would replace): the reference's group of the same label (a joint, a material entry),
 * else of the same key, and in it the track of the same channel and axis, the n-th of its kind
 * for the n-th. A group the reference does not have, or whose tracks stay behind in the host
 * (FormatSpec.deferred), has none.
 */
import type { DescribedTrack } from '../../src/kinds/describe';
import { describeGroup } from '../../src/kinds/describe';
import { AnimData, pageSpecFor } from '../../src/kinds/pages';

export interface ReferenceCurves {
  /** For the legend (a file name: textContent only). */
  label: string;
  /** Aligned with the shown tracks; undefined where the reference has no such track. */
  tracks: (DescribedTrack | undefined)[];
}

/** Per reference, its groups by label (the first of a label), made once. */
const byLabel = new WeakMap<AnimData, Map<string, number>>();

function referenceGroup(anim: AnimData, group: number, reference: AnimData): number | undefined {
  if (reference.format !== anim.format) return undefined;
  const spec = pageSpecFor(anim), refSpec = pageSpecFor(reference);
  let labels = byLabel.get(reference);
  if (!labels) {
    labels = new Map();
    for (let i = refSpec.groups.count(reference) - 1; i >= 0; i--) labels.set(refSpec.groups.label(reference, i), i);
    byLabel.set(reference, labels);
  }
  return labels.get(spec.groups.label(anim, group)) ?? refSpec.groups.index(reference, spec.groups.key(anim, group));
}

export function referenceTracks(anim: AnimData, group: number, tracks: readonly DescribedTrack[], reference: { label: string; anim: AnimData }): ReferenceCurves | undefined {
  const index = referenceGroup(anim, group, reference.anim);
  if (index === undefined || pageSpecFor(reference.anim).deferred?.missing(reference.anim, index)) return undefined;
  const byKind = new Map<string, DescribedTrack[]>();
  for (const t of describeGroup(reference.anim, index)) {
    const k = `${t.channel}\u0000${t.axis}`;
    byKind.set(k, [...(byKind.get(k) ?? []), t]);
  }
  const seen = new Map<string, number>();
  const matched = tracks.map((t) => {
    const k = `${t.channel}\u0000${t.axis}`;
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    return byKind.get(k)?.[n];
  });
  return matched.some((t) => t) ? { label: reference.label, tracks: matched } : undefined;
}
