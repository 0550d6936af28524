/**
 * The shared real models the glTF export is proven on (issue 27), each with every animation
 * beside it that binds, gathered exactly as `animscope gltf MODEL --all` does; and the reference
 * the exports are compared with: `animscope pose` (poseModel after applyAnimation) at frames 0,
 * the middle and the last.
 */
import * as path from 'path';
import { gatherGltfInputs, GltfInputs } from '../../../src/cli/gltfRun';
import { exportModelDocument, ExportOptions, GltfExport } from '../../../src/gltf/exportModel';
import { gltfFiles } from '../../../src/gltf/write';
import { specFor } from '../../../src/kinds/registry';
import { applyAnimation, initialState } from '../../../src/kinds/apply';
import { poseModel } from '../../../src/anim/pose';
import type { AnimData } from '../../../src/kinds/registry';
import type { ModelData } from '../../../src/formats/model/types';
import { SAMPLES_DIR } from '../helpers';

export const SHARED_MODELS: { label: string; path: string }[] = [
  ...['CrystalSwitch', 'Kuribo', 'Mogu', 'PowerStar', 'TripodBoss', 'TripodBossCore', 'TripodBossFoot']
    .map((m) => ({ label: m, path: path.join(SAMPLES_DIR, 'archives', `${m}.arc`, m, `${m}.bdl`) })),
  { label: 'mariotree1', path: path.join(SAMPLES_DIR, 'mkdd', 'objects', 'mariotree1.bmd') },
];

export interface SharedExport {
  label: string;
  inputs: GltfInputs;
  exported: GltfExport;
  glb: Uint8Array;
}

export async function exportShared(label: string, modelPath: string, options: ExportOptions = {}): Promise<SharedExport> {
  const inputs = gatherGltfInputs(modelPath, [], true, undefined, { err: () => undefined });
  const exported = exportModelDocument(label, inputs.input.bytes, inputs.input.model, inputs.animations, inputs.fps, options);
  const files = await gltfFiles(exported.doc, `${label}.glb`);
  return { label, inputs, exported, glb: files.get(`${label}.glb`)! };
}

/** Animations that move joints (the ones with glTF node channels). */
export function jointAnimations(inputs: GltfInputs): { name: string; anim: AnimData; duration: number }[] {
  return inputs.animations
    .filter((a) => specFor(a.anim).model.target === 'joints')
    .map((a) => ({ name: a.name, anim: a.anim, duration: Math.max(0, Math.floor((a.anim as { duration?: number }).duration ?? 0)) }));
}

/**
 * Frames 0, the middle and the last, and frames between keys: for a keyed animation the first
 * whole frame from a third of the way on that is no key of any of its channels (where the glTF
 * spline interpolates), for one held per frame (BCA) the middle + ½ (where STEP holds).
 */
export function checkFrames(duration: number, anim?: AnimData): number[] {
  const frames = [0, Math.floor(duration / 2), duration];
  const facet = anim ? specFor(anim).model : undefined;
  if (facet?.target === 'joints' && duration > 1) {
    const channels = facet.joints(anim!);
    const keys = new Set<number>();
    let held = true;
    for (let j = 0; j < channels.count; j++) {
      for (let slot = 0; slot < 9; slot++) {
        const c = channels.channel(j, slot)?.curve;
        if (!c || c.n === 1) continue;
        if (c.steps) continue;
        held = false;
        for (let i = 0; i < c.n; i++) keys.add(c.data[c.base + i * c.stride]);
      }
    }
    if (held) frames.push(Math.floor(duration / 2) + 0.5);
    else {
      for (let f = Math.floor(duration / 3); f < duration; f++) if (!keys.has(f)) { frames.push(f); break; }
    }
  }
  return [...new Set(frames)];
}

export interface Reference {
  /** 12 per joint (3×4 row-major). */
  world: Float64Array;
  /** Every posed display-list vertex of every shape, 3 each. */
  vertices: Float32Array;
}

/** `animscope pose MODEL ANIM --frame F`. */
export function posed(model: ModelData, anim: AnimData | undefined, frame: number): Reference {
  const state = initialState(model);
  if (anim) applyAnimation(state, anim, frame);
  const pose = poseModel(model, state.locals);
  const total = pose.shapes.reduce((n, s) => n + s.positions.length, 0);
  const vertices = new Float32Array(total);
  let o = 0;
  for (const s of pose.shapes) { vertices.set(s.positions, o); o += s.positions.length; }
  return { world: pose.world, vertices };
}

/** The diagonal of the box around the bind-pose vertices (the comparisons' scale). */
export function bboxDiagonal(vertices: Float32Array): number {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < vertices.length; i++) { lo[i % 3] = Math.min(lo[i % 3], vertices[i]); hi[i % 3] = Math.max(hi[i % 3], vertices[i]); }
  return Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) || 1;
}

/**
 * The largest distance from a point of `a` to its nearest point of `b` (3 numbers per point),
 * through a grid of cells `cell` wide; distances past `cell` count as `Infinity`-capped misses.
 */
export function oneWayDistance(a: ArrayLike<number>, b: ArrayLike<number>, cell: number): number {
  const grid = new Map<string, number[]>();
  const key = (x: number, y: number, z: number): string => `${Math.floor(x / cell)},${Math.floor(y / cell)},${Math.floor(z / cell)}`;
  for (let i = 0; i < b.length; i += 3) {
    const k = key(b[i], b[i + 1], b[i + 2]);
    const list = grid.get(k);
    if (list) list.push(i); else grid.set(k, [i]);
  }
  let worst = 0;
  for (let i = 0; i < a.length; i += 3) {
    const cx = Math.floor(a[i] / cell), cy = Math.floor(a[i + 1] / cell), cz = Math.floor(a[i + 2] / cell);
    let best = Infinity;
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) for (let dz = -1; dz <= 1; dz++) {
      for (const j of grid.get(`${cx + dx},${cy + dy},${cz + dz}`) ?? []) {
        best = Math.min(best, Math.hypot(a[i] - b[j], a[i + 1] - b[j + 1], a[i + 2] - b[j + 2]));
      }
    }
    worst = Math.max(worst, best);
  }
  return worst;
}
