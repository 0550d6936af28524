/**
 * "Also play": the other animations beside a file (its folder, on disk or inside an archive) that
 * change a model, which of them the user ticked (remembered per file), and their decoded payloads
 * when the page asks for one.
 */
import * as vscode from 'vscode';
import { baseName, decode } from '../../formats/index';
import { specOfName } from '../../kinds/registry';
import { animPayload } from '../../wire/animPack';
import type { CompanionMessage } from '../../wire/protocol';

/** workspaceState / globalState key: Record<file URI, ticked companion names>. */
export const COMPANIONS_KEY = 'animscope.alsoPlay';
export class CompanionChoices {
  constructor(private readonly context: Pick<vscode.ExtensionContext, 'workspaceState' | 'globalState'>) {}

  private get memento(): vscode.Memento {
    return vscode.workspace.workspaceFolders?.length ? this.context.workspaceState : this.context.globalState;
  }

  chosen(file: vscode.Uri): string[] {
    const all = this.memento.get<Record<string, unknown>>(COMPANIONS_KEY, {});
    const names = all[file.toString()];
    return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
  }

  async choose(file: vscode.Uri, names: readonly string[]): Promise<void> {
    const all = { ...this.memento.get<Record<string, unknown>>(COMPANIONS_KEY, {}) };
    if (names.length) all[file.toString()] = [...names];
    else delete all[file.toString()];
    await this.memento.update(COMPANIONS_KEY, all);
  }
}

/** The companion `name` beside `file`, decoded and packed for the page; `error` says why not. */
export async function loadCompanion(file: vscode.Uri, name: string): Promise<Pick<CompanionMessage, 'anim' | 'error'>> {
  if (name.includes('/') || name.includes('\\') || name === '..' || name === '.') return { error: `${JSON.stringify(name)} is not a file name` };
  const spec = specOfName(name);
  if (!spec?.apply) return { error: `${name} is not an animation that changes a model` };
  try {
    const uri = vscode.Uri.joinPath(file, '..', name);
    const decoded = decode(await vscode.workspace.fs.readFile(uri), baseName(name));
    const anim = animPayload(decoded.anim, decoded.root, decoded.bytes);
    return anim ? { anim } : { error: `${name} could not be decoded (${decoded.diagnostics.find((d) => d.severity === 'error')?.code ?? decoded.format})` };
  } catch (e) {
    return { error: `${name} cannot be read: ${e instanceof Error ? e.message : String(e)}` };
  }
}
