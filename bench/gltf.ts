/**
 * `npm run bench`: glTF export in process (`animscope gltf` without the file write): PowerStar
 * with every animation beside it (target ≤ 300 ms warm), and the worst-case BCK (65,535 joints)
 * on a synthetic model of as many joints (frames sampled within MAX_JOINT_SAMPLES).
 */
import { gatherGltfInputs } from '../src/cli/gltfRun';
import { exportModelDocument, MAX_EXPORT_JOINTS } from '../src/gltf/exportModel';
import { gltfFiles } from '../src/gltf/write';
import { decode } from '../src/formats/index';
import { decodeModel } from '../src/formats/model';
import { DiagnosticSink } from '../src/formats/binary/diagnostics';
import { HierarchyNodeType as T } from '../src/formats/model/types';
import { writeWorstCaseBck } from '../test/fixtures/j3d-writer';
import { writeModel } from '../test/unit/model/fixtures';
import { samplePath } from '../test/unit/helpers';
import { fmt, heading, row } from './timing';

async function median(fn: () => Promise<unknown>, runs: number, warmup = 2): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    t.push(performance.now() - t0);
  }
  return t.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

export async function benchGltf(): Promise<void> {
  heading('glTF export in process (median, warm): document + GLB bytes', 'animations', 'ms', 'GLB bytes');
  const inputs = gatherGltfInputs(samplePath('archives/PowerStar.arc/PowerStar/PowerStar.bdl'), [], true, undefined, { err: () => undefined });
  let size = 0;
  const ms = await median(async () => {
    const e = exportModelDocument('PowerStar', inputs.input.bytes, inputs.input.model, inputs.animations, inputs.fps);
    size = (await gltfFiles(e.doc, 'PowerStar.glb')).get('PowerStar.glb')!.length;
  }, 9);
  row('PowerStar.bdl --all (target ≤ 300 ms)', inputs.animations.length, ms, fmt(size));

  const bck = writeWorstCaseBck();
  const anim = decode(bck.bytes, 'worst-case.bck').anim!;
  // MAX_EXPORT_JOINTS: a model of the BCK's 65,535 joints is refused (measured below); the figure is at the limit.
  const n = MAX_EXPORT_JOINTS;
  const nodes: [number, number][] = [[T.Joint, 0], [T.Open, 0]];
  for (let j = 1; j < n; j++) nodes.push([T.Joint, j]);
  nodes.push([T.Close, 0], [T.End, 0]);
  const modelBytes = writeModel({ nodes, joints: Array.from({ length: n }, (_, j) => ({ name: `j${j}` })), materials: ['m'] });
  const model = decodeModel(modelBytes, new DiagnosticSink()).model!;
  let worstSize = 0;
  const worst = await median(async () => {
    const e = exportModelDocument('synthetic', modelBytes, model, [{ name: 'worst-case', anim }], 30);
    worstSize = (await gltfFiles(e.doc, 'w.glb')).get('w.glb')!.length;
  }, 1, 0);
  row(`worst-case BCK on a ${fmt(n)}-joint model (one run)`, 1, worst, fmt(worstSize));
  const big = writeModel({ nodes: [[T.Joint, 0], [T.End, 0]], joints: Array.from({ length: 65535 }, (_, j) => ({ name: `j${j}` })), materials: ['m'] });
  const t0 = performance.now();
  let refused = '';
  try { exportModelDocument('synthetic', big, decodeModel(big, new DiagnosticSink()).model!, [{ name: 'worst-case', anim }], 30); } catch (e) { refused = (e as Error).message; }
  row(`65,535-joint model: refused${refused ? '' : ' (NOT refused)'}, decode included`, 1, performance.now() - t0, '-');
}
