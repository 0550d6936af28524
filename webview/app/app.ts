/**
 * The editor page: header (summary, toolbar, diagnostics), structure tree | hex view, and the
 * curve panel below. Renders only from what the host sent; keeps its UI state in a plain object
 * the bootstrap persists with vscode.setState.
 */
import type { DescribedKey, DescribedTrack } from '../../src/anim';
import type { FieldNode } from '../../src/formats/binary/fields';
import { resolvePath } from '../../src/formats/binary/fields';
import { AnimData, specFor } from '../../src/formats/registry';
import type { LoadedFile, PageCommand, RenderCounts, RenderedModel, ViewSettings } from '../../src/wire/protocol';
import { CurvePanel, CurvePanelState, groupCount } from '../curves';
import { HexView } from '../hex/hexView';
import { HoverCard } from '../hover/hoverCard';
import { el, Emitter } from '../shared/dom';
import { LinkController } from '../structure/link';
import { StructureView, StructureViewState } from '../structure/structureView';
import { SkeletonView } from '../skeleton/skeletonView';
import { GroupPicker, modelGroupLabel } from './groupPicker';
import { Header } from './header';
import { animFromPayload } from '../../src/wire/animPayload';
import { unpackTree } from '../../src/wire/packedTree';

export interface AppState {
  /** Which file the state belongs to (a different file starts fresh). */
  fileName?: string;
  structure?: Partial<StructureViewState>;
  curves?: Partial<CurvePanelState>;
  hexOffset?: number;
}

export interface AppCallbacks {
  command(command: PageCommand): void;
  selection(offset: number, length: number, path?: string): void;
  /** Ask the host for the tracks of a group that did not travel with the load (FormatSpec.deferred). */
  requestTracks(group: number): Promise<unknown>;
  stateChanged(): void;
}

export class App {
  readonly element = el('div', 'as-app');
  readonly header = new Header();
  readonly structure = new StructureView();
  readonly hex = new HexView();
  readonly card = new HoverCard();
  readonly link: LinkController;
  readonly picker = new GroupPicker();
  readonly curves: CurvePanel;
  private readonly curvesSection = el('section', 'as-curves');
  private readonly skeletonHost = el('div', 'as-skeleton-host');
  /** The 3D skeleton (BCK with a bound model), following the curve panel's player. */
  skeleton: SkeletonView | undefined;
  private readonly stateEmitter = new Emitter<[]>();
  private file: LoadedFile | undefined;
  /** The host's field tree, unpacked: what every view shows. */
  private root: FieldNode | undefined;
  private anim: AnimData | undefined;
  private hexOffset = 0;
  private requestSerial = 0;

  constructor(private readonly callbacks: AppCallbacks, settings: ViewSettings) {
    const split = el('main', 'as-split');
    const structureHost = el('section', 'as-structure');
    structureHost.setAttribute('aria-label', 'Structure');
    const hexHost = el('section', 'as-hex');
    hexHost.setAttribute('aria-label', 'Hex view');
    split.append(structureHost, hexHost);
    const curvesTop = el('div', 'as-curves-top');
    this.curvesSection.setAttribute('aria-label', 'Curves');
    const curvesRow = el('div', 'as-curves-row');
    this.skeletonHost.hidden = true;
    this.skeletonHost.setAttribute('aria-label', 'Skeleton');
    this.curvesSection.append(curvesTop, curvesRow);
    this.element.append(this.header.element, split, this.curvesSection);

    this.structure.mount(structureHost);
    this.hex.mount(hexHost);
    this.card.mount(document.body);
    this.link = new LinkController(this.structure, this.hex, this.card);
    this.picker.mount(curvesTop);
    this.curves = new CurvePanel({
      fps: settings.frameRate,
      laneHeight: 92,
      onHoverKey: (track, key) => this.hoverKey(track, key),
      onSelectKey: (_track, key) => this.selectKey(key),
      onStateChange: () => callbacks.stateChanged(),
      onFrame: (f) => this.skeleton?.setFrame(f),
    }).mount(curvesRow);
    curvesRow.append(this.skeletonHost);

    this.header.onCommand((c) => callbacks.command(c));
    this.header.onJumpToDiagnostic((d) => this.reveal(d.offset, d.length));
    this.picker.onChange((key) => { void this.showGroup(key); });
    this.link.onSelectField((node) => this.fieldSelected(node));
    this.hex.onSelectBytes((offset, length) => {
      this.hexOffset = offset;
      callbacks.selection(offset, length, this.link.fieldAt(offset)?.path);
    });
    this.structure.onDidChangeState(() => callbacks.stateChanged());
    this.stateEmitter.event(() => callbacks.stateChanged());
  }

