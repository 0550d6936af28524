/**
 * The webviews' options and HTML. The data arrives by message; the page itself is built from dist/.
 *
 * Everything the page needs is inlined: script and stylesheets by nonce (the toolbar's icons are
 * SVG in the script). A linked asset is fetched through the webview's service worker, and when a webview is
 * closed while such a fetch is in flight (a test, or a user flicking through files), the worker
 * holds it until its 30-second timeout; every webview opened meanwhile waits for that worker and
 * stays blank (code-server 4.100, seen in about one host-test run in two). With no fetches there
 * is nothing to hold. When dist/ cannot be read (not a file: extension), the assets are linked.
 *
 * CSP: `default-src 'none'`; scripts and styles by nonce only (no 'unsafe-inline'); images from
 * data: and dist/.
 *
 * The editor page's 3D view is a script of its own (dist/view3d.js), sent by message to the pages
 * that show a model (view3dScript.ts): the page runs it with this page's nonce.
 */
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as vscode from 'vscode';

export function distUri(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist');
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, enableCommandUris: false, localResourceRoots: [distUri(extensionUri)] };
}

function contentSecurityPolicy(webview: vscode.Webview, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `img-src ${webview.cspSource} data:`,
  ].join('; ');
}

/** What a page is made of: dist/ file names. */
export interface PageAssets {
  title: string;
  /** Stylesheets in order. */
  styles: { name: string }[];
  script: string;
}

export const ANIMATION_PAGE: PageAssets = {
  title: 'AnimScope',
  styles: [{ name: 'webview.css' }],
  script: 'webview.js',
};

export const ARCHIVE_PAGE: PageAssets = {
  title: 'AnimScope Archive',
  styles: [{ name: 'archive.css' }],
  script: 'archive.js',
};

/** dist/ files by path, re-read when their modification time changes (a rebuild while VS Code runs). */
const cache = new Map<string, { mtimeMs: number; text: string }>();

export function readAsset(dist: vscode.Uri, name: string): string | undefined {
  if (dist.scheme !== 'file') return undefined;
  const file = vscode.Uri.joinPath(dist, name).fsPath;
  try {
    const { mtimeMs } = fs.statSync(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.text;
    const text = fs.readFileSync(file, 'utf8');
    cache.set(file, { mtimeMs, text });
    return text;
  } catch {
    return undefined;
  }
}

/** Keeps inlined text from closing its element early. */
const safeInline = (text: string, tag: 'script' | 'style'): string => text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');

export function webviewPage(webview: vscode.Webview, extensionUri: vscode.Uri, page: PageAssets): string {
  const dist = distUri(extensionUri);
  const nonce = crypto.randomBytes(18).toString('base64');
  const asset = (name: string): string => webview.asWebviewUri(vscode.Uri.joinPath(dist, name)).toString();
  const styles = page.styles.map(({ name }) => {
    const text = readAsset(dist, name);
    return text === undefined ? `<link rel="stylesheet" href="${asset(name)}">` : `<style nonce="${nonce}">${safeInline(text, 'style')}</style>`;
  }).join('\n');
  const code = readAsset(dist, page.script);
  const script = code === undefined
    ? `<script nonce="${nonce}" src="${asset(page.script)}"></script>`
    : `<script nonce="${nonce}">${safeInline(code, 'script')}</script>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(webview, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${styles}
<title>${page.title}</title>
</head>
<body>
<main id="app"><p id="status">Loading…</p></main>
${script}
</body>
</html>`;
}
