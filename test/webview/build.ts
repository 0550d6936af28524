/**
 * Bundles the webview component harness (test/webview/harness.ts) with esbuild into a temp dir,
 * with the component CSS, the theme CSS and two pages: harness.html (VS Code-like CSP, no
 * inline styles or scripts) and harness-nocsp.html (no CSP: for the injection test, so that a
 * vulnerability could not hide behind the CSP).
 *
 *   node out/test/webview/build.js [outDir] [--serve PORT]   (then open http://localhost:PORT/harness.html?sample=j3d/smg/TripodBossCore/2ndDemo.bck)
 */
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';

export const PROJECT_ROOT = path.resolve(__dirname, __dirname.includes(`${path.sep}out${path.sep}`) ? '../../..' : '../..');
import { SAMPLES_DIR } from '../paths';

export { SAMPLES_DIR };
export const HARNESS_ORIGIN = 'http://animscope.test';

function page(csp: string | undefined): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
${csp ? `<meta http-equiv="Content-Security-Policy" content="${csp}">` : ''}
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="theme.css">
<link rel="stylesheet" href="structure.css">
<link rel="stylesheet" href="hex.css">
<title>AnimScope webview harness</title>
</head>
<body class="vscode-dark">
<script src="harness.js"></script>
</body>
</html>
`;
}

/** Builds the harness into `outDir` (default: a fresh temp dir); returns the dir. */
export async function buildHarness(outDir?: string): Promise<string> {
  const dir = outDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-webview-'));
  fs.mkdirSync(dir, { recursive: true });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require(path.join(PROJECT_ROOT, 'node_modules/esbuild')) as typeof import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(PROJECT_ROOT, 'test/webview/harness.ts')],
    outfile: path.join(dir, 'harness.js'),
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  fs.copyFileSync(path.join(PROJECT_ROOT, 'media/structure.css'), path.join(dir, 'structure.css'));
  fs.copyFileSync(path.join(PROJECT_ROOT, 'media/hex.css'), path.join(dir, 'hex.css'));
  fs.copyFileSync(path.join(PROJECT_ROOT, 'test/webview/theme.css'), path.join(dir, 'theme.css'));
  const self = HARNESS_ORIGIN;
  const csp = [`default-src 'none'`, `script-src ${self}`, `style-src ${self}`, `connect-src ${self}`, `img-src ${self} data:`, `font-src ${self}`].join('; ');
  fs.writeFileSync(path.join(dir, 'harness.html'), page(csp));
  fs.writeFileSync(path.join(dir, 'harness-nocsp.html'), page(undefined));
  return dir;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Resolves a harness URL path to a file: `/samples/…` from the shared samples, else the build dir. */
export function resolveHarnessFile(dir: string, urlPath: string): { file: string; type: string } | undefined {
  const p = decodeURIComponent(urlPath.split('?')[0]);
  const base = p.startsWith('/samples/') ? SAMPLES_DIR : dir;
  const rel = p.startsWith('/samples/') ? p.slice('/samples/'.length) : p.slice(1);
  const file = path.resolve(base, rel);
  if (!file.startsWith(base + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return undefined;
  return { file, type: TYPES[path.extname(file)] ?? 'application/octet-stream' };
}

if (require.main === module) {
  void (async () => {
    const args = process.argv.slice(2);
    const serveAt = args.indexOf('--serve');
    const port = serveAt >= 0 ? Number(args[serveAt + 1]) : undefined;
    const outDir = args.find((a, i) => !a.startsWith('--') && (serveAt < 0 || i !== serveAt + 1));
    const dir = await buildHarness(outDir);
    console.log(`harness built in ${dir}`);
    if (port) {
      http.createServer((req, res) => {
        const hit = resolveHarnessFile(dir, req.url ?? '/');
        if (!hit) { res.writeHead(404); res.end(); return; }
        res.writeHead(200, { 'content-type': hit.type });
        fs.createReadStream(hit.file).pipe(res);
      }).listen(port, '127.0.0.1', () => console.log(`http://127.0.0.1:${port}/harness-nocsp.html`));
    }
  })();
}
