/**
 * The status bar item of the active AnimScope editor: `BCK · 89 frames · loop` (MOTN: sequences);
 * hidden when no AnimScope editor is active. Clicking it runs Go to Offset….
 */
import * as vscode from 'vscode';
import type { Summary } from '../kinds/summary';
import type { AnimationEditorProvider } from './editorProvider';

export function statusText(summary: Summary, deleted: boolean): string {
  const parts = [summary.format === 'unknown' ? 'Unknown format' : summary.format.toUpperCase()];
  if (summary.compressed) parts[0] += ` (${summary.compressed.kind})`;
  parts.push(...summary.headline);
  if (summary.diagnostics.error > 0) parts.push(`$(error) ${summary.diagnostics.error}`);
  if (deleted) parts.push('deleted');
  return parts.join(' · ');
}

export class AnimationStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('animscope.status', vscode.StatusBarAlignment.Right, 100);
  private readonly subscription: vscode.Disposable;

  constructor(private readonly provider: AnimationEditorProvider, goToOffsetCommand: string) {
    this.item.name = 'AnimScope';
    this.item.command = goToOffsetCommand;
    this.subscription = provider.onDidChangeActive(() => this.update());
    this.update();
  }

  update(): void {
    const session = this.provider.activeSession;
    if (!session) {
      this.item.hide();
      return;
    }
    const doc = session.document;
    this.item.text = statusText(doc.summary, doc.deleted);
    this.item.tooltip = `${doc.fileName}: ${doc.decoded.bytes.length} bytes — click to go to an offset`;
    this.item.show();
  }

  /** What it shows (read by the test probe). */
  get state(): { visible: boolean; text: string } {
    return { visible: this.provider.activeSession !== undefined, text: this.item.text };
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
