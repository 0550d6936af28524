/**
 * Problems-panel entries that select the bytes, however the entry is activated (click, double-click,
 * Enter, F8 from a text editor, the code link).
 *
 * VS Code opens a Problems entry as `openEditor({ resource, options: { selection } })`; a custom
 * editor is never told that selection. So an animation's entries are published under a stand-in
 * resource of its own scheme (problemsUri.ts): its name matches no AnimScope editor, so VS Code
 * opens it as text at the entry's position, here one character per byte, 16 a line (the hex-dump
 * positions of diagnostics.ts). That text editor is replaced at once: the file's AnimScope editor
 * comes forward (opened if it is not) and selects the bytes and the field that owns them. The file
 * keeps its problem colour and count in the Explorer (VS Code gives those to the stand-in). F8 /
 * Shift+F8 in the AnimScope editor step through its entries.
 */
import * as vscode from 'vscode';
import type { AnimationEditorProvider } from './editorProvider';
import { fileOfProblemsUri, PROBLEMS_SCHEME, problemsUri } from './problemsUri';

/** Bytes a line of the stand-in text (as in the entries' positions: diagnostics.ts hexDumpRange). */
const BYTES_PER_LINE = 16;

export const NAVIGATION_COMMANDS = {
  nextProblem: 'animscope.nextProblem',
  previousProblem: 'animscope.previousProblem',
} as const;

/** A position in the stand-in text as a byte offset. */
export function offsetAt(p: vscode.Position): number {
  return p.line * BYTES_PER_LINE + p.character;
}

/** How far past the end of the file the stand-in text reaches for entries that point there (a declared offset can be anything). */
const PAST_END = 0x10000;

/**
 * The stand-in text: one character per byte (printable ASCII as itself, anything else `.`), 16 a
 * line, then PAST_END spaces for the entries that point past the end of the file: VS Code clamps a
 * selection to the text, and the text does not depend on the entries (VS Code may keep it while they change).
 */
export function standInText(bytes: Uint8Array): string {
  const lines: string[] = [];
  const stop = Math.ceil((bytes.length + PAST_END) / BYTES_PER_LINE) * BYTES_PER_LINE;
  for (let line = 0; line < stop; line += BYTES_PER_LINE) {
    let text = '';
    for (let i = line; i < line + BYTES_PER_LINE; i++) {
      text += i >= bytes.length ? ' ' : bytes[i] >= 0x20 && bytes[i] < 0x7f ? String.fromCharCode(bytes[i]) : '.';
    }
    lines.push(text);
  }
  return lines.join('\n');
}

export class ProblemsNavigation implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private pending: ReturnType<typeof setTimeout> | undefined;
  private readonly decorationsChanged = new vscode.EventEmitter<vscode.Uri[]>();

  constructor(private readonly provider: AnimationEditorProvider, private readonly log: vscode.LogOutputChannel) {}

  register(): vscode.Disposable {
    this.disposables.push(
      vscode.workspace.registerTextDocumentContentProvider(PROBLEMS_SCHEME, { provideTextDocumentContent: (uri) => this.content(uri) }),
      // the selection is set as the editor opens; either event may come first, and the selection is read after both
      vscode.window.onDidChangeActiveTextEditor((e) => this.schedule(e)),
      vscode.window.onDidChangeTextEditorSelection((e) => this.schedule(e.textEditor)),
      vscode.commands.registerCommand(NAVIGATION_COMMANDS.nextProblem, () => this.step(1)),
      vscode.commands.registerCommand(NAVIGATION_COMMANDS.previousProblem, () => this.step(-1)),
      this.decorationsChanged,
      vscode.window.registerFileDecorationProvider({
        onDidChangeFileDecorations: this.decorationsChanged.event,
        provideFileDecoration: (uri) => this.decoration(uri),
      }),
      vscode.languages.onDidChangeDiagnostics((e) => {
        const files = e.uris.map(fileOfProblemsUri).filter((u): u is vscode.Uri => !!u);
        if (files.length) this.decorationsChanged.fire(files);
      }),
    );
    this.schedule(vscode.window.activeTextEditor);
    return this;
  }

  private content(uri: vscode.Uri): string {
    const file = fileOfProblemsUri(uri);
    const doc = file && this.provider.documentFor(file);
    return doc ? standInText(doc.decoded.bytes) : '';
  }

  /** The file's problems as VS Code shows a file's own: the count, in the colour of the worst. */
  private decoration(file: vscode.Uri): vscode.FileDecoration | undefined {
    if (file.scheme === PROBLEMS_SCHEME) return undefined;
    const entries = vscode.languages.getDiagnostics(problemsUri(file));
    const errors = entries.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length;
    const warnings = entries.filter((d) => d.severity === vscode.DiagnosticSeverity.Warning).length;
    if (!errors && !warnings) return undefined;
    const count = errors || warnings;
    const what = errors ? `${errors} error${errors === 1 ? '' : 's'}` : `${warnings} warning${warnings === 1 ? '' : 's'}`;
    return new vscode.FileDecoration(count > 9 ? '9+' : String(count), `AnimScope: ${what}`,
      new vscode.ThemeColor(errors ? 'list.errorForeground' : 'list.warningForeground'));
  }

  private schedule(editor: vscode.TextEditor | undefined): void {
    if (editor?.document.uri.scheme !== PROBLEMS_SCHEME) return;
    clearTimeout(this.pending);
    this.pending = setTimeout(() => { void this.redirect(editor); }, 0);
  }

  /** The stand-in editor opened at an entry: select those bytes in AnimScope and close the stand-in. */
  private async redirect(editor: vscode.TextEditor): Promise<void> {
    this.pending = undefined;
    const uri = editor.document.uri;
    const file = fileOfProblemsUri(uri);
    const { start, end } = editor.selection;
    const offset = offsetAt(start);
    if (file) await this.provider.reveal(file, offset, Math.max(1, offsetAt(end) - offset));
    else this.log.warn(`${uri.toString()}: not a Problems entry's resource`);
    const standIns = vscode.window.tabGroups.all.flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString());
    if (standIns.length) await vscode.window.tabGroups.close(standIns, true);
  }

  /** F8 / Shift+F8 in the AnimScope editor: the next / previous entry after the selected bytes, wrapping around. */
  private async step(direction: 1 | -1): Promise<boolean> {
    const session = this.provider.activeSession;
    if (!session) return false;
    const file = session.document.uri;
    const entries = vscode.languages.getDiagnostics(problemsUri(file))
      .map((d) => ({ offset: offsetAt(d.range.start), length: offsetAt(d.range.end) - offsetAt(d.range.start) }))
      .sort((a, b) => a.offset - b.offset);
    if (!entries.length) return false;
    const at = this.provider.lastSelection(file)?.offset;
    const next = direction > 0
      ? (at === undefined ? entries[0] : entries.find((e) => e.offset > at) ?? entries[0])
      : (at === undefined ? entries[entries.length - 1] : [...entries].reverse().find((e) => e.offset < at) ?? entries[entries.length - 1]);
    return this.provider.reveal(file, next.offset, next.length);
  }

  dispose(): void {
    clearTimeout(this.pending);
    for (const d of this.disposables) d.dispose();
  }
}
