/**
 * The page's list of formats (pages.ts) and the host's (registry.ts) are one list: the same
 * formats in the same order, each host spec built on its own page half, unchanged. And the page's
 * script carries none of the host's halves (its bundle's inputs, from esbuild's metafile).
 */
import { strict as assert } from 'assert';
import * as esbuild from 'esbuild';
import * as path from 'path';
import { FORMATS } from '../../../src/formats/registry';
import { PAGES } from '../../../src/formats/pages';

const root = path.resolve(__dirname, '../../../..');

/** Every facet of `page` (functions, values, nested facets) is the same in `host`. */
function assertCarries(host: unknown, page: unknown, at: string): void {
  if (typeof page !== 'object' || page === null || page instanceof RegExp) {
    assert.equal(host, page, `${at}: the host spec changes the page's facet`);
    return;
  }
  assert.ok(typeof host === 'object' && host !== null, `${at}: missing from the host spec`);
  for (const [k, v] of Object.entries(page)) assertCarries((host as Record<string, unknown>)[k], v, `${at}.${k}`);
}

describe('format registry: the page list and the host list', () => {
  it('hold the same formats in the same order', () => {
    assert.deepEqual(Object.keys(FORMATS), Object.keys(PAGES));
  });

  for (const [id, page] of Object.entries(PAGES)) {
    it(`${id}: the host spec is built on the page half, every page facet unchanged`, () => {
      assertCarries(FORMATS[id as keyof typeof FORMATS], page, id);
    });
  }

  it('the editor page\'s script bundles no host half: no registry, spec, summary, binding or schema module', async () => {
    const result = await esbuild.build({
      entryPoints: [path.join(root, 'webview/main.ts')], bundle: true, write: false, metafile: true, minify: true,
      platform: 'browser', format: 'iife', target: 'es2022', loader: { '.svg': 'text' }, outdir: path.join(root, 'out', 'page-bundle-check'), logLevel: 'silent',
    });
    const inputs = Object.keys(Object.values(result.metafile.outputs).find((o) => o.entryPoint)!.inputs).map((p) => p.replace(/\\/g, '/'));
    assert.ok(inputs.some((p) => p.endsWith('src/formats/pages.ts')), 'the page asks pages.ts');
    const hostOnly = inputs.filter((p) => /src\/formats\/(registry|summary|binding)\.ts$|src\/formats\/.*\/(spec|binding)\.ts$|src\/formats\/jsystem\/(colourSpec|clusterSpec|vtxcolourSpec)\.ts$|src\/wire\/animPack\.ts$/.test(p));
    assert.deepEqual(hostOnly, []);
  });
});
