/**
 * A whole file written through a temporary sibling renamed over it, on any file system VS Code can
 * write (the editor's save, an archive written back): a failure leaves the old file as it was and
 * no temporary behind.
 */
import * as vscode from 'vscode';
import { writeFileAtomic } from '../cli/outputFile';

export async function writeViaTemporary(target: vscode.Uri, bytes: Uint8Array): Promise<void> {
  if (target.scheme === 'file') {
    writeFileAtomic(target.fsPath, bytes);
    return;
  }
  const name = target.path.split('/').pop() ?? 'file';
  const temporary = vscode.Uri.joinPath(target, '..', `.${name}.animscope-${process.pid}-${Date.now().toString(36)}.tmp`);
  try {
    await vscode.workspace.fs.writeFile(temporary, bytes);
    await vscode.workspace.fs.rename(temporary, target, { overwrite: true });
  } catch (e) {
    await Promise.resolve(vscode.workspace.fs.delete(temporary)).catch(() => undefined);
    throw e;
  }
}
