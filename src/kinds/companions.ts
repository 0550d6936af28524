/**
 * The other animations of a folder that play with the open one on its model (the model panel's
 * "also play"): those whose kind changes a posed model (its spec's `apply` facet).
 */
import { specOfName } from './registry';

/** Companions listed per file (a folder of hundreds of animations lists the first ones by name). */
export const MAX_COMPANIONS = 200;

export interface CompanionFile {
  name: string;
  format: string;
}

/** The animations among `siblings` (names in the file's folder) that change a posed model, other than the file itself. */
export function companionsAmong(self: string, siblings: readonly string[]): CompanionFile[] {
  const out: CompanionFile[] = [];
  for (const name of [...siblings].sort((a, b) => a.localeCompare(b))) {
    const spec = specOfName(name);
    if (name !== self && spec?.apply) out.push({ name, format: spec.id });
    if (out.length >= MAX_COMPANIONS) break;
  }
  return out;
}
