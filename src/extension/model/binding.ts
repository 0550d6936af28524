/**
 * A decoded animation + a decoded model → what the editor shows and exports: the protocol's
 * ModelInfo (joints for the skeleton view, BCK joint names, BTK/BRK material bindings), the binding
 * diagnostics (MDL_JOINT_COUNT, MDL_MATERIAL_MISSING, MDL_TEXMTX_SLOT) that join the animation's
 * own, and the export's `model` section. Pure (no `vscode`).
 */
import { bindMaterials } from '../../anim/materials';
import { bindAnimation } from '../../anim/skeleton';
import type { ExportedModel } from '../../export/json';
import type { Diagnostic } from '../../formats/binary/diagnostics';
import { resolvePath } from '../../formats/binary/fields';
import type { ModelData } from '../../formats/model/types';
import type { DecodedFile } from '../../formats/types';
import { MAX_MODEL_DIAGNOSTICS, MaterialBindingInfo, ModelInfo, ModelJointInfo } from '../../protocol';

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

/** Offset of the BCK's joint count (ANK1 + 0x0C), for MDL_JOINT_COUNT. */
function jointCountOffset(decoded: DecodedFile): number | undefined {
  const node = resolvePath(decoded.root, 'ANK1/jointCount', decoded.bytes);
  if (node && node.path === 'ANK1/jointCount') return node.offset;
  const chunk = decoded.root.children?.find((c) => c.name === 'ANK1');
  return chunk ? chunk.offset + 0x0C : undefined;
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
  let diagnostics: Diagnostic[] = [];
  const anim = decoded.anim;
  if (anim?.format === 'bck') {
    const bound = bindAnimation(model, anim, { jointCountOffset: jointCountOffset(decoded) });
    info.jointNames = bound.jointNames;
    exported.jointNames = bound.jointNames;
    diagnostics = bound.diagnostics;
  } else if (anim?.format === 'btk' || anim?.format === 'brk') {
    const result = bindMaterials(model, anim, { animRoot: decoded.root });
    const bindings: MaterialBindingInfo[] = result.bindings.map((b) => ({
      group: b.group, entry: b.entry, materialName: b.materialName ?? '', materialIndex: b.materialIndex,
      ...(b.texMtxSlot !== undefined ? { texMtxSlot: b.texMtxSlot } : {}),
      ...(b.colorSlot !== undefined ? { colorSlot: b.colorSlot } : {}),
    }));
    info.materialBindings = bindings;
    exported.materialBindings = bindings;
    diagnostics = result.diagnostics;
  }
  return { info, diagnostics, exported };
}
