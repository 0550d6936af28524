/**
 * MAT3 material records resolved to plain values (FORMATS.md §10.10): every index of a record is
 * looked up in its table; 0xFF / 0xFFFF (unset) gives the game's default (J3DMaterialFactory and
 * the j3dDefault* values of J3DTevs): material colour white, ambient 0x32323232, no texture, TEV
 * colours 0x00FF each, konst colours white, texgen n = 2×4 from TEXn with the identity, blend
 * (blend, src alpha, inverse src alpha), alpha compare always/and/always, z mode (on, ≤, update).
 *
 * The tables' lengths are not stored: each runs to the next table's offset; an index past it is
 * MDL_MATERIAL_TABLE_INDEX and takes the default.
 */
import { hex } from '../binary/diagnostics';
import type { ElementLayout, ScalarType } from '../binary/fields';
import { defaultMaterial } from './defaultMaterial';
import { recordElement } from '../binary/builder';
import type { ChunkContext } from '../jsystem/container';
import { readU16, readU32 } from '../jsystem/banks';
import type {
  AlphaCompare, BlendMode, ChannelControl, ModelMaterial, Rgba, TevOrder, TevStage, TexGen, TexMatrixInfo, ZMode,
} from './types';

const HEADER_SIZE = 0x84;
const ENTRY_SIZE = 0x14C;

/** Table numbers (index into the 30 MAT3 offsets) decoded here, with their element layouts. */
enum T {
  CullMode = 4, MaterialColor = 5, ChannelCount = 6, ChannelControl = 7, AmbientColor = 8, TexGenCount = 10,
  TexGen = 11, TexMatrix = 13, Texture = 15, TevOrder = 16, TevColor = 17, KonstColor = 18, TevStageCount = 19,
  TevStage = 20, AlphaCompare = 24, Blend = 25, ZMode = 26,
}

const rgba8 = recordElement('ColorRGBA8', [['r', 'u8'], ['g', 'u8'], ['b', 'u8'], ['a', 'u8']]);
const u8 = (name: string): [string, ScalarType] => [name, 'u8'];
const f32s = (prefix: string, n: number): [string, ScalarType][] => Array.from({ length: n }, (_, i) => [`${prefix}${i}`, 'f32'] as [string, ScalarType]);

const TABLE_LAYOUTS: Record<number, { name: string; element: ElementLayout }> = {
  [T.CullMode]: { name: 'cullModeTable', element: recordElement('CullMode', [['cullMode', 'u32']]) },
  [T.MaterialColor]: { name: 'materialColorTable', element: rgba8 },
  [T.ChannelCount]: { name: 'colorChannelCountTable', element: recordElement('Count', [u8('count')]) },
  [T.ChannelControl]: { name: 'colorChannelTable', element: recordElement('ChannelControl', [u8('lightingEnabled'), u8('materialSource'), u8('lightMask'), u8('diffuseFunction'), u8('attenuationFunction'), u8('ambientSource'), ['padding', 'u16']]) },
  [T.AmbientColor]: { name: 'ambientColorTable', element: rgba8 },
  [T.TexGenCount]: { name: 'texGenCountTable', element: recordElement('Count', [u8('count')]) },
  [T.TexGen]: { name: 'texCoordTable', element: recordElement('TexGen', [u8('type'), u8('source'), u8('matrix'), u8('padding')]) },
  [T.TexMatrix]: {
    name: 'texMtxTable', element: recordElement('TexMatrix', [
      u8('projection'), u8('mode'), ['padding', 'u16'], ['centerS', 'f32'], ['centerT', 'f32'], ['centerQ', 'f32'],
      ['scaleS', 'f32'], ['scaleT', 'f32'], ['rotation', 's16'], ['padding2', 'u16'], ['translationS', 'f32'], ['translationT', 'f32'],
      ...f32s('effect', 16),
    ]),
  },
  [T.Texture]: { name: 'textureTable', element: recordElement('TextureIndex', [['texture', 'u16']]) },
  [T.TevOrder]: { name: 'tevOrderTable', element: recordElement('TevOrder', [u8('texCoord'), u8('texMap'), u8('channel'), u8('padding')]) },
  [T.TevColor]: { name: 'tevColorTable', element: recordElement('ColorS10', [['r', 's16'], ['g', 's16'], ['b', 's16'], ['a', 's16']]) },
  [T.KonstColor]: { name: 'tevKonstColorTable', element: rgba8 },
  [T.TevStageCount]: { name: 'tevStageCountTable', element: recordElement('Count', [u8('count')]) },
  [T.TevStage]: {
    name: 'tevStageTable', element: recordElement('TevStage', [
      u8('unknown'), u8('colorA'), u8('colorB'), u8('colorC'), u8('colorD'), u8('colorOp'), u8('colorBias'), u8('colorScale'), u8('colorClamp'), u8('colorRegister'),
      u8('alphaA'), u8('alphaB'), u8('alphaC'), u8('alphaD'), u8('alphaOp'), u8('alphaBias'), u8('alphaScale'), u8('alphaClamp'), u8('alphaRegister'), u8('padding'),
    ]),
  },
  [T.AlphaCompare]: { name: 'alphaCompareTable', element: recordElement('AlphaCompare', [u8('comp0'), u8('ref0'), u8('op'), u8('comp1'), u8('ref1'), u8('padding0'), u8('padding1'), u8('padding2')]) },
  [T.Blend]: { name: 'blendTable', element: recordElement('Blend', [u8('mode'), u8('source'), u8('destination'), u8('logicOp')]) },
  [T.ZMode]: { name: 'zModeTable', element: recordElement('ZMode', [u8('compare'), u8('func'), u8('update'), u8('padding')]) },
};

