/**
 * The model panel: the textured, skinned model (webview/render/modelView.ts, in the 3D view's script:
 * webview/view3d/) posed by the open
 * file's animation at the player's frame and by the animations ticked in "Also play" (compose.ts),
 * every frame. For a model file it is the model in bind pose, with a player of its own for the
 * animations ticked beside it. Without WebGL2, after a lost context, or with a payload that cannot
 * be used, it says so and the skeleton panel stands in (bus.modelViewShown).
 *
 * A click on the model (without dragging) shows the curves of the joint under the pointer when the
 * file animates joints.
 */
import { pageSpecFor } from '../../src/kinds/pages';
import type { AnimData } from '../../src/kinds/pages';
import { animFromPayload } from '../../src/wire/animPayload';
import type { ModelPayload } from '../../src/wire/modelPayload';
import type { Companion } from '../../src/wire/protocol';
import type { PageServices } from '../page/bus';
import { asRecord, Panel, PanelContext, RenderReport } from '../page/panel';
import { Player } from '../player/player';
import type { ModelViewApi, ModelViewStatus, View3d } from '../view3d/api';
import { el } from '../shared/dom';
import { AlsoPlayList } from './alsoPlay';
import { PlayingAlong, playingAlong, PoseComposer } from './compose';
import { LoopMode } from '../../src/formats/jsystem/types';

export interface ModelPanelState {
  /** "Also play" unfolded. */
  alongOpen?: boolean;
}

type PanelStatus = ModelViewStatus | 'failed';

const FALLBACK: Record<string, string> = {
  'no-webgl2': 'The 3D model view needs WebGL2, which this webview does not offer (is hardware acceleration off?).',
  'context-lost': 'The 3D model view lost its WebGL context (the GPU was reset, or too many views are open); it comes back when the context is restored.',
};

export class ModelPanel implements Panel {
  readonly id = 'model';
  readonly slot = 'side';
  visible = false;
  readonly element = el('section', 'as-modelpanel');
  readonly along = new AlsoPlayList();
  private readonly head = el('div', 'as-modelpanel-head');
  private readonly playerHost = el('div', 'as-modelpanel-player');
  private readonly message = el('div', 'as-modelpanel-message');
  private readonly viewHost = el('div', 'as-modelpanel-view');
  view: ModelViewApi | undefined;
  /** The model file's own player (a model has no curve panel): plays the ticked animations. */
  player: Player | undefined;
  private context: PanelContext | undefined;
  private payload: ModelPayload | undefined;
  private composer: PoseComposer | undefined;
  private own: AnimData | undefined;
  private failure: string | undefined;
  /** Decoded animations playing along, by name (for this load). */
  private readonly loaded = new Map<string, PlayingAlong>();
  private readonly pending = new Set<string>();
  private serial = 0;
  private rendered = false;
  private restored: ModelPanelState | undefined;
  private frame = 0;
  private down: { x: number; y: number } | undefined;

  constructor(private readonly page: PageServices) {
    const bus = page.bus;
    this.element.setAttribute('aria-label', '3D model');
    this.element.hidden = true;
    this.message.setAttribute('role', 'status');
    this.message.hidden = true;
    this.playerHost.hidden = true;
    this.head.append(this.along.element, this.playerHost);
    this.element.append(this.head, this.message, this.viewHost);
    this.along.onToggle((name, on) => this.toggle(name, on));
    this.along.element.addEventListener('toggle', () => bus.stateChanged.fire());
    bus.frame.event((f) => {
      if (!this.context?.anim) return; // a model file plays with its own player
      this.showFrame(f);
    });
  }

  mount(container: HTMLElement): void {
    container.append(this.element);
  }

