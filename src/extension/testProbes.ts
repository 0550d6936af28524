/**
 * Probes for the host tests and the editor benchmark: internal commands (not contributed, so not
 * in the palette) that read what the webviews reported and what the archive side holds. They are
 * registered, and their state kept, only when the extension runs under tests
 * (`ExtensionMode.Test`: the host suite and the benchmark load it with an extensionTestsPath).
 */
import * as vscode from 'vscode';
import type { ArchiveListing } from '../wire/archiveProtocol';
import { EditRequest, msg } from '../wire/protocol';
import type { ArchiveSupport } from './archive';
import type { ArchiveProbe, ArchiveRenderState } from './archive/archiveEditor';
import type { AnimationEditorProvider, EditorProbe, OpenTiming, RenderState, SelectionState } from './editorProvider';
import type { ModelService } from './model/modelService';
import type { AnimationStatusBar } from './statusBar';

export const TEST_COMMANDS = {
  lastRenderState: 'animscope._test.lastRenderState',
  lastSelection: 'animscope._test.lastSelection',
  timings: 'animscope._test.timings',
  statusBar: 'animscope._test.statusBar',
  modelChoices: 'animscope._test.modelChoices',
  archiveState: 'animscope._test.archiveState',
  archiveListing: 'animscope._test.archiveListing',
  archiveOpenRow: 'animscope._test.archiveOpenRow',
  archiveViewRoots: 'animscope._test.archiveViewRoots',
  archiveCache: 'animscope._test.archiveCache',
  applyEdit: 'animscope._test.applyEdit',
  editState: 'animscope._test.editState',
} as const;

const MAX_TIMINGS = 200;

const keyOf = (uri: vscode.Uri | string): string => (typeof uri === 'string' ? uri : uri.toString());

/** Keeps what the editors report to it. */
export class TestProbe implements EditorProbe, ArchiveProbe {
  private readonly renderStates = new Map<string, RenderState>();
  private lastRenderedKey: string | undefined;
  private readonly timingList: OpenTiming[] = [];
  private readonly archiveStates = new Map<string, ArchiveRenderState>();

  opened(timing: OpenTiming): void {
    this.timingList.push(timing);
    if (this.timingList.length > MAX_TIMINGS) this.timingList.shift();
  }

  rendered(state: Omit<RenderState, 'renderCount'>): void;
  rendered(state: Omit<ArchiveRenderState, 'renderCount' | 'renderedMs'>, firstRenderedMs: number): void;
  rendered(state: Omit<RenderState, 'renderCount'> | Omit<ArchiveRenderState, 'renderCount' | 'renderedMs'>, firstRenderedMs?: number): void {
    if (firstRenderedMs === undefined) {
      const s = state as Omit<RenderState, 'renderCount'>;
      this.renderStates.set(s.uri, { ...s, renderCount: (this.renderStates.get(s.uri)?.renderCount ?? 0) + 1 });
      this.lastRenderedKey = s.uri;
      return;
    }
    const s = state as Omit<ArchiveRenderState, 'renderCount' | 'renderedMs'>;
    const previous = this.archiveStates.get(s.uri);
    this.archiveStates.set(s.uri, { ...s, renderCount: (previous?.renderCount ?? 0) + 1, renderedMs: previous?.renderedMs ?? firstRenderedMs });
  }

  closed(uri: string): void {
    this.renderStates.delete(uri);
  }

  /** The last render state of `uri`, or of the last rendered document. */
  lastRenderState(uri?: vscode.Uri | string): RenderState | undefined {
    const key = uri === undefined ? this.lastRenderedKey : keyOf(uri);
    const state = key === undefined ? undefined : this.renderStates.get(key);
    return state && { ...state, counts: { ...state.counts } };
  }

  timings(): OpenTiming[] {
    return this.timingList.map((t) => ({ ...t }));
  }

  archiveState(uri: vscode.Uri | string): ArchiveRenderState | undefined {
    const s = this.archiveStates.get(keyOf(uri));
    return s && { ...s };
  }
}

/** What the probes read. */
export interface ProbedParts {
  provider: AnimationEditorProvider;
  statusBar: AnimationStatusBar;
  models: ModelService;
  archive: ArchiveSupport;
}

export function registerTestProbes(probe: TestProbe, parts: ProbedParts): vscode.Disposable {
  const { provider, statusBar, models, archive } = parts;
  const command = (id: string, run: (...args: never[]) => unknown): vscode.Disposable => vscode.commands.registerCommand(id, run);
  return vscode.Disposable.from(
    command(TEST_COMMANDS.lastRenderState, (uri?: vscode.Uri | string): RenderState | undefined => probe.lastRenderState(uri)),
    command(TEST_COMMANDS.lastSelection, (uri?: vscode.Uri | string): SelectionState | undefined => provider.lastSelection(uri)),
    command(TEST_COMMANDS.timings, (): OpenTiming[] => probe.timings()),
    command(TEST_COMMANDS.statusBar, () => statusBar.state),
    command(TEST_COMMANDS.modelChoices, async (uri: vscode.Uri) => {
      const { beside, elsewhere } = await models.choices(uri);
      return { beside: beside.map(String), elsewhere: elsewhere.map(String) };
    }),
    command(TEST_COMMANDS.archiveState, (uri: vscode.Uri | string) => probe.archiveState(uri)),
    command(TEST_COMMANDS.archiveListing, (uri: vscode.Uri | string): (ArchiveListing & { uris: string[] }) | undefined => {
      const doc = archive.editor.openDocument(uri);
      return doc && { ...doc.listing, uris: doc.rowUris.map((u) => u.toString()) };
    }),
    command(TEST_COMMANDS.archiveOpenRow, async (uri: vscode.Uri | string, row: number): Promise<string | undefined> => {
      const doc = archive.editor.openDocument(uri);
      return doc && archive.editor.openRow(doc, row);
    }),
    command(TEST_COMMANDS.archiveViewRoots, () => archive.tree.archives.map((u) => u.toString())),
    command(TEST_COMMANDS.archiveCache, () => archive.fs.cacheStats()),
    // as if the page of the document's first editor sent an `edit` message
    command(TEST_COMMANDS.applyEdit, (uri: vscode.Uri | string, label: string, edits: EditRequest[]): { ok: boolean; message?: string } | undefined => {
      const session = provider.sessionsFor(typeof uri === 'string' ? vscode.Uri.parse(uri) : uri)[0];
      return session && provider.applyEdit(session, msg.edit(0, label, edits));
    }),
    command(TEST_COMMANDS.editState, (uri: vscode.Uri | string) => {
      const session = provider.sessionsFor(typeof uri === 'string' ? vscode.Uri.parse(uri) : uri)[0];
      return session && { ...session.editState(), bytes: Array.from(session.document.fileBytes) };
    }),
  );
}
