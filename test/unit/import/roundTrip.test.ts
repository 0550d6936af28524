/**
 * Issue 29's proof on the shared real files: every joint animation beside every shared model goes
 * out through the glTF export (`animscope gltf MODEL --all`) and back through the import; the
 * imported BCK, sampled at every frame, equals the original's samples within the tolerance, with at
 * most twice the original's keys. The tolerance per unit is the import's default, except that a
 * rotation cannot be finer than one raw unit of its rotation fraction (the file stores whole units
 * and the game truncates); glTF's float32 quaternions add at most ~1e-5°. A rotation is compared as
 * a rotation: glTF holds the rotation, not which of its two Euler triples (or 360° turns) the
 * original file stored, so the check is the angle between the two rotation matrices, at most the
 * sum of the three axes' tolerances.
 */
import * as assert from 'assert';
import { readGltf } from '../../../src/import/gltfRead';
import { bindJointNodes, DEFAULT_TOLERANCES, importJoints } from '../../../src/import/importJoints';
import { decode } from '../../../src/formats/index';
import { specFor } from '../../../src/kinds/registry';
import type { AnimData } from '../../../src/kinds/registry';
import { bckJointChannels } from '../../../src/anim/skeleton';
import { composeLocalMatrix, LOCAL_STRIDE } from '../../../src/formats/model/jointMatrices';
import type { JointChannels } from '../../../src/anim/skeleton';
import { evaluatePlanned } from '../../../src/anim/tracks';
import { rotationScale } from '../../../src/anim/rotation';
import { keysDocument } from '../../../src/write/keysForm';
import type { BckAnim } from '../../../src/formats/jsystem/bck/types';
import type { ModelData } from '../../../src/formats/model/types';
import { exportShared, jointAnimations, SHARED_MODELS } from '../gltf/sharedModels';

const KINDS = ['scale', 'rotation', 'translation'] as const;

/** R = Rz · Ry · Rx (skeleton.ts composeLocalMatrix), row-major 3×3. */
function rotation(rx: number, ry: number, rz: number): number[] {
  const m = new Float64Array(12);
  composeLocalMatrix(m, 0, 1, 1, 1, rx, ry, rz, 0, 0, 0);
  return [m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]];
}

/** The angle (degrees) of the rotation taking one to the other: acos((trace(Aᵀ·B) − 1) / 2). */
function angleBetween(a: number[], b: number[]): number {
  let trace = 0;
  for (let k = 0; k < 9; k++) trace += a[k] * b[k];
  return (Math.acos(Math.max(-1, Math.min(1, (trace - 1) / 2))) * 180) / Math.PI;
}

/** Slot `slot` of joint j at frame f: the track's value, else the joint's bind value (what the game poses). */
function valueAt(model: ModelData, channels: JointChannels, j: number, slot: number, f: number): number {
  const t = channels.channel(j, slot);
  if (t) return evaluatePlanned(t, f);
  const joint = model.joints[j];
  const a = slot % 3;
  return slot < 3 ? joint.scale[a] : slot < 6 ? joint.rotationDegrees[a] : joint.translation[a];
}

function keyCount(anim: AnimData): number {
  let n = 0;
  for (const t of keysDocument(anim).targets) for (const tr of t.tracks) n += tr.keys?.length ?? tr.frames ?? 0;
  return n;
}

describe('animscope import: round trip through glTF on the shared files (issue 29)', function () {
  this.timeout(600000);
  for (const shared of SHARED_MODELS) {
    it(`${shared.label}: every joint animation comes back within the tolerance, with at most 2× the keys`, async () => {
      const { inputs, glb } = await exportShared(shared.label, shared.path);
      const model = inputs.input.model;
      const gltf = await readGltf(glb, true, () => { throw new Error('no external buffers in a .glb'); });
      const anims = jointAnimations(inputs);
      for (const a of anims) {
        const back = gltf.animations.find((g) => g.name === a.name);
        assert.ok(back, `${a.name} is in the glTF`);
        const binding = bindJointNodes(model, gltf, new Set(back.channels.map((c) => c.node)), false);
        assert.deepStrictEqual(binding.notes, [], `${a.name}: every joint binds by name`);
        const r = importJoints(model, gltf, back, binding.nodeOf, { fps: inputs.fps, loopMode: 0, tolerances: DEFAULT_TOLERANCES });
        assert.strictEqual(r.duration, a.duration, `${a.name}: duration`);
        const facet = specFor(a.anim).model;
        assert.ok(facet.target === 'joints');
        const original = facet.joints(a.anim);
        const imported = bckJointChannels(decode(r.bytes, `${a.name}.bck`).anim as BckAnim);
        const rotationTolerance = Math.max(DEFAULT_TOLERANCES.rotation, rotationScale(r.rotationFraction)) + 1e-4;
        const limits = { scale: DEFAULT_TOLERANCES.scale + 1e-6, rotation: rotationTolerance, translation: DEFAULT_TOLERANCES.translation + 1e-4 };
        for (let j = 0; j < model.joints.length; j++) {
          for (let f = 0; f <= a.duration; f++) {
            const want = Array.from({ length: LOCAL_STRIDE }, (_, slot) => valueAt(model, original, j, slot, f));
            const got = Array.from({ length: LOCAL_STRIDE }, (_, slot) => valueAt(model, imported, j, slot, f));
            const where = `${shared.label} ${a.name}: joint ${j} at frame ${f}`;
            for (const slot of [0, 1, 2, 6, 7, 8]) {
              const kind = KINDS[Math.floor(slot / 3)];
              // float32 holds ~7 digits: a large coordinate's tolerance is relative
              const limit = kind === 'translation' ? Math.max(limits.translation, Math.abs(want[slot]) * 2e-6) : limits[kind];
              if (!(Math.abs(got[slot] - want[slot]) <= limit)) assert.fail(`${where}: ${kind} ${'xyz'[slot % 3]} ${got[slot]} vs ${want[slot]} (limit ${limit})`);
            }
            const angle = angleBetween(rotation(want[3], want[4], want[5]), rotation(got[3], got[4], got[5]));
            if (!(angle <= 3 * limits.rotation)) assert.fail(`${where}: rotation (${got.slice(3, 6)}) is ${angle}° from (${want.slice(3, 6)})`);
          }
        }
        const originalKeys = keyCount(a.anim);
        assert.ok(r.keyCount <= 2 * originalKeys, `${shared.label} ${a.name}: ${r.keyCount} keys vs the original's ${originalKeys}`);
      }
    });
  }
});
