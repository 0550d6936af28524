// Bundles the 3D view harness into out/webview-render-harness/ (index.html, harness.js, CSS).
// usage: node test/webview-render/build.mjs
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
export const outDir = join(root, 'out', 'webview-render-harness');

export async function buildHarness() {
  mkdirSync(outDir, { recursive: true });
  await esbuild.build({
    entryPoints: [join(here, 'page', 'harness.ts')],
    outfile: join(outDir, 'harness.js'),
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  copyFileSync(join(root, 'media', 'buttons.css'), join(outDir, 'buttons.css'));
  copyFileSync(join(root, 'webview', 'render', 'modelView.css'), join(outDir, 'modelView.css'));
  copyFileSync(join(root, 'webview', 'textures', 'textureGallery.css'), join(outDir, 'textureGallery.css'));
  copyFileSync(join(root, 'media', 'curves.css'), join(outDir, 'curves.css'));
  copyFileSync(join(here, '..', 'webview', 'theme.css'), join(outDir, 'theme.css'));
  copyFileSync(join(here, 'page', 'harness.css'), join(outDir, 'harness.css'));
  // The same CSP as the real webview: no inline script or style.
  writeFileSync(join(outDir, 'index.html'), `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>AnimScope 3D view harness</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="theme.css">
<link rel="stylesheet" href="curves.css">
<link rel="stylesheet" href="buttons.css">
<link rel="stylesheet" href="modelView.css">
<link rel="stylesheet" href="textureGallery.css">
<link rel="stylesheet" href="harness.css">
</head>
<body>
<script src="harness.js"></script>
</body>
</html>
`);
  return outDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildHarness();
  console.log(`harness built in ${outDir}`);
}
