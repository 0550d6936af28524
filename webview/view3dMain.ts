/** Entry of dist/view3d.js (iife): registers the 3D view for the editor page (api.ts). */
import { unpackModelPayload } from '../src/wire/modelPayload';
import { ModelView } from './render/modelView';
import { SkeletonView } from './skeleton/skeletonView';
import { View3d, VIEW3D_GLOBAL } from './view3d/api';

const view3d: View3d = { ModelView, SkeletonView, unpackModelPayload };
(window as unknown as Record<string, View3d>)[VIEW3D_GLOBAL] = view3d;
