/**
 * The preview panel: the preview of the shown group (createPreview: a colour swatch, a texture
 * matrix …, as the format's FormatSpec.preview names it), following the player's frame.
 */
import { pageSpecFor } from '../../src/kinds/pages';
import type { AnimData } from '../../src/kinds/pages';
import { groupCount } from '../curves/groups';
import type { PageServices, ShownGroup } from '../page/bus';
import type { Panel, PanelContext } from '../page/panel';
import { el } from '../shared/dom';
import { createPreview, Preview, TextureStripPreview } from './index';
import type { PayloadTexture } from '../../src/wire/modelPayload';

export class PreviewPanel implements Panel {
  readonly id = 'preview';
  readonly slot = 'side';
  visible = false;
  readonly element = el('div', 'as-preview-pane');
  private readonly empty = el('div', 'as-preview-empty', 'No preview for this entry.');
  private preview: Preview | null = null;
  private anim: AnimData | undefined;
  private textures: readonly PayloadTexture[] | undefined;

  constructor(private readonly page: PageServices) {
    this.element.setAttribute('aria-label', 'Preview');
    this.empty.hidden = true;
    this.element.append(this.empty);
    page.bus.shownGroup.event((g) => this.show(g));
    page.bus.frame.event((f) => this.preview?.setFrame(f));
  }

  /** The preview shown (tests). */
  get current(): Preview | null {
    return this.preview;
  }

  mount(container: HTMLElement): void {
    container.append(this.element);
  }

  load(context: PanelContext): void {
    const anim = context.anim;
    this.anim = anim;
    this.textures = context.payload?.payload?.textures;
    this.visible = !!anim && pageSpecFor(anim).preview.kind !== 'none' && groupCount(anim) > 0;
    this.element.hidden = !this.visible;
    this.show(this.page.bus.shownGroup.value);
  }

  /** As wide as the preview it shows (a swatch or a checkerboard and their numbers). */
  preferredWidth(): number | undefined {
    if (!this.visible) return undefined;
    const r = this.element.getBoundingClientRect();
    const child = this.preview?.element.getBoundingClientRect();
    return child && child.width > 0 ? Math.ceil(child.width + (r.width - this.element.clientWidth) + 16) : undefined;
  }

  saveState(): undefined {
    return undefined;
  }

  restoreState(): void {
    // The preview follows the shown group and frame: nothing of its own to keep.
  }

  dispose(): void {
    this.preview?.dispose();
    this.element.remove();
  }

  private show(group: ShownGroup | undefined): void {
    this.preview?.dispose();
    this.preview = null;
    const showing = this.visible && !!group && group.anim === this.anim;
    this.preview = showing ? createPreview(group.anim, group.index, group.tracks) : null;
    this.empty.hidden = !showing || !!this.preview;
    if (!this.preview) return;
    this.preview.mount(this.element);
    if (this.preview instanceof TextureStripPreview) this.preview.setTextures(this.textures);
    this.preview.setFrame(this.page.bus.frame.value);
  }
}
