/**
 * VTX1 — vertex attribute arrays (FORMATS.md §10.3).
 *
 * Field tree: `VTX1` → id, size, formatListOffset, the 13 data offsets (positionOffset,
 * normalOffset, nbtOffset, color0Offset, color1Offset, texCoord0Offset … texCoord7Offset),
 * `formats` (16-byte VertexFormat records up to and including the 0xFF end entry) and one array
 * node per present attribute (`positions`, `normals`, `color0`, `texCoord0` …) whose elements
 * are records of the stored component type (`x`, `y`, `z` / `s`, `t` / `r`, `g`, `b`, `a`).
 *
 * Array lengths are not stored: each runs to the next non-zero offset (or the chunk end), which
 * includes alignment padding, so the length is an upper bound (the game takes the position count
 * from INF1). Values are integer / 2^shift for integer component types.
 */
import { hex } from '../binary/diagnostics';
import type { ElementLayout, ScalarType } from '../binary/fields';
import { recordElement } from '../binary/builder';
import { ChunkContext } from '../jsystem/container';
import { readU32 } from '../jsystem/banks';
import { expand4, expand5, expand6 } from '../texture/decode';
import { VertexArray, VertexArrays, VertexAttribute, VertexFormat } from './types';

export const VTX1_HEADER_SIZE = 0x40;
const FORMAT_ENTRY_SIZE = 0x10;

/** The data offsets at 0x0C + 4·i, in header order, with the attribute each one holds. */
export const VTX1_ARRAYS: readonly { field: string; node: string; attribute: number }[] = [
  { field: 'positionOffset', node: 'positions', attribute: VertexAttribute.Position },
  { field: 'normalOffset', node: 'normals', attribute: VertexAttribute.Normal },
  { field: 'nbtOffset', node: 'nbt', attribute: VertexAttribute.NormalBinormalTangent },
  { field: 'color0Offset', node: 'color0', attribute: VertexAttribute.Color0 },
  { field: 'color1Offset', node: 'color1', attribute: VertexAttribute.Color1 },
  ...Array.from({ length: 8 }, (_, i) => ({ field: `texCoord${i}Offset`, node: `texCoord${i}`, attribute: VertexAttribute.Tex0 + i })),
];

const FORMAT_ENTRY = recordElement('VertexFormat', [
  ['attribute', 'u32'], ['componentCount', 'u32'], ['componentType', 'u32'], ['shift', 'u8'],
  ['padding0', 'u8'], ['padding1', 'u8'], ['padding2', 'u8'],
]);

const COMPONENT_TYPES: Record<number, ScalarType> = { 0: 'u8', 1: 's8', 2: 'u16', 3: 's16', 4: 'f32' };
/** Colour formats: name, bytes per colour, field layout. */
const COLOR_FORMATS: Record<number, { name: string; size: number; fields: [string, ScalarType][] }> = {
  0: { name: 'RGB565', size: 2, fields: [['rgb565', 'u16']] },
  1: { name: 'RGB8', size: 3, fields: [['r', 'u8'], ['g', 'u8'], ['b', 'u8']] },
  2: { name: 'RGBX8', size: 4, fields: [['r', 'u8'], ['g', 'u8'], ['b', 'u8'], ['x', 'u8']] },
  3: { name: 'RGBA4', size: 2, fields: [['rgba4', 'u16']] },
  4: { name: 'RGBA6', size: 3, fields: [['rgba6a', 'u8'], ['rgba6b', 'u8'], ['rgba6c', 'u8']] },
  5: { name: 'RGBA8', size: 4, fields: [['r', 'u8'], ['g', 'u8'], ['b', 'u8'], ['a', 'u8']] },
};

export const ATTRIBUTE_NAMES: Record<number, string> = {
  0: 'PNMTXIDX', 1: 'TEX0MTXIDX', 2: 'TEX1MTXIDX', 3: 'TEX2MTXIDX', 4: 'TEX3MTXIDX', 5: 'TEX4MTXIDX',
  6: 'TEX5MTXIDX', 7: 'TEX6MTXIDX', 8: 'TEX7MTXIDX', 9: 'POS', 10: 'NRM', 11: 'CLR0', 12: 'CLR1',
  13: 'TEX0', 14: 'TEX1', 15: 'TEX2', 16: 'TEX3', 17: 'TEX4', 18: 'TEX5', 19: 'TEX6', 20: 'TEX7', 0x19: 'NBT',
};

export function attributeName(attribute: number): string {
  return ATTRIBUTE_NAMES[attribute] ?? `attribute ${hex(attribute)}`;
}

function isColor(attribute: number): boolean {
  return attribute === VertexAttribute.Color0 || attribute === VertexAttribute.Color1;
}

function isTexCoord(attribute: number): boolean {
  return attribute >= VertexAttribute.Tex0 && attribute < VertexAttribute.Tex0 + 8;
}

