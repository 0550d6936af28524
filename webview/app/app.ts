/**
 * The editor page: the panels (panels.ts) in their panes (layout.ts), talking through the bus
 * (page/bus.ts). The App only iterates: every panel gets the same load, saves and restores its own
 * state, and reports what it rendered. Renders only from what the host sent.
 */
import { unpackTree } from '../../src/wire/packedTree';
import { animFromPayload } from '../../src/wire/animPayload';
import { pageSpecFor } from '../../src/kinds/pages';
import type { UnpackResult } from '../../src/wire/modelPayload';
import { byteLengthOf, LoadedFile, needsView3d, RenderCounts, RenderedModel, ViewSettings } from '../../src/wire/protocol';
import { groupCount } from '../curves/groups';
import { HoverCard } from '../hover/hoverCard';
import { HostPort, PageBus, pageBus, PageServices } from '../page/bus';
import { FieldIndex, clampRange, linkCard } from '../page/fields';
import { asRecord, Panel, PanelContext, PanelSlot, RenderReport } from '../page/panel';
import { Layout, LayoutState } from './layout';
import { PANELS } from './panels';
import type { View3d } from '../view3d/api';

export interface AppState {
  /** Which file the state belongs to (a different file starts fresh; the layout stays). */
  fileName?: string;
  /** Each panel's saved state, by panel id. */
  panels?: Record<string, unknown>;
  layout?: LayoutState;
}

export class App {
  readonly bus: PageBus;
  readonly card = new HoverCard();
  readonly layout: Layout;
  readonly panels: readonly Panel[];
  private context: PanelContext | undefined;
  /** The saved states of the panels a partial load left waiting (they restore them with the whole file). */
  private held: Record<string, unknown> = {};
  private readonly view3d: () => Promise<View3d>;

  /**
   * `host.view3d`: the 3D view's script (view3dLoader.ts), asked for by the first whole load with a
   * model and awaited before its panels load.
   */
  constructor(host: HostPort & { stateChanged(): void; view3d(): Promise<View3d> }, settings: ViewSettings) {
    this.view3d = () => host.view3d();
    this.bus = pageBus(host, settings);
    const services: PageServices = { bus: this.bus, card: this.card };
    this.layout = new Layout(() => host.stateChanged());
    this.panels = PANELS.map((create) => create(services));
    linkCard(this.card, this.bus, () => this.context?.fields);
    this.bus.stateChanged.event(() => host.stateChanged());
  }

  mount(container: HTMLElement): void {
    this.layout.mount(container);
    this.card.mount(document.body);
    for (const p of this.panels) p.mount(this.layout.slot(p.slot));
  }

  /** The panel with this id (tests). */
  panel<T extends Panel>(id: string): T | undefined {
    return this.panels.find((p) => p.id === id) as T | undefined;
  }

  /** Renders a decoded file; returns what was rendered (for the host's checks). */
  async load(file: LoadedFile, settings: ViewSettings, state: AppState): Promise<RenderCounts> {
    // The rest of a big file comes with the tree its start brought (wholeOf): unpacked once.
    const root = file.tree === this.context?.file.tree ? this.context.root : unpackTree(file.tree);
    if (!root) throw new Error('the field tree from the extension host is malformed');
    const anim = file.anim ? animFromPayload(file.anim) : undefined;
    // Tracks that came along for the first group (a malformed part is left out: the panel asks for it).
    if (anim && file.firstPart) pageSpecFor(anim).deferred?.attach(anim, file.firstPart.group, file.firstPart.part);
    const got = await this.view3dFor(file);
    const view3d = got instanceof Error ? undefined : got;
    const payload = file.modelPayload ? unpackedPayload(file.modelPayload, got) : undefined;
    this.card.hide(true);
    this.bus.settings.fire(settings);
    const referenceAnim = file.reference && animFromPayload(file.reference.anim);
    const reference = file.reference && referenceAnim ? { label: file.reference.label, anim: referenceAnim } : undefined;
    const context: PanelContext = {
      file, root, fields: new FieldIndex(root, file.bytes, byteLengthOf(file)), anim, model: file.model, payload, settings, ...(reference ? { reference } : {}),
      ...(view3d ? { view3d } : {}),
    };
    this.context = context;
    const saved = state.fileName === file.fileName ? asRecord(state.panels) : undefined;
    if (state.layout) this.layout.state = state.layout;
    const loading = this.panelsFor(file);
    this.held = {};
    for (const p of this.panels) {
      if (!saved || !(p.id in saved)) continue;
      if (loading.includes(p)) p.restoreState(saved[p.id]);
      else this.held[p.id] = saved[p.id];
    }
    for (const p of loading) await p.load(context);
    const shown: Record<PanelSlot, boolean> = { header: false, tree: false, hex: false, curves: false, side: false };
    const preferred: Partial<Record<PanelSlot, number>> = {};
    for (const p of loading) {
      shown[p.slot] ||= p.visible;
      const w = p.visible ? p.preferredWidth?.() : undefined;
      if (w !== undefined) preferred[p.slot] = Math.max(preferred[p.slot] ?? 0, w);
    }
    this.layout.setShown(shown, preferred);
    return this.counts()!;
  }

