/**
 * The webview's options and HTML. Everything it loads comes from dist/; the data arrives by message.
 *
 * CSP: `default-src 'none'`, the one bundled script by nonce, styles and fonts (codicons) from dist/ only.
 * No 'unsafe-inline' for styles: the @vscode-elements components (Lit) style their shadow roots with
 * constructable stylesheets (adoptedStyleSheets), which CSP does not govern, set individual style
 * properties through the CSSOM (also allowed), and <vscode-icon> links the codicon stylesheet found at
 * `link#vscode-codicon-stylesheet` (a dist/ URL, allowed by style-src).
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

/** dist/codicon.css is linked when the build copied it there (for <vscode-icon> and codicon classes). */
function hasCodicons(dist: vscode.Uri): boolean {
  if (dist.scheme !== 'file') return false;
  try {
    return fs.existsSync(vscode.Uri.joinPath(dist, 'codicon.css').fsPath);
  } catch {
    return false;
  }
}

export function contentSecurityPolicy(webview: vscode.Webview, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource} data:`,
  ].join('; ');
}

export function webviewHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
  const dist = distUri(extensionUri);
  const nonce = crypto.randomBytes(18).toString('base64');
  const asset = (name: string): string => webview.asWebviewUri(vscode.Uri.joinPath(dist, name)).toString();
  const codicons = hasCodicons(dist)
    ? `\n<link rel="stylesheet" id="vscode-codicon-stylesheet" href="${asset('codicon.css')}">`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(webview, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">${codicons}
<link rel="stylesheet" href="${asset('webview.css')}">
<title>AnimScope</title>
</head>
<body>
<main id="app"><p id="status">Loading…</p></main>
<script nonce="${nonce}" src="${asset('webview.js')}"></script>
</body>
</html>`;
}