  mount(container: HTMLElement): void {
    container.replaceChildren(this.element);
  }

  /** Renders a decoded file; returns what was rendered (for the host's checks). */
  async load(file: LoadedFile, state: AppState): Promise<RenderCounts> {
    const sameFile = state.fileName === file.fileName;
    const root = unpackTree(file.tree);
    if (!root) throw new Error('the field tree from the extension host is malformed');
    this.file = file;
    this.root = root;
    this.anim = file.anim ? animFromPayload(file.anim) : undefined;
    this.header.setFile(file);
    this.structure.setLabelHints(this.labelHints(file));
    this.link.setData(root, file.bytes);
    if (sameFile && state.structure) this.structure.setState(state.structure);
    else this.structure.setState({ expanded: (root.children ?? []).filter((c) => /^[A-Z0-9]{4}$/.test(c.name)).map((c) => c.path) });
    if (sameFile && state.hexOffset !== undefined) this.hex.revealRange(state.hexOffset, 1);

    const anim = this.anim;
    this.curvesSection.hidden = !anim || groupCount(anim) === 0;
    this.updateSkeleton(file, anim);
    if (anim && groupCount(anim) > 0) {
      this.picker.setAnimation(anim, file.model);
      const groups = specFor(anim).groups;
      const saved = sameFile ? state.curves?.group : undefined;
      const key = saved !== undefined && groups.index(anim, saved) !== undefined ? saved : groups.key(anim, groups.first(anim));
      await this.showGroup(key);
      if (sameFile && state.curves) this.curves.state = state.curves;
    }
    return {
      fields: root.children?.length ?? 0,
      diagnostics: this.header.diagnosticsRendered,
      tracks: this.curves.tracks.length,
      groups: anim ? groupCount(anim) : 0,
      ...(file.model ? { model: this.renderedModel(file) } : {}),
      ...(this.header.modelRendered.error ? { modelError: this.header.modelRendered.error } : {}),
    };
  }

  private renderedModel(file: LoadedFile): RenderedModel {
    const m = file.model!;
    return {
      fileName: m.fileName,
      jointNames: (m.jointNames ?? []).map((n) => n ?? ''),
      skeletonBones: this.skeleton && !this.skeletonHost.hidden ? this.skeleton.boneCount : 0,
      materialBindings: m.materialBindings?.length ?? 0,
      fileDiagnostics: this.header.modelRendered.fileDiagnostics,
    };
  }

