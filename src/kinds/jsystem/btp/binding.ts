/**
 * BTP entries ↔ model: entry i binds to the material of its name (first match, FORMATS.md §9.8)
 * and replaces the texture number of its texmap slot with a TEX1 texture index per frame.
 * §9.11 item 4: a value past the TEX1 textures is an error, a slot the material does not use a
 * warning — both need model facts (ModelChunkFacts) that today's model decoder does not read yet.
 */
import { bindingInfos, bindMaterialEntries } from '../../../anim/materials';
import type { FieldNode } from '../../../formats/binary/fields';
import { hex } from '../../../formats/binary/diagnostics';
import type { ModelData } from '../../../formats/model/types';
import type { ModelBindResult } from '../../spec';
import { BindDiagnostics, modelFacts } from '../binding';
import type { BtpAnim } from '../../../formats/jsystem/btp/types';

/** `tableOffset` / `bankOffset`: absolute offsets of the entry table and the texture-index bank (where diagnostics point). */
export function bindBtp(anim: BtpAnim, model: ModelData, root: FieldNode, tableOffset?: number, bankOffset?: number): ModelBindResult {
  const entries = anim.entries ?? [];
  const result = bindMaterialEntries(model, entries.map((e, i) => ({
    group: 'entries' as const, entry: i, materialName: e?.materialName ?? '', namePath: `TPT1/nameTable/strings[${i}]`, extra: {},
  })), { animRoot: root });
  const { infos } = bindingInfos(result);
  const facts = modelFacts(model);
  const out = new BindDiagnostics();
  const bank = anim.textureIndexBank ?? new Uint16Array(0);
  entries.forEach((e, i) => {
    const textures = facts.textureCount;
    if (textures !== undefined && e) {
      const end = Math.min(bank.length, e.texture.index + e.texture.count);
      for (let k = e.texture.index; k < end; k++) {
        if (bank[k] < textures) continue;
        out.add('error', 'MDL_BTP_TEXTURE', bankOffset !== undefined ? bankOffset + k * 2 : 0, 2,
          `Entry ${i} (${JSON.stringify(e.materialName)}) shows texture ${bank[k]} at frame ${k - e.texture.index}${bankOffset !== undefined ? ` (${hex(bankOffset + k * 2)})` : ''}, but the model has ${textures} texture(s).`);
        break;
      }
    }
    const slots = facts.materialTexSlots?.[infos[i]?.materialIndex ?? -1];
    if (slots && e && !slots.includes(e.texMapSlot)) {
      out.add('warning', 'MDL_TEXMAP_UNUSED', tableOffset !== undefined ? tableOffset + i * 8 + 4 : 0, tableOffset !== undefined ? 1 : 0,
        `Entry ${i} animates texmap slot ${e.texMapSlot} of material ${JSON.stringify(e.materialName)}, which uses slot(s) ${slots.join(', ') || 'none'}: the texture it sets is never sampled.`);
    }
  });
  return {
    materialBindings: infos,
    groupTargets: infos.map((b) => ` → ${b.materialIndex >= 0 ? `material ${b.materialIndex}` : 'not in model'}`),
    diagnostics: [...result.diagnostics, ...out.list],
  };
}
