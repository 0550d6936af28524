/**
 * The import's bounds on what a glTF can ask for: key times past the BCK's s16 duration are
 * clamped to 32,767 frames, non-finite times count as none, and a duration × joints past
 * MAX_JOINT_FRAMES is refused in one message before anything is sampled.
 */
import * as assert from 'assert';
import type { GltfAnimationData, GltfData } from '../../../src/import/gltfRead';
import { animationDuration, importJoints, ImportRefused, MAX_JOINT_FRAMES, DEFAULT_TOLERANCES } from '../../../src/import/importJoints';
import type { JointModel } from '../../../src/import/jointLocals';

function chain(n: number): { model: JointModel; gltf: GltfData } {
  const joints = Array.from({ length: n }, (_, i) => ({
    index: i, name: `j${i}`, parent: i - 1, children: i + 1 < n ? [i + 1] : [], scale: [1, 1, 1], rotationDegrees: [0, 0, 0], translation: [1, 0, 0], scaleCompensate: false,
  }));
  const model = { joints, hierarchyRoots: [0], scalingRule: 0 } as unknown as JointModel;
  return { model, gltf: { nodes: joints.map((j) => ({ name: j.name, parent: j.parent, t: [1, 0, 0], r: [0, 0, 0, 1], s: [1, 1, 1] })), skinJoints: [], inverseBinds: new Map(), animations: [] } };
}

const animation = (times: number[]): GltfAnimationData => ({
  name: 'Long',
  channels: [{ node: 0, path: 'translation', interpolation: 'LINEAR', times: Float32Array.from(times), values: new Float32Array(times.length * 3) }],
});

describe('animscope import: bounds', () => {
  it('a duration from key times is clamped to the s16 range; NaN and infinite times count as none', () => {
    assert.strictEqual(animationDuration(animation([0, 1e9]), 30), 0x7fff);
    assert.strictEqual(animationDuration(animation([0, 2]), 30), 60);
    assert.strictEqual(animationDuration(animation([0, NaN]), 30), 0);
    assert.strictEqual(animationDuration(animation([0, Infinity]), 30), 0);
  });

  it('refuses more joint-frames than MAX_JOINT_FRAMES before sampling', () => {
    const { model, gltf } = chain(60);
    const anim = animation([0, 1e9]);
    // 32,768 frames × 60 joints = 1,966,080 > MAX_JOINT_FRAMES
    assert.ok(32768 * 60 > MAX_JOINT_FRAMES);
    assert.throws(() => importJoints(model, gltf, anim, model.joints.map((_, i) => i), { fps: 30, loopMode: 0, tolerances: DEFAULT_TOLERANCES }), ImportRefused);
  });

  it('NaN in a channel holds the frame before (or the bind value): the BCK is written, no key is NaN', () => {
    const { model, gltf } = chain(3);
    const values = Float32Array.from([0, 0, 0, NaN, 2, 0, 4, 4, 0]);
    const anim: GltfAnimationData = { name: 'Bad', channels: [{ node: 1, path: 'translation', interpolation: 'LINEAR', times: Float32Array.of(0, 1, 2), values }] };
    const r = importJoints(model, gltf, anim, [0, 1, 2], { fps: 1, loopMode: 0, tolerances: DEFAULT_TOLERANCES });
    for (const t of r.keys.targets) for (const tr of t.tracks) for (const k of tr.keys ?? []) assert.ok(Number.isFinite(k.value) && Number.isFinite(k.in), `${tr.path}: ${JSON.stringify(k)}`);
    // frame 0 of joint 1's x translation: 0 from the channel (the bind's 1 is overridden)
    const x = r.keys.targets[1].tracks.find((tr) => tr.path === 'joints/1/translation/x')!;
    assert.strictEqual(x.keys![0].value, 0);
  });
});
