/**
 * The palette / editor-title / webview-toolbar commands. Each acts on the active AnimScope editor's
 * file, or on a Uri given as the first argument (menus pass the editor's resource; tests pass a file
 * and a target so that no dialog opens):
 *
 *   animscope.exportJson    (source?, target?)                         → the written Uri
 *   animscope.exportCurves  (source?, target?, { format?, animation? }) → the written Uri
 *   animscope.goToOffset    (source?, offset?)                         → the revealed offset
 *   animscope.reopenAsHex   (source?)
 *   animscope.revealOffset  (uri | uriString, offset, length)          internal: Problems-panel code links
 */
import * as vscode from 'vscode';
import { SampleLimitError } from '../anim/sample';
import type { SampleResult } from '../anim/sample';
import { baseName, decode } from '../formats/index';
import type { DecodedFile } from '../formats/types';
import type { MotnSequence } from '../formats/motn/types';
import type { WebviewCommand } from '../wire/protocol';
import { hexOffset, REVEAL_OFFSET_COMMAND } from './diagnostics';
import { AnimationEditorProvider } from './editorProvider';
import { exportJsonText, safeFileNamePart, sampledCsvText, sampleJsonText, sampleResult } from './export';
import { archiveExportDefault } from './archive';
import { isUri, registerUserCommand, UserError } from './userCommand';
import { ANIMATION_VIEW_TYPES, HEX_EDITOR_EXTENSION, HEX_EDITOR_VIEW_TYPE } from './viewTypes';

export const COMMANDS = {
  exportJson: 'animscope.exportJson',
  exportCurves: 'animscope.exportCurves',
  goToOffset: 'animscope.goToOffset',
  reopenAsHex: 'animscope.reopenAsHex',
  revealOffset: REVEAL_OFFSET_COMMAND,
} as const;

export type CurvesFormat = 'json' | 'csv';
export interface ExportCurvesOptions {
  format?: CurvesFormat;
  /** MOTN sequence name (or alias), like `animscope sample --animation NAME`. */
  animation?: string;
}

interface Source {
  uri: vscode.Uri;
  decoded: DecodedFile;
}

/** Called by code with a target/offset (menus pass the resource and an `{ groupId, editorIndex }` object instead). */
function isExplicitCall(args: unknown[]): boolean {
  return args[1] !== undefined && (isUri(args[1]) || typeof args[1] !== 'object');
}

/** "0x1C", "1Ch" (hex) or "28" (decimal); undefined when it is neither. */
export function parseOffset(text: string): number | undefined {
  const t = text.trim().replace(/_/g, '');
  let m: RegExpExecArray | null;
  if ((m = /^0x([0-9a-f]+)$/i.exec(t))) return parseInt(m[1], 16);
  if ((m = /^([0-9a-f]+)h$/i.exec(t))) return parseInt(m[1], 16);
  if (/^\d+$/.test(t)) return parseInt(t, 10);
  return undefined;
}

/**
 * Where an export of `uri` goes by default: beside the file, named `<file><suffix>`; for a file
 * inside an archive (read-only), beside the archive, named after the inner path.
 */
function exportTarget(uri: vscode.Uri, suffix: string): vscode.Uri {
  return archiveExportDefault(uri, suffix) ?? vscode.Uri.joinPath(uri, '..', `${baseName(uri.path)}${suffix}`);
}

async function writeText(target: vscode.Uri, text: string, title: string): Promise<void> {
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title }, async () => {
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  });
}

