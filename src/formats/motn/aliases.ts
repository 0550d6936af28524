/**
 * MOTN aliases: names whose sequence table entries point at the same data (FORMATS.md §5). The
 * decoder lists them on each sequence and the page derives the same lists from the sequences'
 * offsets, so they need not cross in the load message (motion.bin: 143 KB of JSON).
 */

/** Aliases listed per sequence: a hostile table of 4095 names sharing one offset would need 16.7M entries (a bigger group is reported once, MOTN_ALIASES). */
export const MAX_ALIASES = 256;

/** Sequence indices 0…count−1 grouped by their data offset, each group in sequence order. */
export function groupByOffset(count: number, offsetOf: (i: number) => number): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (let i = 0; i < count; i++) {
    const d = offsetOf(i);
    const group = groups.get(d);
    if (group) group.push(i); else groups.set(d, [i]);
  }
  return groups;
}

/** The aliases of sequence `i` in its group: the other names, in sequence order, at most MAX_ALIASES. */
export function aliasesOf(i: number, group: readonly number[], nameOf: (i: number) => string): string[] {
  const aliases: string[] = [];
  for (let g = 0; g < group.length && aliases.length < MAX_ALIASES; g++) if (group[g] !== i) aliases.push(nameOf(group[g]));
  return aliases;
}