  load(context: PanelContext): void {
    this.serial++;
    this.rendered = false;
    this.context = context;
    this.loaded.clear();
    this.pending.clear();
    this.failure = undefined;
    const unpacked = context.payload;
    this.visible = !!unpacked;
    this.element.hidden = !this.visible;
    if (this.restored?.alongOpen !== undefined) this.along.open = this.restored.alongOpen;
    this.restored = undefined;
    if (!unpacked) {
      this.payload = undefined;
      this.composer = undefined;
      this.disposeView();
      this.page.bus.modelViewShown.fire(false);
      return;
    }
    this.own = context.anim && pageSpecFor(context.anim).apply ? context.anim : undefined;
    this.payload = unpacked.payload;
    // a usable payload came with the script that checked it (App.load)
    if (!unpacked.payload || !context.view3d) {
      this.failure = unpacked.problems[0]?.message ?? 'The model cannot be shown.';
      this.composer = undefined;
      this.disposeView();
    } else {
      const view = this.ensureView(context.view3d);
      // the caption names the model (a bound model's payload may come without its file name)
      view.setModel({ ...unpacked.payload, fileName: unpacked.payload.fileName || context.model?.fileName || context.file.fileName });
      this.composer = new PoseComposer(unpacked.payload);
    }
    const companions = this.payload ? context.file.companions ?? [] : [];
    this.along.setCompanions(companions);
    this.setupPlayer();
    this.frame = context.anim ? this.page.bus.frame.value : 0;
    this.updateShown();
    this.compose();
    for (const c of companions) if (c.chosen) this.request(c);
    this.rendered = true;
  }

  saveState(): ModelPanelState | undefined {
    return this.visible ? { alongOpen: this.along.open } : undefined;
  }

  restoreState(state: unknown): void {
    const r = asRecord(state);
    this.restored = r ? { alongOpen: typeof r.alongOpen === 'boolean' ? r.alongOpen : undefined } : undefined;
  }

  /** Up to half the page, leaving the curves room for the player on one line: the model needs room beside them. */
  preferredWidth(): number | undefined {
    const w = window.innerWidth;
    return this.visible ? Math.round(Math.min(900, Math.max(360, Math.min(w * 0.5, w - 640)))) : undefined;
  }

  report(r: RenderReport): void {
    if (!this.visible) return;
    const status = this.status;
    if (status === 'ready') this.view?.renderNow();
    r.modelView = {
      status,
      shapesDrawn: status === 'ready' ? this.view?.stats?.shapesDrawn ?? 0 : 0,
      companionsApplied: this.composer?.applied ?? 0,
    };
  }

  dispose(): void {
    this.disposeView();
    this.player?.dispose();
    this.element.remove();
  }

  /** The view's status, or 'failed' when the payload could not be used. */
  get status(): PanelStatus {
    if (this.failure !== undefined) return 'failed';
    return this.view?.status ?? 'empty';
  }

  /** The animations playing along now, in list order (tests). */
  get playing(): string[] {
    return this.along.ticked.filter((n) => this.loaded.has(n));
  }

  // ---- companions ----------------------------------------------------------------------------

  private toggle(name: string, on: boolean): void {
    const c = this.context?.file.companions?.find((x) => x.name === name);
    if (on && c) this.request(c);
    this.page.bus.host.companionsChosen(this.along.ticked);
    this.afterChange();
  }

  private request(c: Companion): void {
    if (this.loaded.has(c.name) || this.pending.has(c.name)) return;
    const serial = this.serial;
    this.pending.add(c.name);
    this.along.setStatus(c.name, { state: 'loading' });
    this.page.bus.host.requestCompanion(c.name).then((answer) => {
      if (serial !== this.serial) return; // a newer load
      this.pending.delete(c.name);
      const anim = answer.anim !== undefined ? animFromPayload(answer.anim) : undefined;
      if (!anim) {
        this.along.setStatus(c.name, { state: 'error', message: answer.error ?? 'what arrived is not an animation' });
        this.along.untick(c.name);
        this.page.bus.host.companionsChosen(this.along.ticked);
      } else {
        this.loaded.set(c.name, playingAlong(c.name, anim));
        this.along.setStatus(c.name, { state: 'ready' });
      }
      this.afterChange();
    }, (e: unknown) => {
      if (serial !== this.serial) return;
      this.pending.delete(c.name);
      this.along.setStatus(c.name, { state: 'error', message: e instanceof Error ? e.message : String(e) });
      this.along.untick(c.name);
    });
  }

