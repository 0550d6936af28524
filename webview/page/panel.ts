/**
 * The contract every part of the editor page implements (header, structure tree, hex view, curves
 * and player, previews, skeleton …). The App iterates its panels; a panel talks to the others only
 * through the bus it was constructed with (bus.ts). Adding a panel is one file and one line in
 * app/panels.ts.
 */
import type { FieldNode } from '../../src/formats/binary/fields';
import type { AnimData } from '../../src/kinds/pages';
import type { UnpackResult } from '../../src/wire/modelPayload';
import type { LoadedFile, ModelInfo, RenderedModelView, ViewSettings } from '../../src/wire/protocol';
import type { View3d } from '../view3d/api';
import type { FieldIndex } from './fields';

/** Everything a panel may show of one load. */
export interface PanelContext {
  readonly file: LoadedFile;
  /** The host's field tree, unpacked. */
  readonly root: FieldNode;
  /** Fields by offset and path over `root`. */
  readonly fields: FieldIndex;
  /** The decoded animation (undefined for a file that did not decode as one). */
  readonly anim: AnimData | undefined;
  /** The bound model. */
  readonly model: ModelInfo | undefined;
  /** The 3D view's model (the file's own, or the bound one), checked once per load; undefined without one. */
  readonly payload: UnpackResult | undefined;
  /** The 3D view's script (app/view3dLoader.ts), with a model (bound or the file's own) when it could be loaded. */
  readonly view3d?: View3d;
  readonly settings: ViewSettings;
  /** LoadedFile.reference, decoded: another animation whose curves are drawn under this file's. */
  readonly reference?: { label: string; anim: AnimData };
}

/**
 * Where a panel sits in the layout (app/layout.ts): the header on top, tree | hex in the middle, curves |
 * side below. Several panels may share a slot (the side holds the preview and the skeleton, stacked).
 */
export type PanelSlot = 'header' | 'tree' | 'hex' | 'curves' | 'side';

/** What the page reports to the host after a load (RenderCounts), filled in by the panels. */
export interface RenderReport {
  diagnostics: number;
  tracks: number;
  /** Shown tracks with the reference's curve under them. */
  referenceTracks?: number;
  skeletonBones: number;
  modelFileDiagnostics: number;
  modelError?: string;
  /** The rate the player uses. */
  frameRate: number;
  modelView?: RenderedModelView;
}

export interface Panel {
  /** Key of its saved state (unique among the panels). */
  readonly id: string;
  readonly slot: PanelSlot;
  /** Whether it has something to show for the last load (false: its place in the layout is given to the others). */
  readonly visible: boolean;
  /**
   * It shows a partial load (a big file's start, LoadedFile.partial) too: it needs only the tree and
   * the bytes it has. The others wait for the whole file, and keep their saved state till then.
   */
  readonly early?: boolean;
  /** Puts its element in the container (once, before the first load). */
  mount(container: HTMLElement): void;
  /**
   * Shows a load. A state given to restoreState before it (same file) is applied here; otherwise the
   * panel starts fresh.
   */
  load(context: PanelContext): void | Promise<void>;
  /** Its UI state, JSON-serialisable (persisted with vscode.setState). */
  saveState(): unknown;
  /** A state saved for the same file, applied by the next load; the panel validates it (it comes back from storage). */
  restoreState(state: unknown): void;
  /** What it rendered, for the host's checks. */
  report?(report: RenderReport): void;
  /** The width it needs in a side-by-side pane (a preview's own width); none: the layout decides. */
  preferredWidth?(): number | undefined;
  dispose(): void;
}

/** A plain object, or undefined (restored state is untrusted). */
export function asRecord(x: unknown): Record<string, unknown> | undefined {
  return typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined;
}

export function finiteOr<T>(x: unknown, fallback: T): number | T {
  return typeof x === 'number' && Number.isFinite(x) ? x : fallback;
}
