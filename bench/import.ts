/**
 * `npm run bench`, the glTF import (issue 29): a generated 60-joint chain animated for 1,000
 * frames (every joint turning on three axes with different smooth periods, the root also moving),
 * as glTF LINEAR channels sampled once per frame (what `animscope gltf` and Blender's baked export
 * write). Timed warm from the parsed glTF data to the written BCK bytes (sampling, solving, fit,
 * build, read-back), and the fit's key count against one key per frame per track.
 * Prints numbers; never fails on them.
 */
import type { GltfAnimationData, GltfChannelData, GltfData } from '../src/import/gltfRead';
import { DEFAULT_TOLERANCES, importJoints } from '../src/import/importJoints';
import type { JointModel } from '../src/import/jointLocals';
import { ScalingRule } from '../src/formats/model/types';
import { fmt, heading, row, time } from './timing';

const JOINTS = 60;
const FRAMES = 1000;
const FPS = 30;

function chain(): { model: JointModel; gltf: GltfData } {
  const joints = Array.from({ length: JOINTS }, (_, i) => ({
    index: i, name: `j${i}`, parent: i - 1, children: i + 1 < JOINTS ? [i + 1] : [], materials: [], inHierarchy: true, dataIndex: i,
    scale: [1, 1, 1], rotationDegrees: [0, 0, 0], translation: [i === 0 ? 0 : 10, 0, 0], scaleCompensate: false,
  }));
  const model = { joints, hierarchyRoots: [0], scalingRule: ScalingRule.Basic } as unknown as JointModel;
  const times = Float32Array.from({ length: FRAMES + 1 }, (_, f) => f / FPS);
  const channels: GltfChannelData[] = [];
  for (let j = 0; j < JOINTS; j++) {
    const values = new Float32Array((FRAMES + 1) * 4);
    for (let f = 0; f <= FRAMES; f++) {
      // Euler angles with periods of 120–300 frames, as a quaternion (x, then y, then z axes: Rz·Ry·Rx)
      const ax = (30 * Math.sin((2 * Math.PI * f) / (120 + j)) * Math.PI) / 360;
      const ay = (20 * Math.sin((2 * Math.PI * f) / (200 + j)) * Math.PI) / 360;
      const az = (45 * Math.sin((2 * Math.PI * f) / (300 - j)) * Math.PI) / 360;
      const [cx, sx, cy, sy, cz, sz] = [Math.cos(ax), Math.sin(ax), Math.cos(ay), Math.sin(ay), Math.cos(az), Math.sin(az)];
      values.set([sx * cy * cz - cx * sy * sz, cx * sy * cz + sx * cy * sz, cx * cy * sz - sx * sy * cz, cx * cy * cz + sx * sy * sz], f * 4);
    }
    channels.push({ node: j, path: 'rotation', interpolation: 'LINEAR', times, values });
  }
  const t = new Float32Array((FRAMES + 1) * 3);
  for (let f = 0; f <= FRAMES; f++) t.set([f * 0.5, 5 * Math.sin(f / 20), 0], f * 3);
  channels.push({ node: 0, path: 'translation', interpolation: 'LINEAR', times, values: t });
  const anim: GltfAnimationData = { name: 'Chain', channels };
  const nodes = joints.map((j) => ({ name: j.name, parent: j.parent, t: [...j.translation], r: [0, 0, 0, 1], s: [1, 1, 1] }));
  return { model, gltf: { nodes, skinJoints: joints.map((_, i) => i), inverseBinds: new Map(), animations: [anim] } };
}

export function benchImport(): void {
  const { model, gltf } = chain();
  const nodeOf = model.joints.map((_, i) => i);
  let keys = 0, err = DEFAULT_TOLERANCES;
  const t = time(() => {
    const r = importJoints(model, gltf, gltf.animations[0], nodeOf, { fps: FPS, loopMode: 0, tolerances: DEFAULT_TOLERANCES });
    keys = r.keyCount;
    err = r.maxError;
  }, { budgetMs: 3000, minRuns: 3, warmup: 1 });
  const perFrame = (FRAMES + 1) * JOINTS * 9;
  heading(`glTF import: ${JOINTS} joints × ${fmt(FRAMES)} frames → BCK (warm; target ≤ 200 ms)`, 'ms', 'keys', 'per frame', 'error');
  row('sample, solve, fit, build, read back', t.medianMs, keys, perFrame, `${err.rotation.toPrecision(2)}°, ${err.translation.toPrecision(2)} units`);
}