/** MAT3 offset numbers whose tables are decoded (the others stay opaque regions). */
export const DECODED_TABLES: ReadonlySet<number> = new Set(Object.keys(TABLE_LAYOUTS).map(Number));

/** The 0x14C-byte material record as named fields (indices into the tables). */
export function materialEntryLayout(): ElementLayout {
  const fields: [string, ScalarType][] = [
    u8('mode'), u8('cullModeIndex'), u8('colorChannelCountIndex'), u8('texGenCountIndex'), u8('tevStageCountIndex'),
    u8('zCompLocIndex'), u8('zModeIndex'), u8('ditherIndex'),
  ];
  const u16s = (name: string, n: number): void => { for (let i = 0; i < n; i++) fields.push([`${name}${i}`, 'u16']); };
  const u8s = (name: string, n: number): void => { for (let i = 0; i < n; i++) fields.push([`${name}${i}`, 'u8']); };
  u16s('materialColorIndex', 2); u16s('colorChannelIndex', 4); u16s('ambientColorIndex', 2); u16s('lightIndex', 8);
  u16s('texGenIndex', 8); u16s('postTexGenIndex', 8); u16s('texMtxIndex', 10); u16s('postTexMtxIndex', 20);
  u16s('textureIndex', 8); u16s('konstColorIndex', 4); u8s('konstColorSelector', 16); u8s('konstAlphaSelector', 16);
  u16s('tevOrderIndex', 16); u16s('tevColorIndex', 4); u16s('tevStageIndex', 16); u16s('tevSwapModeIndex', 16);
  u16s('tevSwapTableIndex', 4); u16s('reserved', 12); fields.push(['fogIndex', 'u16'], ['alphaCompareIndex', 'u16'], ['blendIndex', 'u16'], ['nbtScaleIndex', 'u16']);
  const layout = recordElement('MaterialEntry', fields);
  if (layout.size !== ENTRY_SIZE) throw new Error(`MaterialEntry layout is ${layout.size} bytes`);
  return layout;
}

interface Table { offset: number; count: number; size: number }

/**
 * Decodes the preview tables as array nodes and resolves every material. `entriesOffset` /
 * `entryCount`: the material records inside the bytes.
 */
