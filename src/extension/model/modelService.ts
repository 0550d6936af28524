/**
 * Finding, remembering and loading the model (BMD/BDL) an animation binds to, and the
 * "AnimScope: Bind Model…" command.
 *
 *   1. a choice remembered for this animation URI (workspaceState; globalState without a workspace):
 *      a model URI, or "none" after "Clear binding";
 *   2. otherwise the animation's folder, listed with vscode.workspace.fs.readDirectory on the parent
 *      URI (a disk folder, or a folder inside an archive: `animscope-archive:` URIs list the same way):
 *      `<FolderName>.bdl|.bmd`, else the only model there (pick.ts); several → none, the page offers
 *      "Bind Model…".
 *
 * Models are decoded in the extension host (decodeModel) and cached per URI (by mtime and size).
 *
 *   animscope.bindModel (animation?, model?)   model: a Uri (or URI string) to bind, `null` to clear
 *                                               ("no model"), 'auto' to forget the choice; without
 *                                               it, a quick pick (models nearby, Browse…, Clear).
 *                                               Returns the bound model's URI string, or null.
 */
import * as vscode from 'vscode';
import { decompressEntry } from '../../formats/archive/archive';
import { DiagnosticSink } from '../../formats/binary/diagnostics';
import { decodeModel, looksLikeModel } from '../../formats/model/index';
import { buildModelPayload } from '../../wire/modelPayloadBuild';
import type { LoadedModel, ModelDocuments, ModelLookup, ModelResolver } from './lookup';
import { chooseModel, isModelName, lastSegment, rankModels } from '../../formats/model/pick';
import { archiveRootUri, ARCHIVE_SCHEME, displayPath } from '../archive/archiveUri';
import { registerUserCommand, UserError } from '../userCommand';

export const BIND_MODEL_COMMAND = 'animscope.bindModel';
/** Files looked at when searching the workspace for models and archives. */
const MAX_WORKSPACE_MODELS = 200;
/** Models from elsewhere in the workspace offered by "Bind Model…". */
const MAX_OFFERED_MODELS = 30;
/** workspaceState / globalState key: Record<animation URI, model URI | null>. */
export const MODEL_BINDINGS_KEY = 'animscope.modelBindings';

const isUri = (x: unknown): x is vscode.Uri => x instanceof vscode.Uri;
const baseName = (uri: vscode.Uri): string => lastSegment(uri.path);

function parentOf(uri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(uri, '..');
}

export class ModelService implements ModelResolver, vscode.Disposable {
  private readonly cache = new Map<string, { mtime: number; size: number; loaded: LoadedModel }>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly context: Pick<vscode.ExtensionContext, 'workspaceState' | 'globalState'>,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Per animation, with a workspace open; per user otherwise. */
  private get memento(): vscode.Memento {
    return vscode.workspace.workspaceFolders?.length ? this.context.workspaceState : this.context.globalState;
  }

  /** The remembered model URI string, null for "no model", undefined when nothing is remembered. */
  remembered(animation: vscode.Uri): string | null | undefined {
    const all = this.memento.get<Record<string, string | null>>(MODEL_BINDINGS_KEY, {});
    const value = Object.prototype.hasOwnProperty.call(all, animation.toString()) ? all[animation.toString()] : undefined;
    return typeof value === 'string' || value === null ? value : undefined;
  }

  /** model: a URI to bind, null for "no model", undefined to forget (automatic again). */
  async remember(animation: vscode.Uri, model: vscode.Uri | null | undefined): Promise<void> {
    const all = { ...this.memento.get<Record<string, string | null>>(MODEL_BINDINGS_KEY, {}) };
    if (model === undefined) delete all[animation.toString()];
    else all[animation.toString()] = model === null ? null : model.toString();
    await this.memento.update(MODEL_BINDINGS_KEY, all);
  }

  /** Model files in the animation's folder (empty when it cannot be listed). */
  async nearby(animation: vscode.Uri): Promise<{ folder: string; names: string[] }> {
    const folder = parentOf(animation);
    try {
      const entries = await vscode.workspace.fs.readDirectory(folder);
      return { folder: lastSegment(folder.path), names: entries.filter(([n, t]) => (t & vscode.FileType.File) !== 0 && isModelName(n)).map(([n]) => n) };
    } catch (e) {
      this.log.info(`model lookup: cannot list ${folder.toString()}: ${e instanceof Error ? e.message : String(e)}`);
      return { folder: lastSegment(folder.path), names: [] };
    }
  }

