/**
 * Archive commands:
 *
 *   animscope.browseArchive (archive?, mode?, { dryRun? })   "AnimScope: Browse Archive" (Explorer
 *       context menu on .arc/.szs/.rarc/.pks, palette). Mode: the argument, else the setting
 *       `animscope.archives.browseMode` ("ask" → a quick pick, whose answer is remembered there).
 *       "workspaceFolder" adds the archive as a read-only workspace folder; "archiveView" shows it in
 *       the Explorer's Archive view. Returns { mode, root } (root: the archive's folder URI).
 *       dryRun: decide and return without changing the workspace (tests: adding a second folder
 *       turns a single-folder window into a multi-root workspace, which restarts the extension host).
 *   animscope.archives.open (uri)            open an entry (animation → AnimScope editor, …)
 *   animscope.archives.openOverview (el|uri) the archive overview (custom editor animscope.archive)
 *   animscope.archives.addToWorkspace (el)   browse with mode "workspaceFolder"
 *   animscope.archives.remove (el)           remove a browsed archive from the Archive view
 *   animscope.archives.refresh ()            re-read everything
 */
import * as vscode from 'vscode';
import type { ArchiveFileSystemProvider } from './archiveFileSystemProvider';
import { archiveRootUri, ARCHIVE_SCHEME, displayPath, nestedRootUri, parseArchiveUri } from './archiveUri';
import { ArchiveEditorHooks, archiveViewTypeFor, openArchiveEntry } from './archiveEditor';
import { ArchiveTreeElement, ArchiveTreeProvider, OPEN_ENTRY_COMMAND } from './archiveTreeView';
import { isUri, registerUserCommand, UserError } from '../userCommand';
import { BROWSE_DIALOG, OVERVIEW_DIALOG } from './dialogs';

export const BROWSE_ARCHIVE_COMMAND = 'animscope.browseArchive';
export const ARCHIVE_COMMANDS = {
  browse: BROWSE_ARCHIVE_COMMAND,
  open: OPEN_ENTRY_COMMAND,
  openOverview: 'animscope.archives.openOverview',
  addToWorkspace: 'animscope.archives.addToWorkspace',
  remove: 'animscope.archives.remove',
  refresh: 'animscope.archives.refresh',
} as const;

export const SETTING_SECTION = 'animscope';
export const SETTING_BROWSE_MODE = 'archives.browseMode';
export type BrowseMode = 'ask' | 'workspaceFolder' | 'archiveView';
const MODES: readonly string[] = ['ask', 'workspaceFolder', 'archiveView'];

export interface BrowseResult {
  mode: Exclude<BrowseMode, 'ask'>;
  /** The archive as a folder (animscope-archive URI), as a string. */
  root: string;
  /** Workspace folder name given (mode workspaceFolder). */
  name?: string;
  /** The workspace was not changed (dryRun, or the folder was there already). */
  unchanged?: boolean;
}

const ARCHIVE_NAME = /\.(arc|szs|rarc|pks)$/i;

export function browseMode(): BrowseMode {
  const v = vscode.workspace.getConfiguration(SETTING_SECTION).get<unknown>(SETTING_BROWSE_MODE, 'ask');
  return typeof v === 'string' && MODES.includes(v) ? (v as BrowseMode) : 'ask';
}

