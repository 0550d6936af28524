/**
 * `animscope gltf` / "Export glTF…": a decoded model with its animations → a glTF Document.
 * Each animation maps by what its format changes on a model (its spec's `model` facet): joint
 * kinds become node channels; the others go through materialAnimation.ts.
 */
import type { Document } from '@gltf-transform/core';
import { DiagnosticSink } from '../formats/binary/diagnostics';
import type { ModelData } from '../formats/model/types';
import { AnimData, specFor } from '../kinds/registry';
import { addAnimation, buildModelDocument, ExportAnimation, ModelDocument } from './document';
import { sampledWorlds, sampleJoints } from './jointAnimation';
import { sampleState } from './stateAnimation';
import { keepsTracksInExtras, sampleTrackExtras } from './trackExtras';
import { bindPose, chooseParents, nodeParents } from './skeleton';

export interface AnimationInput {
  /** The glTF animation's name (the file's base name). */
  name: string;
  anim: AnimData;
}

export interface GltfExport {
  doc: Document;
  model: ModelDocument;
  /** One line each: what the export could not carry over exactly. */
  notes: string[];
}

/** glTF animation names are unique here: `Color` from Color.btk beside Color.brk becomes `Color.btk`, then `Color.btk.2`. */
function uniqueName(name: string, format: string, used: Set<string>): string {
  const base = name || 'animation';
  let out = used.has(base) ? `${base}.${format}` : base;
  for (let k = 2; used.has(out); k++) out = `${base}.${format}.${k}`;
  used.add(out);
  return out;
}

/**
 * Joints an export takes at most. Real models have a few hundred; glTF-Transform's property graph
 * costs ~0.5 ms per joint with its channels (65,535 joints: 38 s and 136 MB), so a hostile model
 * is refused in one line instead (GltfRefused).
 */
export const MAX_EXPORT_JOINTS = 1024;

export class GltfRefused extends Error {}

export interface ExportOptions {
  /**
   * BCK translation/scale keys as CUBICSPLINE where exact (cubicSpline.ts). Off by default: Blender
   * (3.4's importer) drops CUBICSPLINE tangents and draws its own handles, so it is off between keys.
   */
  cubic?: boolean;
}

export function exportModelDocument(name: string, bytes: Uint8Array, model: ModelData, animations: readonly AnimationInput[], fps: number, options: ExportOptions = {}): GltfExport {
  const sink = new DiagnosticSink();
  if (model.joints.length > MAX_EXPORT_JOINTS) throw new GltfRefused(`the model has ${model.joints.length} joints; a glTF export takes at most ${MAX_EXPORT_JOINTS}`);
  const jointAnims = animations.filter((a) => specFor(a.anim).model.target === 'joints');
  function* worlds(): Iterable<Float64Array> {
    yield bindPose(model).world;
    for (const a of jointAnims) {
      const facet = specFor(a.anim).model;
      if (facet.target === 'joints') yield* sampledWorlds(model, facet.joints(a.anim), (a.anim as { duration?: number }).duration ?? 0);
    }
  }
  const parents = chooseParents(model, worlds());
  const m = buildModelDocument(name, bytes, model, sink, parents);
  const notes = [...m.notes];
  const jnt1 = nodeParents(model);
  const moved = parents.map((p, j) => (p !== jnt1[j] ? j : -1)).filter((j) => j >= 0);
  if (moved.length) notes.push(`${moved.length} joint(s) hang from an ancestor other than their JNT1 parent in glTF (the scaling rule makes their local matrix sheared): ${moved.slice(0, 8).map((j) => model.joints[j].name || j).join(', ')}${moved.length > 8 ? ', …' : ''}`);
  const used = new Set<string>();
  for (const a of animations) {
    const spec = specFor(a.anim);
    const base = a.anim as unknown as { loopMode?: number; duration?: number };
    const out: ExportAnimation = {
      name: uniqueName(a.name, spec.id, used),
      format: spec.id,
      loopMode: base.loopMode ?? 0,
      duration: base.duration ?? 0,
      fps,
    };
    const facet = spec.model;
    if (facet.target === 'joints') {
      out.joints = sampleJoints(model, m.parents, m.rest, facet.joints(a.anim), out.duration, fps, options.cubic);
      if (out.joints.step > 1) notes.push(`${a.name}: sampled every ${out.joints.step} frames (the model has too many joints × frames)`);
    } else if (spec.apply) {
      out.state = sampleState(model, a.anim, out.duration);
      // the tracks themselves too, so that `animscope import` writes the kind again
      out.extras = { ...sampleTrackExtras(a.anim, out.duration, out.state.frames) };
    } else if (keepsTracksInExtras(a.anim)) {
      out.extras = { ...sampleTrackExtras(a.anim, out.duration) };
      notes.push(`${a.name}: glTF has no property for ${spec.label}; its values per frame are in the animation's extras.j3d`);
    } else {
      notes.push(`${a.name}: ${spec.label} changes nothing on a model; not exported`);
      continue;
    }
    notes.push(...addAnimation(m, out));
  }
  return { doc: m.doc, model: m, notes };
}
