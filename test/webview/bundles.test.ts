/**
 * The editor page's scripts as built (`node esbuild.mjs`): the page's own, dist/webview.js, inlined into
 * every editor's HTML, stays small by leaving the 3D view to dist/view3d.js, which only pages with a
 * model get (webview/view3d/, src/extension/view3dScript.ts).
 */
import * as assert from 'assert';
import * as esbuild from 'esbuild';
import * as fs from 'fs';
import * as path from 'path';
import { PROJECT_ROOT } from './build';

/** dist/webview.js at most (it was 297,874 bytes with the 3D view inside). */
const PAGE_SCRIPT_LIMIT = 240_000;

/** Text only the 3D view's modules hold: GLSL (renderer, shader generator), a model-payload check, the views' canvases. */
const VIEW3D_MARKERS = ['#version 300 es', 'envelope bone counts do not add up', 'as-model-canvas', 'as-skeleton-canvas'];

const dist = (name: string): string => fs.readFileSync(path.join(PROJECT_ROOT, 'dist', name), 'utf8');

/** The modules an entry bundles (esbuild's metafile, as esbuild.mjs builds the pages). */
async function bundled(entry: string): Promise<string[]> {
  const result = await esbuild.build({
    entryPoints: [path.join(PROJECT_ROOT, entry)], bundle: true, write: false, metafile: true, minify: true, platform: 'browser', format: 'iife',
    target: 'es2022', loader: { '.svg': 'text' }, outdir: path.join(PROJECT_ROOT, 'out', 'page-bundle-check'), logLevel: 'silent',
  });
  return Object.keys(Object.values(result.metafile.outputs).find((o) => o.entryPoint)!.inputs).map((p) => p.replace(/\\/g, '/'));
}

/** The 3D view's own modules: the renderer, the model view, the skeleton view and its camera and labels. */
const VIEW3D_MODULE = /webview\/render\/|webview\/skeleton\/(skeletonView|camera|labels)\.ts$/;

describe('the editor page\'s scripts (dist/)', () => {
  it(`dist/webview.js is at most ${PAGE_SCRIPT_LIMIT} bytes and holds none of the 3D view`, () => {
    const page = dist('webview.js');
    const bytes = Buffer.byteLength(page);
    assert.ok(bytes <= PAGE_SCRIPT_LIMIT, `dist/webview.js is ${bytes} bytes`);
    assert.deepStrictEqual(VIEW3D_MARKERS.filter((m) => page.includes(m)), [], 'the 3D view\'s code in the page\'s script');
  });

  it('webview/main.ts bundles none of the 3D view\'s modules; webview/view3dMain.ts bundles them', async () => {
    assert.deepStrictEqual((await bundled('webview/main.ts')).filter((p) => VIEW3D_MODULE.test(p)), []);
    const view3d = await bundled('webview/view3dMain.ts');
    for (const m of ['webview/render/renderer.ts', 'webview/render/modelView.ts', 'webview/skeleton/skeletonView.ts', 'src/wire/modelPayload.ts']) {
      assert.ok(view3d.some((p) => p.endsWith(m)), `${m} in the 3D view's script`);
    }
    // the panels, the bus and the player stay in the page's script: the views get what they show from it
    assert.deepStrictEqual(view3d.filter((p) => /webview\/(app|model|player|curves\/(panel|curveView))\/?|\/panel\.ts$/.test(p)), []);
  });

  it('dist/view3d.js holds the 3D view and registers it for the page', () => {
    const view3d = dist('view3d.js');
    assert.deepStrictEqual(VIEW3D_MARKERS.filter((m) => !view3d.includes(m)), []);
    assert.ok(view3d.includes('animscopeView3d'), 'registers window.animscopeView3d (webview/view3d/api.ts)');
  });
});
