// Bundles the curve-components dev harness into out/webview-curves-harness/ (index.html, harness.js,
// curves.css, theme.css). usage: node test/webview-curves/build.mjs [--serve [port]]
// --serve also starts a static server (samples under /samples/ from $ANIMSCOPE_SAMPLES or /work/shared/samples).
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
export const outDir = join(root, 'out', 'webview-curves-harness');

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
  copyFileSync(join(root, 'media', 'curves.css'), join(outDir, 'curves.css'));
  copyFileSync(join(here, '..', 'webview', 'theme.css'), join(outDir, 'theme.css'));
  // The harness's own layout: the curves and the group's preview side by side.
  writeFileSync(join(outDir, 'harness.css'), `body { margin: 8px; }
.harness-row { display: flex; gap: 12px; align-items: flex-start; }
.harness-curves { flex: 1 1 420px; min-width: 0; }
.harness-preview { flex: 0 0 auto; }
.harness-preview:empty { display: none; }
`);
  // The same CSP as the real webview: no inline script or style, styles only from files.
  writeFileSync(
    join(outDir, 'index.html'),
    `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>AnimScope curves harness</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="theme.css">
<link rel="stylesheet" href="curves.css">
<link rel="stylesheet" href="harness.css">
</head>
<body>
<script src="harness.js"></script>
</body>
</html>
`,
  );
  return outDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildHarness();
  console.log(`harness built in ${outDir}`);
  const at = process.argv.indexOf('--serve');
  if (at > 0) {
    const { startServer } = await import(join(root, 'out', 'test', 'webview-curves', 'server.js'));
    const port = Number(process.argv[at + 1] ?? 8765);
    const s = await startServer(outDir, port);
    console.log(`serving ${s.url}index.html?file=j3d/smg/TripodBossCore/Wait.btk`);
  }
}
