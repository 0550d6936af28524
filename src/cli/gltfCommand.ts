/** `animscope gltf`: its help here, its work in gltfRun.ts (loaded on use). */
import type { CliIO } from './output';

export const GLTF = {
  name: 'gltf',
  synopsis: 'MODEL [ANIMATION…] [--all] [--fps N] [--cubic] -o OUT.glb|OUT.gltf',
  summary: 'the textured, skinned model with its animations as glTF 2.0 (for Blender)',
  help: `Writes the model (every shape, its textures as PNG, materials, the skin) and one glTF animation per
animation file (named after the file: Walk.bck → Walk) as .glb, or as .gltf with its .bin and PNGs
beside it. BCK/BCA animate the joints (sampled once per game frame, the model's scaling rule
baked in; a BCA's tracks STEP, constant ones one key). README "glTF export" lists what maps to what and what goes to extras.

MODEL and ANIMATION may be archive paths: Kuribo.arc/Kuribo/Kuribo.bdl Kuribo.arc/Kuribo/Walk.bck

Options:
  -o, --output OUT    OUT.glb or OUT.gltf (written to a temporary file and renamed)
  --all               also every animation beside the model (same folder or archive folder) that binds to it
  --fps N             game frames per second (default: the editor player's: 60 for Galaxy files, else 30)
  --cubic             keyed BCK translation/scale as exact CUBICSPLINE (smaller; for clients that
                      read its tangents, as three.js: Blender 3.4 does not, so it is off by default)`,
  // glTF-Transform and the exporter load when the command runs, not at every CLI start.
  runAsync: (args: string[], io: CliIO): Promise<number> => (require('./gltfRun') as typeof import('./gltfRun')).gltfCommand(args, io),
};
