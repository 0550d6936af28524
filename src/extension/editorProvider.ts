/**
 * The read-only custom editor: reads the file, decodes it in the extension host, and hands the webview
 * the decoded data by message (never the file by URI). The webview loads only from dist/.
 */
import * as crypto from 'crypto';
import * as vscode from 'vscode';
import { baseName, decode } from '../formats/index';
import type { DecodedFile } from '../formats/types';
import { FileSummary, isWebviewToHost, msg, RenderCounts, SUMMARY_MAX_DIAGNOSTICS, WebviewToHost } from '../protocol';

/** Default editor for J3D animations and MOTN names (package.json → contributes.customEditors). */
export const VIEW_TYPE = 'animscope.animation';
/** The same editor offered for any file through "Reopen Editor With…" (priority "option"). */
export const VIEW_TYPE_ANY_FILE = 'animscope.animation.anyFile';

/** What a webview last reported it rendered for a document; read by tests via `animscope._test.lastRenderState`. */
export interface RenderState {
  uri: string;
  viewType: string;
  format: string;
  fileName: string;
  byteLength: number;
  counts: RenderCounts;
  /** Date.now() in the extension host when the `rendered` message arrived. */
  renderedAt: number;
  /** How many `rendered` messages this document's webviews sent (reloads re-render). */
  renderCount: number;
  /** True when the webview's echo matches what the host sent. */
  consistent: boolean;
}

export function summarize(decoded: DecodedFile, fileByteLength: number): FileSummary {
  return {
    format: decoded.format,
    fileName: decoded.fileName,
    byteLength: decoded.bytes.length,
    fileByteLength,
    container: decoded.container?.kind,
    diagnosticsCount: decoded.diagnostics.length,
    diagnostics: decoded.diagnostics.slice(0, SUMMARY_MAX_DIAGNOSTICS).map((d) => ({
      severity: d.severity, code: d.code, message: d.message, offset: d.offset, length: d.length,
    })),
    topLevelFields: (decoded.root.children ?? []).map((c) => c.name),
  };
}

class AnimationDocument implements vscode.CustomDocument {
  constructor(
    readonly uri: vscode.Uri,
    readonly decoded: DecodedFile,
    readonly fileByteLength: number,
    private readonly onDispose: () => void,
  ) {}
  dispose(): void { this.onDispose(); }
}

export class AnimationEditorProvider implements vscode.CustomReadonlyEditorProvider<AnimationDocument> {
  private readonly renderStates = new Map<string, RenderState>();
  private lastRenderedKey: string | undefined;

  constructor(private readonly extensionUri: vscode.Uri, private readonly log: vscode.LogOutputChannel) {}

  register(): vscode.Disposable {
    const options = { supportsMultipleEditorsPerDocument: true, webviewOptions: { retainContextWhenHidden: false } };
    return vscode.Disposable.from(
      vscode.window.registerCustomEditorProvider(VIEW_TYPE, this, options),
      vscode.window.registerCustomEditorProvider(VIEW_TYPE_ANY_FILE, this, options),
    );
  }

  async openCustomDocument(uri: vscode.Uri): Promise<AnimationDocument> {
    const bytes = await vscode.workspace.fs.readFile(uri);
    const t0 = Date.now();
    const decoded = decode(bytes, baseName(uri.path));
    this.log.info(`decoded ${uri.toString()} as ${decoded.format}: ${bytes.length} bytes, ` +
      `${decoded.diagnostics.length} diagnostics, ${Date.now() - t0} ms`);
    const key = uri.toString();
    return new AnimationDocument(uri, decoded, bytes.length, () => this.renderStates.delete(key));
  }

  async resolveCustomEditor(document: AnimationDocument, panel: vscode.WebviewPanel): Promise<void> {
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    panel.webview.options = { enableScripts: true, enableCommandUris: false, localResourceRoots: [dist] };
    const summary = summarize(document.decoded, document.fileByteLength);
    const key = document.uri.toString();
    const sub = panel.webview.onDidReceiveMessage((m: unknown) => {
      if (!isWebviewToHost(m)) {
        this.log.warn(`ignored an invalid message from the webview of ${key}`);
        return;
      }
      this.onMessage(m, panel, summary, key);
    });
    panel.onDidDispose(() => sub.dispose());
    panel.webview.html = this.html(panel.webview, dist);
  }

  private onMessage(m: WebviewToHost, panel: vscode.WebviewPanel, summary: FileSummary, key: string): void {
    switch (m.type) {
      case 'ready':
        void panel.webview.postMessage(msg.summary(summary));
        break;
      case 'rendered': {
        const previous = this.renderStates.get(key);
        this.renderStates.set(key, {
          uri: key,
          viewType: panel.viewType,
          format: m.format,
          fileName: m.fileName,
          byteLength: m.byteLength,
          counts: m.counts,
          renderedAt: Date.now(),
          renderCount: (previous?.renderCount ?? 0) + 1,
          consistent: m.format === summary.format && m.fileName === summary.fileName && m.byteLength === summary.byteLength,
        });
        this.lastRenderedKey = key;
        break;
      }
      case 'error':
        this.log.error(`webview of ${key}: ${m.message}`);
        break;
    }
  }

  /** For tests: the last render state of `uri` (a Uri or its string), or of the last rendered document. */
  lastRenderState(uri?: vscode.Uri | string): RenderState | undefined {
    const key = uri === undefined ? this.lastRenderedKey : typeof uri === 'string' ? uri : uri.toString();
    const state = key === undefined ? undefined : this.renderStates.get(key);
    return state && { ...state, counts: { ...state.counts } };
  }

  private html(webview: vscode.Webview, dist: vscode.Uri): string {
    const nonce = crypto.randomBytes(18).toString('base64');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.css'));
    const csp = [
      "default-src 'none'",
      `style-src ${webview.cspSource}`,
      `img-src ${webview.cspSource} data:`,
      `font-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}'`,
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style.toString()}">
<title>AnimScope</title>
</head>
<body>
<main id="app"><p id="status">Loading…</p></main>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
  }
}
