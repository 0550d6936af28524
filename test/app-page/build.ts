/**
 * Builds the whole webview (dist/webview.js + dist/webview.css, as VS Code loads them; the host sends
 * dist/view3d.js by message) into a page with a simulated host (fakeHost.ts), for screenshots and DOM
 * checks without VS Code. app.html has no CSP; app-csp.html has the webview's (scripts by nonce only).
 *   node out/test/app-page/build.js  → prints the directory
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export const PROJECT_ROOT = path.resolve(__dirname, __dirname.includes(`${path.sep}out${path.sep}`) ? '../../..' : '../..');

export type Theme = 'light' | 'dark' | 'high-contrast';

/** app-csp.html's script nonce (VS Code's page gets a random one: src/extension/webviewHtml.ts). */
export const PAGE_NONCE = 'animscope-test-nonce';
/** The webview's CSP (webviewHtml.ts), with 'self' for the webview's resource origin and connect-src for the samples the fake host fetches. */
const CSP = [`default-src 'none'`, `script-src 'nonce-${PAGE_NONCE}'`, `style-src 'self' 'nonce-${PAGE_NONCE}'`, `img-src 'self' data:`,
  `connect-src 'self'`, `font-src 'self'`].join('; ');

const html = (theme: Theme, csp: boolean): string => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
${csp ? `<meta http-equiv="Content-Security-Policy" content="${CSP}">\n` : ''}<link rel="stylesheet" href="theme.css"><link rel="stylesheet" href="webview.css">
<title>AnimScope app page</title></head>
<body class="vscode-${theme}"><div id="app"></div>
<script nonce="${PAGE_NONCE}" src="fakeHost.js"></script><script nonce="${PAGE_NONCE}" src="webview.js"></script></body></html>
`;

export async function buildAppPage(theme: Theme = 'dark'): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-app-'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require(path.join(PROJECT_ROOT, 'node_modules/esbuild')) as typeof import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(PROJECT_ROOT, 'test/app-page/fakeHost.ts')],
    outfile: path.join(dir, 'fakeHost.js'), bundle: true, platform: 'browser', format: 'iife', target: 'es2022', logLevel: 'warning',
  });
  for (const f of ['webview.js', 'view3d.js', 'webview.css']) fs.copyFileSync(path.join(PROJECT_ROOT, 'dist', f), path.join(dir, f));
  fs.copyFileSync(path.join(PROJECT_ROOT, 'test/webview/theme.css'), path.join(dir, 'theme.css'));
  fs.writeFileSync(path.join(dir, 'app.html'), html(theme, false));
  fs.writeFileSync(path.join(dir, 'app-csp.html'), html(theme, true));
  return dir;
}
