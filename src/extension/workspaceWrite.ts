/**
 * A whole file written through a temporary sibling renamed over it, on any file system VS Code can
 * write (the editor's save, an archive written back): a failed or cancelled write leaves the target
 * as it was and no temporary file behind.
 */
import * as vscode from 'vscode';
import { baseName } from '../formats/index';

/** How a save writes a file: the plain one below, or into an archive (the archive file system's writeEntry). */
export type FileWriter = (target: vscode.Uri, bytes: Uint8Array, cancellation?: vscode.CancellationToken) => Promise<void>;

/**
 * `bytes` into `target` through a temporary file beside it and a rename: a failed or cancelled
 * write leaves the target as it was and no temporary file behind.
 */
export async function writeThroughTemporary(target: vscode.Uri, bytes: Uint8Array, cancellation?: vscode.CancellationToken): Promise<void> {
  const folder = vscode.Uri.joinPath(target, '..');
  const temporary = vscode.Uri.joinPath(folder, `.${baseName(target.path)}.${process.pid}-${Date.now().toString(36)}.animscope-save`);
  const fs = vscode.workspace.fs;
  try {
    await fs.createDirectory(folder);
    await fs.writeFile(temporary, bytes);
    if (cancellation?.isCancellationRequested) throw new vscode.CancellationError();
    await fs.rename(temporary, target, { overwrite: true });
  } catch (e) {
    await Promise.resolve(fs.delete(temporary)).catch(() => undefined);
    throw e;
  }
}

