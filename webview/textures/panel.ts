/**
 * The texture panel (a model file): every TEX1 texture in the gallery (textureGallery.ts), in the
 * place the curves take for an animation. Hovering a texture highlights its bytes in the hex view
 * with a card naming them; clicking selects them (and the field that owns them in the tree).
 */
import { fieldsAt, FieldNode } from '../../src/formats/binary/fields';
import type { PageServices } from '../page/bus';
import type { Panel, PanelContext, RenderReport } from '../page/panel';
import { el } from '../shared/dom';
import { TextureGallery, TextureRange, textureRangeFacts } from './textureGallery';

export class TexturesPanel implements Panel {
  readonly id = 'textures';
  readonly slot = 'curves';
  visible = false;
  readonly element = el('section', 'as-textures-pane');
  readonly gallery = new TextureGallery('Textures of the model');
  private context: PanelContext | undefined;

  constructor(private readonly page: PageServices) {
    this.element.setAttribute('aria-label', 'Textures');
    this.element.hidden = true;
    this.element.append(el('h2', 'as-pane-title', 'Textures'));
    this.gallery.mount(this.element);
    this.gallery.onSelect((r) => page.bus.revealBytes.fire(r.offset, r.length));
    this.gallery.onHover((r) => this.hover(r));
  }

  mount(container: HTMLElement): void {
    container.append(this.element);
  }

  load(context: PanelContext): void {
    this.context = context;
    const payload = context.file.format === 'model' ? context.payload?.payload : undefined;
    this.visible = !!payload;
    this.element.hidden = !this.visible;
    this.gallery.setTextures(payload?.textures ?? []);
  }

  saveState(): undefined {
    return undefined;
  }

  restoreState(): void {
    // The gallery shows the load.
  }

  report(r: RenderReport): void {
    if (this.visible && r.modelView) r.modelView.textures = this.gallery.count;
  }

  dispose(): void {
    this.gallery.dispose();
    this.element.remove();
  }

  /** The field that spans exactly the texture's bytes (its image, all levels), else the deepest one at its start. */
  private fieldOf(r: TextureRange): FieldNode | undefined {
    const c = this.context;
    if (!c) return undefined;
    const chain = fieldsAt(c.root, r.offset, c.file.bytes);
    return chain.find((n) => n.offset === r.offset && n.size === r.length) ?? c.fields.fieldAt(r.offset);
  }

  private hover(r: TextureRange | undefined): void {
    const bus = this.page.bus;
    if (!r) {
      bus.hoverField.fire({ source: 'page' });
      return;
    }
    const tile = this.gallery.element.querySelector<HTMLElement>(`[data-texture="${r.texture}"]`);
    bus.hoverField.fire({
      source: 'page', node: this.fieldOf(r), anchor: tile ?? undefined, delay: 250, reveal: true,
      card: { title: `Texture ${r.texture}`, extra: textureRangeFacts(r), placement: 'right' },
    });
  }
}
