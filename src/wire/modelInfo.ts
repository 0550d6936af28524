/**
 * The bound model as the page gets it (ModelInfo): its joints for the skeleton view, its materials,
 * what each group of the animation drives in it, and the model file's own problems.
 */
import type { Diagnostic } from '../formats/binary/diagnostics';
import type { MaterialBindingInfo } from '../anim/materials';
import type { ModelData, ModelJoint } from '../formats/model/types';
import type { ModelBindResult } from '../kinds/spec';

/** What the skeleton view and the binding labels need of a model joint: its posing fields and extents. */
export type ModelJointInfo = Pick<ModelJoint,
  'name' | 'parent' | 'children' | 'scale' | 'rotationDegrees' | 'translation' | 'scaleCompensate' | 'bboxMin' | 'bboxMax'>;

export interface ModelInfo {
  /** Base name of the model file (TripodBossCore.bdl). */
  fileName: string;
  /** Where the binding came from: remembered choice, found beside the animation, or just chosen. */
  source: 'remembered' | 'folder' | 'chosen';
  scalingRule: number;
  hierarchyRoots: number[];
  joints: ModelJointInfo[];
  /** Material names in index order. */
  materials: string[];
  /** Per group of the animation, what it drives in the model, appended to the group's label. */
  groupTargets?: (string | null)[];
  /** BCK: per animation joint, the model joint's name (null past the model's joint count). */
  jointNames?: (string | null)[];
  /** BTK/BRK: one per animation entry. */
  materialBindings?: MaterialBindingInfo[];
  /** The model file's own problems (offsets in its bytes), at most MAX_MODEL_DIAGNOSTICS of them. */
  fileDiagnostics?: Diagnostic[];
  /** How many the model file has in all. */
  fileDiagnosticCount?: number;
}

/** Model-file diagnostics sent to the page (the log has them all). */
export const MAX_MODEL_DIAGNOSTICS = 100;

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
export function modelInfo(model: ModelData, fileName: string, source: ModelInfo['source'], bound: ModelBindResult | undefined,
  fileDiagnostics: readonly Diagnostic[] = []): ModelInfo {
  const joints = jointInfos(model);
  const hierarchyRoots = (model.hierarchyRoots ?? []).filter((r) => Number.isInteger(r) && r >= 0 && r < joints.length);
  return {
    fileName, source, scalingRule: finite(model.scalingRule, 0) >>> 0, hierarchyRoots, joints, materials: [...(model.materials ?? [])],
    ...(fileDiagnostics.length ? {
      fileDiagnostics: fileDiagnostics.slice(0, MAX_MODEL_DIAGNOSTICS), fileDiagnosticCount: fileDiagnostics.length,
    } : {}),
    ...(bound ? { groupTargets: bound.groupTargets } : {}),
    ...(bound?.jointNames ? { jointNames: bound.jointNames } : {}),
    ...(bound?.materialBindings ? { materialBindings: bound.materialBindings } : {}),
  };
}
