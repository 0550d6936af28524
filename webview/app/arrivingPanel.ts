/**
 * Stands in the curves pane while a big file's rest arrives (LoadedFile.partial): says what is
 * shown so far and what follows. Hidden once the whole file is loaded.
 */
import { compactSize } from '../../src/formats/binary/text';
import { byteLengthOf } from '../../src/wire/protocol';
import type { Panel, PanelContext } from '../page/panel';
import { el } from '../shared/dom';

export class ArrivingPanel implements Panel {
  readonly id = 'arriving';
  readonly slot = 'curves';
  readonly early = true;
  visible = false;
  readonly element = el('section', 'as-arriving');

  constructor() {
    this.element.setAttribute('role', 'status');
    this.element.hidden = true;
  }

  mount(container: HTMLElement): void {
    container.append(this.element);
  }

  load(context: PanelContext): void {
    const file = context.file;
    this.visible = !!file.partial;
    this.element.hidden = !this.visible;
    if (!file.partial) {
      this.element.replaceChildren();
      return;
    }
    const whole = byteLengthOf(file);
    const follows = file.format === 'model' ? 'The 3D view and the textures follow' : file.format === 'unknown' ? 'The rest follows'
      : 'The curves, the player and the previews follow';
    this.element.replaceChildren(
      el('div', 'as-arriving-bar'),
      el('p', undefined, `Loading the rest of this ${compactSize(whole)} file… ${follows} as it arrives; until then the hex view shows its first ${compactSize(file.bytes.length)}.`),
    );
  }

  saveState(): undefined {
    return undefined;
  }

  restoreState(): void {
    // Nothing of its own: it shows only while a file arrives.
  }

  dispose(): void {
    this.element.remove();
  }
}
