/**
 * BTK/BRK ↔ model materials: which model material(s) each animation entry binds to, by name
 * (the game looks the name up in the model's MAT3 name table and takes the first match).
 * Entries whose material the model does not have bind to nothing (MDL_MATERIAL_MISSING).
 * BTK entries also say which texture-matrix slot (TEXMTX0…9) they drive.
 *
 * Pure: no `vscode`, no DOM.
 */
import type { Diagnostic } from '../formats/binary/diagnostics';
import { hex } from '../formats/binary/diagnostics';
import { FieldNode, resolvePath } from '../formats/binary/fields';
import type { BrkAnim, BtkAnim } from '../formats/types';
import type { ModelData } from '../formats/model/types';

export type MaterialGroup = 'entries' | 'register' | 'konstant';

export interface MaterialBinding {
  /** BTK: 'entries'; BRK: 'register' or 'konstant'. */
  group: MaterialGroup;
  /** Index of the entry in its group (the track paths' group index: `entries/3/…`, `register/0/…`). */
  entry: number;
  materialName: string;
  /** The material the game binds (first with that name); -1 when the model has none. */
  materialIndex: number;
  /** Every model material with that name (normally one). */
  materialIndices: number[];
  /** BTK: the stored texture-matrix index (0..9, 0xFF = skip). */
  texMtxIndex?: number;
  /** BTK: `TEXMTX3`, or `skip` (0xFF), or `invalid (N)`. */
  texMtxSlot?: string;
  /** BRK: the TEV colour register (0..3) the entry drives. */
  colorId?: number;
  /** BRK: the material's colour slot the entry drives: `tevColor[0…3]` (register) or `tevKColor[0…3]` (konstant). */
  colorSlot?: string;
}

export interface MaterialBindingResult {
  bindings: MaterialBinding[];
  /** Names of entries with no model material (each once, in entry order). */
  missing: string[];
  diagnostics: Diagnostic[];
}

export interface MaterialBindOptions {
  /**
   * The animation's field tree: when given, diagnostics point at the entry's name string
   * (`TTK1/nameTable/strings[i]`, `TRK1/registerNameTable/strings[i]` …); otherwise at 0.
   */
  animRoot?: FieldNode;
}

const NO_BYTES = new Uint8Array(0);

function nameSpan(root: FieldNode | undefined, path: string): { offset: number; length: number } {
  if (!root) return { offset: 0, length: 0 };
  const node = resolvePath(root, path, NO_BYTES);
  return node && node.path === path ? { offset: node.offset, length: node.size } : { offset: 0, length: 0 };
}

function texMtxSlot(index: number): string {
  if (index === 0xFF) return 'skip';
  if (Number.isInteger(index) && index >= 0 && index <= 9) return `TEXMTX${index}`;
  return `invalid (${index})`;
}

/** Binds the entries of a decoded BTK or BRK to the model's materials. */
export function bindMaterials(model: Pick<ModelData, 'materials'>, anim: BtkAnim | BrkAnim, options: MaterialBindOptions = {}): MaterialBindingResult {
  const byName = new Map<string, number[]>();
  (model.materials ?? []).forEach((name, i) => {
    const list = byName.get(name);
    if (list) list.push(i);
    else byName.set(name, [i]);
  });
  const bindings: MaterialBinding[] = [];
  const missing: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const add = (group: MaterialGroup, entry: number, materialName: string, namePath: string, extra: Partial<MaterialBinding>): void => {
    const name = materialName ?? '';
    const indices = byName.get(name) ?? [];
    bindings.push({ group, entry, materialName: name, materialIndex: indices.length ? indices[0] : -1, materialIndices: indices, ...extra });
    if (indices.length === 0) {
      if (!missing.includes(name)) missing.push(name);
      if (diagnostics.length < 256) {
        const span = nameSpan(options.animRoot, namePath);
        diagnostics.push({
          severity: 'warning',
          code: 'MDL_MATERIAL_MISSING',
          offset: span.offset,
          length: span.length,
          message: `${group === 'entries' ? 'Entry' : `${group[0].toUpperCase()}${group.slice(1)} entry`} ${entry} animates material ${JSON.stringify(name)}, which the model does not have (${(model.materials ?? []).length} material(s)); it binds to nothing.`,
        });
      }
    }
  };
  if (anim.format === 'btk') {
    (anim.entries ?? []).forEach((e, i) => {
      const index = e?.texMtxIndex;
      add('entries', i, e?.materialName, `TTK1/nameTable/strings[${i}]`, { texMtxIndex: index, texMtxSlot: texMtxSlot(index) });
      if (index !== undefined && !(index >= 0 && index <= 9) && diagnostics.length < 256) {
        diagnostics.push({
          severity: 'info',
          code: 'MDL_TEXMTX_SLOT',
          offset: 0,
          length: 0,
          message: `Entry ${i} (${JSON.stringify(e?.materialName ?? '')}) drives texture-matrix slot ${hex(index)} (${texMtxSlot(index)}): it changes nothing on the material.`,
        });
      }
    });
  } else if (anim.format === 'brk') {
    for (const group of ['register', 'konstant'] as const) {
      (anim[group] ?? []).forEach((e, i) => {
        const colorId = e?.colorId;
        add(group, i, e?.materialName, `TRK1/${group}NameTable/strings[${i}]`, {
          colorId,
          colorSlot: `${group === 'register' ? 'tevColor' : 'tevKColor'}[${colorId}]`,
        });
      });
    }
  }
  return { bindings, missing, diagnostics };
}