  async lookup(animation: vscode.Uri): Promise<ModelLookup> {
    const { folder, names } = await this.nearby(animation);
    const choice = chooseModel(folder, names);
    const candidates = choice.candidates.map((n) => vscode.Uri.joinPath(parentOf(animation), n));
    const remembered = this.remembered(animation);
    if (remembered === null) return { candidates };
    if (typeof remembered === 'string') {
      const uri = vscode.Uri.parse(remembered);
      try {
        return { bound: { uri, fileName: baseName(uri), source: 'remembered', ...await this.load(uri) }, candidates };
      } catch (e) {
        const error = `the model bound to ${baseName(animation)}, ${baseName(uri)}, cannot be used: ${e instanceof Error ? e.message : String(e)}`;
        this.log.warn(error);
        return { candidates, error };
      }
    }
    if (!choice.name) return { candidates };
    const uri = vscode.Uri.joinPath(parentOf(animation), choice.name);
    try {
      return { bound: { uri, fileName: choice.name, source: 'folder', ...await this.load(uri) }, candidates };
    } catch (e) {
      this.log.warn(`model lookup: ${uri.toString()}: ${e instanceof Error ? e.message : String(e)}`);
      return { candidates };
    }
  }

  /** Reads and decodes a model; throws when it cannot be read or is not a J3D model. */
  async load(uri: vscode.Uri): Promise<LoadedModel> {
    const key = uri.toString();
    let stat: vscode.FileStat | undefined;
    try { stat = await vscode.workspace.fs.stat(uri); } catch { stat = undefined; }
    const cached = this.cache.get(key);
    if (cached && stat && cached.mtime === stat.mtime && cached.size === stat.size) return cached.loaded;
    if (!stat) throw new UserError(`${baseName(uri)} is not there any more (moved or deleted?)`);
    const t0 = performance.now();
    const stored = await vscode.workspace.fs.readFile(uri);
    const sink = new DiagnosticSink();
    const bytes = decompressEntry(stored, sink);
    if (!looksLikeModel(bytes)) throw new UserError(`${baseName(uri)} is not a J3D model (BMD/BDL: it does not start with "J3D2bmd"/"J3D2bdl").`);
    const result = decodeModel(bytes, sink);
    if (!result.model) throw new UserError(`${baseName(uri)} could not be decoded as a model.`);
    const errors = sink.list.filter((d) => d.severity === 'error').length;
    this.log.info(`model ${key}: ${result.model.joints.length} joints, ${result.model.materials.length} materials, ` +
      `${sink.list.length} diagnostics (${errors} errors), read + decode ${(performance.now() - t0).toFixed(1)} ms`);
    const loaded: LoadedModel = { model: result.model, diagnostics: sink.finish(), payload: buildModelPayload(result.model, bytes) };
    if (stat) this.cache.set(key, { mtime: stat.mtime, size: stat.size, loaded });
    return loaded;
  }

  // ---- AnimScope: Bind Model… ----------------------------------------------------------------------
  register(documents: ModelDocuments): vscode.Disposable {
    // a model argument (tests, scripts) makes failures reject the call; from the UI the user is told
    this.disposables.push(registerUserCommand(BIND_MODEL_COMMAND,
      (animationArg, modelArg) => this.bindModel(documents, animationArg, modelArg), this.log, (args) => args[1] !== undefined));
    return this;
  }

  private animationUri(documents: ModelDocuments, arg: unknown): vscode.Uri {
    if (isUri(arg)) return arg;
    if (typeof arg === 'string' && arg.length > 0) return vscode.Uri.parse(arg);
    const active = documents.activeSession;
    if (active) return active.document.uri;
    throw new UserError('open an animation in the AnimScope editor first.');
  }

  private async bindModel(documents: ModelDocuments, animationArg: unknown, modelArg: unknown): Promise<string | null | undefined> {
    const animation = this.animationUri(documents, animationArg);
    let choice: vscode.Uri | null | 'auto' | undefined;
    if (modelArg === null || modelArg === 'auto') choice = modelArg;
    else if (isUri(modelArg)) choice = modelArg;
    else if (typeof modelArg === 'string' && modelArg.length > 0) choice = vscode.Uri.parse(modelArg);
    else choice = await this.pick(animation);
    if (choice === undefined) return undefined; // cancelled
    if (isUri(choice)) await this.load(choice); // fails (with the reason) before anything is remembered
    await this.remember(animation, choice === 'auto' ? undefined : choice);
    this.log.info(`${baseName(animation)}: model ${choice === null ? 'cleared' : choice === 'auto' ? 'automatic' : choice.toString()}`);
    const doc = documents.documentFor(animation);
    if (doc) await doc.refreshModel();
    const bound = doc ? doc.boundModelUri : choice === 'auto' ? (await this.lookup(animation)).bound?.uri : choice;
    return bound ? bound.toString() : null;
  }

