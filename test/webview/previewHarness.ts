/**
 * The previews beside the curves (webview/preview), mounted in the harness page on decoded bytes
 * the test sends: `window.previewHarness.show(bytes, name, group)` decodes in the page, creates the
 * group's preview exactly as the curve panel does (createPreview with describeGroup's tracks) and
 * mounts it; `setFrame` moves it.
 */
import { describeGroup } from '../../src/kinds/describe';
import { decode } from '../../src/formats/index';
import { specFor } from '../../src/kinds/registry';
import { createPreview, Preview } from '../../webview/preview';

const host = document.createElement('div');
host.id = 'preview-host';
document.body.append(host);

const previewHarness = {
  preview: null as Preview | null,
  /** Returns the kind of preview the format names (null: none was created for this group). */
  show(bytes: number[], name: string, group: number): string | null {
    this.preview?.dispose();
    const d = decode(new Uint8Array(bytes), name);
    if (!d.anim) throw new Error(`${name}: nothing decoded`);
    this.preview = createPreview(d.anim, group, describeGroup(d.anim, group));
    this.preview?.mount(host);
    return this.preview ? specFor(d.anim).preview.kind : null;
  },
  setFrame(frame: number): void {
    this.preview?.setFrame(frame);
  },
};

(window as unknown as { previewHarness: typeof previewHarness }).previewHarness = previewHarness;
