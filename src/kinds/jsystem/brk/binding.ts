/** BRK entries ↔ model materials: a register entry drives TEV colour `colorId`, a konstant entry konstant colour `colorId` (FORMATS.md §4). */
import { bindMaterialEntries, MaterialBindOptions, MaterialBindingResult, NamedEntry } from '../../../anim/materials';
import type { ModelData } from '../../../formats/model/types';
import type { BrkAnim } from '../../../formats/jsystem/brk/types';

export function bindBrkMaterials(model: Pick<ModelData, 'materials'>, anim: BrkAnim, options: MaterialBindOptions = {}): MaterialBindingResult {
  const entries: NamedEntry[] = [];
  for (const group of ['register', 'konstant'] as const) {
    (anim[group] ?? []).forEach((e, i) => entries.push({
      group, entry: i, materialName: e?.materialName, namePath: `TRK1/${group}NameTable/strings[${i}]`,
      extra: { colorId: e?.colorId, colorSlot: `${group === 'register' ? 'tevColor' : 'tevKColor'}[${e?.colorId}]` },
    }));
  }
  return bindMaterialEntries(model, entries, options);
}
