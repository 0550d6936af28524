/**
 * The palette / editor-title / webview-toolbar commands. Each acts on the active AnimScope editor's
 * file, or on a Uri given as the first argument (menus pass the editor's resource; tests pass a file
 * and a target so that no dialog opens):
 *
 *   animscope.exportJson    (source?, target?)                         → the written Uri
 *   animscope.exportCurves  (source?, target?, { format?, animation? }) → the written Uri
 *   animscope.exportGltf    (source?, target?, { animations?, fps? })  → the written Uri (.glb or .gltf)
 *   animscope.importGltf    (model?, gltf?, { animations?, replace?, open? }) → the written Uris
 *   animscope.goToOffset    (source?, offset?)                         → the revealed offset
 *   animscope.reopenAsHex   (source?)
 *   animscope.revealOffset  (uri | uriString, offset, length)          internal: Problems-panel code links
 */
import * as vscode from 'vscode';
import { checkSampleLimit, SampleLimitError, sampleStream } from '../kinds/sample';
import { animationsOf, exportJsonChunks, safeFileNamePart, sampledCsvText, sampleJsonChunks } from '../export/files';
import { grouped } from '../formats/binary/text';
import { baseName, decode } from '../formats/index';
import type { DecodedFile } from '../formats/types';
import type { WebviewCommand } from '../wire/protocol';
import { hexOffset, REVEAL_OFFSET_COMMAND } from './diagnostics';
import { AnimationEditorProvider } from './editorProvider';
import { CurvesFormat, pickAnimation, pickCurvesFormat, writeWithProgress } from './exportUi';
import { archiveExportDefault } from './archive';
import type * as GltfExportModule from './gltfExport';
import type * as GltfImportModule from './gltfImport';

/** The glTF export and import (glTF-Transform, the exporter, the fit) load on their first use, not at activation. */
const gltfExport = (): typeof GltfExportModule => require('./gltfExport') as typeof GltfExportModule;
const gltfImport = (): typeof GltfImportModule => require('./gltfImport') as typeof GltfImportModule;
import { DEFAULT_FPS, flavourOf } from '../gltf/names';
import { isUri, registerUserCommand, UserError } from './userCommand';
import { ANIMATION_VIEW_TYPES, HEX_EDITOR_EXTENSION, HEX_EDITOR_VIEW_TYPE } from './viewTypes';

export const COMMANDS = {
  exportJson: 'animscope.exportJson',
  exportCurves: 'animscope.exportCurves',
  exportGltf: 'animscope.exportGltf',
  importGltf: 'animscope.importGltf',
  goToOffset: 'animscope.goToOffset',
  reopenAsHex: 'animscope.reopenAsHex',
  revealOffset: REVEAL_OFFSET_COMMAND,
} as const;

