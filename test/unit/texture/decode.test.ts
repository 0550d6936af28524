/**
 * GX texture decoding from hand-built blocks, texel by texel. Every expected value is worked out
 * by hand from FORMATS.md §10.9 (block layout, bit expansion) in the comment beside it.
 */
import * as assert from 'assert';
import {
  cmprPalette, decodeImage, decodePalette, GxPaletteFormat, GxTextureFormat, imageByteSize, mipChain,
} from '../../../src/formats/texture';

/** RGBA of texel (x, y) of a decoded image `w` wide. */
function texel(img: Uint8Array, w: number, x: number, y: number): number[] {
  const o = (y * w + x) * 4;
  return Array.from(img.subarray(o, o + 4));
}

describe('texture: GX formats', () => {
  it('I4: 8×8 block, two texels per byte, high nibble first, v·17', () => {
    const block = new Uint8Array(32);
    block[0] = 0x1F; // texels (0,0) = 1 → 17, (1,0) = 15 → 255
    block[4 * 7 + 3] = 0xA5; // row 7, byte 3: texels (6,7) = 10 → 170, (7,7) = 5 → 85
    const img = decodeImage(block, 0, GxTextureFormat.I4, 8, 8);
    assert.deepStrictEqual(texel(img, 8, 0, 0), [17, 17, 17, 17]);
    assert.deepStrictEqual(texel(img, 8, 1, 0), [255, 255, 255, 255]);
    assert.deepStrictEqual(texel(img, 8, 6, 7), [170, 170, 170, 170]);
    assert.deepStrictEqual(texel(img, 8, 7, 7), [85, 85, 85, 85]);
    assert.deepStrictEqual(texel(img, 8, 2, 0), [0, 0, 0, 0]);
  });

  it('I8: 8×4 blocks left to right, then the next block row', () => {
    // 16×8 image = 2 × 2 blocks of 32 bytes: block 1 is (8..15, 0..3), block 2 (0..7, 4..7).
    const data = new Uint8Array(128);
    data[0] = 0x10; // (0,0)
    data[32 + 8 * 3 + 7] = 0x80; // block 1, row 3, col 7 → (15,3)
    data[64 + 8 * 1 + 2] = 0xFE; // block 2, row 1, col 2 → (2,5)
    const img = decodeImage(data, 0, GxTextureFormat.I8, 16, 8);
    assert.deepStrictEqual(texel(img, 16, 0, 0), [0x10, 0x10, 0x10, 0x10]);
    assert.deepStrictEqual(texel(img, 16, 15, 3), [0x80, 0x80, 0x80, 0x80]);
    assert.deepStrictEqual(texel(img, 16, 2, 5), [0xFE, 0xFE, 0xFE, 0xFE]);
  });

  it('IA4: high nibble alpha, low nibble intensity', () => {
    const block = new Uint8Array(32);
    block[0] = 0x3C; // alpha 3 → 51, intensity 12 → 204
    block[8 * 2 + 5] = 0xF0; // (5,2): alpha 255, intensity 0
    const img = decodeImage(block, 0, GxTextureFormat.IA4, 8, 4);
    assert.deepStrictEqual(texel(img, 8, 0, 0), [204, 204, 204, 51]);
    assert.deepStrictEqual(texel(img, 8, 5, 2), [0, 0, 0, 255]);
  });

  it('IA8: byte 0 alpha, byte 1 intensity (Dolphin/noclip order)', () => {
    const block = new Uint8Array(32);
    block[0] = 0x40; block[1] = 0xC0; // (0,0): A 0x40, I 0xC0
    block[2 * (4 * 3 + 1)] = 0xFF; block[2 * (4 * 3 + 1) + 1] = 0x12; // (1,3)
    const img = decodeImage(block, 0, GxTextureFormat.IA8, 4, 4);
    assert.deepStrictEqual(texel(img, 4, 0, 0), [0xC0, 0xC0, 0xC0, 0x40]);
    assert.deepStrictEqual(texel(img, 4, 1, 3), [0x12, 0x12, 0x12, 0xFF]);
  });

  it('RGB565: u16 R5 G6 B5, big-endian', () => {
    const block = new Uint8Array(32);
    // 0xF800 = pure red 31 → 255; 0x07E0 = green 63 → 255; 0x8410: R 16 → 132, G 32 → 130, B 16 → 132.
    block.set([0xF8, 0x00, 0x07, 0xE0, 0x84, 0x10], 0);
    const img = decodeImage(block, 0, GxTextureFormat.RGB565, 4, 4);
    assert.deepStrictEqual(texel(img, 4, 0, 0), [255, 0, 0, 255]);
    assert.deepStrictEqual(texel(img, 4, 1, 0), [0, 255, 0, 255]);
    assert.deepStrictEqual(texel(img, 4, 2, 0), [132, 130, 132, 255]);
  });

  it('RGB5A3: bit 15 set → RGB555 opaque, clear → A3 RGB444', () => {
    const block = new Uint8Array(32);
    // 0xFC00 = 1 11111 00000 00000 → (255, 0, 0, 255)
    // 0x3A5F = 0 011 1010 0101 1111 → A 3 → (3<<5)|(3<<2)|(3>>1) = 109, R 10·17 = 170, G 5·17 = 85, B 255
    block.set([0xFC, 0x00, 0x3A, 0x5F], 0);
    const img = decodeImage(block, 0, GxTextureFormat.RGB5A3, 4, 4);
    assert.deepStrictEqual(texel(img, 4, 0, 0), [255, 0, 0, 255]);
    assert.deepStrictEqual(texel(img, 4, 1, 0), [170, 85, 255, 109]);
  });

  it('RGBA8: 16 (A, R) pairs then 16 (G, B) pairs per 4×4 block', () => {
    const block = new Uint8Array(64);
    block.set([0x11, 0x22], 0); block.set([0x33, 0x44], 32); // texel 0: A 11 R 22 G 33 B 44
    block.set([0xAA, 0xBB], 2 * 15); block.set([0xCC, 0xDD], 32 + 2 * 15); // texel 15 = (3,3)
    const img = decodeImage(block, 0, GxTextureFormat.RGBA8, 4, 4);
    assert.deepStrictEqual(texel(img, 4, 0, 0), [0x22, 0x33, 0x44, 0x11]);
    assert.deepStrictEqual(texel(img, 4, 3, 3), [0xBB, 0xCC, 0xDD, 0xAA]);
  });

  it('palettes: IA8, RGB565, RGB5A3 entries', () => {
    const data = Uint8Array.from([0x80, 0x40, 0xF8, 0x00]);
    assert.deepStrictEqual(Array.from(decodePalette(data, 0, 2, GxPaletteFormat.IA8)), [0x40, 0x40, 0x40, 0x80, 0x00, 0x00, 0x00, 0xF8]);
    assert.deepStrictEqual(Array.from(decodePalette(data, 2, 1, GxPaletteFormat.RGB565)), [255, 0, 0, 255]);
    // 0x8040 = 1 00000 00010 00000 → G 2 → (2<<3)|(2>>2) = 16
    assert.deepStrictEqual(Array.from(decodePalette(data, 0, 1, GxPaletteFormat.RGB5A3)), [0, 16, 0, 255]);
  });

  it('C4 / C8 / C14X2: palette indices (out-of-palette index → transparent black)', () => {
    // Palette (RGB565): 0 black, 1 red, 2 green, 3 blue.
    const pal = decodePalette(Uint8Array.from([0x00, 0x00, 0xF8, 0x00, 0x07, 0xE0, 0x00, 0x1F]), 0, 4, GxPaletteFormat.RGB565);
    const c4 = new Uint8Array(32);
    c4[0] = 0x12; // (0,0) → 1 red, (1,0) → 2 green
    c4[4 * 5 + 3] = 0x3F; // (6,5) → 3 blue, (7,5) → 15: past the palette
    let img = decodeImage(c4, 0, GxTextureFormat.C4, 8, 8, pal);
    assert.deepStrictEqual(texel(img, 8, 0, 0), [255, 0, 0, 255]);
    assert.deepStrictEqual(texel(img, 8, 1, 0), [0, 255, 0, 255]);
    assert.deepStrictEqual(texel(img, 8, 6, 5), [0, 0, 255, 255]);
    assert.deepStrictEqual(texel(img, 8, 7, 5), [0, 0, 0, 0]);
    const c8 = new Uint8Array(32);
    c8[8 * 3 + 7] = 3; c8[1] = 1;
    img = decodeImage(c8, 0, GxTextureFormat.C8, 8, 4, pal);
    assert.deepStrictEqual(texel(img, 8, 7, 3), [0, 0, 255, 255]);
    assert.deepStrictEqual(texel(img, 8, 1, 0), [255, 0, 0, 255]);
    assert.deepStrictEqual(texel(img, 8, 0, 0), [0, 0, 0, 255]);
    const c14 = new Uint8Array(32);
    c14.set([0xC0, 0x02], 2 * 5); // (1,1): 0xC002 & 0x3FFF = 2 → green (top two bits ignored)
    c14.set([0x00, 0x03], 2 * 15); // (3,3) → blue
    img = decodeImage(c14, 0, GxTextureFormat.C14X2, 4, 4, pal);
    assert.deepStrictEqual(texel(img, 4, 1, 1), [0, 255, 0, 255]);
    assert.deepStrictEqual(texel(img, 4, 3, 3), [0, 0, 255, 255]);
  });

  it('CMPR: 2×2 DXT1 sub-blocks, 2-bit selectors leftmost in bits 7–6, 3/8–5/8 blend', () => {
    // c0 = 0xF800 (red 255,0,0) > c1 = 0x001F (blue 0,0,255): c2 = (5·255)>>3 = 159 red, (3·255)>>3 = 95 blue.
    assert.deepStrictEqual(cmprPalette(0xF800, 0x001F), [255, 0, 0, 255, 0, 0, 255, 255, 159, 0, 95, 255, 95, 0, 159, 255]);
    // c0 ≤ c1: c2 = average, c3 = average with alpha 0.
    assert.deepStrictEqual(cmprPalette(0x001F, 0xF800).slice(8), [127, 0, 127, 255, 127, 0, 127, 0]);
    const block = new Uint8Array(32);
    block.set([0xF8, 0x00, 0x00, 0x1F, 0b00011011, 0, 0, 0], 0); // TL row 0: selectors 0,1,2,3
    block.set([0x00, 0x1F, 0xF8, 0x00, 0, 0, 0, 0b11000000], 24); // BR row 3 col 0: selector 3 of c0 ≤ c1
    const img = decodeImage(block, 0, GxTextureFormat.CMPR, 8, 8);
    assert.deepStrictEqual(texel(img, 8, 0, 0), [255, 0, 0, 255]);
    assert.deepStrictEqual(texel(img, 8, 1, 0), [0, 0, 255, 255]);
    assert.deepStrictEqual(texel(img, 8, 2, 0), [159, 0, 95, 255]);
    assert.deepStrictEqual(texel(img, 8, 3, 0), [95, 0, 159, 255]);
    assert.deepStrictEqual(texel(img, 8, 4, 7), [127, 0, 127, 0]);
    assert.deepStrictEqual(texel(img, 8, 5, 7), [0, 0, 255, 255]); // BR c0 = blue
  });

  it('images smaller than a block are cut from the padded block; data past the end reads as 0', () => {
    const block = new Uint8Array(16);
    for (let i = 0; i < 16; i++) block[i] = i * 16;
    const img = decodeImage(block, 0, GxTextureFormat.I8, 3, 2);
    assert.strictEqual(img.length, 3 * 2 * 4);
    assert.deepStrictEqual(texel(img, 3, 2, 1), [(8 + 2) * 16, (8 + 2) * 16, (8 + 2) * 16, (8 + 2) * 16]);
    const past = decodeImage(new Uint8Array(0), 0, GxTextureFormat.RGBA8, 4, 4);
    assert.ok(past.every((v) => v === 0));
  });

  it('image and mip-chain sizes pad to whole blocks', () => {
    assert.strictEqual(imageByteSize(GxTextureFormat.CMPR, 64, 128), 64 * 128 / 2);
    assert.strictEqual(imageByteSize(GxTextureFormat.I4, 3, 3), 32);
    assert.strictEqual(imageByteSize(GxTextureFormat.RGBA8, 512, 512), 512 * 512 * 4);
    // RGBA8 512×512, 4 levels: 1,048,576 + 262,144 + 65,536 + 16,384 = 1,392,640 (§10.13).
    assert.strictEqual(mipChain(GxTextureFormat.RGBA8, 512, 512, 4).total, 1392640);
    // CMPR 64×128, 4 levels: 4096 + 1024 + 256 + 64.
    assert.deepStrictEqual(mipChain(GxTextureFormat.CMPR, 64, 128, 4).offsets, [0, 4096, 5120, 5376]);
    assert.strictEqual(imageByteSize(7, 8, 8), 0);
  });
});
