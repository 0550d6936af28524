/**
 * "AnimScope: Export glTF…": what `animscope gltf` writes, from an editor. From the model editor:
 * the model with the animations ticked under "Also play"; from an animation editor: its bound model
 * with the animation itself and the ticked ones. Written under a cancellable progress notification
 * through temporaries (src/gltf/write.ts): a cancel or a failure leaves nothing behind.
 */
import * as vscode from 'vscode';
import { bindToModel } from '../kinds/binding';
import { baseName, decode } from '../formats/index';
import type { ModelData } from '../formats/model/types';
import { specOfName } from '../kinds/registry';
import type { DecodedFile } from '../formats/types';
import { AnimationInput, exportModelDocument, GltfExport, GltfRefused } from '../gltf/exportModel';
import { animationName } from '../gltf/names';
import { gltfFiles, writeGltf } from '../gltf/write';
import { WriteCancelled } from '../export/chunkedFile';
import { UserError } from './userCommand';

export interface GltfModelSource {
  uri: vscode.Uri;
  model: ModelData;
  /** The model file's bytes (decompressed): the textures are decoded from them. */
  bytes: Uint8Array;
}

export interface GltfInputs {
  model: GltfModelSource;
  animations: AnimationInput[];
  /** One line each: an animation left out, and why. */
  skipped: string[];
}

/** A model file decoded for the export; a UserError when it is not one. */
export async function readGltfModel(uri: vscode.Uri, decoded?: DecodedFile): Promise<GltfModelSource> {
  const file = decoded ?? decode(await vscode.workspace.fs.readFile(uri), baseName(uri.path));
  if (!file.model) throw new UserError(`${baseName(uri.path)} is not a model that could be decoded (${file.diagnostics.find((d) => d.severity === 'error')?.message ?? file.format}).`);
  return { uri, model: file.model, bytes: file.bytes };
}

/**
 * The animations to export: `self` (an animation editor's own decode) first, then each of `names`
 * (files beside `file`, as "Also play" lists them) that binds to the model without an error.
 */
export async function gatherAnimations(file: vscode.Uri, self: DecodedFile | undefined, names: readonly string[], model: ModelData): Promise<{ animations: AnimationInput[]; skipped: string[] }> {
  const animations: AnimationInput[] = [];
  const skipped: string[] = [];
  const add = (name: string, decoded: DecodedFile): void => {
    if (!decoded.anim) { skipped.push(`${name}: not an animation (${decoded.diagnostics.find((d) => d.severity === 'error')?.message ?? decoded.format})`); return; }
    const bound = bindToModel(decoded, model);
    if (!bound) { skipped.push(`${name}: ${decoded.format.toUpperCase()} does not change a model`); return; }
    const error = bound.diagnostics.find((d) => d.severity === 'error');
    if (error) { skipped.push(`${name}: does not bind to the model (${error.message})`); return; }
    animations.push({ name: animationName(name), anim: decoded.anim });
  };
  if (self) add(baseName(file.path), self);
  for (const name of names) {
    // names come from the page and the memento: only plain names of animations beside the file
    if (name.includes('/') || name.includes('\\') || name === '..' || name === '.' || !specOfName(name)?.apply) {
      skipped.push(`${JSON.stringify(name)}: not an animation beside ${baseName(file.path)}`);
      continue;
    }
    try {
      const uri = vscode.Uri.joinPath(file, '..', name);
      add(name, decode(await vscode.workspace.fs.readFile(uri), name));
    } catch (e) {
      skipped.push(`${name}: cannot be read (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  return { animations, skipped };
}

/** The document of the export; GltfRefused becomes a UserError. */
export function buildGltf(inputs: GltfInputs, fps: number): GltfExport {
  try {
    return exportModelDocument(baseName(inputs.model.uri.path), inputs.model.bytes, inputs.model.model, inputs.animations, fps);
  } catch (e) {
    if (e instanceof GltfRefused) throw new UserError(`${baseName(inputs.model.uri.path)}: ${e.message}.`);
    throw e;
  }
}

/**
 * Builds and writes the export under a cancellable progress notification. The files of a `.gltf`
 * (its `.bin` and PNGs) go beside it. Undefined when the user cancelled (nothing written);
 * otherwise the export (for its notes) and the files written.
 */
export async function writeGltfWithProgress(target: vscode.Uri, title: string, build: () => GltfExport): Promise<{ result: GltfExport; written: vscode.Uri[] } | undefined> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
    // let the notification show before the document is built (it can take seconds)
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (token.isCancellationRequested) return undefined;
    progress.report({ message: 'building the glTF document' });
    const result = build();
    if (token.isCancellationRequested) return undefined;
    progress.report({ increment: 50, message: 'writing' });
    try {
      if (target.scheme === 'file') {
        const paths = await writeGltf(result.doc, target.fsPath, () => token.isCancellationRequested);
        return { result, written: paths.map((p) => vscode.Uri.file(p)) };
      }
      // another file system: no temporaries to rename there; written only once everything is built
      const files = await gltfFiles(result.doc, target.path);
      if (token.isCancellationRequested) return undefined;
      const written: vscode.Uri[] = [];
      for (const [name, data] of files) {
        const uri = vscode.Uri.joinPath(target, '..', baseName(name));
        await vscode.workspace.fs.writeFile(uri, data);
        written.push(uri);
      }
      return { result, written };
    } catch (e) {
      if (e instanceof WriteCancelled) return undefined;
      const code = (e as NodeJS.ErrnoException).code;
      throw new UserError(`cannot write ${target.scheme === 'file' ? target.fsPath : baseName(target.path)}: ${code ?? (e instanceof Error ? e.message : String(e))}.`);
    }
  });
}

/** "wrote X" with a button that shows the file: in the Explorer when it is in the workspace, else in the OS. */
export function offerReveal(target: vscode.Uri, detail: string): void {
  const reveal = 'Reveal';
  void vscode.window.showInformationMessage(`AnimScope: wrote ${baseName(target.path)} (${detail}).`, reveal).then((choice) => {
    if (choice !== reveal) return;
    const inWorkspace = vscode.workspace.getWorkspaceFolder(target) !== undefined;
    void vscode.commands.executeCommand(inWorkspace ? 'revealInExplorer' : 'revealFileInOS', target);
  });
}
