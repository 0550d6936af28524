/**
 * What the 3D view's script (dist/view3d.js, built from ../view3dMain.ts) gives the editor page: the
 * model view, the skeleton view and the model payload's checks, with the WebGL renderer and whatever
 * only they use. Pages without a model never load it (webview/app/view3dLoader.ts).
 *
 * The script registers this object on `window[VIEW3D_GLOBAL]`; the page's panels construct the views
 * from it. What the page shares (bus, settings, frame) reaches a view through its constructor and
 * methods; the script keeps no state of its own that the page would need to see.
 *
 * The page sees the views through the interfaces below, not their classes (webview/render/modelView.ts,
 * webview/skeleton/skeletonView.ts implement them).
 */
import type { PoseState } from '../../src/anim/poseState';
import type { JointChannels } from '../../src/anim/skeleton';
import type { ModelPayload, UnpackResult } from '../../src/wire/modelPayload';
import type { ModelInfo } from '../../src/wire/protocol';
import type { Disposable } from '../shared/dom';

export interface View3d {
  readonly ModelView: new (options?: { label?: string }) => ModelViewApi;
  /** `onPickJoint`: a click on a joint. */
  readonly SkeletonView: new (onPickJoint?: (joint: number) => void) => SkeletonViewApi;
  readonly unpackModelPayload: (payload: unknown) => UnpackResult;
}

/** 'no-webgl2' / 'context-lost': the page shows the skeleton view instead. */
export type ModelViewStatus = 'empty' | 'ready' | 'no-webgl2' | 'context-lost';

/** The textured, skinned model view, as the model panel uses it. */
export interface ModelViewApi {
  readonly canvas: HTMLCanvasElement;
  readonly status: ModelViewStatus;
  /** Shapes drawn in the last frame; undefined before the renderer exists. */
  readonly stats: { readonly shapesDrawn: number } | undefined;
  readonly onStatus: (listener: (status: ModelViewStatus) => void) => Disposable;
  mount(container: HTMLElement): this;
  setModel(payload: ModelPayload): void;
  /** Undefined: the bind pose with the model's own values. */
  setPose(state: PoseState | undefined): void;
  renderNow(): void;
  /** The joint at a canvas point (CSS pixels); undefined over the background. */
  hitTest(x: number, y: number): { readonly joint: number } | undefined;
  dispose(): void;
}

/** The posed skeleton of a bound model, as the skeleton panel uses it. */
export interface SkeletonViewApi {
  /** Bone segments drawn. */
  readonly boneCount: number;
  mount(container: HTMLElement): this;
  setData(model: ModelInfo, animation: JointChannels, duration: number, frame?: number): void;
  setFrame(frame: number): void;
  /** -1 for none. */
  setSelectedJoint(joint: number): void;
  dispose(): void;
}

/** The global the script registers itself on. */
export const VIEW3D_GLOBAL = 'animscopeView3d';