  /**
   * With a bound model, a structure row of a group says what the group drives in it (the joint's
   * name): the row of the table entry the group's path points at.
   */
  private labelHints(file: LoadedFile): ((path: string) => string | undefined) | undefined {
    const anim = this.anim;
    const targets = file.model?.jointNames;
    if (!anim || !targets) return undefined;
    const groups = specFor(anim).groups;
    return (path) => {
      if (!/\]$/.test(path)) return undefined;
      const i = groups.ofPath(anim, path);
      return i === undefined ? undefined : targets[i] ?? undefined;
    };
  }

  /** An animation that drives joints, with a model: the skeleton view beside the curves; otherwise none. */
  private updateSkeleton(file: LoadedFile, anim: AnimData | undefined): void {
    const spec = anim && specFor(anim);
    if (file.model && anim && spec?.model.target === 'joints' && file.model.joints.length > 0 && groupCount(anim) > 0) {
      const groups = spec.groups;
      if (!this.skeleton) this.skeleton = new SkeletonView((joint) => { void this.showGroup(groups.key(anim, joint)); }).mount(this.skeletonHost);
      this.skeletonHost.hidden = false;
      this.skeleton.setData(file.model, spec.model.joints(anim), spec.groups.duration(anim, 0), this.curves.player.frame);
    } else {
      this.skeleton?.dispose();
      this.skeleton = undefined;
      this.skeletonHost.hidden = true;
    }
  }

  /** The curve title: the picker's label (with the joint / material name when a model is bound). */
  private titleOf(key: string): string | undefined {
    const listed = this.picker.labelOf(key);
    if (listed) return listed;
    const anim = this.anim;
    if (!anim || !this.file?.model) return undefined;
    const groups = specFor(anim).groups;
    const index = groups.index(anim, key);
    return index === undefined ? undefined : modelGroupLabel({ key, index, label: groups.label(anim, index) }, this.file.model);
  }

  get state(): AppState {
    return {
      fileName: this.file?.fileName,
      structure: this.structure.getState(),
      curves: this.file?.anim ? this.curves.state : undefined,
      hexOffset: this.hexOffset,
    };
  }

  setSettings(settings: ViewSettings): void {
    this.curves.player.setFps(settings.frameRate);
  }

  reveal(offset: number, length: number): void {
    if (!this.file) return;
    const end = this.file.bytes.length;
    const start = Math.min(offset, Math.max(0, end - 1));
    this.hexOffset = start;
    const node = this.link.revealBytes(start, Math.max(1, Math.min(length, end - start)));
    this.hex.focus();
    this.callbacks.selection(start, length, node?.path);
  }

  fileDeleted(): void {
    this.header.setNotice('This file was deleted from disk. What you see is its last version.');
  }

  private async showGroup(key: string): Promise<void> {
    const anim = this.anim;
    if (!anim) return;
    const spec = specFor(anim);
    const index = spec.groups.index(anim, key);
    if (index === undefined) return;
    if (spec.deferred?.missing(anim, index)) {
      const serial = ++this.requestSerial;
      const part = await this.callbacks.requestTracks(index);
      if (!spec.deferred.attach(anim, index, part)) throw new Error(`the tracks of group ${index} from the extension host are malformed`);
      if (serial !== this.requestSerial) return; // a later choice won
    }
    this.picker.setValue(key);
    this.curves.show(anim, key, { title: this.titleOf(key) });
    this.skeleton?.setSelectedJoint(spec.model.target === 'joints' ? index : -1);
    this.callbacks.stateChanged();
  }

  private fieldSelected(node: FieldNode): void {
    this.callbacks.selection(node.offset, node.size, node.path);
    const anim = this.anim;
    if (!anim) return;
    const groups = specFor(anim).groups;
    const index = groups.ofPath(anim, node.path);
    if (index === undefined) return;
    const key = groups.key(anim, index);
    if (key !== this.curves.state.group) void this.showGroup(key);
  }

  private keyField(key: DescribedKey): FieldNode | undefined {
    if (!this.file) return undefined;
    if (key.valuePath && this.root) return resolvePath(this.root, key.valuePath, this.file.bytes);
    if (key.valueOffset !== undefined && key.valueOffset >= 0) return this.link.fieldAt(key.valueOffset);
    return undefined;
  }

  private hoverKey(track: DescribedTrack | null, key: DescribedKey | null): void {
    if (!track || !key || !this.file) {
      this.hex.setHoverRange(undefined);
      this.card.hide();
      return;
    }
    const node = this.keyField(key);
    if (!node) return;
    this.hex.setHoverRange(node.offset, node.size);
    this.hex.revealRange(node.offset, node.size);
    const anchor = { x: lastPointer.x, y: lastPointer.y };
    this.card.show(node, this.file.bytes, anchor, {
      title: `${track.path} · key at frame ${key.frame}`,
      extra: [['Key value', String(key.value)], ['In slope', String(key.inSlope)], ['Out slope', String(key.outSlope)]],
    });
  }

  private selectKey(key: DescribedKey): void {
    const node = this.keyField(key);
    if (node) this.link.revealPath(node.path);
  }
}

const lastPointer = { x: 0, y: 0 };
window.addEventListener('pointermove', (e) => { lastPointer.x = e.clientX; lastPointer.y = e.clientY; }, { passive: true });