export class Commands {
  constructor(
    private readonly provider: AnimationEditorProvider,
    private readonly version: string,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  register(): vscode.Disposable {
    const interactive = (name: string, f: (...args: unknown[]) => Promise<unknown>) => registerUserCommand(name, f, this.log, isExplicitCall);
    return vscode.Disposable.from(
      interactive(COMMANDS.exportJson, (source, target) => this.exportJson(source, target)),
      interactive(COMMANDS.exportCurves, (source, target, options) => this.exportCurves(source, target, options)),
      interactive(COMMANDS.goToOffset, (source, offset) => this.goToOffset(source, offset)),
      interactive(COMMANDS.reopenAsHex, (source, mode) => this.reopenAsHex(source, mode)),
      vscode.commands.registerCommand(COMMANDS.revealOffset, (uri: unknown, offset: unknown, length: unknown) =>
        this.revealOffset(uri, offset, length)),
    );
  }

  /** A toolbar button in a webview. */
  runFromWebview(command: WebviewCommand, uri: vscode.Uri): void {
    void vscode.commands.executeCommand(COMMANDS[command], uri);
  }

  // ---- which file ------------------------------------------------------------------------------
  private sourceUri(arg: unknown): vscode.Uri {
    if (isUri(arg)) return arg;
    if (typeof arg === 'string' && arg.length > 0) return vscode.Uri.parse(arg);
    const active = this.provider.activeSession;
    if (active) return active.document.uri;
    throw new UserError('open an animation in the AnimScope editor first.');
  }

  /** The open document's decode, or a fresh decode of a file that is not open. */
  private async source(arg: unknown): Promise<Source> {
    const uri = this.sourceUri(arg);
    const open = this.provider.documentFor(uri);
    if (open) return { uri, decoded: open.decoded };
    const bytes = await vscode.workspace.fs.readFile(uri);
    return { uri, decoded: decode(bytes, baseName(uri.path)) };
  }

  // ---- Export to JSON --------------------------------------------------------------------------
  async exportJson(sourceArg?: unknown, targetArg?: unknown): Promise<vscode.Uri | undefined> {
    const { uri, decoded } = await this.source(sourceArg);
    const target = isUri(targetArg) ? targetArg : await vscode.window.showSaveDialog({
      title: 'AnimScope: Export to JSON',
      defaultUri: exportTarget(uri, '.json'),
      filters: { JSON: ['json'] },
      saveLabel: 'Export',
    });
    if (!target) return undefined;
    await writeText(target, exportJsonText(decoded, this.version), `Exporting ${baseName(uri.path)} to JSON…`);
    this.log.info(`exported ${uri.toString()} → ${target.toString()}`);
    if (!isUri(targetArg)) this.announce(target);
    return target;
  }

  // ---- Export Sampled Curves -------------------------------------------------------------------
  async exportCurves(sourceArg?: unknown, targetArg?: unknown, optionsArg?: unknown): Promise<vscode.Uri | undefined> {
    const { uri, decoded } = await this.source(sourceArg);
    if (!decoded.anim) throw new UserError(`${baseName(uri.path)} has no decoded animation to sample.`);
    const options = (typeof optionsArg === 'object' && optionsArg !== null ? optionsArg : {}) as ExportCurvesOptions;
    const explicitTarget = isUri(targetArg) ? targetArg : undefined;
    let format: CurvesFormat | undefined = options.format === 'csv' || options.format === 'json' ? options.format : undefined;
    let animation = typeof options.animation === 'string' ? options.animation : undefined;
    const motn = decoded.anim.format === 'motn' ? decoded.anim : undefined;

    if (!format && explicitTarget) format = explicitTarget.path.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
    let oneSequence = animation !== undefined;
    if (!format) {
      const choice = await this.pickCurvesFormat(motn?.sequences);
      if (!choice) return undefined;
      format = choice.format;
      oneSequence = choice.oneSequence;
    }
    if (motn && format === 'csv') oneSequence = true;
    if (motn && oneSequence && animation === undefined) {
      const standard = motn.sequences.filter((s) => s.standard);
      if (explicitTarget) animation = standard[0]?.name;
      else animation = await this.pickSequence(standard, motn.sequences.length - standard.length);
      if (animation === undefined) return undefined;
    }

    const base = baseName(uri.path);
    const sequencePart = animation !== undefined && motn ? `.${safeFileNamePart(animation)}` : '';
    const target = explicitTarget ?? await vscode.window.showSaveDialog({
      title: 'AnimScope: Export Sampled Curves',
      defaultUri: exportTarget(uri, `${sequencePart}.curves.${format}`),
      filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
      saveLabel: 'Export',
    });
    if (!target) return undefined;

    let text = '';
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Sampling ${base}…` }, async () => {
      let result: SampleResult;
      try {
        result = sampleResult(decoded, motn ? animation : undefined);
      } catch (e) {
        if (!(e instanceof SampleLimitError)) throw e;
        throw new UserError(`${base}: the export would hold ${e.samples.toLocaleString('en-US')} samples, more than the limit of ${e.limit.toLocaleString('en-US')}. ` +
          `${motn && animation === undefined ? 'Export one sequence, or use' : 'Use'} \`animscope sample --max-samples ${e.samples}\` to write it.`);
      }
      if (format === 'json') {
        text = sampleJsonText(result);
        return;
      }
      const sampled = result.animations[0];
      if (!sampled) {
        throw new UserError(result.skipped?.length
          ? `${animation} is not in the standard MOTN layout and cannot be sampled.`
          : `${animation ?? base} is not an animation of ${base}.`);
      }
      text = sampledCsvText(sampled);
    });
    await writeText(target, text, `Writing ${baseName(target.path)}…`);
    this.log.info(`sampled ${uri.toString()}${animation !== undefined ? ` (${animation})` : ''} → ${target.toString()} (${format})`);
    if (!explicitTarget) this.announce(target);
    return target;
  }

  private async pickCurvesFormat(sequences: MotnSequence[] | undefined): Promise<{ format: CurvesFormat; oneSequence: boolean } | undefined> {
    type Item = vscode.QuickPickItem & { format: CurvesFormat; oneSequence: boolean };
    const items: Item[] = sequences
      ? [
        { label: '$(table) CSV — one sequence…', detail: 'One row per frame: frame, then one column per track (bones/N/channel/axis).', format: 'csv', oneSequence: true },
        { label: '$(json) JSON — one sequence…', detail: 'The sample contract, like `animscope sample FILE --animation NAME -o OUT`.', format: 'json', oneSequence: true },
        { label: `$(json) JSON — all ${sequences.filter((s) => s.standard).length} standard sequences`, detail: 'Like `animscope sample FILE -o OUT` (large: every track at every frame).', format: 'json', oneSequence: false },
      ]
      : [
        { label: '$(table) CSV', detail: 'One row per frame: frame, then one column per track path.', format: 'csv', oneSequence: false },
        { label: '$(json) JSON', detail: 'The sample contract, like `animscope sample FILE -o OUT`.', format: 'json', oneSequence: false },
      ];
    return vscode.window.showQuickPick(items, { title: 'AnimScope: Export Sampled Curves', placeHolder: 'Format' });
  }

  private async pickSequence(standard: MotnSequence[], nonStandard: number): Promise<string | undefined> {
    const picked = await vscode.window.showQuickPick(
      standard.map((s) => ({
        label: s.name,
        description: `${s.frames} frames`,
        detail: s.aliases.length ? `also ${s.aliases.join(', ')}` : undefined,
      })),
      {
        title: 'AnimScope: Export Sampled Curves — sequence',
        placeHolder: `Sequence to sample${nonStandard ? ` (${nonStandard} non-standard sequences cannot be sampled and are not listed)` : ''}`,
        matchOnDescription: true,
        matchOnDetail: true,
      },
    );
    return picked?.label;
  }

  private announce(target: vscode.Uri): void {
    void vscode.window.showInformationMessage(`AnimScope: wrote ${baseName(target.path)}.`, 'Open').then((choice) => {
      if (choice === 'Open') void vscode.commands.executeCommand('vscode.open', target);
    });
  }

  // ---- Go to Offset… ---------------------------------------------------------------------------
  async goToOffset(sourceArg?: unknown, offsetArg?: unknown): Promise<number | undefined> {
    const uri = this.sourceUri(sourceArg);
    const doc = this.provider.documentFor(uri);
    if (!doc) throw new UserError(`${baseName(uri.path)} is not open in the AnimScope editor.`);
    const size = doc.decoded.bytes.length;
    const inRange = (n: number | undefined): n is number => n !== undefined && n >= 0 && n < size;
    let offset: number | undefined;
    if (typeof offsetArg === 'number' || typeof offsetArg === 'string') {
      offset = typeof offsetArg === 'number' ? offsetArg : parseOffset(offsetArg);
      if (!inRange(offset)) throw new UserError(`offset ${String(offsetArg)} is outside ${baseName(uri.path)} (0 – ${hexOffset(Math.max(0, size - 1))}).`);
    } else {
      if (size === 0) throw new UserError(`${baseName(uri.path)} is empty.`);
      const selected = this.provider.lastSelection(uri)?.offset ?? 0;
      const text = await vscode.window.showInputBox({
        title: 'AnimScope: Go to Offset…',
        prompt: `Byte offset in ${doc.decoded.container ? 'the decompressed data' : baseName(uri.path)}: hex (0x1C or 1Ch) or decimal (28), 0 – ${hexOffset(size - 1)}`,
        value: '0x' + selected.toString(16).toUpperCase(),
        validateInput: (t) => {
          const n = parseOffset(t);
          if (n === undefined) return 'Enter hex (0x1C or 1Ch) or decimal (28).';
          return inRange(n) ? undefined : `Out of range: the data is ${size} bytes (0 – ${hexOffset(size - 1)}).`;
        },
      });
      if (text === undefined) return undefined;
      offset = parseOffset(text);
      if (!inRange(offset)) return undefined;
    }
    await this.provider.reveal(uri, offset, 1);
    return offset;
  }

  // ---- Problems panel code links ---------------------------------------------------------------
  async revealOffset(uriArg: unknown, offsetArg: unknown, lengthArg: unknown): Promise<boolean> {
    const uri = isUri(uriArg) ? uriArg : typeof uriArg === 'string' ? vscode.Uri.parse(uriArg) : undefined;
    const offset = typeof offsetArg === 'number' && Number.isInteger(offsetArg) && offsetArg >= 0 ? offsetArg : undefined;
    const length = typeof lengthArg === 'number' && Number.isInteger(lengthArg) && lengthArg >= 0 ? lengthArg : 0;
    if (!uri || offset === undefined) {
      this.log.warn(`${COMMANDS.revealOffset}: ignored arguments ${JSON.stringify([String(uriArg), offsetArg, lengthArg])}`);
      return false;
    }
    return this.provider.reveal(uri, offset, length);
  }

  // ---- Reopen as Hex/Text ----------------------------------------------------------------------
  /**
   * Reopens the file in the Hex Editor extension. Without it, AnimScope's own hex view takes the
   * focus and the user is offered to install the extension or to open the file as text
   * (`mode` 'text' does that directly). Returns what the file is shown in.
   */
  async reopenAsHex(sourceArg?: unknown, mode?: unknown): Promise<string> {
    const uri = this.sourceUri(sourceArg);
    const hexInstalled = !!vscode.extensions.getExtension(HEX_EDITOR_EXTENSION);
    if (!hexInstalled && mode !== 'text') {
      const selected = this.provider.lastSelection(uri);
      if (this.provider.sessionsFor(uri).length) await this.provider.reveal(uri, selected?.offset ?? 0, selected?.length ?? 1);
      void vscode.window.showInformationMessage(
        `AnimScope: the Hex Editor extension (${HEX_EDITOR_EXTENSION}) is not installed; AnimScope\'s own hex view has the focus.`,
        'Install Hex Editor', 'Open as Text',
      ).then(async (choice) => {
        if (choice === 'Open as Text') await vscode.commands.executeCommand(COMMANDS.reopenAsHex, uri, 'text');
        if (choice !== 'Install Hex Editor') return;
        try {
          await vscode.commands.executeCommand('workbench.extensions.installExtension', HEX_EDITOR_EXTENSION);
          await vscode.commands.executeCommand(COMMANDS.reopenAsHex, uri);
        } catch (e) {
          void vscode.window.showErrorMessage(`AnimScope: the Hex Editor could not be installed: ${e instanceof Error ? e.message : String(e)}`);
        }
      });
      return 'animscope';
    }
    const viewType = hexInstalled && mode !== 'text' ? HEX_EDITOR_VIEW_TYPE : 'default';
    const column = vscode.window.tabGroups.activeTabGroup.viewColumn;
    const ours = (t: vscode.Tab): boolean => t.group.viewColumn === column && t.input instanceof vscode.TabInputCustom &&
      t.input.uri.toString() === uri.toString() && ANIMATION_VIEW_TYPES.includes(t.input.viewType);
    await vscode.commands.executeCommand('vscode.openWith', uri, viewType, column);
    // Tab objects are snapshots: look the AnimScope tab up again after the group changed
    const stale = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter(ours);
    if (stale.length) await vscode.window.tabGroups.close(stale, true);
    return viewType;
  }
}
