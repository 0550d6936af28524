/**
 * Which game a file comes from, when its surroundings say so — for playing it at the game's rate.
 * Pure: the caller lists the file's folder (on disk or inside an archive) and gives its path.
 */

export interface Game {
  name: string;
  /** Frames per second the game runs its animations at. */
  fps: number;
  /** Why we think so (shown on hover). */
  reason: string;
}

const GALAXY = 'Super Mario Galaxy';
/** Files only Galaxy's object archives hold beside their models and animations. */
const GALAXY_FILES = /\.(bcsv|banmt|canm|pa)$/i;
/** Galaxy's disc folders. */
const GALAXY_FOLDERS = /^(ObjectData|StageData|LayoutData|AudioRes)$/i;

/**
 * `path`: the file's path segments (for a file inside an archive, through the archive);
 * `siblings`: the names in its folder (files and folders).
 */
export function gameOf(path: readonly string[], siblings: readonly string[]): Game | undefined {
  const file = siblings.find((n) => GALAXY_FILES.test(n));
  if (file) return { name: GALAXY, fps: 60, reason: `${file} beside it is a Galaxy file` };
  if (siblings.some((n) => /^actorinfo$/i.test(n))) return { name: GALAXY, fps: 60, reason: 'an ActorInfo folder beside it is Galaxy\'s' };
  const folder = path.find((s) => GALAXY_FOLDERS.test(s));
  if (folder) return { name: GALAXY, fps: 60, reason: `it is under ${folder}/, a Galaxy disc folder` };
  return undefined;
}
