/**
 * The `animscope-problems:` URIs: the stand-in resource an animation's Problems entries are published
 * under (diagnostics.ts), `animscope-problems:<path> (AnimScope)?{"uri":…,"label":…}`. Its name matches
 * no AnimScope editor, so VS Code opens an entry as text at its position, and problemsNavigation.ts
 * turns that into the AnimScope editor selecting the bytes. package.json's resourceLabelFormatters
 * shows the stand-in's folder as the file's (its `label`).
 */
import * as vscode from 'vscode';

export const PROBLEMS_SCHEME = 'animscope-problems';
/** Makes the stand-in's name differ from the file's (an AnimScope editor would open it, with no selection). */
const SUFFIX = ' (AnimScope)';

/** The stand-in resource the Problems entries of `file` are published under. */
export function problemsUri(file: vscode.Uri): vscode.Uri {
  const folder = vscode.Uri.joinPath(file, '..');
  const label = file.scheme === 'file' ? folder.fsPath : folder.path;
  return vscode.Uri.from({ scheme: PROBLEMS_SCHEME, path: file.path + SUFFIX, query: JSON.stringify({ uri: file.toString(), label }) });
}

/** The file a stand-in resource is for; undefined for anything else. */
export function fileOfProblemsUri(uri: vscode.Uri): vscode.Uri | undefined {
  if (uri.scheme !== PROBLEMS_SCHEME) return undefined;
  try {
    const { uri: file } = JSON.parse(uri.query) as { uri?: unknown };
    return typeof file === 'string' ? vscode.Uri.parse(file, true) : undefined;
  } catch {
    return undefined;
  }
}
