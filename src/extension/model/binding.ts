/**
 * A decoded animation + a decoded model → what the editor shows and exports: the protocol's
 * ModelInfo (joints for the skeleton view, and what each group drives: the format's
 * FormatSpec.model.bind), the binding diagnostics that join the animation's own, and the export's
 * `model` section. Pure (no `vscode`).
 */
import type { ExportedModel } from '../../export/json';
import type { Diagnostic } from '../../formats/binary/diagnostics';
import type { ModelData } from '../../formats/model/types';
import type { DecodedFile } from '../../formats/types';
import { specFor } from '../../formats/registry';
import { MAX_MODEL_DIAGNOSTICS, ModelInfo, ModelJointInfo } from '../../wire/protocol';

export type ModelSource = ModelInfo['source'];

export interface ModelBinding {
  info: ModelInfo;
  /** Binding diagnostics, with offsets in the animation's bytes. */
  diagnostics: Diagnostic[];
  exported: ExportedModel;
}

const finite = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const vec3 = (v: ArrayLike<number> | undefined, fallback: number): [number, number, number] =>
  [finite(v?.[0], fallback), finite(v?.[1], fallback), finite(v?.[2], fallback)];

/** The model's joints as the protocol carries them (non-finite numbers from a corrupt file are replaced). */
export function jointInfos(model: ModelData): ModelJointInfo[] {
  const n = model.joints.length;
  const inRange = (i: number): boolean => Number.isInteger(i) && i >= 0 && i < n;
  return model.joints.map((j) => ({
    name: j.name ?? '',
    parent: inRange(j.parent) ? j.parent : -1,
    children: (j.children ?? []).filter(inRange),
    scale: vec3(j.scale, 1),
    rotationDegrees: vec3(j.rotationDegrees, 0),
    translation: vec3(j.translation, 0),
    scaleCompensate: !!j.scaleCompensate,
    bboxMin: vec3(j.bboxMin, 0),
    bboxMax: vec3(j.bboxMax, 0),
  }));
}

/** `fileDiagnostics`: the model file's own (from decodeModel), shown with the model in the page. */
export function bindModel(decoded: DecodedFile, model: ModelData, fileName: string, source: ModelSource,
  fileDiagnostics: readonly Diagnostic[] = []): ModelBinding {
  const joints = jointInfos(model);
  const materials = [...(model.materials ?? [])];
  const hierarchyRoots = (model.hierarchyRoots ?? []).filter((r) => Number.isInteger(r) && r >= 0 && r < joints.length);
  const info: ModelInfo = {
    fileName, source, scalingRule: finite(model.scalingRule, 0) >>> 0, hierarchyRoots, joints, materials,
    ...(fileDiagnostics.length ? {
      fileDiagnostics: fileDiagnostics.slice(0, MAX_MODEL_DIAGNOSTICS), fileDiagnosticCount: fileDiagnostics.length,
    } : {}),
  };
  const exported: ExportedModel = { file: fileName, jointCount: joints.length, materials };
  const anim = decoded.anim;
  const facet = anim && specFor(anim).model;
  if (!anim || !facet || facet.target === 'none') return { info, diagnostics: [], exported };
  const bound = facet.bind(anim, model, decoded.root, decoded.bytes);
  info.groupTargets = bound.groupTargets;
  if (bound.jointNames) info.jointNames = exported.jointNames = bound.jointNames;
  if (bound.materialBindings) info.materialBindings = exported.materialBindings = bound.materialBindings;
  return { info, diagnostics: bound.diagnostics, exported };
}
