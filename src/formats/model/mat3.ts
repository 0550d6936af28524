/**
 * MAT3 — materials; only what binding needs (docs/formats.md "MAT3").
 *
 * Field tree: `MAT3` → id, size, materialCount, padding, the 30 table offsets (materialEntries …
 * nbtScaleTable), `materialEntries` (0x14C-byte MaterialEntry records, opaque; explicit `[i]`
 * children read as the names of the materials using the entry), `remapTable` (u16 per material:
 * material → entry), `nameTable` (JUTNameTab), and every other table as one opaque `data`
 * region from its offset to the next table's offset (or the chunk end).
 */
import { hex } from '../binary/diagnostics';
import type { ElementLayout } from '../binary/fields';
import { scalarElement } from '../binary/builder';
import { ChunkContext } from '../jsystem/container';
import { readU16 } from '../jsystem/banks';
import { readGroupNames } from '../jsystem/nametable';
import { makeExplicit } from './inf1';
import { boundedCount } from './bounds';
import { DECODED_TABLES, materialEntryLayout, resolveMaterials } from './materials';
import type { ModelMaterial } from './types';

export const MAT3_HEADER_SIZE = 0x84;
export const MATERIAL_ENTRY_SIZE = 0x14C;

/** Chunk-relative offset fields at 0x0C + 4·i, in header order (names after the game's J3DMaterialBlock). */
export const MAT3_TABLES = [
  'materialEntries', 'remapTable', 'nameTable', 'indirectTable', 'cullModeTable',
  'materialColorTable', 'colorChannelCountTable', 'colorChannelTable', 'ambientColorTable', 'lightTable',
  'texGenCountTable', 'texCoordTable', 'postTexCoordTable', 'texMtxTable', 'postTexMtxTable',
  'textureTable', 'tevOrderTable', 'tevColorTable', 'tevKonstColorTable', 'tevStageCountTable',
  'tevStageTable', 'tevSwapModeTable', 'tevSwapModeTableTable', 'fogTable', 'alphaCompareTable',
  'blendTable', 'zModeTable', 'zCompLocTable', 'ditherTable', 'nbtScaleTable',
] as const;

const MATERIAL_ENTRY: ElementLayout = materialEntryLayout();

export interface Mat3Chunk {
  names: string[];
  /** Material index → entry index. */
  remap: number[];
  count: number;
  materials: ModelMaterial[];
}

/** `textureCount`: TEX1's texture count (-1 when there is no TEX1: tex numbers are not checked). */
export function decodeMat3(ctx: ChunkContext, textureCount = -1): Mat3Chunk {
  const { bytes, chunk } = ctx;
  const s = ctx.start;
  const declaredCount = ctx.b.u16('materialCount', s + 0x08);
  ctx.b.u16('padding', s + 0x0A, (v) => hex(v));
  const offsets = MAT3_TABLES.map((name, i) => ctx.offsetField(`${name}Offset`, 0x0C + 4 * i));
  if (s + MAT3_HEADER_SIZE > bytes.length) return { names: [], remap: [], count: declaredCount, materials: [] };
  // Every material needs at least its u16 remap entry inside the chunk.
  const count = boundedCount(ctx, 'material count', 0x08, declaredCount, offsets[1], 2, MAT3_HEADER_SIZE);
  const out: Mat3Chunk = { names: [], remap: [], count, materials: [] };

  const remapTable = ctx.table('remapTable', offsets[1], count, scalarElement('u16'), 'table');
  let entries = 0;
  for (let i = 0; i < count; i++) {
    let v = i < remapTable.count ? readU16(bytes, remapTable.offset + i * 2) : i;
    if (v >= count) {
      const at = remapTable.offset + i * 2;
      const value = v;
      ctx.limited.add('warning', 'MDL_MATERIAL_INDEX', at, 2,
        () => `MAT3: remap entry ${i} at ${hex(at)} is ${value}, not below the material count ${count}; entry ${i} is assumed.`);
      v = i;
    }
    if (v !== i) {
      const at = remapTable.offset + i * 2, value = v;
      ctx.limited.add('info', 'MDL_REMAP', at, 2, () => `MAT3: remap entry ${i} at ${hex(at)} is ${value}: material ${i} uses record ${value} (honoured).`);
    }
    out.remap.push(v);
    entries = Math.max(entries, v + 1);
  }
  const table = ctx.table('materialEntries', offsets[0], entries, MATERIAL_ENTRY, 'data');
  out.names = readGroupNames(ctx, 'nameTable', offsets[2], count, s + 0x14);
  const elements = makeExplicit(table.node, bytes);
  if (elements.length > 0) {
    const users = new Map<number, string[]>();
    out.remap.forEach((e, m) => {
      const list = users.get(e) ?? [];
      if (list.length < 8) list.push(`${m} ${out.names[m] ?? ''}`);
      users.set(e, list);
    });
    elements.forEach((e, i) => {
      const list = users.get(i);
      e.display = list ? `material ${list.join(', material ')}` : 'unused entry';
    });
  }

  out.materials = resolveMaterials(ctx, offsets, out, table.offset, table.count, textureCount);

  // The tables the preview does not use: opaque regions, each up to the next table start (tables
  // are stored in header order; an empty table shares its offset with the next one).
  const declaredEnd = chunk.declaredSize;
  const starts = [...new Set(offsets.filter((o) => o > 0))].sort((a, b) => a - b);
  for (let i = 3; i < MAT3_TABLES.length; i++) {
    const rel = offsets[i];
    if (rel === 0 || DECODED_TABLES.has(i)) continue;
    // The last table of a shared offset is the one that holds the data.
    if (offsets.slice(i + 1).includes(rel)) continue;
    if (rel < MAT3_HEADER_SIZE || rel >= declaredEnd) {
      ctx.limited.add('error', 'J3D_TABLE_RANGE', s + 0x0C + 4 * i, 4,
        () => `MAT3: ${MAT3_TABLES[i]} offset ${hex(rel)} at ${hex(s + 0x0C + 4 * i)} is outside the chunk after its header (${hex(MAT3_HEADER_SIZE)} … ${hex(declaredEnd)}).`);
      continue;
    }
    const next = starts.find((o) => o > rel) ?? declaredEnd;
    const end = Math.min(next, declaredEnd, bytes.length - s);
    if (end <= rel) continue;
    const node = ctx.b.bytesField(MAT3_TABLES[i], s + rel, end - rel, 'data', 'bytes');
    const sharing = MAT3_TABLES.filter((_, k) => k !== i && offsets[k] === rel && !DECODED_TABLES.has(k));
    node.display = `opaque (not used by the preview)${sharing.length ? `; ${sharing.join(', ')} start here too (empty)` : ''}`;
  }
  return out;
}
