/**
 * The editor page's scripts as built (`node esbuild.mjs`): the page's own, dist/webview.js, inlined into
 * every editor's HTML, stays small by leaving the 3D view to dist/view3d.js, which only pages with a
 * model get (webview/view3d/, src/extension/view3dScript.ts).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { PROJECT_ROOT } from './build';

/** dist/webview.js at most (it was 297,874 bytes with the 3D view inside). */
const PAGE_SCRIPT_LIMIT = 240_000;

/** Text only the 3D view's modules hold: GLSL (renderer, shader generator), a model-payload check, the views' canvases. */
const VIEW3D_MARKERS = ['#version 300 es', 'envelope bone counts do not add up', 'as-model-canvas', 'as-skeleton-canvas'];

const dist = (name: string): string => fs.readFileSync(path.join(PROJECT_ROOT, 'dist', name), 'utf8');

describe('the editor page\'s scripts (dist/)', () => {
  it(`dist/webview.js is at most ${PAGE_SCRIPT_LIMIT} bytes and holds none of the 3D view`, () => {
    const page = dist('webview.js');
    const bytes = Buffer.byteLength(page);
    assert.ok(bytes <= PAGE_SCRIPT_LIMIT, `dist/webview.js is ${bytes} bytes`);
    assert.deepStrictEqual(VIEW3D_MARKERS.filter((m) => page.includes(m)), [], 'the 3D view\'s code in the page\'s script');
  });

  it('dist/view3d.js holds the 3D view and registers it for the page', () => {
    const view3d = dist('view3d.js');
    assert.deepStrictEqual(VIEW3D_MARKERS.filter((m) => !view3d.includes(m)), []);
    assert.ok(view3d.includes('animscopeView3d'), 'registers window.animscopeView3d (webview/view3d/api.ts)');
  });
});
