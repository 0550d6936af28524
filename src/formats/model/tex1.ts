/**
 * TEX1 — textures (FORMATS.md §10.9): 0x20-byte BTI headers, a name table, and image/palette
 * data that the headers point at (offsets from each header; headers may share data).
 *
 * Field tree: `TEX1` → id, size, textureCount, padding, headerOffset, nameTableOffset,
 * `headers` (BtiHeader records), `nameTable`, then one `image@0xNNNN` node per distinct image
 * (the whole mip chain, children `level0` …) and one `palette@0xNNNN` per distinct palette.
 *
 * Pixels are decoded on request (decodeModelTextures / decodeModelTexture), with a byte budget.
 */
import { DiagnosticSink, hex } from '../binary/diagnostics';
import type { FieldNode } from '../binary/fields';
import { recordElement } from '../binary/builder';
import { ChunkContext } from '../jsystem/container';
import { readU16, readU32 } from '../jsystem/banks';
import { readGroupNames } from '../jsystem/nametable';
import { decodeImage, decodePalette } from '../texture/decode';
import { formatInfo, MAX_TEXTURE_SIZE, mipChain, mipDimensions, PALETTE_FORMAT_NAMES } from '../texture/formats';
import { boundedCount } from './bounds';
import type { ModelTexture } from './types';

export const TEX1_HEADER_SIZE = 0x14;
export const BTI_HEADER_SIZE = 0x20;
/** RGBA8 bytes decoded per model at most (16 full 1024 × 1024 textures); MDL_TEXTURE_BUDGET past it. */
export const MAX_DECODED_TEXTURE_BYTES = 64 << 20;

export const BTI_HEADER = recordElement('BtiHeader', [
  ['format', 'u8'], ['alpha', 'u8'], ['width', 'u16'], ['height', 'u16'], ['wrapS', 'u8'], ['wrapT', 'u8'],
  ['paletteFlag', 'u8'], ['paletteFormat', 'u8'], ['paletteCount', 'u16'], ['paletteOffset', 'u32'],
  ['mipmap', 'u8'], ['edgeLod', 'u8'], ['biasClamp', 'u8'], ['maxAnisotropy', 'u8'], ['minFilter', 'u8'], ['magFilter', 'u8'],
  ['minLod', 's8'], ['maxLod', 's8'], ['imageCount', 'u8'], ['padding', 'u8'], ['lodBias', 's16'], ['imageOffset', 'u32'],
]);

const s8 = (v: number): number => (v << 24) >> 24;