/** Components per element stored in the array; undefined for a count the attribute does not have. */
function componentsOf(attribute: number, count: number): number | undefined {
  if (attribute === VertexAttribute.Position) return count === 0 ? 2 : count === 1 ? 3 : undefined;
  if (attribute === VertexAttribute.Normal || attribute === VertexAttribute.NormalBinormalTangent) return count === 0 ? 3 : count === 1 || count === 2 ? 9 : undefined;
  if (isTexCoord(attribute)) return count === 0 ? 1 : count === 1 ? 2 : undefined;
  return undefined;
}

const AXES = ['x', 'y', 'z', 'bx', 'by', 'bz', 'tx', 'ty', 'tz'];

/** Element layout and size of one array element; undefined when the format is not understood. */
function elementOf(f: VertexFormat): { layout: ElementLayout; size: number; components: number; type?: ScalarType } | undefined {
  if (isColor(f.attribute)) {
    const c = COLOR_FORMATS[f.componentType];
    if (!c) return undefined;
    return { layout: recordElement(c.name, c.fields), size: c.size, components: 4 };
  }
  const components = componentsOf(f.attribute, f.componentCount);
  const type = COMPONENT_TYPES[f.componentType];
  if (components === undefined || !type) return undefined;
  const names = isTexCoord(f.attribute) ? ['s', 't'] : AXES;
  const layout = recordElement(`${attributeName(f.attribute)}<${type}>`, names.slice(0, components).map((n) => [n, type] as [string, ScalarType]));
  return { layout, size: layout.size, components, type };
}

function readComponent(bytes: Uint8Array, p: number, type: ScalarType, scale: number, view: DataView): number {
  switch (type) {
    case 'u8': return bytes[p] * scale;
    case 's8': return ((bytes[p] << 24) >> 24) * scale;
    case 'u16': return ((bytes[p] << 8) | bytes[p + 1]) * scale;
    case 's16': return ((((bytes[p] << 8) | bytes[p + 1]) << 16) >> 16) * scale;
    default: return view.getFloat32(p, false);
  }
}

function decodeColors(bytes: Uint8Array, at: number, count: number, format: number, size: number): Uint8Array {
  const out = new Uint8Array(count * 4);
  for (let i = 0, p = at; i < count; i++, p += size) {
    const o = i * 4;
    switch (format) {
      case 0: {
        const v = (bytes[p] << 8) | bytes[p + 1];
        out[o] = expand5(v >> 11); out[o + 1] = expand6((v >> 5) & 0x3F); out[o + 2] = expand5(v & 0x1F); out[o + 3] = 255;
        break;
      }
      case 1: case 2:
        out[o] = bytes[p]; out[o + 1] = bytes[p + 1]; out[o + 2] = bytes[p + 2]; out[o + 3] = 255;
        break;
      case 3:
        out[o] = expand4(bytes[p] >> 4); out[o + 1] = expand4(bytes[p] & 0xF); out[o + 2] = expand4(bytes[p + 1] >> 4); out[o + 3] = expand4(bytes[p + 1] & 0xF);
        break;
      case 4: {
        const v = (bytes[p] << 16) | (bytes[p + 1] << 8) | bytes[p + 2];
        out[o] = expand6((v >> 18) & 0x3F); out[o + 1] = expand6((v >> 12) & 0x3F); out[o + 2] = expand6((v >> 6) & 0x3F); out[o + 3] = expand6(v & 0x3F);
        break;
      }
      default:
        out[o] = bytes[p]; out[o + 1] = bytes[p + 1]; out[o + 2] = bytes[p + 2]; out[o + 3] = bytes[p + 3];
    }
  }
  return out;
}