  /**
   * Models elsewhere in the workspace, for "Bind Model…": loose ones, and those inside the archives
   * named like the animation or its folder (`TripodBossCore.arc` for `…/TripodBossCore/2ndDemo.bck`).
   */
  async workspaceModels(animation: vscode.Uri): Promise<vscode.Uri[]> {
    const folderName = lastSegment(parentOf(animation).path);
    const related = (name: string): boolean => {
      const s = name.replace(/\.[^.]*$/, '').toLowerCase();
      return s === folderName.toLowerCase() || baseName(animation).toLowerCase().startsWith(s);
    };
    const [loose, archives] = await Promise.all([
      vscode.workspace.findFiles('**/*.{bdl,bmd,BDL,BMD}', '**/node_modules/**', MAX_WORKSPACE_MODELS),
      vscode.workspace.findFiles('**/*.{arc,szs,rarc,ARC,SZS,RARC}', '**/node_modules/**', MAX_WORKSPACE_MODELS),
    ]);
    const inside: vscode.Uri[] = [];
    for (const archive of archives.filter((a) => related(baseName(a))).slice(0, 4)) inside.push(...await this.modelsIn(archiveRootUri(archive), 2));
    const here = parentOf(animation).toString();
    return [...loose, ...inside].filter((u) => parentOf(u).toString() !== here);
  }

  /** Model files in a folder and its subfolders down to `depth` (an archive's folders list the same way). */
  private async modelsIn(folder: vscode.Uri, depth: number): Promise<vscode.Uri[]> {
    let entries: [string, vscode.FileType][];
    try { entries = await vscode.workspace.fs.readDirectory(folder); } catch { return []; }
    const out = entries.filter(([n, t]) => (t & vscode.FileType.File) !== 0 && isModelName(n)).map(([n]) => vscode.Uri.joinPath(folder, n));
    if (depth > 0) for (const [n, t] of entries) if ((t & vscode.FileType.Directory) !== 0) out.push(...await this.modelsIn(vscode.Uri.joinPath(folder, n), depth - 1));
    return out;
  }

  /** The models "Bind Model…" offers, the most related first: beside the animation, then elsewhere in the workspace. */
  async choices(animation: vscode.Uri): Promise<{ beside: vscode.Uri[]; elsewhere: vscode.Uri[]; lookup: ModelLookup }> {
    const lookup = await this.lookup(animation);
    const folderName = lastSegment(parentOf(animation).path);
    const rank = (uris: vscode.Uri[]): vscode.Uri[] => rankModels(uris, baseName, baseName(animation), folderName);
    return { beside: rank(lookup.candidates), elsewhere: rank(await this.workspaceModels(animation)).slice(0, MAX_OFFERED_MODELS), lookup };
  }

  private async pick(animation: vscode.Uri): Promise<vscode.Uri | null | 'auto' | undefined> {
    type Item = vscode.QuickPickItem & { value: vscode.Uri | null | 'auto' | 'browse' };
    const { beside, elsewhere, lookup: { bound } } = await this.choices(animation);
    const remembered = this.remembered(animation);
    const items: Item[] = beside.map((uri) => ({
      label: `$(symbol-structure) ${baseName(uri)}`,
      description: bound?.uri.toString() === uri.toString() ? 'bound now' : 'beside the animation',
      value: uri,
    }));
    if (elsewhere.length) items.push({ label: 'in this workspace', kind: vscode.QuickPickItemKind.Separator, value: 'browse' });
    for (const uri of elsewhere) {
      items.push({ label: `$(symbol-structure) ${baseName(uri)}`, description: uri.scheme === ARCHIVE_SCHEME ? displayPath(uri) : vscode.workspace.asRelativePath(uri), value: uri });
    }
    items.push({ label: '$(folder-opened) Browse…', description: 'choose a .bmd or .bdl file', value: 'browse' });
    if (remembered !== undefined) {
      items.push({ label: '$(sync) Automatic', description: 'forget the choice: use the model found beside the animation', value: 'auto' });
    }
    if (bound || remembered !== null) {
      items.push({ label: '$(close) Clear binding', description: 'show the animation without a model', value: null });
    }
    const picked = await vscode.window.showQuickPick(items, {
      title: `AnimScope: Bind Model… — ${baseName(animation)}`,
      placeHolder: bound ? `Bound to ${bound.fileName}: choose another model` : 'Model (BMD/BDL) whose joints and materials this animation drives',
    });
    if (!picked) return undefined;
    if (picked.value !== 'browse') return picked.value;
    const files = await vscode.window.showOpenDialog({
      title: `AnimScope: Bind Model… — ${baseName(animation)}`,
      defaultUri: parentOf(animation),
      canSelectMany: false,
      filters: { 'J3D models': ['bdl', 'bmd'], 'All files': ['*'] },
      openLabel: 'Bind',
    });
    return files?.[0];
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.cache.clear();
  }
}
