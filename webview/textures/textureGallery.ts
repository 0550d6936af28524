/**
 * Every TEX1 texture of a model as a tile: the decoded image (level 0), its format, size, wrap
 * modes, filters and mip levels. Hovering a tile shows where its bytes are; clicking (or Enter /
 * Space on the focused tile) reports its byte range — the image data, every mip level, or the
 * BTI header when there is no image — so the editor can select those bytes.
 *
 *   const gallery = new TextureGallery().mount(el);
 *   gallery.setTextures(payload.textures);
 *   gallery.onSelect((range) => …);
 *
 * Names from the file reach the DOM through textContent only.
 */
import { hex } from '../../src/formats/binary/diagnostics';
import type { PayloadTexture } from '../../src/wire/modelPayload';
import { el, Emitter } from '../shared/dom';

export interface TextureRange {
  texture: number;
  /** The image data (every level), or the 0x20-byte BTI header when there is none. */
  offset: number;
  length: number;
  headerOffset: number;
  headerLength: number;
}

const WRAP = ['clamp', 'repeat', 'mirror'];
const FILTER = ['near', 'linear', 'near, mip near', 'linear, mip near', 'near, mip linear', 'linear, mip linear'];
export const BTI_HEADER_LENGTH = 0x20;

export function textureRange(t: PayloadTexture): TextureRange {
  const hasImage = t.imageOffset >= 0 && t.imageByteLength > 0;
  return {
    texture: t.index,
    offset: hasImage ? t.imageOffset : t.headerOffset,
    length: hasImage ? t.imageByteLength : BTI_HEADER_LENGTH,
    headerOffset: t.headerOffset,
    headerLength: BTI_HEADER_LENGTH,
  };
}

/**
 * The hover card's rows for a texture's range, after the card's own Path/Offset/Size/Bytes rows:
 * where the image data and the BTI header are (a texture with no image has only the header).
 */
export function textureRangeFacts(r: TextureRange): [string, string][] {
  const header: [string, string] = ['Header', `${hex(r.headerOffset)}, ${r.headerLength} bytes`];
  return r.offset === r.headerOffset ? [header] : [['Image data', `${hex(r.offset)}, ${r.length} bytes`], header];
}

/** One line about a texture, as the tile and its accessible name give it. */
export function describeTexture(t: PayloadTexture): string {
  const wrap = `${WRAP[t.wrapS] ?? t.wrapS}/${WRAP[t.wrapT] ?? t.wrapT}`;
  const mips = `${t.imageCount} mip level${t.imageCount === 1 ? '' : 's'}`;
  return `${t.formatName} ${t.width} × ${t.height}, wrap ${wrap}, ${FILTER[t.minFilter] ?? t.minFilter}, ${mips}`;
}

export class TextureGallery {
  readonly element = el('div', 'as-textures');
  private readonly list = el('div', 'as-textures-list');
  private readonly status = el('div', 'as-textures-status');
  private textures: PayloadTexture[] = [];
  private readonly selectEmitter = new Emitter<[TextureRange]>();
  private readonly hoverEmitter = new Emitter<[TextureRange | undefined]>();
  /** A tile was clicked (or activated by keyboard): the bytes to select. */
  readonly onSelect = this.selectEmitter.event;
  /** The pointer or focus is on a tile (undefined: left the gallery). */
  readonly onHover = this.hoverEmitter.event;

  constructor(label = 'Textures') {
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', label);
    this.list.setAttribute('role', 'list');
    this.status.setAttribute('aria-live', 'polite');
    this.element.append(this.list, this.status);
    this.element.addEventListener('pointerleave', () => this.hover(undefined));
  }

  mount(container: HTMLElement): this {
    container.append(this.element);
    return this;
  }

  get count(): number {
    return this.textures.length;
  }

  setTextures(textures: readonly PayloadTexture[]): void {
    this.textures = textures.slice();
    this.list.textContent = '';
    const firstWith = new Map<Uint8Array, number>();
    for (const t of this.textures) {
      const shared = t.levels[0] ? firstWith.get(t.levels[0].rgba) : undefined;
      if (t.levels[0] && shared === undefined) firstWith.set(t.levels[0].rgba, t.index);
      this.list.append(this.tile(t, shared));
    }
    this.status.textContent = this.textures.length ? `${this.textures.length} texture(s). Hover a texture to see where it is stored; click to select its bytes.` : 'This model has no textures.';
  }

  private tile(t: PayloadTexture, sharedWith: number | undefined): HTMLElement {
    const item = el('div', 'as-textures-item');
    item.setAttribute('role', 'listitem');
    const button = el('button', 'as-textures-tile');
    button.type = 'button';
    button.dataset.texture = String(t.index);
    const range = textureRange(t);
    const where = `${t.imageOffset >= 0 ? `image at ${hex(t.imageOffset)} (${t.imageByteLength} bytes)` : 'no image'}, header at ${hex(t.headerOffset)}`;
    button.title = `Texture ${t.index}: ${where}`;
    button.setAttribute('aria-label', `Texture ${t.index} ${t.name}: ${describeTexture(t)}; ${where}`);
    const thumb = el('div', 'as-textures-thumb');
    const level = t.levels[0];
    if (level) {
      const canvas = el('canvas', 'as-textures-canvas');
      canvas.width = level.width;
      canvas.height = level.height;
      const ctx = canvas.getContext('2d');
      if (ctx) ctx.putImageData(new ImageData(new Uint8ClampedArray(level.rgba.buffer, level.rgba.byteOffset, level.rgba.byteLength).slice(), level.width, level.height), 0, 0);
      thumb.append(canvas);
    } else {
      thumb.append(el('span', 'as-textures-missing', t.problem ? `Not decoded: ${t.problem}` : 'Not decoded'));
    }
    const name = el('div', 'as-textures-name', `${t.index} · ${t.name || '(no name)'}`);
    const detail = el('div', 'as-textures-detail', describeTexture(t));
    button.append(thumb, name, detail);
    if (sharedWith !== undefined) button.append(el('div', 'as-textures-detail', `same image as texture ${sharedWith}`));
    button.addEventListener('click', () => {
      this.status.textContent = `Texture ${t.index}: selected ${range.length} bytes at ${hex(range.offset)}.`;
      this.selectEmitter.fire(range);
    });
    const show = (): void => this.hover(t);
    button.addEventListener('pointerenter', show);
    button.addEventListener('focus', show);
    item.append(button);
    return item;
  }

  private hover(t: PayloadTexture | undefined): void {
    if (t) this.status.textContent = `Texture ${t.index} (${t.name}): ${t.imageOffset >= 0 ? `image at ${hex(t.imageOffset)}, ${t.imageByteLength} bytes` : 'no image'}; header at ${hex(t.headerOffset)}.`;
    this.hoverEmitter.fire(t ? textureRange(t) : undefined);
  }

  dispose(): void {
    this.selectEmitter.dispose();
    this.hoverEmitter.dispose();
    this.element.remove();
  }
}
