/**
 * GX texture decoding to RGBA8 (FORMATS.md §10.9; IA alpha-first and the CMPR 3/8–5/8 blend as
 * Dolphin and noclip, §10.14). Pure, never throws: bytes past the end of the data read as 0,
 * palette indices past the palette read as transparent black. The caller bounds the sizes.
 */
import { GxPaletteFormat, GxTextureFormat, formatInfo } from './formats';

/** Bit expansions to 8 bits. */
export const expand3 = (v: number): number => (v << 5) | (v << 2) | (v >> 1);
export const expand4 = (v: number): number => v * 17;
export const expand5 = (v: number): number => (v << 3) | (v >> 2);
export const expand6 = (v: number): number => (v << 2) | (v >> 4);

function u16(bytes: Uint8Array, p: number): number {
  return ((bytes[p] | 0) << 8) | (bytes[p + 1] | 0);
}

/** Writes one 16-bit texel of a palette/texture layout into out[o … o+3]. */
function write16(out: Uint8Array, o: number, v: number, format: GxPaletteFormat): void {
  switch (format) {
    case GxPaletteFormat.IA8: {
      // High byte (byte 0) alpha, low byte intensity.
      const i = v & 0xFF;
      out[o] = i; out[o + 1] = i; out[o + 2] = i; out[o + 3] = v >> 8;
      return;
    }
    case GxPaletteFormat.RGB565:
      out[o] = expand5(v >> 11); out[o + 1] = expand6((v >> 5) & 0x3F); out[o + 2] = expand5(v & 0x1F); out[o + 3] = 0xFF;
      return;
    case GxPaletteFormat.RGB5A3:
      if (v & 0x8000) {
        out[o] = expand5((v >> 10) & 0x1F); out[o + 1] = expand5((v >> 5) & 0x1F); out[o + 2] = expand5(v & 0x1F); out[o + 3] = 0xFF;
      } else {
        out[o] = expand4((v >> 8) & 0xF); out[o + 1] = expand4((v >> 4) & 0xF); out[o + 2] = expand4(v & 0xF); out[o + 3] = expand3((v >> 12) & 0x7);
      }
      return;
    default:
      out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = 0;
  }
}

/** `count` 16-bit palette entries at `offset` → RGBA8 (4 bytes per entry). */
export function decodePalette(bytes: Uint8Array, offset: number, count: number, format: number): Uint8Array {
  const n = Math.max(0, count | 0);
  const out = new Uint8Array(n * 4);
  for (let i = 0; i < n; i++) write16(out, i * 4, u16(bytes, offset + i * 2), format);
  return out;
}

/**
 * One image (`width` × `height` texels, blocks at `offset`) → RGBA8, row-major, 4 bytes per
 * texel. `palette` (decodePalette output) is used by C4, C8 and C14X2. Unknown formats decode
 * to an all-zero image.
 */
