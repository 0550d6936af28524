/**
 * Animation entries ↔ model materials: which model material(s) each entry binds to, by name (the
 * game looks the name up in the model's MAT3 name table and takes the first match). Entries whose
 * material the model does not have bind to nothing (MDL_MATERIAL_MISSING). Each format says what
 * its entries are (BTK: the texture-matrix slot; BRK: the colour slot).
 *
 * Pure: no `vscode`, no DOM.
 */
import type { Diagnostic } from '../formats/binary/diagnostics';
import { FieldNode, resolvePath } from '../formats/binary/fields';
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

/** What of a binding crosses to the page and goes into exports. */
export type MaterialBindingInfo = Pick<MaterialBinding, 'group' | 'entry' | 'materialName' | 'materialIndex' | 'texMtxSlot' | 'colorSlot'>;

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
  return node ? { offset: node.offset, length: node.size } : { offset: 0, length: 0 };
}

/** One animation entry that binds to a material by name. */
export interface NamedEntry {
  group: MaterialGroup;
  /** Index of the entry in its group. */
  entry: number;
  materialName: string;
  /** Field-tree path of the entry's name string (where a "missing" diagnostic points). */
  namePath: string;
  /** What else the binding records (texture-matrix slot, colour slot). */
  extra: Partial<MaterialBinding>;
}

/**
 * Binds animation entries to the model's materials by name: the first material of that name wins
 * (FORMATS.md §9.8); an entry whose material the model lacks binds to nothing (MDL_MATERIAL_MISSING).
 */
export function bindMaterialEntries(model: Pick<ModelData, 'materials'>, entries: readonly NamedEntry[], options: MaterialBindOptions = {}): MaterialBindingResult {
  const byName = new Map<string, number[]>();
  (model.materials ?? []).forEach((name, i) => {
    const list = byName.get(name);
    if (list) list.push(i);
    else byName.set(name, [i]);
  });
  const bindings: MaterialBinding[] = [];
  const missing: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const { group, entry, materialName, namePath, extra } of entries) {
    const name = materialName ?? '';
    const indices = byName.get(name) ?? [];
    bindings.push({ group, entry, materialName: name, materialIndex: indices.length ? indices[0] : -1, materialIndices: indices, ...extra });
    if (indices.length > 1 && diagnostics.length < MAX_BINDING_DIAGNOSTICS) {
      // FORMATS.md §9.11 item 3: names are not unique; the game takes the first match.
      const span = nameSpan(options.animRoot, namePath);
      diagnostics.push({
        severity: 'info', code: 'MDL_MATERIAL_DUPLICATE', offset: span.offset, length: span.length,
        message: `${entryLabel(group, entry)} animates material ${JSON.stringify(name)}: the model has ${indices.length} materials of that name (${indices.join(', ')}); the game binds the first, material ${indices[0]}.`,
      });
    }
    if (indices.length > 0) continue;
    if (!missing.includes(name)) missing.push(name);
    if (diagnostics.length < MAX_BINDING_DIAGNOSTICS) {
      const span = nameSpan(options.animRoot, namePath);
      diagnostics.push({
        severity: 'warning',
        code: 'MDL_MATERIAL_MISSING',
        offset: span.offset,
        length: span.length,
        message: `${entryLabel(group, entry)} animates material ${JSON.stringify(name)}, which the model does not have (${(model.materials ?? []).length} material(s)); it binds to nothing.`,
      });
    }
  }
  return { bindings, missing, diagnostics };
}

function entryLabel(group: MaterialGroup, entry: number): string {
  return `${group === 'entries' ? 'Entry' : `${group[0].toUpperCase()}${group.slice(1)} entry`} ${entry}`;
}

/** Binding diagnostics listed per animation (a hostile file could name thousands of missing materials). */
export const MAX_BINDING_DIAGNOSTICS = 256;

/** The bindings as the page and the export carry them, and each entry's label suffix (` → material 1`). */
export function bindingInfos(result: MaterialBindingResult): { infos: MaterialBindingInfo[]; suffixes: string[] } {
  const infos = result.bindings.map((b): MaterialBindingInfo => ({
    group: b.group, entry: b.entry, materialName: b.materialName ?? '', materialIndex: b.materialIndex,
    ...(b.texMtxSlot !== undefined ? { texMtxSlot: b.texMtxSlot } : {}),
    ...(b.colorSlot !== undefined ? { colorSlot: b.colorSlot } : {}),
  }));
  const suffixes = infos.map((b) => ` → ${b.materialIndex >= 0 ? `material ${b.materialIndex}` : 'not in model'}`);
  return { infos, suffixes };
}
