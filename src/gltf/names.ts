/**
 * What the glTF export's callers need before they export: names, the default rate and the output
 * kind. No glTF library here: the CLI and the extension load src/gltf's writers only when an export runs.
 */
import * as path from 'path';

/** The editor player's rate when the files beside the model do not name a game (README). */
export const DEFAULT_FPS = 30;

/** The animation's glTF name: its file's base name without the kind's extension (`Walk`). */
export function animationName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/(\.(szs|yaz0))?$/i, '').replace(/\.[^.]*$/, '') || base;
}

export type GltfFlavour = 'glb' | 'gltf';

export function flavourOf(target: string): GltfFlavour | undefined {
  const ext = path.extname(target).toLowerCase();
  return ext === '.glb' ? 'glb' : ext === '.gltf' ? 'gltf' : undefined;
}
