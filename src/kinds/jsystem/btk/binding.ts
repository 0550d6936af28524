/** BTK entries ↔ model materials: entry n drives texture-matrix slot n of material `materialName` (FORMATS.md §3). */
import { bindMaterialEntries, MAX_BINDING_DIAGNOSTICS, MaterialBindOptions, MaterialBindingResult } from '../../../anim/materials';
import { hex } from '../../../formats/binary/diagnostics';
import type { ModelData } from '../../../formats/model/types';
import type { BtkAnim } from '../../../formats/jsystem/btk/types';

function texMtxSlot(index: number): string {
  if (index === 0xFF) return 'skip';
  if (Number.isInteger(index) && index >= 0 && index <= 9) return `TEXMTX${index}`;
  return `invalid (${index})`;
}

export function bindBtkMaterials(model: Pick<ModelData, 'materials'>, anim: BtkAnim, options: MaterialBindOptions = {}): MaterialBindingResult {
  const entries = anim.entries ?? [];
  const result = bindMaterialEntries(model, entries.map((e, i) => ({
    group: 'entries' as const, entry: i, materialName: e?.materialName, namePath: `TTK1/nameTable/strings[${i}]`,
    extra: { texMtxIndex: e?.texMtxIndex, texMtxSlot: texMtxSlot(e?.texMtxIndex) },
  })), options);
  entries.forEach((e, i) => {
    const index = e?.texMtxIndex;
    if (index !== undefined && !(index >= 0 && index <= 9) && result.diagnostics.length < MAX_BINDING_DIAGNOSTICS) {
      result.diagnostics.push({
        severity: 'info',
        code: 'MDL_TEXMTX_SLOT',
        offset: 0,
        length: 0,
        message: `Entry ${i} (${JSON.stringify(e?.materialName ?? '')}) drives texture-matrix slot ${hex(index)} (${texMtxSlot(index)}): it changes nothing on the material.`,
      });
    }
  });
  return result;
}
