/** The preview beside a group's curves, of the kind its format's FormatSpec.preview names. */
import type { DescribedTrack } from '../../src/anim';
import { specFor } from '../../src/formats/registry';
import type { AnimData } from '../../src/formats/registry';
import { ColourSwatchPreview } from './colourSwatch';
import { BtkCheckerPreview } from './btkChecker';

export { ColourSwatchPreview } from './colourSwatch';
export type { ColourSwatchEntry } from './colourSwatch';
export { BtkCheckerPreview } from './btkChecker';
export type { BtkCheckerEntry } from './btkChecker';

export interface Preview {
  readonly element: HTMLElement;
  mount(container: HTMLElement): Preview;
  setFrame(frame: number): void;
  dispose(): void;
}

/** The preview for group `index`, or null when the format has none. */
export function createPreview(anim: AnimData, index: number, tracks: DescribedTrack[]): Preview | null {
  const preview = specFor(anim).preview;
  switch (preview.kind) {
    case 'none':
      return null;
    case 'colour': {
      const entry = preview.entry(anim, index);
      if (!entry) return null;
      const p = new ColourSwatchPreview();
      p.setEntries([{ ...entry, tracks }]);
      return p;
    }
    case 'textureMatrix': {
      const entry = preview.entry(anim, index);
      if (!entry) return null;
      const p = new BtkCheckerPreview();
      p.setEntry({ index, ...entry, tracks });
      return p;
    }
  }
}
