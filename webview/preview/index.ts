/** The preview beside a group's curves, of the kind its format's FormatSpec.preview names. */
import type { DescribedTrack } from '../../src/kinds/describe';
import { describeGroup } from '../../src/kinds/describe';
import { pageSpecFor } from '../../src/kinds/pages';
import type { AnimData } from '../../src/kinds/pages';
import { ColourSwatchPreview } from './colourSwatch';
import { BtkCheckerPreview } from './btkChecker';
import { TextureStripPreview } from './textureStrip';
import { VisibilityChartPreview } from './visibilityChart';
import { VertexColourPreview } from './vertexColour';

export { ColourSwatchPreview } from './colourSwatch';
export type { ColourSwatchEntry } from './colourSwatch';
export { BtkCheckerPreview } from './btkChecker';
export type { BtkCheckerEntry } from './btkChecker';
export { TextureStripPreview } from './textureStrip';
export type { TextureStripRow } from './textureStrip';
export { VisibilityChartPreview } from './visibilityChart';
export type { VisibilityRow } from './visibilityChart';
export { VertexColourPreview } from './vertexColour';
export type { VertexColourEntry } from './vertexColour';

export interface Preview {
  readonly element: HTMLElement;
  mount(container: HTMLElement): Preview;
  setFrame(frame: number): void;
  dispose(): void;
}

/** The preview for group `index`, or null when the format has none. */
export function createPreview(anim: AnimData, index: number, tracks: DescribedTrack[]): Preview | null {
  const preview = pageSpecFor(anim).preview;
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
    case 'textureStrip': {
      const entry = preview.entry(anim, index);
      if (!entry) return null;
      const p = new TextureStripPreview();
      p.setRows([{ ...entry, track: tracks[0] }]);
      return p;
    }
    case 'visibility': {
      const entry = preview.entry(anim, index);
      if (!entry) return null;
      const p = new VisibilityChartPreview();
      // The other rows' tracks are planned here (a window of groups, never the whole file).
      p.setRows(entry.rows.map((r) => ({ ...r, track: r.group === index ? tracks[0] : describeGroup(anim, r.group)[0] })),
        entry.duration, entry.selected, entry.hidden);
      return p;
    }
    case 'vertexColour': {
      const entry = preview.entry(anim, index);
      if (!entry) return null;
      const p = new VertexColourPreview();
      p.setEntry({ ...entry, tracks });
      return p;
    }
  }
}
