/**
 * `animscope gltf` on every shared model with every animation that binds (issue 27): the Khronos
 * validator finds no error, and three.js's GLTFLoader (a client other than ours) poses the file
 * as `animscope pose` does at frames 0, the middle, the last and between keys (checkFrames) — the joints' world matrices and
 * the skinned vertices (as point sets, both ways, within 1e-3 × the bind-pose box diagonal).
 */
import * as assert from 'assert';
import { bboxDiagonal, checkFrames, exportShared, jointAnimations, oneWayDistance, posed, SHARED_MODELS, SharedExport } from './sharedModels';
import { loadWithThree, ThreePose } from './threeClient';

const validator = require('gltf-validator') as { validateBytes(b: Uint8Array, o?: object): Promise<{ issues: { numErrors: number; messages: { code: string; message: string; pointer?: string; severity: number }[] } }> };

describe('glTF export of the shared models (validator, three.js)', () => {
  // As written by default, and with --cubic (keyed BCK translation/scale as CUBICSPLINE, which three.js implements).
  for (const { label, path } of SHARED_MODELS) for (const cubic of [false, true]) {
    describe(cubic ? `${label} --cubic` : label, () => {
      let shared: SharedExport;
      before(async () => { shared = await exportShared(label, path, { cubic }); });

      it('has every binding animation and passes the Khronos validator with 0 errors', async () => {
        assert.ok(shared.inputs.animations.length > 0, 'an animation binds');
        const report = await validator.validateBytes(shared.glb, { maxIssues: 100 });
        const errors = report.issues.messages.filter((m) => m.severity === 0);
        assert.deepStrictEqual(errors.map((e) => `${e.code} ${e.pointer ?? ''}: ${e.message}`), []);
        assert.strictEqual(report.issues.numErrors, 0);
      });

      it('three.js GLTFLoader poses joints and skinned vertices as `animscope pose` at frames 0 / mid / last and between keys', async () => {
        const model = shared.inputs.input.model;
        const three = await loadWithThree(shared.glb);
        assert.strictEqual(three.jointCount, model.joints.length);
        const diagonal = bboxDiagonal(posed(model, undefined, 0).vertices);
        const tolerance = 1e-3 * diagonal;
        // The rest pose (no animation), then every joint animation.
        const anims = [{ name: null, anim: undefined, duration: 0 }, ...jointAnimations(shared.inputs)];
        let checked = 0;
        for (const a of anims) {
          for (const frame of checkFrames(a.duration, a.anim)) {
            const ref = posed(model, a.anim, frame);
            // At the time the file holds for the frame (float32): a STEP key is then the frame's, not the one before.
            const got: ThreePose = three.pose(a.name, Math.fround(frame / shared.inputs.fps));
            for (let j = 0; j < model.joints.length; j++) {
              for (let r = 0; r < 3; r++) {
                for (let c = 0; c < 4; c++) {
                  const want = ref.world[j * 12 + r * 4 + c], have = got.world[j * 12 + r * 4 + c];
                  const tol = c === 3 ? tolerance : 1e-3 * Math.max(1, Math.abs(want));
                  assert.ok(Math.abs(want - have) <= tol, `${a.name} frame ${frame} joint ${j} m${r}${c}: three ${have} vs pose ${want}`);
                }
              }
            }
            const there = oneWayDistance(got.vertices, ref.vertices, tolerance);
            const back = oneWayDistance(ref.vertices, got.vertices, tolerance);
            assert.ok(there <= tolerance && back <= tolerance, `${a.name} frame ${frame}: vertices ${there} / ${back} apart (tolerance ${tolerance})`);
            checked++;
          }
        }
        assert.ok(checked >= anims.length);
      });
    });
  }
});

describe('glTF export --cubic', () => {
  it('writes PowerStar\'s keyed BCK translation/scale as CUBICSPLINE (3 outputs per key), the default none', async () => {
    const ps = SHARED_MODELS.find((m) => m.label === 'PowerStar')!;
    const count = (s: SharedExport): number => s.exported.doc.getRoot().listAnimations().flatMap((a) => a.listSamplers())
      .filter((sm) => {
        if (sm.getInterpolation() !== 'CUBICSPLINE') return false;
        assert.strictEqual(sm.getOutput()!.getCount(), 3 * sm.getInput()!.getCount());
        return true;
      }).length;
    assert.strictEqual(count(await exportShared(ps.label, ps.path)), 0);
    assert.ok(count(await exportShared(ps.label, ps.path, { cubic: true })) > 0);
  });
});

describe('glTF export: constant joint tracks', () => {
  it('a joint channel that holds one value throughout is at most two keys (first and last time) on every shared model', async () => {
    let constants = 0;
    for (const { label, path } of SHARED_MODELS) {
      const s = await exportShared(label, path);
      for (const a of s.exported.doc.getRoot().listAnimations()) {
        for (const ch of a.listChannels()) {
          if (!ch.getTargetNode() || ch.getTargetPath() === 'weights') continue;
          const out = ch.getSampler()!.getOutput()!.getArray()!;
          const size = ch.getTargetPath() === 'rotation' ? 4 : 3;
          let same = true;
          for (let i = size; i < out.length && same; i++) same = out[i] === out[i % size];
          if (!same) continue;
          constants++;
          assert.ok(ch.getSampler()!.getInput()!.getCount() <= 2, `${label} ${a.getName()} ${ch.getTargetNode()!.getName()} ${ch.getTargetPath()}: ${ch.getSampler()!.getInput()!.getCount()} keys of one value`);
        }
      }
    }
    assert.ok(constants > 0, 'some channel is constant');
  });
});