export function decodeTex1(ctx: ChunkContext): ModelTexture[] {
  const { bytes } = ctx;
  const s = ctx.start;
  const declared = ctx.b.u16('textureCount', s + 0x08);
  ctx.b.u16('padding', s + 0x0A, (v) => hex(v));
  const headerRel = ctx.offsetField('headerOffset', 0x0C);
  const nameRel = ctx.offsetField('nameTableOffset', 0x10);
  if (s + TEX1_HEADER_SIZE > bytes.length) return [];
  const count = boundedCount(ctx, 'texture count', 0x08, declared, headerRel, BTI_HEADER_SIZE, TEX1_HEADER_SIZE);
  const headers = ctx.table('headers', headerRel, count, BTI_HEADER, 'table');
  const names = readGroupNames(ctx, 'nameTable', nameRel, count, s + 0x10);
  const chunkEnd = s + Math.min(ctx.chunk.declaredSize, bytes.length - s);
  const textures: ModelTexture[] = [];
  const images = new Map<number, FieldNode>();
  const palettes = new Map<number, FieldNode>();
  for (let i = 0; i < headers.count; i++) {
    const h = headers.offset + i * BTI_HEADER_SIZE;
    const format = bytes[h];
    const info = formatInfo(format);
    const width = readU16(bytes, h + 2), height = readU16(bytes, h + 4);
    const paletteCount = readU16(bytes, h + 0x0A);
    const paletteRel = readU32(bytes, h + 0x0C);
    const imageRel = readU32(bytes, h + 0x1C);
    const imageCount = bytes[h + 0x18];
    const t: ModelTexture = {
      index: i, name: names[i] ?? '', headerOffset: h, format, formatName: info?.name ?? `unknown (${format})`, alpha: bytes[h + 1],
      width, height, wrapS: bytes[h + 6], wrapT: bytes[h + 7], paletteFormat: bytes[h + 9], paletteCount,
      paletteOffset: -1, mipmap: bytes[h + 0x10] !== 0, minFilter: bytes[h + 0x14], magFilter: bytes[h + 0x15],
      minLod: s8(bytes[h + 0x16]) / 8, maxLod: s8(bytes[h + 0x17]) / 8, lodBias: ((readU16(bytes, h + 0x1A) << 16) >> 16) / 100,
      imageCount, imageOffset: -1, levelOffsets: [], decodable: false,
    };
    textures.push(t);
    const label = `texture ${i} (${JSON.stringify(t.name)})`;
    if (!info) {
      ctx.limited.add('error', 'MDL_TEXTURE_FORMAT', h, 1, () => `TEX1: ${label} at ${hex(h)} has format ${format}, which GX does not define (0–6, 8–10, 14); it cannot be decoded.`);
      continue;
    }
    if (width === 0 || height === 0 || width > MAX_TEXTURE_SIZE || height > MAX_TEXTURE_SIZE) {
      ctx.limited.add('error', 'MDL_TEXTURE_SIZE', h + 2, 4, () => `TEX1: ${label} at ${hex(h)} is ${width} × ${height}; GX textures are 1 … ${MAX_TEXTURE_SIZE} texels wide and high. It is not decoded.`);
      continue;
    }
    if (imageRel === 0 || imageCount === 0) {
      ctx.limited.add('error', 'MDL_TEXTURE_RANGE', h + 0x18, 8, () => `TEX1: ${label} at ${hex(h)} has no image (image offset ${hex(imageRel)}, ${imageCount} image(s)).`);
      continue;
    }
    const start = h + imageRel;
    ctx.diagnostics.pointsTo(start, h + 0x1C, 4);
    const chain = mipChain(format, width, height, imageCount);
    let levels = 0;
    for (let k = 0; k < imageCount; k++) {
      if (start + chain.offsets[k] + chain.sizes[k] > chunkEnd) break;
      levels++;
    }
    if (levels < imageCount) {
      ctx.limited.add('error', 'MDL_TEXTURE_RANGE', start, chain.total,
        () => `TEX1: ${label}: ${imageCount} mip level(s) of ${format === 14 ? 'CMPR' : info.name} ${width} × ${height} need ${chain.total} bytes from ${hex(start)}, past the chunk end at ${hex(chunkEnd)}; ${levels} level(s) fit.`);
    }
    if (levels === 0) continue;
    t.imageOffset = start;
    t.levelOffsets = chain.offsets.slice(0, levels).map((o) => start + o);
    if (!images.has(start)) {
      const size = chain.offsets[levels - 1] + chain.sizes[levels - 1];
      const children: FieldNode[] = t.levelOffsets.map((o, k) => {
        const [w, hh] = mipDimensions(width, height, k);
        return { name: `level${k}`, path: '', offset: o, size: chain.sizes[k], type: `${info.name}[${w}×${hh}]`, value: undefined, display: `${w} × ${hh} ${info.name}`, role: 'data' as const, missing: undefined, children: undefined, array: undefined };
      });
      const node: FieldNode = { name: `image@${hex(start - s)}`, path: '', offset: start, size, type: 'TextureImage', value: undefined, display: `${info.name} ${width} × ${height}, ${levels} level(s): texture ${i}`, role: 'data', missing: undefined, children, array: undefined };
      images.set(start, node);
    } else {
      const node = images.get(start)!;
      node.display = `${node.display}, ${i}`;
    }
    if (info.paletted) {
      if (paletteCount === 0 || paletteRel === 0) {
        ctx.limited.add('error', 'MDL_TEXTURE_PALETTE', h + 0x08, 8, () => `TEX1: ${label} is ${info.name} (colour-indexed) but has no palette (${paletteCount} entries at offset ${hex(paletteRel)}); it cannot be decoded.`);
        continue;
      }
      const pStart = h + paletteRel;
      ctx.diagnostics.pointsTo(pStart, h + 0x0C, 4);
      if (pStart + paletteCount * 2 > chunkEnd || !(t.paletteFormat in PALETTE_FORMAT_NAMES)) {
        ctx.limited.add('error', 'MDL_TEXTURE_PALETTE', h + 0x08, 8, () => `TEX1: ${label}: the palette (${paletteCount} entries of format ${t.paletteFormat} at ${hex(pStart)}) is not inside the chunk or its format is not 0 IA8, 1 RGB565, 2 RGB5A3.`);
        continue;
      }
      t.paletteOffset = pStart;
      if (!palettes.has(pStart)) {
        palettes.set(pStart, {
          name: `palette@${hex(pStart - s)}`,
          path: '',
          offset: pStart,
          size: paletteCount * 2,
          type: `${PALETTE_FORMAT_NAMES[t.paletteFormat]}[${paletteCount}]`,
          value: undefined,
          display: undefined,
          role: 'data',
          missing: undefined,
          children: undefined,
          array: { count: paletteCount, stride: 2, element: { name: 'element', offset: 0, size: 2, type: 'u16' }, endian: 'big' },
        });
      }
    }
    t.decodable = true;
  }
  for (const node of [...images.values(), ...palettes.values()]) ctx.b.child(node);
  return textures;
}

