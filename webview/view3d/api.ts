/**
 * What the 3D view's script (dist/view3d.js, built from ./main.ts) gives the editor page: the model
 * view, the skeleton view and the model payload's checks, with the WebGL renderer and whatever only
 * they use. Pages without a model never load it (webview/app/view3dLoader.ts).
 *
 * The script registers this object on `window[VIEW3D_GLOBAL]`; the page's panels construct the views
 * from it. What the page shares (bus, settings, frame) reaches a view through its constructor and
 * methods; the script keeps no state of its own that the page would need to see.
 */
import type { unpackModelPayload } from '../../src/wire/modelPayload';
import type { ModelView } from '../render/modelView';
import type { SkeletonView } from '../skeleton/skeletonView';

export interface View3d {
  readonly ModelView: typeof ModelView;
  readonly SkeletonView: typeof SkeletonView;
  readonly unpackModelPayload: typeof unpackModelPayload;
}

/** The global the script registers itself on. */
export const VIEW3D_GLOBAL = 'animscopeView3d';