export function decodeVtx1(ctx: ChunkContext): VertexArrays {
  const { bytes } = ctx;
  const s = ctx.start;
  const out: VertexArrays = { formats: [], colors: [undefined, undefined], texCoords: new Array(8).fill(undefined) };
  const formatRel = ctx.offsetField('formatListOffset', 0x08);
  const offsets = VTX1_ARRAYS.map((a, i) => ctx.offsetField(a.field, 0x0C + 4 * i));
  if (s + VTX1_HEADER_SIZE > bytes.length) return out;
  const chunkEnd = Math.min(ctx.chunk.declaredSize, bytes.length - s);

  // Format list: 16-byte entries up to attribute 0xFF, bounded by the chunk.
  let formatCount = 0;
  let ended = false;
  if (formatRel < VTX1_HEADER_SIZE || formatRel >= chunkEnd) {
    ctx.diagnostics.error('J3D_TABLE_RANGE', s + 0x08, 4,
      `VTX1: format list offset ${hex(formatRel)} at ${hex(s + 0x08)} is not inside the chunk after its header; no vertex array can be read.`);
  } else {
    for (let p = s + formatRel; p + FORMAT_ENTRY_SIZE <= s + chunkEnd; p += FORMAT_ENTRY_SIZE) {
      formatCount++;
      const attribute = readU32(bytes, p);
      if (attribute === VertexAttribute.End) { ended = true; break; }
      out.formats.push({ attribute, componentCount: readU32(bytes, p + 4), componentType: readU32(bytes, p + 8), shift: bytes[p + 12], offset: p });
    }
    if (!ended) {
      ctx.diagnostics.error('MDL_VERTEX_FORMAT', s + formatRel, formatCount * FORMAT_ENTRY_SIZE,
        `VTX1: the format list at ${hex(s + formatRel)} has no end entry (attribute 0xFF) before the end of the chunk.`);
    }
    const node = ctx.table('formats', formatRel, formatCount, FORMAT_ENTRY, 'table').node;
    node.display = out.formats.map((f) => attributeName(f.attribute)).join(', ');
  }

  const starts = [...new Set(offsets.filter((o) => o > 0)), chunkEnd].sort((a, b) => a - b);
  const scratchView = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  VTX1_ARRAYS.forEach((a, i) => {
    const rel = offsets[i];
    const format = out.formats.find((f) => f.attribute === a.attribute);
    const at = s + 0x0C + 4 * i;
    if (rel === 0) {
      if (format && a.attribute !== VertexAttribute.NormalBinormalTangent) {
        ctx.limited.add('warning', 'MDL_VERTEX_FORMAT', format.offset, FORMAT_ENTRY_SIZE,
          () => `VTX1: ${attributeName(a.attribute)} has a format entry at ${hex(format.offset)} but no data (offset at ${hex(at)} is 0).`);
      }
      return;
    }
    if (rel < VTX1_HEADER_SIZE || rel >= chunkEnd) {
      ctx.limited.add('error', 'J3D_TABLE_RANGE', at, 4,
        () => `VTX1: ${a.field} ${hex(rel)} at ${hex(at)} is not inside the chunk after its header (${hex(VTX1_HEADER_SIZE)} … ${hex(chunkEnd)}).`);
      return;
    }
    if (!format) {
      ctx.limited.add('warning', 'MDL_VERTEX_FORMAT', at, 4,
        () => `VTX1: ${attributeName(a.attribute)} data at ${hex(s + rel)} has no entry in the format list; it is not read.`);
      return;
    }
    const element = elementOf(format);
    if (!element) {
      ctx.limited.add('error', 'MDL_VERTEX_FORMAT', format.offset + 4, 8,
        () => `VTX1: ${attributeName(a.attribute)} format at ${hex(format.offset)} has component count ${format.componentCount} / type ${format.componentType}, which GX does not define for it; the array is not read.`);
      return;
    }
    const next = starts.find((o) => o > rel) ?? chunkEnd;
    const count = Math.floor((Math.min(next, chunkEnd) - rel) / element.size);
    const table = ctx.table(a.node, rel, count, element.layout, 'data');
    const n = table.count;
    let array: VertexArray;
    const abs = s + rel;
    if (isColor(a.attribute)) {
      array = { attribute: a.attribute, offset: abs, elementSize: element.size, count: n, stride: 4, data: decodeColors(bytes, abs, n, format.componentType, element.size) };
      out.colors[a.attribute - VertexAttribute.Color0] = array;
    } else {
      const stride = isTexCoord(a.attribute) ? 2 : 3;
      const data = new Float32Array(n * stride);
      const type = element.type!;
      const compSize = element.size / element.components;
      const scale = type === 'f32' ? 1 : 1 / 2 ** format.shift;
      // Only the normal of an NBT triple; XY positions get z = 0; S-only coordinates t = 0.
      const take = Math.min(stride, element.components);
      for (let k = 0; k < n; k++) {
        const p = abs + k * element.size;
        for (let c = 0; c < take; c++) data[k * stride + c] = readComponent(bytes, p + c * compSize, type, scale, scratchView);
      }
      array = { attribute: a.attribute, offset: abs, elementSize: element.size, count: n, stride, data };
      if (a.attribute === VertexAttribute.Position) out.positions = array;
      else if (a.attribute === VertexAttribute.Normal || a.attribute === VertexAttribute.NormalBinormalTangent) out.normals ??= array;
      else out.texCoords[a.attribute - VertexAttribute.Tex0] = array;
    }
    // Bytes up to the next array that make no whole element: alignment padding.
    const slackStart = abs + n * element.size, slackEnd = s + Math.min(next, chunkEnd);
    if (n === count && slackEnd > slackStart) {
      const slack = ctx.b.bytesField(`${a.node}Padding`, slackStart, slackEnd - slackStart, 'padding');
      slack.display = 'alignment padding (less than one element before the next array)';
    }
    table.node.display = `${n} × ${element.layout.type}${format.shift && element.type !== 'f32' ? ` ÷ 2^${format.shift}` : ''} (length up to the next array: may include padding)`;
  });
  for (const f of out.formats) {
    const known = f.attribute === VertexAttribute.Position || f.attribute === VertexAttribute.Normal || f.attribute === VertexAttribute.NormalBinormalTangent || isColor(f.attribute) || isTexCoord(f.attribute);
    if (!known) {
      ctx.limited.add('warning', 'MDL_VERTEX_FORMAT', f.offset, 4,
        () => `VTX1: format entry at ${hex(f.offset)} names ${attributeName(f.attribute)}, which has no array in VTX1; it is ignored.`);
    }
  }
  return out;
}