  /** The ticked set or a loaded animation changed: the player's length, the pose, the report. */
  private afterChange(): void {
    this.setupPlayer();
    this.compose();
    if (this.rendered) this.page.bus.reportChanged.fire();
  }

  private get playingAlong(): PlayingAlong[] {
    const out: PlayingAlong[] = [];
    for (const name of this.along.ticked) {
      const a = this.loaded.get(name);
      if (a) out.push(a);
    }
    return out;
  }

  // ---- frames --------------------------------------------------------------------------------

  private showFrame(frame: number): void {
    this.frame = frame;
    this.compose();
  }

  private compose(): void {
    const view = this.view;
    if (!view || !this.composer || view.status === 'no-webgl2') return;
    view.setPose(this.composer.compose(this.own, this.frame, this.playingAlong));
  }

  /** A model file: a player over the longest ticked animation (all at its frame). */
  private setupPlayer(): void {
    const along = this.context && !this.context.anim && this.payload ? this.playingAlong : [];
    if (!along.length) {
      this.playerHost.hidden = true;
      if (this.player && this.player.frame !== 0) this.player.setFrame(0);
      return;
    }
    const settings = this.page.bus.settings.value;
    if (!this.player) {
      this.player = new Player({
        duration: 0, loopMode: LoopMode.Loop, fps: settings.frameRate, fpsSource: settings.frameRateSource,
        label: 'Play the ticked animations', onFrame: (f) => this.showFrame(f),
      }).mount(this.playerHost);
      this.page.bus.settings.event((s) => this.player?.setFps(s.frameRate, s.frameRateSource ?? ''));
    }
    const duration = Math.max(...along.map((a) => a.duration));
    if (duration !== this.player.animationDuration) this.player.setAnimation(duration, LoopMode.Loop);
    this.playerHost.hidden = false;
  }

  // ---- the view ------------------------------------------------------------------------------

  private ensureView(view3d: View3d): ModelViewApi {
    if (this.view) return this.view;
    const view = new view3d.ModelView({ label: '3D model view' }).mount(this.viewHost);
    view.onStatus(() => {
      this.updateShown();
      if (view.status === 'ready') this.compose();
      if (this.rendered) this.page.bus.reportChanged.fire();
    });
    const canvas = view.canvas;
    canvas.addEventListener('pointerdown', (e) => { this.down = { x: e.clientX, y: e.clientY }; });
    canvas.addEventListener('click', (e) => {
      const d = this.down;
      this.down = undefined;
      if (!d || Math.abs(e.clientX - d.x) + Math.abs(e.clientY - d.y) > 4) return;
      const r = canvas.getBoundingClientRect();
      this.pickJoint(view.hitTest(e.clientX - r.left, e.clientY - r.top)?.joint);
    });
    this.view = view;
    return view;
  }

  /** Shows the curves of `joint` when the file animates joints and has one for it. */
  private pickJoint(joint: number | undefined): void {
    const anim = this.context?.anim;
    if (!anim || joint === undefined || joint < 0) return;
    const spec = pageSpecFor(anim);
    if (spec.model.target !== 'joints' || joint >= spec.groups.count(anim)) return;
    this.page.bus.requestGroup.fire(spec.groups.key(anim, joint));
  }

  private disposeView(): void {
    this.view?.dispose();
    this.view = undefined;
  }

  /** The view or the message; the skeleton panel follows bus.modelViewShown. */
  private updateShown(): void {
    const status = this.status;
    const drawing = this.visible && status === 'ready';
    const text = !this.visible ? undefined
      : status === 'failed' ? `${this.failure}`
        : FALLBACK[status];
    const skeleton = this.context?.anim && this.context.model && this.context.view3d && pageSpecFor(this.context.anim).model.target === 'joints'
      ? ' The skeleton view below plays the animation instead.' : '';
    this.message.textContent = text ? `${text}${skeleton}` : '';
    this.message.hidden = !text;
    this.viewHost.hidden = !drawing;
    this.head.hidden = !drawing;
    if (this.page.bus.modelViewShown.value !== drawing) this.page.bus.modelViewShown.fire(drawing);
  }
}
