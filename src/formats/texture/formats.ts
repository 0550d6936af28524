/**
 * GX texture formats (FORMATS.md §10.9): block sizes, image sizes and mip-chain sizes.
 * Images are stored in blocks, left to right, top to bottom; an image is padded to whole blocks.
 */

export enum GxTextureFormat {
  I4 = 0,
  I8 = 1,
  IA4 = 2,
  IA8 = 3,
  RGB565 = 4,
  RGB5A3 = 5,
  RGBA8 = 6,
  C4 = 8,
  C8 = 9,
  C14X2 = 10,
  CMPR = 14,
}

/** Palette (TLUT) entry formats: 16 bits per entry, the same layouts as the texture formats. */
export enum GxPaletteFormat {
  IA8 = 0,
  RGB565 = 1,
  RGB5A3 = 2,
}

export interface TextureFormatInfo {
  name: string;
  blockWidth: number;
  blockHeight: number;
  /** Bytes per block. */
  blockBytes: number;
  /** Colour-indexed formats (C4, C8, C14X2): texels are palette indices. */
  paletted: boolean;
  /** Highest index + 1 a texel can hold (paletted formats). */
  indexRange: number;
}

export const TEXTURE_FORMATS: Readonly<Record<number, TextureFormatInfo>> = {
  [GxTextureFormat.I4]: { name: 'I4', blockWidth: 8, blockHeight: 8, blockBytes: 32, paletted: false, indexRange: 0 },
  [GxTextureFormat.I8]: { name: 'I8', blockWidth: 8, blockHeight: 4, blockBytes: 32, paletted: false, indexRange: 0 },
  [GxTextureFormat.IA4]: { name: 'IA4', blockWidth: 8, blockHeight: 4, blockBytes: 32, paletted: false, indexRange: 0 },
  [GxTextureFormat.IA8]: { name: 'IA8', blockWidth: 4, blockHeight: 4, blockBytes: 32, paletted: false, indexRange: 0 },
  [GxTextureFormat.RGB565]: { name: 'RGB565', blockWidth: 4, blockHeight: 4, blockBytes: 32, paletted: false, indexRange: 0 },
  [GxTextureFormat.RGB5A3]: { name: 'RGB5A3', blockWidth: 4, blockHeight: 4, blockBytes: 32, paletted: false, indexRange: 0 },
  [GxTextureFormat.RGBA8]: { name: 'RGBA8', blockWidth: 4, blockHeight: 4, blockBytes: 64, paletted: false, indexRange: 0 },
  [GxTextureFormat.C4]: { name: 'C4', blockWidth: 8, blockHeight: 8, blockBytes: 32, paletted: true, indexRange: 16 },
  [GxTextureFormat.C8]: { name: 'C8', blockWidth: 8, blockHeight: 4, blockBytes: 32, paletted: true, indexRange: 256 },
  [GxTextureFormat.C14X2]: { name: 'C14X2', blockWidth: 4, blockHeight: 4, blockBytes: 32, paletted: true, indexRange: 0x4000 },
  [GxTextureFormat.CMPR]: { name: 'CMPR', blockWidth: 8, blockHeight: 8, blockBytes: 32, paletted: false, indexRange: 0 },
};

export const PALETTE_FORMAT_NAMES: Readonly<Record<number, string>> = {
  [GxPaletteFormat.IA8]: 'IA8',
  [GxPaletteFormat.RGB565]: 'RGB565',
  [GxPaletteFormat.RGB5A3]: 'RGB5A3',
};

/** GX textures are at most 1024 × 1024 (the width/height registers hold 10 bits + 1). */
export const MAX_TEXTURE_SIZE = 1024;

export function formatInfo(format: number): TextureFormatInfo | undefined {
  return Object.prototype.hasOwnProperty.call(TEXTURE_FORMATS, format) ? TEXTURE_FORMATS[format] : undefined;
}

/** Bytes of one image of `width` × `height` texels, padded to whole blocks; 0 for an unknown format. */
export function imageByteSize(format: number, width: number, height: number): number {
  const info = formatInfo(format);
  if (!info || width <= 0 || height <= 0) return 0;
  const bx = Math.ceil(width / info.blockWidth);
  const by = Math.ceil(height / info.blockHeight);
  return bx * by * info.blockBytes;
}

/** Size of mip level `level`: max(1, w >> level) × max(1, h >> level). */
export function mipDimensions(width: number, height: number, level: number): [number, number] {
  return [Math.max(1, width >> level), Math.max(1, height >> level)];
}

/** Byte offset of each level from the image data start, and the chain's total size. */
export function mipChain(format: number, width: number, height: number, levels: number): { offsets: number[]; sizes: number[]; total: number } {
  const offsets: number[] = [];
  const sizes: number[] = [];
  let total = 0;
  for (let k = 0; k < levels; k++) {
    const [w, h] = mipDimensions(width, height, k);
    const size = imageByteSize(format, w, h);
    offsets.push(total);
    sizes.push(size);
    total += size;
  }
  return { offsets, sizes, total };
}
