/** Previews per format: BRK colour swatches, BTK transformed checkerboard; none for BCK/MOTN yet. */
import type { DescribedTrack } from '../../src/anim';
import type { AnimData } from '../../src/formats/types';
import type { GroupRef } from '../curves/groups';
import { BrkSwatchPreview } from './brkSwatch';
import { BtkCheckerPreview } from './btkChecker';

export { BrkSwatchPreview, colorIdLabel } from './brkSwatch';
export type { BrkSwatchEntry } from './brkSwatch';
export { BtkCheckerPreview } from './btkChecker';
export type { BtkCheckerEntry } from './btkChecker';

export interface Preview {
  readonly element: HTMLElement;
  mount(container: HTMLElement): Preview;
  setFrame(frame: number): void;
  dispose(): void;
}

/** The preview for one group, or null when the format has none (BCK, MOTN). */
export function createPreview(anim: AnimData, ref: GroupRef, tracks: DescribedTrack[]): Preview | null {
  if (anim.format === 'brk' && (ref.kind === 'register' || ref.kind === 'konstant')) {
    const entry = (ref.kind === 'register' ? anim.register : anim.konstant)?.[ref.index];
    if (!entry) return null;
    const p = new BrkSwatchPreview();
    p.setEntries([{ kind: ref.kind, index: ref.index, materialName: entry.materialName, colorId: entry.colorId, tracks }]);
    return p;
  }
  if (anim.format === 'btk') {
    const entry = anim.entries?.[ref.index];
    if (!entry) return null;
    const p = new BtkCheckerPreview();
    p.setEntry({ index: ref.index, materialName: entry.materialName, texMtxIndex: entry.texMtxIndex, center: entry.center ?? [0, 0, 0], matrixMode: anim.matrixMode, tracks });
    return p;
  }
  return null;
}