export interface DecodedTexture {
  index: number;
  name: string;
  /** One RGBA8 image per decoded level (level 0 first). */
  levels: { width: number; height: number; rgba: Uint8Array }[];
}

export interface TextureDecodeOptions {
  /** Decode every mip level (default: level 0 only). */
  allLevels?: boolean;
  /** RGBA8 bytes at most (default MAX_DECODED_TEXTURE_BYTES). */
  maxBytes?: number;
}

/** One level of one texture → RGBA8; undefined when it is not decodable or the level is missing. */
export function decodeModelTexture(bytes: Uint8Array, t: ModelTexture, level = 0): { width: number; height: number; rgba: Uint8Array } | undefined {
  if (!t.decodable || level < 0 || level >= t.levelOffsets.length) return undefined;
  const [w, h] = mipDimensions(t.width, t.height, level);
  const palette = t.paletteOffset >= 0 ? decodePalette(bytes, t.paletteOffset, t.paletteCount, t.paletteFormat) : undefined;
  return { width: w, height: h, rgba: decodeImage(bytes, t.levelOffsets[level], t.format, w, h, palette) };
}

/**
 * Every texture of a model → RGBA8, within a byte budget: textures past it are left out with one
 * MDL_TEXTURE_BUDGET diagnostic. Headers that share image data share the decoded pixels.
 */
export function decodeModelTextures(bytes: Uint8Array, textures: readonly ModelTexture[], diagnostics: DiagnosticSink, options: TextureDecodeOptions = {}): DecodedTexture[] {
  const budget = options.maxBytes ?? MAX_DECODED_TEXTURE_BYTES;
  let used = 0;
  const cache = new Map<string, { width: number; height: number; rgba: Uint8Array }>();
  const out: DecodedTexture[] = [];
  let skipped = 0;
  let firstSkipped = -1;
  for (const t of textures) {
    const entry: DecodedTexture = { index: t.index, name: t.name, levels: [] };
    out.push(entry);
    const levels = options.allLevels ? t.levelOffsets.length : Math.min(1, t.levelOffsets.length);
    for (let k = 0; k < levels && t.decodable; k++) {
      const key = `${t.levelOffsets[k]}:${t.format}:${t.width}:${t.height}:${k}:${t.paletteOffset}:${t.paletteFormat}:${t.paletteCount}`;
      let img = cache.get(key);
      if (!img) {
        const [w, h] = mipDimensions(t.width, t.height, k);
        if (used + w * h * 4 > budget) {
          skipped++;
          if (firstSkipped < 0) firstSkipped = t.index;
          break;
        }
        img = decodeModelTexture(bytes, t, k);
        if (!img) break;
        used += img.rgba.length;
        cache.set(key, img);
      }
      entry.levels.push(img);
    }
  }
  if (skipped > 0) {
    const t = textures[firstSkipped];
    diagnostics.warning('MDL_TEXTURE_BUDGET', t?.headerOffset ?? 0, BTI_HEADER_SIZE,
      `TEX1: decoding the textures would take more than ${budget} bytes of RGBA; ${skipped} image(s) from texture ${firstSkipped} on were not decoded.`);
  }
  return out;
}
