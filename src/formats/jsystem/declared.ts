/**
 * What a J3D decoder notes on the animation it decoded for its summary (src/kinds/jsystem/family.ts):
 * the counts it made while it checked the key table, and the header counts of lists it found cut short.
 */

/** The key-table tracks a decoder counted while it checked them. */
export interface KeyTrackCounts { tracks: number; keyed: number; constant: number; keys: number }

/** Header counts of the group lists a decoder found cut short, by summary label; kept on the decoded anim. */
const DECLARED = Symbol('declaredCounts');

/**
 * Notes on `anim` that its header declares `declared` items of the list the summary counts as
 * `label` when the file holds only `readable` (a truncated table): the summary then says
 * "3 of 5 readable". Not enumerable, symbol-keyed: invisible to JSON, exports and the wire.
 */
export function noteDeclaredCount(anim: object, label: string, declared: number, readable: number): void {
  if (!(declared > readable)) return;
  const own = anim as { [DECLARED]?: Record<string, number> };
  if (!own[DECLARED]) Object.defineProperty(anim, DECLARED, { value: {} });
  own[DECLARED]![label] = declared;
}

/** The declared counts noted on `anim`, by summary label; undefined when none was. */
export function declaredCounts(anim: object): Readonly<Record<string, number>> | undefined {
  return (anim as { [DECLARED]?: Record<string, number> })[DECLARED];
}
