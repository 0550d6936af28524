/** GX texture formats → RGBA8 (FORMATS.md §10.9). Pure: no `vscode`, no DOM. */
export {
  GxPaletteFormat, GxTextureFormat, MAX_TEXTURE_SIZE, PALETTE_FORMAT_NAMES, TEXTURE_FORMATS,
  formatInfo, imageByteSize, mipChain, mipDimensions,
} from './formats';
export type { TextureFormatInfo } from './formats';
export { cmprPalette, decodeImage, decodePalette, expand3, expand4, expand5, expand6 } from './decode';
