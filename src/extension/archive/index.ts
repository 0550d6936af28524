/**
 * Archive support: the `animscope-archive` file system, the Archive view, the archive overview
 * editor and the archive commands. extension.ts calls `registerArchiveSupport(context)` once.
 */
import * as vscode from 'vscode';
import type { ProblemsReporter } from '../diagnostics';
import { ArchiveEditorProvider, ArchiveProbe } from './archiveEditor';
import { ArchiveFileSystemProvider } from './archiveFileSystemProvider';
import { displayPath, outermostFile, parseArchiveUri } from './archiveUri';
import { ArchiveTreeProvider } from './archiveTreeView';
import { ArchiveCommands } from './commands';

export { ARCHIVE_SCHEME, archiveRootUri, archiveUri, displayPath, isArchiveUri, parseArchiveUri } from './archiveUri';
export { archiveViewTypeFor } from './archiveEditor';
export { ARCHIVE_SZS_VIEW_TYPE, ARCHIVE_VIEW_TYPE } from '../viewTypes';
export { BROWSE_ARCHIVE_COMMAND } from './commands';

/**
 * A writable default location for an export of `uri`: for a file inside an archive, next to the
 * outermost archive file, named after the inner path (`TripodBossCore.arc` + `TripodBossCore/Wait.btk`
 * → `TripodBossCore.arc_TripodBossCore_Wait.btk<suffix>`); undefined for other URIs (use the file's
 * own folder). For the export commands' save dialogs.
 */
export function archiveExportDefault(uri: vscode.Uri, suffix: string): vscode.Uri | undefined {
  if (!parseArchiveUri(uri)) return undefined;
  const outer = outermostFile(uri);
  const name = displayPath(uri).split('/').map((s) => s.replace(/[^A-Za-z0-9._-]+/g, '_')).join('_');
  return vscode.Uri.joinPath(outer, '..', `${name}${suffix}`);
}

/** The parts of archive support (the test probes read them). */
export interface ArchiveSupport {
  fs: ArchiveFileSystemProvider;
  tree: ArchiveTreeProvider;
  editor: ArchiveEditorProvider;
}

export function registerArchiveSupport(context: vscode.ExtensionContext, log?: vscode.LogOutputChannel, problems?: ProblemsReporter,
  probe?: ArchiveProbe): ArchiveSupport {
  const channel = log ?? vscode.window.createOutputChannel('AnimScope Archives', { log: true });
  const fs = new ArchiveFileSystemProvider(channel);
  const tree = new ArchiveTreeProvider(fs, context.workspaceState);
  const hooks = { revealInView: async (uri: vscode.Uri): Promise<void> => { await tree.reveal(uri); } };
  const editor = new ArchiveEditorProvider(context.extensionUri, fs, channel, hooks, problems, probe);
  const commands = new ArchiveCommands(fs, tree, hooks, channel);
  context.subscriptions.push(
    ...(log ? [] : [channel]),
    fs,
    fs.register(),
    tree,
    tree.register(),
    editor,
    editor.register(),
    commands.register(),
  );
  return { fs, tree, editor };
}
