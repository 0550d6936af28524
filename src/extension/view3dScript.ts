/**
 * The editor page's 3D view (dist/view3d.js: the model and skeleton views, the WebGL renderer) is not
 * part of the page's HTML: pages without a model never carry it. The host sends it by message before
 * the first load with a model, or when the page asks; the page runs the text in a <script> with its
 * own nonce (webview/app/view3dLoader.ts). Not linked, for the reason webviewHtml.ts gives; linked only
 * when dist/ cannot be read, as the page's own script then is.
 */
import * as vscode from 'vscode';
import { msg, View3dMessage } from '../wire/protocol';
import { distUri, readAsset } from './webviewHtml';

export const VIEW3D_SCRIPT = 'view3d.js';

/** The script's message for `webview`: its text (re-read when the file changes), else its webview URI. */
export function view3dMessage(webview: vscode.Webview, extensionUri: vscode.Uri): View3dMessage {
  const dist = distUri(extensionUri);
  const code = readAsset(dist, VIEW3D_SCRIPT);
  return msg.view3d(code !== undefined ? { code } : { src: webview.asWebviewUri(vscode.Uri.joinPath(dist, VIEW3D_SCRIPT)).toString() });
}
