/**
 * Decoder diagnostics → the Problems panel (DiagnosticCollection 'animscope', keyed by file URI), for
 * every open animation and archive overview (their diagnostics leave with the last editor).
 *
 * Binary files have no lines: an entry's position is its byte's place in a 16-byte hex dump (line =
 * offset ÷ 16, column = offset mod 16: `[Ln 3, Col 13]` is 0x2C), and the offset is in the message
 * (`[0x0000002C] …`, `[inner.arc 0x…] …` for an archive inside an archive). VS Code does not tell a
 * custom editor the range it was opened for, so an animation's entries are published under a
 * stand-in resource that opens them in AnimScope at their bytes (problemsNavigation.ts), and the
 * entry's code is a link (`command:animscope.revealOffset?…`) that does the same.
 * `animscope.diagnostics.enabled` and `animscope.diagnostics.severityOverrides` apply here only: the
 * in-editor list always shows everything the decoder found.
 */
import * as vscode from 'vscode';
import { escapeControls } from '../formats/binary/text';
import type { Diagnostic, Severity } from '../formats/binary/diagnostics';
import { problemsUri } from './problemsUri';
import { diagnosticsSettings, SeverityOverride } from './settings';

export const COLLECTION_NAME = 'animscope';
export const DIAGNOSTIC_SOURCE = 'AnimScope';
/** Internal command (not contributed): open the custom editor for a file and reveal a byte range. */
export const REVEAL_OFFSET_COMMAND = 'animscope.revealOffset';

const DECODER_SEVERITY: Record<Severity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

const OVERRIDE_SEVERITY: Record<Exclude<SeverityOverride, 'off'>, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

export function hexOffset(offset: number): string {
  return '0x' + offset.toString(16).toUpperCase().padStart(8, '0');
}

/** A byte range as hex-dump positions (16 bytes a line). */
export function hexDumpRange(offset: number, length: number): vscode.Range {
  const end = offset + Math.max(1, length);
  return new vscode.Range(Math.floor(offset / 16), offset % 16, Math.floor((end - 1) / 16), ((end - 1) % 16) + 1);
}

/** `command:` URI running animscope.revealOffset(uri, offset, length) (the Problems panel opens code links with commands allowed). */
export function revealCommandUri(uri: vscode.Uri, offset: number, length: number): vscode.Uri {
  return vscode.Uri.parse(`command:${REVEAL_OFFSET_COMMAND}?${encodeURIComponent(JSON.stringify([uri.toString(), offset, length]))}`);
}

/** A diagnostic as the Problems panel lists it: `where` names the bytes the offset is in, when not the file's own. */
export interface ProblemEntry { diagnostic: Diagnostic; where?: string }

/** One decoder diagnostic as a Problems entry; undefined when its code is overridden to "off". */
export function toVscodeDiagnostic(d: Diagnostic, uri: vscode.Uri, overrides: ReadonlyMap<string, SeverityOverride>,
  { revealable = true, where }: { revealable?: boolean; where?: string } = {}): vscode.Diagnostic | undefined {
  const override = overrides.get(d.code);
  if (override === 'off') return undefined;
  const severity = override ? OVERRIDE_SEVERITY[override] : DECODER_SEVERITY[d.severity] ?? vscode.DiagnosticSeverity.Error;
  const at = where ? `${where} ${hexOffset(d.offset)}` : hexOffset(d.offset);
  const result = new vscode.Diagnostic(hexDumpRange(d.offset, d.length), `[${escapeControls(at)}] ${escapeControls(d.message)}`, severity);
  result.source = DIAGNOSTIC_SOURCE;
  result.code = revealable && !where ? { value: d.code, target: revealCommandUri(uri, d.offset, d.length) } : d.code;
  return result;
}

/** What the reporter needs of an open document (the animation and archive documents are ones): its URI, its entries, and when they change or go. */
export interface ProblemSource {
  readonly uri: vscode.Uri;
  readonly deleted: boolean;
  /** The offsets can be revealed in the AnimScope editor (animations; not archive overviews). */
  readonly revealable: boolean;
  problemEntries(): ProblemEntry[];
  /** Reloaded or deleted. */
  onDidChangeProblems(listener: () => void): vscode.Disposable;
  onDidDispose(listener: () => void): vscode.Disposable;
}

/** The resource a document's entries are listed under: a stand-in that reveals the bytes for an animation, else the file. */
function resourceOf(doc: ProblemSource): vscode.Uri {
  return doc.revealable ? problemsUri(doc.uri) : doc.uri;
}

/** Keeps the collection in step with the open documents (several editors may share one URI). */
export class ProblemsReporter implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection(COLLECTION_NAME);
  private readonly documents = new Map<string, Set<ProblemSource>>();

  track(doc: ProblemSource): void {
    const key = doc.uri.toString();
    let set = this.documents.get(key);
    if (!set) this.documents.set(key, (set = new Set()));
    set.add(doc);
    this.publish(doc);
    const changes = doc.onDidChangeProblems(() => this.publish(doc));
    const disposal = doc.onDidDispose(() => {
      changes.dispose();
      disposal.dispose();
      set!.delete(doc);
      if (set!.size > 0) return this.publish([...set!][0]);
      this.documents.delete(key);
      this.collection.delete(resourceOf(doc));
    });
  }

  /** Publishes `doc`'s diagnostics under its URI, honouring the settings. */
  publish(doc: ProblemSource): void {
    const settings = diagnosticsSettings(doc.uri);
    if (!settings.enabled || doc.deleted) {
      this.collection.delete(resourceOf(doc));
      return;
    }
    const entries: vscode.Diagnostic[] = [];
    for (const { diagnostic, where } of doc.problemEntries()) {
      const entry = toVscodeDiagnostic(diagnostic, doc.uri, settings.overrides, { revealable: doc.revealable, where });
      if (entry) entries.push(entry);
    }
    this.collection.set(resourceOf(doc), entries);
  }

  /** After a settings change. */
  republishAll(): void {
    for (const set of this.documents.values()) {
      const doc = [...set][0];
      if (doc) this.publish(doc);
    }
  }

  dispose(): void {
    this.collection.dispose();
    this.documents.clear();
  }
}