export type { CurvesFormat };
export interface ExportGltfOptions {
  /** Names of animations beside the file to add (default: the ones ticked under "Also play"). */
  animations?: string[];
  /** Frames per second (default: the player's rate for the file's game). */
  fps?: number;
}

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
      interactive(COMMANDS.exportGltf, (source, target, options) => this.exportGltf(source, target, options)),
      interactive(COMMANDS.importGltf, (model, gltf, options) => this.importGltf(model, gltf, options)),
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
    if (!await writeWithProgress(target, `Exporting ${baseName(uri.path)} to JSON`, () => exportJsonChunks(decoded, this.version))) {
      this.log.info(`export of ${uri.toString()} → ${target.toString()} cancelled; nothing written`);
      return undefined;
    }
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
    // a file of several animations (MOTN sequences): one of them, or all
    const several = animationsOf(decoded.anim);

    if (!format && explicitTarget) format = explicitTarget.path.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
    let oneAnimation = animation !== undefined;
    if (!format) {
      const choice = await pickCurvesFormat(several);
      if (!choice) return undefined;
      format = choice.format;
      oneAnimation = choice.oneAnimation;
    }
    if (several && format === 'csv') oneAnimation = true;
    if (several && oneAnimation && animation === undefined) {
      if (explicitTarget) animation = several.animations[0]?.name;
      else animation = await pickAnimation(several);
      if (animation === undefined) return undefined;
    }

    const base = baseName(uri.path);
    const animationPart = animation !== undefined && several ? `.${safeFileNamePart(animation)}` : '';
    const target = explicitTarget ?? await vscode.window.showSaveDialog({
      title: 'AnimScope: Export Sampled Curves',
      defaultUri: exportTarget(uri, `${animationPart}.curves.${format}`),
      filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
      saveLabel: 'Export',
    });
    if (!target) return undefined;

    const stream = sampleStream(decoded, several ? { animation } : {});
    if (animation !== undefined && several && stream.animationCount === 0) {
      throw new UserError(stream.skipped?.includes(animation)
        ? `${animation} is not in the standard ${several.spec.label} layout and cannot be sampled.`
        : `${animation} is not an animation of ${base}.`);
    }
    try {
      checkSampleLimit(stream, base);
    } catch (e) {
      if (!(e instanceof SampleLimitError)) throw e;
      throw new UserError(`${base}: the export would hold ${grouped(e.samples)} samples, more than the limit of ${grouped(e.limit)}. ` +
        `${several && animation === undefined ? `Export one ${several.spec.groups.noun.toLowerCase()}, or use` : 'Use'} \`animscope sample --max-samples ${e.samples}\` to write it.`);
    }
    const title = `Exporting the curves of ${base}${animation !== undefined && several ? ` (${animation})` : ''}`;
    const written = await writeWithProgress(target, title, () => {
      if (format === 'json') return sampleJsonChunks(stream);
      const first = stream.animations()[Symbol.iterator]().next();
      if (first.done) throw new UserError(`${base} has no animation to sample.`);
      const a = first.value;
      return { chunks: [sampledCsvText({ name: a.name, duration: a.duration, loopMode: a.loopMode, tracks: [...a.tracks()] })], fraction: () => 1 };
    });
    if (!written) {
      this.log.info(`curves of ${uri.toString()} → ${target.toString()} cancelled; nothing written`);
      return undefined;
    }
    this.log.info(`sampled ${uri.toString()}${animation !== undefined ? ` (${animation})` : ''} → ${target.toString()} (${format})`);
    if (!explicitTarget) this.announce(target);
    return target;
  }

  // ---- Export glTF… ------------------------------------------------------------------------------
  async exportGltf(sourceArg?: unknown, targetArg?: unknown, optionsArg?: unknown): Promise<vscode.Uri | undefined> {
    const { uri, decoded } = await this.source(sourceArg);
    const base = baseName(uri.path);
    const options = (typeof optionsArg === 'object' && optionsArg !== null ? optionsArg : {}) as ExportGltfOptions;
    const open = this.provider.documentFor(uri);
    const model = await this.modelOf({ uri, decoded }, 'bind one with "Bind Model…" first');
    const modelUri = model.uri;
    const ticked = this.provider.hooks.companions?.chosen(uri) ?? [];
    const names = Array.isArray(options.animations) ? options.animations.filter((n): n is string => typeof n === 'string') : ticked;
    const { animations, skipped } = await gltfExport().gatherAnimations(uri, decoded.model ? undefined : decoded, names, model.model);
    const fps = typeof options.fps === 'number' && Number.isFinite(options.fps) && options.fps > 0 && options.fps <= 1000
      ? options.fps : open?.game?.fps ?? DEFAULT_FPS;

    const explicitTarget = isUri(targetArg) ? targetArg : undefined;
    const target = explicitTarget ?? await vscode.window.showSaveDialog({
      title: 'AnimScope: Export glTF',
      defaultUri: exportTarget(uri, '.glb'),
      filters: { 'glTF binary': ['glb'], 'glTF (JSON + .bin + PNGs)': ['gltf'] },
      saveLabel: 'Export',
    });
    if (!target) return undefined;
    if (!flavourOf(target.path)) throw new UserError(`the export must end in .glb or .gltf (got ${baseName(target.path)}).`);
    for (const line of skipped) this.log.warn(`glTF export of ${base}: ${line}; not exported`);
    const done = await gltfExport().writeGltfWithProgress(target, `Exporting ${baseName(model.uri.path)} to glTF`, () => gltfExport().buildGltf({ model, animations, skipped }, fps));
    if (!done) {
      this.log.info(`glTF export of ${uri.toString()} → ${target.toString()} cancelled; nothing written`);
      return undefined;
    }
    for (const note of done.result.notes) this.log.info(`glTF export of ${base}: ${note}`);
    this.log.info(`exported ${modelUri.toString()} with ${animations.map((a) => a.name).join(', ') || 'no animation'} at ${fps} fps → ${done.written.map((w) => w.toString()).join(', ')}`);
    if (!explicitTarget) {
      gltfExport().offerReveal(target, `${animations.length} animation(s) at ${fps} fps${skipped.length ? `; ${skipped.length} left out: see the AnimScope log` : ''}`);
    }
    return target;
  }

  /** The model of a model file, or the one an animation is bound to; `bind` says what to do when there is none. */
  private async modelOf({ uri, decoded }: Source, bind: string): Promise<GltfExportModule.GltfModelSource> {
    const open = this.provider.documentFor(uri);
    let modelUri: vscode.Uri | undefined;
    if (decoded.model) modelUri = uri;
    else if (decoded.anim) modelUri = open ? open.boundModelUri : (await this.provider.hooks.models?.lookup(uri))?.bound?.uri;
    if (!modelUri) {
      throw new UserError(decoded.anim ? `${baseName(uri.path)} is not bound to a model: ${bind}.` : `${baseName(uri.path)} is neither a model nor an animation.`);
    }
    return gltfExport().readGltfModel(modelUri, decoded.model ? decoded : undefined);
  }

  // ---- Import Animation from glTF… ---------------------------------------------------------------
  async importGltf(modelArg?: unknown, gltfArg?: unknown, optionsArg?: unknown): Promise<vscode.Uri[] | undefined> {
    const { uri, decoded } = await this.source(modelArg);
    const open = this.provider.documentFor(uri);
    const model = await this.modelOf({ uri, decoded }, 'bind one with "Bind Model…", or run the import on the model');
    const options = (typeof optionsArg === 'object' && optionsArg !== null ? optionsArg : {}) as GltfImportModule.ImportGltfOptions;
    const fps = open?.game?.fps ?? DEFAULT_FPS;
    return gltfImport().importGltf(model, fps, isUri(gltfArg) ? gltfArg : undefined, options, this.log, this.provider.hooks.writeArchiveEntry);
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
