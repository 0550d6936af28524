/**
 * The decoders' list of formats (src/formats/decoders.ts), the page's (pages.ts) and the host's
 * (registry.ts) are one list: the same formats in the same order, each host spec built on its own
 * decoder and page half, unchanged. And the page's script carries none of the host's halves and no
 * decoder (its bundle's inputs, from esbuild's metafile).
 */
import { strict as assert } from 'assert';
import * as esbuild from 'esbuild';
import * as path from 'path';
import { DECODERS } from '../../../src/formats/decoders';
import { FORMATS } from '../../../src/kinds/registry';
import { PAGES } from '../../../src/kinds/pages';

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

describe('format registry: the decoder list, the page list and the host list', () => {
  it('hold the same formats in the same order', () => {
    assert.deepEqual(Object.keys(FORMATS), Object.keys(PAGES));
    assert.deepEqual(Object.keys(FORMATS), Object.keys(DECODERS));
  });

  for (const [id, decoder] of Object.entries(DECODERS)) {
    it(`${id}: the host spec is built on its decoder, unchanged`, () => {
      assertCarries(FORMATS[id as keyof typeof FORMATS], decoder, id);
    });
  }

  for (const [id, page] of Object.entries(PAGES)) {
    it(`${id}: the host spec is built on the page half, every page facet unchanged`, () => {
      assertCarries(FORMATS[id as keyof typeof FORMATS], page, id);
    });
  }

  it('the editor page\'s script bundles no host half and no decoder: no registry, spec, summary, binding, schema or decode module', async () => {
    const result = await esbuild.build({
      entryPoints: [path.join(root, 'webview/main.ts')], bundle: true, write: false, metafile: true, minify: true,
      platform: 'browser', format: 'iife', target: 'es2022', loader: { '.svg': 'text' }, outdir: path.join(root, 'out', 'page-bundle-check'), logLevel: 'silent',
    });
    const inputs = Object.keys(Object.values(result.metafile.outputs).find((o) => o.entryPoint)!.inputs).map((p) => p.replace(/\\/g, '/'));
    assert.ok(inputs.some((p) => p.endsWith('src/kinds/pages.ts')), 'the page asks pages.ts');
    const hostOnly = inputs.filter((p) => /src\/kinds\/(registry|summary|binding)\.ts$|src\/kinds\/.*\/(spec|binding)\.ts$|src\/kinds\/jsystem\/(colourSpec|clusterSpec|vtxcolourSpec)\.ts$|src\/formats\/(decoders|index)\.ts$|src\/formats\/.*\/decode\.ts$|src\/wire\/animPack\.ts$/.test(p));
    assert.deepEqual(hostOnly, []);
  });
});
