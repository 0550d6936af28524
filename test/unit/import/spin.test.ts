/**
 * Wrap-around and the glTF interpolations (issue 29): a joint spinning through 720° comes back as
 * a continuous BCK (consecutive frames never jump by a turn, the total turn is 720°), and STEP,
 * LINEAR and CUBICSPLINE channels are sampled as glTF 2.0 §3.11 defines them.
 */
import * as assert from 'assert';
import * as path from 'path';
import { Document } from '@gltf-transform/core';
import { gltfData } from '../../../src/import/gltfRead';
import type { GltfChannelData } from '../../../src/import/gltfRead';
import { sampleChannel } from '../../../src/import/sampleChannel';
import { bindJointNodes, DEFAULT_TOLERANCES, importJoints } from '../../../src/import/importJoints';
import { readModel } from '../../../src/cli/modelCommands';
import { decode } from '../../../src/formats/index';
import { bckJointChannels } from '../../../src/anim/skeleton';
import { evaluatePlanned } from '../../../src/anim/tracks';
import type { BckAnim } from '../../../src/formats/jsystem/bck/types';
import { exportModelDocument } from '../../../src/gltf/exportModel';
import { SAMPLES_DIR } from '../helpers';

const KURIBO = path.join(SAMPLES_DIR, 'archives/Kuribo.arc/Kuribo/Kuribo.bdl');

describe('animscope import: a 720° spin and the glTF interpolations', () => {
  it('a joint turning 720° about y over 48 frames comes back continuous, a turn never lost', () => {
    const input = readModel(KURIBO);
    const model = input.model;
    const doc: Document = exportModelDocument('Kuribo', input.bytes, model, [], 30).doc;
    const center = doc.getRoot().listNodes().find((n) => n.getName() === 'Center')!;
    assert.ok(center, 'Kuribo has a Center joint');
    // 15° per frame, frames 0 … 48: y angle 15·f, quaternion (0, sin(θ/2), 0, cos(θ/2)); kept in
    // one hemisphere from sample to sample as the export writes them (slerp takes the short way).
    const frames = 49;
    const times = new Float32Array(frames), values = new Float32Array(frames * 4);
    for (let f = 0; f < frames; f++) {
      const half = (15 * f * Math.PI) / 360;
      times[f] = f / 30;
      values.set([0, Math.sin(half), 0, Math.cos(half)], f * 4);
    }
    const buffer = doc.getRoot().listBuffers()[0];
    const sampler = doc.createAnimationSampler().setInterpolation('LINEAR')
      .setInput(doc.createAccessor().setType('SCALAR').setArray(times).setBuffer(buffer))
      .setOutput(doc.createAccessor().setType('VEC4').setArray(values).setBuffer(buffer));
    const anim = doc.createAnimation('Spin').addSampler(sampler)
      .addChannel(doc.createAnimationChannel().setTargetNode(center).setTargetPath('rotation').setSampler(sampler));
    assert.ok(anim);
    const gltf = gltfData(doc);
    const spin = gltf.animations.find((a) => a.name === 'Spin')!;
    const binding = bindJointNodes(model, gltf, new Set(spin.channels.map((c) => c.node)), false);
    const r = importJoints(model, gltf, spin, binding.nodeOf, { fps: 30, loopMode: 0, tolerances: DEFAULT_TOLERANCES });
    assert.strictEqual(r.duration, 48);
    const joint = model.joints.findIndex((j) => j.name === 'Center');
    const ry = bckJointChannels(decode(r.bytes, 'Spin.bck').anim as BckAnim).channel(joint, 4);
    assert.ok(ry, 'the y rotation is keyed');
    const limit = Math.max(DEFAULT_TOLERANCES.rotation, (2 ** r.rotationFraction * 180) / 32768) + 1e-4;
    const first = evaluatePlanned(ry, 0);
    for (let f = 0; f <= 48; f++) {
      const v = evaluatePlanned(ry, f);
      // 15° per frame from wherever the first frame sits (a whole number of turns away from 0°)
      const want = first + 15 * f;
      assert.ok(Math.abs(v - want) <= limit, `frame ${f}: ${v}° vs ${want}°`);
      if (f > 0) assert.ok(Math.abs(v - evaluatePlanned(ry, f - 1) - 15) <= 2 * limit, `frame ${f}: a jump`);
    }
    assert.ok(Math.abs(evaluatePlanned(ry, 48) - first - 720) <= limit, 'the whole spin is 720°');
    assert.ok(r.maxError.rotation <= limit, `${r.maxError.rotation}`);
  });

  it('samples STEP, LINEAR and CUBICSPLINE as glTF defines them', () => {
    const times = Float32Array.of(0, 1, 3);
    const base = { node: 0, path: 'translation' as const, times };
    const step: GltfChannelData = { ...base, interpolation: 'STEP', values: Float32Array.of(0, 0, 0, 10, 0, 0, 30, 0, 0) };
    const linear: GltfChannelData = { ...base, interpolation: 'LINEAR', values: step.values };
    // CUBICSPLINE: per key in-tangent, value, out-tangent; x(t) = t² on [1, 3]: x(1) = 1, x'(1) = 2, x(3) = 9, x'(3) = 6.
    const cubic: GltfChannelData = { ...base, interpolation: 'CUBICSPLINE', values: Float32Array.of(
      0, 0, 0, 0, 0, 0, 0, 0, 0,
      2, 0, 0, 1, 0, 0, 2, 0, 0,
      6, 0, 0, 9, 0, 0, 6, 0, 0) };
    const out: number[] = [];
    assert.strictEqual(sampleChannel(step, 2.5, out)[0], 10);
    assert.strictEqual(sampleChannel(linear, 2, out)[0], 20);
    assert.strictEqual(sampleChannel(linear, 5, out)[0], 30, 'after the last key: the last value');
    assert.ok(Math.abs(sampleChannel(cubic, 2, out)[0] - 4) < 1e-6, `t² at 2: ${out[0]}`);
    assert.ok(Math.abs(sampleChannel(cubic, 2.5, out)[0] - 6.25) < 1e-6, `t² at 2.5: ${out[0]}`);
  });
});
