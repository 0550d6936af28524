/** `animscope import`: its help here, its work in importRun.ts (glTF-Transform loads on use). */
import type { CliIO } from './output';

export const IMPORT = {
  name: 'import',
  synopsis: 'ANIM.glb|ANIM.gltf --model MODEL -o OUT_DIR [--animation NAME…] [--kinds bck,…] [--tolerance T] [--fps N] [--by-order] [--loop N] [--force]',
  summary: 'glTF animations (from Blender) back to the game: fitted, quantised BCK files',
  help: `Writes one file per glTF animation into OUT_DIR (Walk → Walk.bck), bound to MODEL's joints by
the node names the glTF export wrote (the JNT1 names). Each joint's node TRS is sampled once per game
frame (LINEAR, STEP and CUBICSPLINE), turned back into the J3D local scale, Euler rotation (unwrapped:
no 360° jumps) and translation under the model's scaling rule, and fitted with as few Hermite keys
as keep every frame within the tolerance after quantising; the largest error of the written file
is reported. A joint without a node, or an animated node without a joint, is one warning each.

Options:
  --model MODEL        the .bmd/.bdl the animations are for (may be an archive path)
  -o, --output DIR     the folder to write into (created when missing)
  --animation NAME     only this glTF animation (repeat for more; default: all)
  --kinds LIST         the kinds to write (this version: bck)
  --tolerance T        one factor on the default tolerances (0.01°, 0.001 units, 0.0001 scale)
  --fps N              game frames per second (default: as \`animscope gltf\`: 60 for Galaxy, else 30)
  --by-order           bind the skin's joints to the model's joints in order instead of by name
  --loop N             loop mode when the animation's extras have none (default 0: once)
  --force              replace files already in OUT_DIR`,
  runAsync: (args: string[], io: CliIO): Promise<number> => (require('./importRun') as typeof import('./importRun')).importCommand(args, io),
};
