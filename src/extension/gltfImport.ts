/**
 * "AnimScope: Import Animation from glTF…": on a model (or with an animation bound to one open),
 * pick a .glb/.gltf and its animations; each becomes a file of its kind (src/import/
 * importAnimations.ts: BCK, BCA, BTK, …), first shown playing on the model (a preview in a
 * temporary folder with a copy of the model, the curves of the file it would replace drawn pale
 * under its own; nothing is written until the user says Write), then written beside the model —
 * into its archive when the model is an archive entry (a file the model's folder does not hold yet
 * is added to it, RARC only: src/write/archive/rarcAdd.ts; a PKS refuses new entries). Files that
 * exist are replaced only when the user agrees. The first file written opens in the AnimScope
 * editor, playing on the model.
 * Loaded on first use (glTF-Transform), like the export.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { baseName } from '../formats/index';
import { flavourOf } from '../gltf/names';
import { GltfReadError, readGltf } from '../import/gltfRead';
import type { GltfAnimationData } from '../import/gltfRead';
import { compareSamples, describeDifference } from '../import/compareSamples';
import { IMPORT_KINDS, importAnimations } from '../import/importAnimations';
import { DEFAULT_TOLERANCES, ImportRefused } from '../import/importJoints';
import { ARCHIVE_SCHEME } from './archive/archiveUri';
import type { GltfModelSource } from './gltfExport';
import { UserError } from './userCommand';
import { FileWriter, writeThroughTemporary } from './workspaceWrite';
import { startPreview } from './previews';

type PreviewAnswer = 'Write' | 'Cancel';

export interface ImportGltfOptions {
  /** glTF animation names to import (default: asked, all ticked). */
  animations?: string[];
  /** Replace files that exist without asking (tests). */
  replace?: boolean;
  /** Open the first written file (default true). */
  open?: boolean;
  /**
   * Show the imported animations playing on the model before anything is written (default: when
   * the animations were picked in the dialog), then ask whether to write them. `confirm` answers
   * that question without asking (tests): an answer, or a function given the previewed files'
   * URIs, called while they are open.
   */
  preview?: boolean;
  confirm?: PreviewAnswer | ((previewed: vscode.Uri[]) => Promise<PreviewAnswer>);
}

/**
 * The imported files, each beside a copy of the model in a temporary folder, opened in the editor
 * (so each plays on the model); then the question. The folder and its tabs are gone afterwards.
 */
async function previewThenAsk(model: GltfModelSource, files: { target: string; bytes: Uint8Array }[], confirm: ImportGltfOptions['confirm'], log: vscode.LogOutputChannel): Promise<boolean> {
  const dir = vscode.Uri.file(await fs.promises.mkdtemp(path.join(os.tmpdir(), 'animscope-import-')));
  const previews: vscode.Disposable[] = [];
  try {
    const modelName = baseName(model.uri.path).replace(/\.(szs|yaz0)$/i, '');
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dir, modelName), model.bytes);
    // each plays as it opens; against the file it would replace: that file's curves drawn under
    // its own, and sampled, the largest difference per unit
    const diffs: string[] = [];
    for (const f of files) {
      const uri = vscode.Uri.joinPath(dir, f.target);
      await vscode.workspace.fs.writeFile(uri, f.bytes);
      const existing = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(model.uri, '..', f.target)).then((b) => b, () => undefined);
      previews.push(startPreview(uri, existing && { name: f.target, bytes: existing, label: `${f.target} beside the model` }));
      if (!existing) continue;
      const d = compareSamples(f.bytes, existing, f.target);
      if (d) diffs.push(`${f.target} ${describeDifference(d, 'the one beside the model')}`);
    }
    for (const f of files) await vscode.commands.executeCommand('vscode.openWith', vscode.Uri.joinPath(dir, f.target), 'animscope.animation', { preview: false });
    log.info(`glTF import: previewing ${files.map((f) => f.target).join(', ')} on ${modelName} in ${dir.fsPath}`);
    for (const d of diffs) log.info(`glTF import: ${d}`);
    const answer = typeof confirm === 'function' ? await confirm(files.map((f) => vscode.Uri.joinPath(dir, f.target))) : confirm ?? await vscode.window.showInformationMessage(
      `AnimScope: ${files.length} imported animation(s) are playing on ${modelName} (a preview; nothing is written yet).${diffs.length ? ` ${diffs.join('; ')}.` : ''} Write ${files.map((f) => f.target).join(', ')} beside the model?`,
      'Write', 'Cancel');
    return answer === 'Write';
  } finally {
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => {
      const input = t.input as { uri?: vscode.Uri } | undefined;
      return input?.uri?.scheme === 'file' && input.uri.fsPath.startsWith(dir.fsPath);
    });
    await vscode.window.tabGroups.close(tabs, true);
    for (const p of previews) p.dispose();
    await fs.promises.rm(dir.fsPath, { recursive: true, force: true });
  }
}

async function pickAnimations(all: readonly GltfAnimationData[]): Promise<GltfAnimationData[] | undefined> {
  const items = all.map((a) => ({ label: a.name || '(unnamed)', description: a.j3d?.format ? `from a ${a.j3d.format.toUpperCase()}` : `${a.channels.length} channel(s)`, picked: true, anim: a }));
  const chosen = await vscode.window.showQuickPick(items, { canPickMany: true, title: 'AnimScope: animations to import', placeHolder: 'Each becomes a file beside the model' });
  return chosen?.map((c) => c.anim);
}

