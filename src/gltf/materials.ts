/**
 * TEX1 textures → PNG images; MAT3 materials → glTF materials (FORMATS.md §10.9, §10.10):
 * the first texmap slot with a texture is the base colour, its texcoord from the texgen that
 * feeds it, wrap and filter from the texture's header as the textureInfo's sampler; alpha mode
 * from blend and alpha compare; double-sided from cull mode; the whole MAT3 record in `extras`.
 */
import type { PNG as PngClass } from 'pngjs';
import type { GLTF } from '@gltf-transform/core';
import type { ModelMaterial, ModelTexture } from '../formats/model/types';
import type { DecodedTexture } from '../formats/model/tex1';

/** pngjs is loaded when a model with textures is exported. */
function pngjs(): typeof PngClass {
  return (require('pngjs') as typeof import('pngjs')).PNG;
}

export function encodePng(level: { width: number; height: number; rgba: Uint8Array }): Uint8Array {
  const PNG = pngjs();
  const png = new PNG({ width: level.width, height: level.height });
  png.data = Buffer.from(level.rgba.buffer, level.rgba.byteOffset, level.rgba.byteLength);
  return new Uint8Array(PNG.sync.write(png));
}

/** glTF sampler wrap of a GX wrap mode (0 clamp, 1 repeat, 2 mirror). */
export function gltfWrap(gx: number): GLTF.TextureWrapMode {
  return gx === 0 ? 33071 : gx === 2 ? 33648 : 10497;
}

/** glTF min filter of GX's (near, linear, near-mip-near, lin-mip-near, near-mip-lin, lin-mip-lin). */
export function gltfMinFilter(gx: number): GLTF.TextureMinFilter {
  return ([9728, 9729, 9984, 9985, 9986, 9987] as const)[gx] ?? 9729;
}

export function gltfMagFilter(gx: number): GLTF.TextureMagFilter {
  return gx === 0 ? 9728 : 9729;
}

export interface MaterialMapping {
  /** TEX1 index of the base colour texture, or -1. */
  texture: number;
  texCoord: number;
  /** The texture matrix (TEXMTX slot) that transforms those coordinates, or -1. */
  texMatrix: number;
  alphaMode: 'OPAQUE' | 'MASK' | 'BLEND';
  alphaCutoff: number;
  doubleSided: boolean;
  /** Channel 0 takes its colour from material colour 0 (the register), not from the vertices. */
  colorFromRegister: boolean;
  /** RGBA 0..1: material colour 0 when channel 0 takes its colour from the register, else white. */
  baseColorFactor: [number, number, number, number];
}

const GX_ALWAYS = 7, GX_GREATER = 4, GX_GEQUAL = 6;
const GX_TG_TEX0 = 4, GX_TEXMTX0 = 30, GX_IDENTITY = 60;

export function mapMaterial(m: ModelMaterial, textureCount: number): MaterialMapping {
  // The texture of the first TEV stage that samples one, else the first texmap slot with one.
  let slot = -1, texGen = -1;
  for (let s = 0; s < Math.min(m.tevStageCount, 16) && slot < 0; s++) {
    const o = m.tevOrders[s];
    if (o && o.texMap < 8 && m.texNumbers[o.texMap] != null) { slot = o.texMap; texGen = o.texCoord; }
  }
  if (slot < 0) slot = m.texNumbers.findIndex((t) => t != null);
  const texture = slot >= 0 && (m.texNumbers[slot] ?? -1) < textureCount ? m.texNumbers[slot]! : -1;
  const gen = texGen >= 0 && texGen < 8 ? m.texGens[texGen] : m.texGens[Math.max(slot, 0)];
  const texCoord = gen && gen.source >= GX_TG_TEX0 && gen.source < GX_TG_TEX0 + 8 ? gen.source - GX_TG_TEX0 : 0;
  const texMatrix = gen && gen.matrix >= GX_TEXMTX0 && gen.matrix < GX_IDENTITY ? (gen.matrix - GX_TEXMTX0) / 3 : -1;
  const blend = m.blend;
  const blends = blend.mode === 1 && !(blend.source === 1 && blend.destination === 0);
  const ac = m.alphaCompare;
  const masks = !(ac.comp0 === GX_ALWAYS && ac.comp1 === GX_ALWAYS) && (ac.comp0 === GX_GREATER || ac.comp0 === GX_GEQUAL);
  const fromRegister = (m.channelControls[0]?.materialSource ?? 0) === 0;
  const c = m.materialColors[0];
  return {
    texture,
    texCoord,
    texMatrix: Number.isInteger(texMatrix) ? texMatrix : -1,
    alphaMode: blends ? 'BLEND' : masks ? 'MASK' : 'OPAQUE',
    alphaCutoff: masks ? Math.min(1, Math.max(0, ac.ref0 / 255)) : 0.5,
    doubleSided: m.cullMode === 0,
    colorFromRegister: fromRegister,
    baseColorFactor: fromRegister ? [c[0] / 255, c[1] / 255, c[2] / 255, c[3] / 255] : [1, 1, 1, 1],
  };
}

/** The MAT3 record as plain JSON for `extras.j3d` (offsets dropped: they mean nothing in glTF). */
export function materialExtras(m: ModelMaterial): Record<string, unknown> {
  const { offset: _offset, ...rest } = m;
  return JSON.parse(JSON.stringify(rest)) as Record<string, unknown>;
}

export function textureExtras(t: ModelTexture): Record<string, unknown> {
  const { headerOffset: _h, paletteOffset: _p, imageOffset: _i, levelOffsets: _l, ...rest } = t;
  return { ...rest };
}

export type { DecodedTexture };
