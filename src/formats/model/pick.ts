/**
 * Which model (BMD/BDL) an animation binds to, from the names in its folder. Pure (no `vscode`):
 * the extension lists the folder with vscode.workspace.fs.readDirectory (a disk folder or a folder
 * inside an archive — both list the same way) and hands the names here.
 *
 * Rule: `<FolderName>.bdl`, then `<FolderName>.bmd` (the game's object archives are laid out
 * `TripodBossCore.arc/TripodBossCore/TripodBossCore.bdl`); otherwise the only model in the folder;
 * otherwise none (the user is asked with "AnimScope: Bind Model…").
 */

/** `.bmd` / `.bdl` (any case). */
export function isModelName(name: string): boolean {
  return /\.(bmd|bdl)$/i.test(name);
}

export type ModelChoiceReason = 'folder-name' | 'single' | 'ambiguous' | 'none';

export interface ModelChoice {
  /** The chosen entry name, when the rule picks one. */
  name?: string;
  reason: ModelChoiceReason;
  /** Every model name in the folder, sorted (BDL before BMD of the same stem). */
  candidates: string[];
}

const stem = (name: string): string => name.replace(/\.[^.]*$/, '');
const ext = (name: string): string => (/\.([^.]*)$/.exec(name)?.[1] ?? '').toLowerCase();

function compareModels(a: string, b: string): number {
  const s = stem(a).toLowerCase().localeCompare(stem(b).toLowerCase());
  if (s !== 0) return s;
  // bdl (the game's display-list form) before bmd
  return ext(a) === ext(b) ? a.localeCompare(b) : ext(a) === 'bdl' ? -1 : 1;
}

/** Picks the model among `names` (entries of the animation's folder) for a folder called `folderName`. */
export function chooseModel(folderName: string, names: readonly string[]): ModelChoice {
  const candidates = names.filter(isModelName).sort(compareModels);
  if (candidates.length === 0) return { reason: 'none', candidates };
  const folder = folderName.toLowerCase();
  const named = candidates.filter((n) => stem(n).toLowerCase() === folder);
  const byName = named.find((n) => ext(n) === 'bdl') ?? named[0];
  if (byName) return { name: byName, reason: 'folder-name', candidates };
  if (candidates.length === 1) return { name: candidates[0], reason: 'single', candidates };
  return { reason: 'ambiguous', candidates };
}

/** The last path segment of a URI path (`/a/b/` → `b`). */
export function lastSegment(path: string): string {
  const parts = path.split('/').filter((p) => p.length > 0);
  return parts[parts.length - 1] ?? '';
}

/** How closely a model's name matches an animation: 2 = its stem starts the animation's name or is its folder's name, 1 = shares its first word, 0 = no relation. */
function relatedness(model: string, animation: string, folderName: string): number {
  const m = stem(model).toLowerCase();
  const a = stem(animation).toLowerCase();
  if (m && (a.startsWith(m) || m === folderName.toLowerCase())) return 2;
  const word = (s: string): string => s.split(/[_\-\s.]/)[0];
  return word(m) && word(m) === word(a) ? 1 : 0;
}

/**
 * Models to offer for an animation, the most related first (`mariotree1.bmd` for
 * `mariotree1_wait.bca`, `TripodBossCore.bdl` for a file in a `TripodBossCore` folder), then by name.
 */
export function rankModels<T>(models: readonly T[], nameOf: (m: T) => string, animation: string, folderName: string): T[] {
  return models
    .map((m) => ({ m, score: relatedness(nameOf(m), animation, folderName) }))
    .sort((x, y) => y.score - x.score || compareModels(nameOf(x.m), nameOf(y.m)))
    .map((x) => x.m);
}