/** `writeEntry`: how an archive entry is written (the archive file system's writeEntry), if it can be. */
export async function importGltf(model: GltfModelSource, fps: number, gltfArg: vscode.Uri | undefined, options: ImportGltfOptions, log: vscode.LogOutputChannel,
  writeEntry: FileWriter | undefined): Promise<vscode.Uri[] | undefined> {
  const gltfUri = gltfArg ?? (await vscode.window.showOpenDialog({
    title: `AnimScope: Import Animation from glTF onto ${baseName(model.uri.path)}`,
    filters: { glTF: ['glb', 'gltf'] }, canSelectMany: false, openLabel: 'Import',
  }))?.[0];
  if (!gltfUri) return undefined;
  const flavour = flavourOf(gltfUri.path);
  if (!flavour) throw new UserError(`the glTF must end in .glb or .gltf (got ${baseName(gltfUri.path)}).`);
  const bytes = await vscode.workspace.fs.readFile(gltfUri);
  const buffers = new Map<string, Uint8Array>();
  if (flavour === 'gltf') {
    // the .bin and images beside a .gltf: read here, since readGltf asks for them synchronously
    const json = JSON.parse(Buffer.from(bytes).toString('utf8')) as { buffers?: { uri?: unknown }[]; images?: { uri?: unknown }[] };
    for (const b of [...(json.buffers ?? []), ...(json.images ?? [])]) {
      const uri = b?.uri;
      if (typeof uri !== 'string' || uri.startsWith('data:')) continue;
      const target = vscode.Uri.joinPath(gltfUri, '..', decodeURIComponent(uri));
      if (!target.path.startsWith(vscode.Uri.joinPath(gltfUri, '..').path + '/')) throw new UserError(`the buffer ${uri} is outside the glTF's folder.`);
      buffers.set(uri, await vscode.workspace.fs.readFile(target));
    }
  }
  let gltf;
  try {
    gltf = await readGltf(bytes, flavour === 'glb', (uri) => buffers.get(uri) ?? new Uint8Array(0));
  } catch (e) {
    if (e instanceof GltfReadError) throw new UserError(`${baseName(gltfUri.path)} is not a glTF file AnimScope can read: ${e.message}`);
    throw e;
  }
  if (!gltf.animations.length) throw new UserError(`${baseName(gltfUri.path)} has no animations.`);
  const names = options.animations;
  const chosen = names ? gltf.animations.filter((a) => names.includes(a.name)) : await pickAnimations(gltf.animations);
  if (!chosen?.length) return undefined;

  const notes: string[] = [];
  let results;
  try {
    results = importAnimations(gltf, chosen, model.model, { fps, loop: 0, tolerances: DEFAULT_TOLERANCES, kinds: IMPORT_KINDS, byOrder: false },
      (anim, n) => notes.push(`${anim}: ${n.severity} ${n.code}: ${n.message}`));
  } catch (e) {
    if (e instanceof ImportRefused) throw new UserError(e.message);
    throw e;
  }
  for (const n of notes) log.warn(`glTF import onto ${baseName(model.uri.path)}: ${n}`);
  if (!results.length) throw new UserError(`none of the chosen animations of ${baseName(gltfUri.path)} could be imported: see the AnimScope log.`);

  if (options.preview ?? !names) {
    if (!await previewThenAsk(model, results, options.confirm, log)) return undefined;
  }
  const folder = vscode.Uri.joinPath(model.uri, '..');
  const targets = results.map((r) => ({ ...r, uri: vscode.Uri.joinPath(folder, r.target) }));
  const exists = async (uri: vscode.Uri): Promise<boolean> => vscode.workspace.fs.stat(uri).then(() => true, () => false);
  const existing: string[] = [];
  for (const t of targets) if (await exists(t.uri)) existing.push(t.target);
  const inArchive = model.uri.scheme === ARCHIVE_SCHEME;
  if (inArchive && !writeEntry) throw new UserError('files inside archives cannot be written here.');
  if (existing.length && !options.replace) {
    const answer = await vscode.window.showWarningMessage(`${existing.join(', ')} already ${existing.length === 1 ? 'exists' : 'exist'} beside ${baseName(model.uri.path)}. Replace?`, { modal: true }, 'Replace');
    if (answer !== 'Replace') return undefined;
  }
  for (const t of targets) {
    // an archive entry: the archive written back whole, every other entry byte-identical; else
    // the file written through a temporary + rename
    await (inArchive ? writeEntry! : writeThroughTemporary)(t.uri, t.bytes);
    log.info(`imported ${gltfUri.toString()} → ${t.uri.toString()}: ${t.line}`);
  }
  if (options.open !== false) await vscode.commands.executeCommand('vscode.openWith', targets[0].uri, 'animscope.animation');
  void vscode.window.showInformationMessage(`AnimScope: imported ${targets.length} animation(s) from ${baseName(gltfUri.path)} at ${fps} fps: ${targets.map((t) => t.target).join(', ')}${notes.length ? ` (${notes.length} note(s): see the AnimScope log)` : ''}.`);
  return targets.map((t) => t.uri);
}