export function resolveMaterials(
  ctx: ChunkContext, offsets: number[], mat3: { names: string[]; remap: number[]; count: number },
  entriesOffset: number, entryCount: number, textureCount: number,
): ModelMaterial[] {
  const { bytes } = ctx;
  const s = ctx.start;
  const declaredEnd = ctx.chunk.declaredSize;
  const starts = [...new Set(offsets.filter((o) => o > 0)), declaredEnd].sort((a, b) => a - b);
  const tables = new Map<number, Table>();
  for (const [key, { name, element }] of Object.entries(TABLE_LAYOUTS)) {
    const k = Number(key);
    const rel = offsets[k];
    if (rel === 0) continue;
    // The last of several tables sharing an offset holds the data; the earlier ones are empty.
    if (offsets.slice(k + 1).includes(rel)) continue;
    if (rel < HEADER_SIZE || rel >= declaredEnd) {
      ctx.limited.add('error', 'J3D_TABLE_RANGE', s + 0x0C + 4 * k, 4,
        () => `MAT3: ${name} offset ${hex(rel)} at ${hex(s + 0x0C + 4 * k)} is outside the chunk after its header (${hex(HEADER_SIZE)} … ${hex(declaredEnd)}).`);
      continue;
    }
    const next = starts.find((o) => o > rel) ?? declaredEnd;
    const count = Math.floor((next - rel) / element.size);
    const t = ctx.table(name, rel, count, element, 'table');
    t.node.display = `${t.count} entries (length up to the next table: may include padding)`;
    tables.set(k, { offset: t.offset, count: t.count, size: element.size });
  }

  const materials: ModelMaterial[] = [];
  for (let m = 0; m < mat3.count; m++) {
    const e = mat3.remap[m];
    const mat = defaultMaterial(m, mat3.names[m] ?? '', e);
    materials.push(mat);
    if (e >= entryCount) continue;
    const r = entriesOffset + e * ENTRY_SIZE;
    mat.offset = r;
    const label = `material ${m} (${JSON.stringify(mat.name)})`;
    /** Absolute offset of element `index` of table `k`, or -1 (unset, or reported out of range). */
    const at = (k: number, index: number, fieldAt: number, fieldSize: number): number => {
      if (index === (fieldSize === 1 ? 0xFF : 0xFFFF)) return -1;
      const t = tables.get(k);
      if (!t || index >= t.count) {
        ctx.limited.add('error', 'MDL_MATERIAL_TABLE_INDEX', fieldAt, fieldSize,
          () => `MAT3: ${label}: index ${index} at ${hex(fieldAt)} is past ${TABLE_LAYOUTS[k].name} (${t ? `${t.count} entries` : 'absent'}); the default is used.`);
        return -1;
      }
      return t.offset + index * t.size;
    };
    const byte = (k: number, fieldAt: number): number => at(k, bytes[fieldAt], fieldAt, 1);
    const word = (k: number, fieldAt: number): number => at(k, readU16(bytes, fieldAt), fieldAt, 2);
    const color = (p: number): Rgba => [bytes[p], bytes[p + 1], bytes[p + 2], bytes[p + 3]];
    const s16 = (p: number): number => (readU16(bytes, p) << 16) >> 16;
    const f32 = (p: number): number => new DataView(bytes.buffer, bytes.byteOffset + p, 4).getFloat32(0, false);

    mat.mode = bytes[r];
    let p = byte(T.CullMode, r + 1); if (p >= 0) mat.cullMode = readU32(bytes, p);
    p = byte(T.ChannelCount, r + 2); if (p >= 0) mat.colorChannelCount = bytes[p];
    p = byte(T.TexGenCount, r + 3); if (p >= 0) mat.texGenCount = bytes[p];
    p = byte(T.TevStageCount, r + 4); if (p >= 0) mat.tevStageCount = bytes[p];
    p = byte(T.ZMode, r + 6); if (p >= 0) mat.zMode = { compare: bytes[p] !== 0, func: bytes[p + 1], update: bytes[p + 2] !== 0 } satisfies ZMode;
    for (let i = 0; i < 2; i++) {
      p = word(T.MaterialColor, r + 0x08 + i * 2); if (p >= 0) mat.materialColors[i] = color(p);
      p = word(T.AmbientColor, r + 0x14 + i * 2); if (p >= 0) mat.ambientColors[i] = color(p);
    }
    for (let i = 0; i < 4; i++) {
      p = word(T.ChannelControl, r + 0x0C + i * 2);
      if (p >= 0) {
        mat.channelControls[i] = {
          lightingEnabled: bytes[p] !== 0, materialSource: bytes[p + 1], lightMask: bytes[p + 2],
          diffuseFunction: bytes[p + 3], attenuationFunction: bytes[p + 4], ambientSource: bytes[p + 5],
        } satisfies ChannelControl;
      }
    }
    for (let i = 0; i < 8; i++) {
      p = word(T.TexGen, r + 0x28 + i * 2); if (p >= 0) mat.texGens[i] = { type: bytes[p], source: bytes[p + 1], matrix: bytes[p + 2] } satisfies TexGen;
      const fieldAt = r + 0x84 + i * 2;
      p = word(T.Texture, fieldAt);
      if (p >= 0) {
        const tex = readU16(bytes, p);
        mat.texNumbers[i] = tex;
        if (textureCount >= 0 && tex >= textureCount) {
          ctx.limited.add('error', 'MDL_TEXTURE_INDEX', p, 2,
            () => `MAT3: ${label} texmap slot ${i} uses texture ${tex} (tex-number table at ${hex(p)}), but TEX1 has ${textureCount}; it is drawn untextured.`);
        }
      }
    }
    for (let i = 0; i < 10; i++) {
      p = word(T.TexMatrix, r + 0x48 + i * 2);
      if (p >= 0) {
        mat.texMatrices[i] = {
          projection: bytes[p], mode: bytes[p + 1] & 0x7F, maya: (bytes[p + 1] & 0x80) !== 0,
          center: [f32(p + 0x04), f32(p + 0x08), f32(p + 0x0C)], scale: [f32(p + 0x10), f32(p + 0x14)], rotation: s16(p + 0x18),
          translation: [f32(p + 0x1C), f32(p + 0x20)], effectMatrix: Array.from({ length: 16 }, (_, k) => f32(p + 0x24 + k * 4)),
        } satisfies TexMatrixInfo;
      }
    }
    for (let i = 0; i < 4; i++) {
      p = word(T.KonstColor, r + 0x94 + i * 2); if (p >= 0) mat.konstColors[i] = color(p);
      p = word(T.TevColor, r + 0xDC + i * 2); if (p >= 0) mat.tevColors[i] = [s16(p), s16(p + 2), s16(p + 4), s16(p + 6)];
    }
    for (let i = 0; i < 16; i++) {
      const kc = bytes[r + 0x9C + i], ka = bytes[r + 0xAC + i];
      mat.konstColorSelectors[i] = kc === 0xFF ? null : kc;
      mat.konstAlphaSelectors[i] = ka === 0xFF ? null : ka;
      p = word(T.TevOrder, r + 0xBC + i * 2); if (p >= 0) mat.tevOrders[i] = { texCoord: bytes[p], texMap: bytes[p + 1], channel: bytes[p + 2] } satisfies TevOrder;
      p = word(T.TevStage, r + 0xE4 + i * 2);
      if (p >= 0) {
        mat.tevStages[i] = {
          colorIn: [bytes[p + 1], bytes[p + 2], bytes[p + 3], bytes[p + 4]], colorOp: bytes[p + 5], colorBias: bytes[p + 6],
          colorScale: bytes[p + 7], colorClamp: bytes[p + 8] !== 0, colorRegister: bytes[p + 9],
          alphaIn: [bytes[p + 10], bytes[p + 11], bytes[p + 12], bytes[p + 13]], alphaOp: bytes[p + 14], alphaBias: bytes[p + 15],
          alphaScale: bytes[p + 16], alphaClamp: bytes[p + 17] !== 0, alphaRegister: bytes[p + 18],
        } satisfies TevStage;
      }
    }
    p = word(T.AlphaCompare, r + 0x146);
    if (p >= 0) mat.alphaCompare = { comp0: bytes[p], ref0: bytes[p + 1], op: bytes[p + 2], comp1: bytes[p + 3], ref1: bytes[p + 4] } satisfies AlphaCompare;
    p = word(T.Blend, r + 0x148);
    if (p >= 0) mat.blend = { mode: bytes[p], source: bytes[p + 1], destination: bytes[p + 2], logicOp: bytes[p + 3] } satisfies BlendMode;
  }
  return materials;
}
