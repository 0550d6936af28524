/**
 * `animscope export` / "AnimScope: Export to JSON": the whole decoded structure with spans.
 * The document shape is published as schema/animscope-export.schema.json; bump
 * EXPORT_SCHEMA_VERSION on any incompatible change.
 */
import type { Diagnostic } from '../formats/binary/diagnostics';
import { childPath, Endian, ElementLayout, FieldNode, isRecord, isScalarType, readScalar } from '../formats/binary/fields';
import { AnimData, isAnimFormat, specOf } from '../kinds/registry';
import type { DecodedFile } from '../formats/types';
import type { MaterialBindingInfo } from '../anim/materials';
import type { ModelData } from '../formats/model/types';
import type { ModelBindResult } from '../kinds/spec';
import { StreamedArray } from './serialize';
import { RawRun, rawRuns } from '../write/rawBytes';
import { writeStructure } from '../write/structure';

/**
 * 2: the nine other J3D kinds (BCA, BPK, BPA, BTP, BVA, BLK, BLA, BXK, BXA) joined the animation variants.
 * 3 (additive): animations carry `file.endian` and `rawBytes`, what `animscope build` needs to write
 * the file back byte for byte.
 */
export const EXPORT_SCHEMA_VERSION = 3;

/** A field as exported: array nodes carry their layout and every element's values. */
export interface ExportedField {
  name: string;
  path: string;
  offset: number;
  size: number;
  type: string;
  role?: string;
  value?: number | string | null;
  display?: string;
  missing?: boolean;
  children?: ExportedField[];
  /** Element i spans [offset + i·stride + field.offset, … + field.size). */
  array?: { count: number; stride: number; element: ElementLayout };
  /** Array element values: a number for scalar elements, an object keyed by field name otherwise. */
  elements?: unknown[];
}

export interface ExportDocument {
  schemaVersion: number;
  generator: string;
  file: {
    name: string;
    format: string;
    /** Length of the bytes the spans refer to (decompressed). */
    size: number;
    container: { kind: string; compressedSize: number; decompressedSize: number } | null;
    /** Animations (since schema 3): the byte order of the file's fields. */
    endian?: Endian;
  };
  diagnostics: Diagnostic[];
  structure: ExportedField;
  /** The decoded animation data (typed arrays as plain arrays); null when nothing could be decoded. */
  animation: unknown;
  /**
   * Animations (since schema 3): the bytes the structure's values do not give back (padding, gaps,
   * unclaimed bytes, values JSON cannot hold), as runs; `animscope build` writes them after the values.
   */
  rawBytes?: RawRun[];
  /** Only when a model is bound (the editor): its name, BCK joint names, materials and BTK/BRK bindings. */
  model?: ExportedModel;
}

/** The `model` section (optional since schema version 1). */
export interface ExportedModel {
  file: string;
  jointCount: number;
  jointNames?: (string | null)[];
  materials: string[];
  materialBindings?: MaterialBindingInfo[];
}

/** The export's `model` section of an animation bound to `model`. */
export function exportedModel(model: ModelData, fileName: string, bound: ModelBindResult | undefined): ExportedModel {
  return {
    file: fileName, jointCount: model.joints.length, materials: [...(model.materials ?? [])],
    ...(bound?.jointNames ? { jointNames: bound.jointNames } : {}),
    ...(bound?.materialBindings ? { materialBindings: bound.materialBindings } : {}),
  };
}

/** A decoded file, optionally with the model it is bound to (the editor's documents carry it). */
export type ModelBoundFile = DecodedFile & { boundModel?: ExportedModel };

function elementValue(layout: ElementLayout, base: number, bytes: Uint8Array, endian: 'big' | 'little'): unknown {
  const offset = base + layout.offset;
  if (layout.fields) {
    const out: Record<string, unknown> = {};
    for (const f of layout.fields) out[f.name] = elementValue(f, offset, bytes, endian);
    return out;
  }
  if (isScalarType(layout.type)) return jsonNumber(readScalar(bytes, offset, layout.type, endian));
  return null;
}

/** JSON has no NaN/Infinity: such floats (possible in corrupt banks) export as null. */
function jsonNumber(value: number | undefined): number | null {
  return value === undefined || !Number.isFinite(value) ? null : value;
}

/** A node and everything below it; `path` is the node's own (the root's is ''), its children's follow from their names. */
export function exportField(node: FieldNode, bytes: Uint8Array, path = ''): ExportedField {
  const out: ExportedField = { name: node.name, path, offset: node.offset, size: node.size, type: node.type };
  if (node.role) out.role = node.role;
  if (node.value !== undefined) out.value = typeof node.value === 'number' ? jsonNumber(node.value) : node.value;
  if (node.display !== undefined) out.display = node.display;
  if (node.missing) out.missing = true;
  if (node.children) {
    const record = isRecord(node.children);
    out.children = node.children.map((c) => exportField(c, bytes, childPath(path, c.name, record)));
  }
  if (node.array) {
    const { count, stride, element, endian } = node.array;
    out.array = { count, stride, element };
    const elements: unknown[] = new Array(count);
    for (let i = 0; i < count; i++) elements[i] = elementValue(element, node.offset + i * stride, bytes, endian);
    out.elements = elements;
  }
  return out;
}

/** Typed arrays → plain arrays, non-finite numbers → null, recursively. */
export function toPlainJson(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return jsonNumber(value);
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number>, (v) => jsonNumber(v));
  if (Array.isArray(value)) return value.map(toPlainJson);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = toPlainJson(v);
    return out;
  }
  return value;
}

/**
 * toPlainJson of the animation, its top-level arrays as StreamedArrays that convert an element
 * at a time as the document is written (motion.bin: one sequence's tracks copied at a time, not
 * all 374,000 keys at once); JSON.stringify writes the same text through their toJSON.
 */
export function exportAnimation(anim: AnimData | undefined): unknown {
  if (!anim) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(anim)) {
    if (!Array.isArray(value) && !ArrayBuffer.isView(value)) {
      out[key] = toPlainJson(value);
      continue;
    }
    const items = value as unknown as Iterable<unknown>;
    out[key] = new StreamedArray(function* () {
      for (const item of items) yield toPlainJson(item);
    });
  }
  return out;
}

/** What writing `structure`'s values into zeros does not give back of `bytes`. */
function unwrittenBytes(structure: ExportedField, bytes: Uint8Array, endian: Endian): RawRun[] {
  const written = new Uint8Array(bytes.length);
  writeStructure(structure, written, endian);
  return rawRuns(bytes, written);
}

export function exportDecoded(file: ModelBoundFile, generator = 'animscope'): ExportDocument {
  const doc: ExportDocument = {
    schemaVersion: EXPORT_SCHEMA_VERSION,
    generator,
    file: {
      name: file.fileName,
      format: file.format,
      size: file.bytes.length,
      container: file.container ? { ...file.container } : null,
    },
    diagnostics: file.diagnostics,
    structure: exportField(file.root, file.bytes),
    animation: exportAnimation(file.anim),
  };
  if (isAnimFormat(file.format)) {
    const endian = specOf(file.format).family.endian;
    try {
      doc.rawBytes = unwrittenBytes(doc.structure, file.bytes, endian);
      doc.file.endian = endian;
    } catch {
      // a tree the writer cannot take (none known: the fuzz target checks) still exports; without
      // endian and rawBytes, `build` says it cannot build it
    }
  }
  if (file.boundModel) doc.model = toPlainJson(file.boundModel) as ExportedModel;
  return doc;
}