export function decodeImage(bytes: Uint8Array, offset: number, format: number, width: number, height: number, palette?: Uint8Array): Uint8Array {
  const w = Math.max(0, width | 0), h = Math.max(0, height | 0);
  const out = new Uint8Array(w * h * 4);
  const info = formatInfo(format);
  if (!info || w === 0 || h === 0) return out;
  const bw = info.blockWidth, bh = info.blockHeight;
  const blocksX = Math.ceil(w / bw), blocksY = Math.ceil(h / bh);
  const pal = palette ?? new Uint8Array(0);
  const palCount = pal.length >> 2;
  let p = offset;
  for (let by = 0; by < blocksY; by++) {
    for (let bx = 0; bx < blocksX; bx++, p += info.blockBytes) {
      const x0 = bx * bw, y0 = by * bh;
      if (format === GxTextureFormat.CMPR) {
        decodeCmprBlock(bytes, p, out, w, h, x0, y0);
        continue;
      }
      for (let ty = 0; ty < bh; ty++) {
        const y = y0 + ty;
        for (let tx = 0; tx < bw; tx++) {
          const x = x0 + tx;
          const t = ty * bw + tx; // texel index inside the block
          if (x >= w || y >= h) continue;
          const o = (y * w + x) * 4;
          switch (format) {
            case GxTextureFormat.I4: {
              const b = bytes[p + (t >> 1)] | 0;
              const i = expand4(t & 1 ? b & 0xF : b >> 4);
              out[o] = i; out[o + 1] = i; out[o + 2] = i; out[o + 3] = i;
              break;
            }
            case GxTextureFormat.I8: {
              const i = bytes[p + t] | 0;
              out[o] = i; out[o + 1] = i; out[o + 2] = i; out[o + 3] = i;
              break;
            }
            case GxTextureFormat.IA4: {
              const b = bytes[p + t] | 0;
              const i = expand4(b & 0xF);
              out[o] = i; out[o + 1] = i; out[o + 2] = i; out[o + 3] = expand4(b >> 4);
              break;
            }
            case GxTextureFormat.IA8:
              write16(out, o, u16(bytes, p + t * 2), GxPaletteFormat.IA8);
              break;
            case GxTextureFormat.RGB565:
              write16(out, o, u16(bytes, p + t * 2), GxPaletteFormat.RGB565);
              break;
            case GxTextureFormat.RGB5A3:
              write16(out, o, u16(bytes, p + t * 2), GxPaletteFormat.RGB5A3);
              break;
            case GxTextureFormat.RGBA8:
              // 16 (A, R) pairs, then 16 (G, B) pairs.
              out[o + 3] = bytes[p + t * 2] | 0;
              out[o] = bytes[p + t * 2 + 1] | 0;
              out[o + 1] = bytes[p + 32 + t * 2] | 0;
              out[o + 2] = bytes[p + 32 + t * 2 + 1] | 0;
              break;
            case GxTextureFormat.C4:
            case GxTextureFormat.C8:
            case GxTextureFormat.C14X2: {
              let index: number;
              if (format === GxTextureFormat.C4) {
                const b = bytes[p + (t >> 1)] | 0;
                index = t & 1 ? b & 0xF : b >> 4;
              } else if (format === GxTextureFormat.C8) {
                index = bytes[p + t] | 0;
              } else {
                index = u16(bytes, p + t * 2) & 0x3FFF;
              }
              if (index < palCount) {
                const q = index * 4;
                out[o] = pal[q]; out[o + 1] = pal[q + 1]; out[o + 2] = pal[q + 2]; out[o + 3] = pal[q + 3];
              }
              break;
            }
            default:
              break;
          }
        }
      }
    }
  }
  return out;
}

/** The four colours of one CMPR (DXT1) sub-block: 16 numbers r, g, b, a. */
export function cmprPalette(c0: number, c1: number): number[] {
  const r0 = expand5(c0 >> 11), g0 = expand6((c0 >> 5) & 0x3F), b0 = expand5(c0 & 0x1F);
  const r1 = expand5(c1 >> 11), g1 = expand6((c1 >> 5) & 0x3F), b1 = expand5(c1 & 0x1F);
  if (c0 > c1) {
    return [
      r0, g0, b0, 255,
      r1, g1, b1, 255,
      (5 * r0 + 3 * r1) >> 3, (5 * g0 + 3 * g1) >> 3, (5 * b0 + 3 * b1) >> 3, 255,
      (3 * r0 + 5 * r1) >> 3, (3 * g0 + 5 * g1) >> 3, (3 * b0 + 5 * b1) >> 3, 255,
    ];
  }
  const ar = (r0 + r1) >> 1, ag = (g0 + g1) >> 1, ab = (b0 + b1) >> 1;
  return [r0, g0, b0, 255, r1, g1, b1, 255, ar, ag, ab, 255, ar, ag, ab, 0];
}

/** One 8×8 CMPR block: four 4×4 sub-blocks TL, TR, BL, BR of 8 bytes each. */
function decodeCmprBlock(bytes: Uint8Array, p: number, out: Uint8Array, w: number, h: number, x0: number, y0: number): void {
  for (let s = 0; s < 4; s++) {
    const q = p + s * 8;
    const colours = cmprPalette(u16(bytes, q), u16(bytes, q + 2));
    const sx = x0 + (s & 1) * 4, sy = y0 + (s >> 1) * 4;
    for (let row = 0; row < 4; row++) {
      const y = sy + row;
      if (y >= h) break;
      const bits = bytes[q + 4 + row] | 0;
      for (let col = 0; col < 4; col++) {
        const x = sx + col;
        if (x >= w) break;
        const sel = (bits >> (6 - col * 2)) & 3;
        const o = (y * w + x) * 4;
        out[o] = colours[sel * 4]; out[o + 1] = colours[sel * 4 + 1]; out[o + 2] = colours[sel * 4 + 2]; out[o + 3] = colours[sel * 4 + 3];
      }
    }
  }
}