export class ArchiveCommands {
  constructor(
    private readonly fs: ArchiveFileSystemProvider,
    private readonly tree: ArchiveTreeProvider,
    private readonly hooks: ArchiveEditorHooks,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  register(): vscode.Disposable {
    // explicit string arguments (tests, scripts) fail the call; from the UI the user is told
    const command = (name: string, f: (...args: unknown[]) => Promise<unknown>) =>
      registerUserCommand(name, f, this.log, (args) => typeof args[1] === 'string');
    return vscode.Disposable.from(
      command(ARCHIVE_COMMANDS.browse, (archive, mode, options) => this.browse(archive, mode, options)),
      command(ARCHIVE_COMMANDS.open, (uri) => this.open(uri)),
      command(ARCHIVE_COMMANDS.openOverview, (target) => this.openOverview(target)),
      command(ARCHIVE_COMMANDS.addToWorkspace, (target) => this.browse(this.outerOf(target), 'workspaceFolder')),
      command(ARCHIVE_COMMANDS.remove, async (target) => {
        const outer = this.outerOf(target);
        if (outer) await this.tree.remove(outer);
      }),
      command(ARCHIVE_COMMANDS.refresh, async () => {
        this.fs.invalidate();
        this.tree.refresh();
      }),
    );
  }

  private outerOf(target: unknown): vscode.Uri | undefined {
    if (isUri(target)) return target.scheme === ARCHIVE_SCHEME ? parseArchiveUri(target)?.outer : target;
    if (typeof target === 'object' && target !== null && isUri((target as ArchiveTreeElement).uri)) {
      return this.tree.outerOf(target as ArchiveTreeElement);
    }
    return undefined;
  }

  /**
   * The archive to act on: the argument, the active editor's file when it is an archive, else a
   * dialog titled after the command that asks (`dialog`).
   */
  private async archiveArg(arg: unknown, dialog: { title: string; openLabel: string } = BROWSE_DIALOG): Promise<vscode.Uri | undefined> {
    if (isUri(arg)) return arg;
    if (typeof arg === 'string' && arg.length > 0) return vscode.Uri.parse(arg, true);
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    const active = input instanceof vscode.TabInputCustom || input instanceof vscode.TabInputText ? input.uri : undefined;
    if (active && ARCHIVE_NAME.test(active.path)) return active;
    const picked = await vscode.window.showOpenDialog({
      title: dialog.title,
      canSelectMany: false,
      filters: { 'Game archives': ['arc', 'szs', 'rarc', 'pks'], 'All files': ['*'] },
      openLabel: dialog.openLabel,
    });
    return picked?.[0];
  }

  private async pickMode(): Promise<Exclude<BrowseMode, 'ask'> | undefined> {
    type Item = vscode.QuickPickItem & { mode: Exclude<BrowseMode, 'ask'> };
    const single = (vscode.workspace.workspaceFolders?.length ?? 0) <= 1 && !vscode.workspace.workspaceFile;
    const items: Item[] = [
      {
        label: '$(list-tree) Show in the Archive view', mode: 'archiveView',
        detail: 'Browse it in the Explorer\'s Archive view; the workspace stays as it is.',
      },
      {
        label: '$(root-folder) Add as workspace folder', mode: 'workspaceFolder',
        detail: `The archive becomes a read-only folder of the workspace${single ? ' (this window becomes a multi-root workspace and reloads)' : ''}.`,
      },
    ];
    const picked = await vscode.window.showQuickPick(items, {
      title: 'AnimScope: Browse Archive',
      placeHolder: 'How to browse the archive (remembered in the setting "AnimScope › Archives: Browse Mode")',
    });
    if (!picked) return undefined;
    await vscode.workspace.getConfiguration(SETTING_SECTION).update(SETTING_BROWSE_MODE, picked.mode, vscode.ConfigurationTarget.Global);
    return picked.mode;
  }

  async browse(archiveArg?: unknown, modeArg?: unknown, optionsArg?: unknown): Promise<BrowseResult | undefined> {
    const archive = await this.archiveArg(archiveArg);
    if (!archive) return undefined;
    const dryRun = typeof optionsArg === 'object' && optionsArg !== null && (optionsArg as { dryRun?: unknown }).dryRun === true;
    let mode: BrowseMode = typeof modeArg === 'string' && MODES.includes(modeArg) ? (modeArg as BrowseMode) : browseMode();
    if (mode === 'ask') {
      const picked = await this.pickMode();
      if (!picked) return undefined;
      mode = picked;
    }
    const root = archive.scheme === ARCHIVE_SCHEME ? await this.folderRoot(archive) : archiveRootUri(archive);
    // reading it now reports an unreadable archive here, not later in the Explorer
    await this.fs.list(root).catch((e) => {
      throw new UserError(`${displayPath(archive)} cannot be browsed: ${e instanceof Error ? e.message : String(e)}`);
    });
    if (mode === 'archiveView') {
      if (!dryRun) await this.tree.reveal(root);
      return { mode, root: root.toString(), unchanged: dryRun || undefined };
    }
    const name = `${displayPath(archive)} (archive)`;
    const existing = vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === root.toString());
    if (existing || dryRun) {
      if (existing && !dryRun) await vscode.commands.executeCommand('revealInExplorer', root).then(undefined, () => undefined);
      return { mode, root: root.toString(), name, unchanged: true };
    }
    const count = vscode.workspace.workspaceFolders?.length ?? 0;
    this.log.info(`adding ${root.toString()} as workspace folder "${name}"`);
    if (!vscode.workspace.updateWorkspaceFolders(count, 0, { uri: root, name })) {
      throw new UserError(`${displayPath(archive)} could not be added as a workspace folder.`);
    }
    return { mode, root: root.toString(), name };
  }

  /** An archive URI to browse: itself when the provider lists it as a folder (nested archive), else its nested root. */
  private async folderRoot(uri: vscode.Uri): Promise<vscode.Uri> {
    const stat = await vscode.workspace.fs.stat(uri);
    return (stat.type & vscode.FileType.Directory) !== 0 ? uri : nestedRootUri(uri);
  }

  async open(uriArg: unknown): Promise<string | undefined> {
    const uri = isUri(uriArg) ? uriArg : typeof uriArg === 'string' ? vscode.Uri.parse(uriArg, true) : undefined;
    if (!uri) throw new UserError('no archive entry given.');
    const info = await this.fs.info(uri);
    const kind = info.kind === 'root' ? 'folder' : info.kind;
    return openArchiveEntry(uri, info.format, kind, this.hooks);
  }

  async openOverview(target: unknown): Promise<void> {
    let uri: vscode.Uri | undefined;
    if (isUri(target)) uri = target;
    else if (typeof target === 'object' && target !== null && isUri((target as ArchiveTreeElement).uri)) {
      const el = target as ArchiveTreeElement;
      uri = el.outer ?? el.uri;
    } else {
      uri = await this.archiveArg(undefined, OVERVIEW_DIALOG);
    }
    if (!uri) return;
    await vscode.commands.executeCommand('vscode.openWith', uri, archiveViewTypeFor(uri));
  }
}
