/**
 * MOTN aliases: names whose sequence table entries point at the same data (FORMATS.md §5). The
 * decoder lists them on each sequence and the page derives the same lists from the sequences'
 * offsets, so they need not cross in the load message (motion.bin: 143 KB of JSON).
 */

/** Aliases listed per sequence: a hostile table of 4095 names sharing one offset would need 16.7M entries (a bigger group is reported once, MOTN_ALIASES). */
export const MAX_ALIASES = 256;

/**
 * For each sequence, in order: the names of the other sequences with its data offset, in sequence
 * order, at most `limit` of them.
 */
export function aliasLists(sequences: readonly { name: string; offset: number }[], limit = MAX_ALIASES): string[][] {
  const groups = new Map<number, number[]>();
  sequences.forEach((s, i) => {
    const group = groups.get(s.offset);
    if (group) group.push(i); else groups.set(s.offset, [i]);
  });
  return sequences.map((s, i) => {
    const group = groups.get(s.offset) as number[];
    const aliases: string[] = [];
    for (let g = 0; g < group.length && aliases.length < limit; g++) if (group[g] !== i) aliases.push(sequences[group[g]].name);
    return aliases;
  });
}
