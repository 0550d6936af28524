/**
 * The "Archive" view in the Explorer (`animscope.archives`): the archives the user browsed (kept per
 * workspace), each as a tree of its folders and files read through the archive file system. Icons
 * by detected format, the size (and format/compression) as the description; a click opens a file
 * the way the archive overview does (animations in the AnimScope editor).
 */
import * as vscode from 'vscode';
import type { EntryFormat } from '../../formats/archive/archive';
import { isAnimFormat, KNOWN_FILE_KINDS, MODEL_KIND, specOf } from '../../kinds/registry';
import { compactSize } from '../../formats/binary/text';
import type { ArchiveFileSystemProvider } from './archiveFileSystemProvider';
import type { NodeInfo } from './archiveTree';
import { archiveRootUri, ARCHIVE_SCHEME, displayPath, outermostFile, parseArchiveUri } from './archiveUri';

export const ARCHIVE_VIEW_ID = 'animscope.archives';
export const OPEN_ENTRY_COMMAND = 'animscope.archives.open';
const STATE_KEY = 'animscope.archives.roots';
/** Context values (package.json menus match them). */
export const CONTEXT_ROOT = 'animscopeArchiveRoot';
export const CONTEXT_NESTED = 'animscopeArchiveNested';
export const CONTEXT_FOLDER = 'animscopeArchiveFolder';
export const CONTEXT_ANIMATION = 'animscopeArchiveAnimation';
export const CONTEXT_FILE = 'animscopeArchiveFile';

export interface ArchiveTreeElement {
  /** animscope-archive URI (the root for a browsed archive). */
  uri: vscode.Uri;
  /** Set on roots: the archive file. */
  outer?: vscode.Uri;
  info?: NodeInfo;
  /** Set when the archive could not be read. */
  error?: string;
}

export function formatIcon(format: EntryFormat | undefined, kind: NodeInfo['kind'] | undefined): vscode.ThemeIcon {
  if (kind === 'root' || kind === 'archive') return new vscode.ThemeIcon('file-zip');
  if (kind === 'folder') return vscode.ThemeIcon.Folder;
  const icon = isAnimFormat(format) ? specOf(format).icon : format === MODEL_KIND.id ? MODEL_KIND.icon : KNOWN_FILE_KINDS.find((k) => k.id === format)?.icon;
  if (icon) return new vscode.ThemeIcon(icon.codicon, new vscode.ThemeColor(icon.color));
  return new vscode.ThemeIcon('file-binary');
}

export class ArchiveTreeProvider implements vscode.TreeDataProvider<ArchiveTreeElement>, vscode.Disposable {
  private readonly _onDidChangeTreeData = new vscode.EventEmitter<ArchiveTreeElement | undefined>();
  readonly onDidChangeTreeData = this._onDidChangeTreeData.event;
  private roots: vscode.Uri[];
  /** Stable element objects per URI (TreeView.reveal and getParent need identity). */
  private readonly elements = new Map<string, ArchiveTreeElement>();
  private readonly disposables: vscode.Disposable[] = [];
  view: vscode.TreeView<ArchiveTreeElement> | undefined;

  constructor(private readonly fs: ArchiveFileSystemProvider, private readonly state: vscode.Memento) {
    const saved = state.get<unknown>(STATE_KEY);
    this.roots = Array.isArray(saved)
      ? saved.filter((s): s is string => typeof s === 'string').flatMap((s) => { try { return [vscode.Uri.parse(s, true)]; } catch { return []; } })
      : [];
    this.disposables.push(fs.onDidChangeArchive(() => this.refresh()));
  }

  register(): vscode.Disposable {
    this.view = vscode.window.createTreeView(ARCHIVE_VIEW_ID, { treeDataProvider: this, showCollapseAll: true });
    this.view.description = undefined;
    return this.view;
  }

  /** The archive files shown (their URIs, any scheme). */
  get archives(): vscode.Uri[] {
    return [...this.roots];
  }

  private element(uri: vscode.Uri, extra: Partial<ArchiveTreeElement> = {}): ArchiveTreeElement {
    const key = uri.toString();
    let e = this.elements.get(key);
    if (!e) {
      e = { uri };
      this.elements.set(key, e);
    }
    Object.assign(e, extra);
    return e;
  }

  /** Adds an archive file (no-op when shown already); returns its root element. */
  async add(outer: vscode.Uri): Promise<ArchiveTreeElement> {
    if (!this.roots.some((r) => r.toString() === outer.toString())) {
      this.roots.push(outer);
      await this.state.update(STATE_KEY, this.roots.map((r) => r.toString()));
      this._onDidChangeTreeData.fire(undefined);
    }
    return this.element(archiveRootUri(outer), { outer });
  }

  async remove(outer: vscode.Uri): Promise<void> {
    this.roots = this.roots.filter((r) => r.toString() !== outer.toString());
    await this.state.update(STATE_KEY, this.roots.map((r) => r.toString()));
    this.elements.clear();
    this._onDidChangeTreeData.fire(undefined);
  }

  refresh(): void {
    this._onDidChangeTreeData.fire(undefined);
  }

