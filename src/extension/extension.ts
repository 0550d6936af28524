import * as vscode from 'vscode';
import { AnimationEditorProvider, RenderState } from './editorProvider';

/** Internal command (not contributed, so not in the palette): the last state a webview rendered. */
export const LAST_RENDER_STATE_COMMAND = 'animscope._test.lastRenderState';

export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('AnimScope', { log: true });
  const provider = new AnimationEditorProvider(context.extensionUri, log);
  context.subscriptions.push(
    log,
    provider.register(),
    vscode.commands.registerCommand(LAST_RENDER_STATE_COMMAND,
      (uri?: vscode.Uri | string): RenderState | undefined => provider.lastRenderState(uri)),
  );
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
