// Bundles the extension (Node, cjs), the webviews (browser, iife + their CSS; the editor page's 3D view
// apart) and, when present, the CLI.
// usage: node esbuild.mjs [--production] [--watch] [--only extension,webview,cli]
import * as esbuild from 'esbuild';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const at = (p) => join(root, p);

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  sourcesContent: false,
  logLevel: 'warning',
  legalComments: 'none',
};

// The pages' script and styles are inlined into the HTML of every webview, which VS Code passes
// through its webview host as one string before the page can start, so a smaller page starts
// sooner: they are always minified (tests run what ships). Their source maps serve the test pages,
// which load the script by URL.
const page = { ...common, minify: true };

/** @type {Array<{ name: string, options: import('esbuild').BuildOptions }>} */
const builds = [
  {
    name: 'extension',
    options: {
      ...common,
      entryPoints: [at('src/extension/extension.ts')],
      outfile: at('dist/extension.js'),
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
    },
  },
  {
    name: 'webview',
    options: {
      ...page,
      entryPoints: [at('webview/main.ts')],
      outfile: at('dist/webview.js'),
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      loader: { '.svg': 'text' },
    },
  },
  {
    // The 3D view (model and skeleton views, the WebGL renderer): sent to an editor page by message
    // when its first model arrives (src/extension/view3dScript.ts), so pages without one never carry it.
    name: 'webview view3d',
    options: {
      ...page,
      entryPoints: [at('webview/view3dMain.ts')],
      outfile: at('dist/view3d.js'),
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
    },
  },
  {
    name: 'webview archive',
    options: {
      ...page,
      entryPoints: [at('webview/archive/main.ts')],
      outfile: at('dist/archive.js'),
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
    },
  },
  {
    name: 'webview archive css',
    options: { ...page, entryPoints: [at('media/archive.css')], outfile: at('dist/archive.css'), sourcemap: false },
  },
  {
    name: 'webview css',
    options: { ...page, entryPoints: [at('media/webview.css')], outfile: at('dist/webview.css'), sourcemap: false },
  },
];

// The CLI is written separately; bundle it only once its entry exists.
if (existsSync(at('src/cli/main.ts'))) {
  builds.push({
    name: 'cli',
    options: {
      ...common,
      entryPoints: [at('src/cli/main.ts')],
      outfile: at('dist/cli.js'),
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      // Every CLI call reads and hashes the whole bundle: 30 % smaller is ~3 ms of a small `info`.
      // Names are kept, so an internal error's stack still reads.
      minifyWhitespace: true,
      minifySyntax: true,
    },
  });
}

const onlyArg = process.argv.indexOf('--only');
if (onlyArg > 0) {
  const only = (process.argv[onlyArg + 1] ?? '').split(',');
  builds.splice(0, builds.length, ...builds.filter((b) => only.some((o) => b.name === o || b.name.startsWith(o + ' '))));
}

const t0 = Date.now();
if (watch) {
  for (const b of builds) await (await esbuild.context(b.options)).watch();
  console.log(`esbuild: watching ${builds.map((b) => b.name).join(', ')}`);
} else {
  const results = await Promise.allSettled(builds.map((b) => esbuild.build(b.options)));
  const failed = builds.filter((_, i) => results[i].status === 'rejected').map((b) => b.name);
  console.log(`esbuild: built ${builds.filter((b) => !failed.includes(b.name)).map((b) => b.name).join(', ') || 'nothing'}` +
    `${failed.length ? `; FAILED ${failed.join(', ')}` : ''} in ${Date.now() - t0} ms${production ? ' (production)' : ''}`);
  if (failed.length) process.exit(1);
}