  /**
   * Shows `uri` (an archive file, or a URI of the archive scheme) in the view: adds its archive
   * when needed, expands the way there, selects it.
   */
  async reveal(uri: vscode.Uri): Promise<ArchiveTreeElement> {
    let target: vscode.Uri;
    if (uri.scheme === ARCHIVE_SCHEME) {
      const parsed = parseArchiveUri(uri);
      if (!parsed) throw new Error(`${uri.toString()} is not an archive URI`);
      // the root shown is the outer archive of the flat form (nested archives are folders of it)
      await this.add(parsed.outer);
      target = uri;
    } else {
      await this.add(uri);
      target = archiveRootUri(uri);
    }
    const element = this.element(target);
    if (this.view) await this.view.reveal(element, { select: true, focus: true, expand: true });
    return element;
  }

  // ---- TreeDataProvider ---------------------------------------------------------------------------
  getChildren(element?: ArchiveTreeElement): vscode.ProviderResult<ArchiveTreeElement[]> {
    if (!element) return this.roots.map((outer) => this.element(archiveRootUri(outer), { outer }));
    return this.childrenOf(element);
  }

  private async childrenOf(element: ArchiveTreeElement): Promise<ArchiveTreeElement[]> {
    try {
      const list = await this.fs.list(element.uri);
      element.error = undefined;
      return list.map((c) => this.element(c.uri, { info: c.info }));
    } catch (e) {
      element.error = e instanceof Error ? e.message : String(e);
      return [];
    }
  }

  getParent(element: ArchiveTreeElement): ArchiveTreeElement | undefined {
    const parsed = parseArchiveUri(element.uri);
    if (!parsed || parsed.segments.length === 0) return undefined;
    const parentPath = '/' + parsed.segments.slice(0, -1).join('/');
    const parentUri = element.uri.with({ path: parentPath });
    return parentPath === '/' ? this.element(parentUri, { outer: parsed.outer }) : this.element(parentUri);
  }

  async getTreeItem(element: ArchiveTreeElement): Promise<vscode.TreeItem> {
    if (element.outer) return this.rootItem(element);
    const info = element.info ?? await this.fs.info(element.uri).catch(() => undefined);
    element.info = info;
    const parsed = parseArchiveUri(element.uri);
    const label = parsed?.segments[parsed.segments.length - 1] ?? element.uri.path;
    const isDir = info?.kind !== 'file';
    const item = new vscode.TreeItem(label, isDir ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = element.uri.toString();
    item.resourceUri = element.uri;
    item.iconPath = formatIcon(info?.format, info?.kind);
    const parts: string[] = [];
    if (info && info.kind !== 'folder') parts.push(compactSize(info.size));
    if (info && info.format !== 'unknown' && info.format !== 'folder') parts.push(info.format.toUpperCase());
    if (info && info.compression !== 'none') parts.push(info.compression === 'yaz0' ? 'Yaz0' : 'gzip');
    item.description = parts.join(' · ');
    const tip = new vscode.MarkdownString(undefined, false);
    tip.appendText(displayPath(element.uri));
    if (info) {
      tip.appendText(`\n${info.kind === 'archive' ? 'nested archive' : info.kind}`);
      if (info.kind !== 'folder') tip.appendText(` · ${info.size} bytes`);
      if (info.dataOffset >= 0) tip.appendText(` at 0x${info.dataOffset.toString(16).toUpperCase()}`);
      if (info.suspicious) tip.appendText('\n⚠ the stored name is unsafe as a path (shown with replacements)');
    }
    item.tooltip = tip;
    const isAnimation = info?.kind === 'file' && (isAnimFormat(info.format) || info.format === MODEL_KIND.id);
    item.contextValue = info?.kind === 'archive' ? CONTEXT_NESTED : info?.kind === 'folder' ? CONTEXT_FOLDER
      : isAnimation ? CONTEXT_ANIMATION : CONTEXT_FILE;
    if (info?.kind === 'file') item.command = { command: OPEN_ENTRY_COMMAND, title: 'Open', arguments: [element.uri] };
    return item;
  }

  private async rootItem(element: ArchiveTreeElement): Promise<vscode.TreeItem> {
    const outer = element.outer as vscode.Uri;
    const item = new vscode.TreeItem(displayPath(outer), vscode.TreeItemCollapsibleState.Expanded);
    item.id = element.uri.toString();
    item.iconPath = new vscode.ThemeIcon('file-zip');
    item.contextValue = CONTEXT_ROOT;
    item.resourceUri = outer;
    try {
      const info = await this.fs.info(element.uri);
      const diagnostics = await this.fs.diagnostics(element.uri);
      const summary = await this.fs.list(element.uri);
      const problems = diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').length;
      const parts = [info.compression === 'none' ? '' : info.compression === 'yaz0' ? 'Yaz0' : 'gzip',
        `${summary.length} item${summary.length === 1 ? '' : 's'}`];
      if (problems) parts.push(`⚠ ${problems}`);
      item.description = parts.filter((p) => p).join(' · ');
      item.tooltip = `${outer.scheme === 'file' ? outer.fsPath : outer.toString()}\n${diagnostics.length} diagnostic(s) — open the archive overview for details`;
    } catch (e) {
      item.description = 'cannot be read';
      item.tooltip = e instanceof Error ? e.message : String(e);
      item.collapsibleState = vscode.TreeItemCollapsibleState.None;
    }
    return item;
  }

  /** The outer archive file of an element (for "Remove"). */
  outerOf(element: ArchiveTreeElement): vscode.Uri {
    return element.outer ?? parseArchiveUri(element.uri)?.outer ?? outermostFile(element.uri);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this._onDidChangeTreeData.dispose();
  }
}