  /** The 3D view when a whole load has a model, or why its script is not there; undefined without a model. */
  private async view3dFor(file: LoadedFile): Promise<View3d | Error | undefined> {
    // a big file's start shows no model (those panels are not Panel.early): its rest brings it
    if (file.partial || !needsView3d(file)) return undefined;
    return this.view3d().catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
  }

  /** What the page shows of the last load (undefined before one): the `rendered` message's counts. */
  counts(): RenderCounts | undefined {
    const context = this.context;
    if (!context) return undefined;
    const { file, root, anim } = context;
    const report: RenderReport = { diagnostics: 0, tracks: 0, skeletonBones: 0, modelFileDiagnostics: 0, frameRate: this.bus.settings.value.frameRate };
    for (const p of this.panelsFor(file)) p.report?.(report);
    return {
      fields: root.children?.length ?? 0,
      diagnostics: report.diagnostics,
      tracks: report.tracks,
      ...(report.referenceTracks !== undefined ? { referenceTracks: report.referenceTracks } : {}),
      groups: anim ? groupCount(anim) : 0,
      ...(file.model ? { model: renderedModel(file, report) } : {}),
      ...(report.modelError ? { modelError: report.modelError } : {}),
      frameRate: report.frameRate,
      ...(report.modelView ? { modelView: report.modelView } : {}),
    };
  }

  /** The panels a load shows: all, or for a big file's start those that need nothing more (Panel.early). */
  private panelsFor(file: LoadedFile): readonly Panel[] {
    return file.partial ? this.panels.filter((p) => p.early) : this.panels;
  }

  /** The file shown (for the `rendered` echo). */
  get file(): LoadedFile | undefined {
    return this.context?.file;
  }

  get state(): AppState {
    const panels: Record<string, unknown> = {};
    for (const p of this.panels) {
      const s = p.id in this.held ? this.held[p.id] : p.saveState();
      if (s !== undefined) panels[p.id] = s;
    }
    return { fileName: this.context?.file.fileName, panels, layout: this.layout.state };
  }

  setSettings(settings: ViewSettings): void {
    this.bus.settings.fire(settings);
  }

  /** Selects a byte range and reveals its field (Go to Offset…, the Problems panel). */
  reveal(offset: number, length: number): void {
    const r = this.context && clampRange(offset, length, this.context.file.bytes.length);
    if (r) this.bus.revealBytes.fire(r.offset, r.length);
  }

  fileDeleted(): void {
    this.bus.notice.fire('This file was deleted from disk. What you see is its last version.');
  }
}

/** The model payload as the 3D view checked it; without the view's script, a payload that cannot be shown (the model panel says why). */
function unpackedPayload(payload: unknown, view3d: View3d | Error | undefined): UnpackResult {
  if (view3d && !(view3d instanceof Error)) return view3d.unpackModelPayload(payload);
  return { problems: [{ severity: 'error', message: `The 3D view cannot be shown: ${view3d?.message ?? 'its script is missing'}.` }] };
}

function renderedModel(file: LoadedFile, report: RenderReport): RenderedModel {
  const m = file.model!;
  return {
    fileName: m.fileName,
    jointNames: (m.jointNames ?? []).map((n) => n ?? ''),
    skeletonBones: report.skeletonBones,
    materialBindings: m.materialBindings?.length ?? 0,
    fileDiagnostics: report.modelFileDiagnostics,
  };
}
