/**
 * PlayerCurves: a Player and a CurveView wired together (the curve panel of the page, and the
 * curves harness). onFrame → curve cursor, then the caller's onFrame (previews, skeleton): the only
 * per-frame work; timed with performance.now() so the benchmark can ask for the numbers
 * (measureFrameTimes) and live stats (frameStats).
 */
import type { DescribedKey, DescribedTrack } from '../../src/kinds/describe';
import { describeGroup } from '../../src/kinds/describe';
import { pageSpecFor } from '../../src/kinds/pages';
import type { AnimData } from '../../src/kinds/pages';
import { el } from '../shared/dom';
import { Player, PlayerClock } from '../player/player';
import { CurveView, CurveViewRange } from './curveView';
import type { ReferenceCurves } from './reference';

export interface PlayerCurvesOptions {
  /** Preview frame rate (setting), default 30. */
  fps?: number;
  /** Where the rate comes from (ViewSettings.frameRateSource). */
  fpsSource?: string;
  laneHeight?: number;
  /** The plot fills the height it is given (CurveViewOptions.fill). */
  fill?: boolean;
  /** The curve view's own key tooltip (CurveViewOptions.tooltip). */
  tooltip?: boolean;
  clock?: PlayerClock;
  onHoverKey?: (track: DescribedTrack | null, key: DescribedKey | null, anchor?: DOMRect, index?: number) => void;
  /** A key drag began (CurveViewOptions.onEditDrag). */
  onEditDrag?: () => void;
  onSelectKey?: (track: DescribedTrack, key: DescribedKey) => void;
  /** Persist with vscode.setState (debounce on your side if you like; it fires on user actions, not per frame). */
  onStateChange?: (state: PlayerCurvesState) => void;
  /** Every frame change (after the curves): the views that follow the player (previews, the skeleton, the model). */
  onFrame?: (frame: number, elapsed: number) => void;
}

export interface PlayerCurvesState {
  frame: number;
  playing: false;
  loopMode: number;
  /** Visible frame range of the curve view (null = whole animation). */
  zoom: CurveViewRange | null;
  /** The key of the shown group (FormatSpec.groups.key). */
  group?: string;
}

export interface FrameTimes {
  frames: number;
  avgMs: number;
  maxMs: number;
  /** 95th percentile. */
  p95Ms: number;
}


function summarise(times: number[]): FrameTimes {
  if (!times.length) return { frames: 0, avgMs: 0, maxMs: 0, p95Ms: 0 };
  const sorted = times.slice().sort((a, b) => a - b);
  const sum = times.reduce((a, b) => a + b, 0);
  const r = (v: number) => Math.round(v * 10000) / 10000;
  return { frames: times.length, avgMs: r(sum / times.length), maxMs: r(sorted[sorted.length - 1]), p95Ms: r(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]) };
}

export class PlayerCurves {
  readonly element: HTMLDivElement;
  readonly curves: CurveView;
  readonly player: Player;
  private readonly options: PlayerCurvesOptions;
  private anim: AnimData | null = null;
  private groupIndex: number | null = null;
  private groupKeyValue: string | undefined;
  private tracksValue: DescribedTrack[] = [];
  private live: number[] = [];
  private animId = '';

  constructor(options: PlayerCurvesOptions = {}) {
    this.options = options;
    this.element = el('div', `as-panel${options.fill ? ' as-fill' : ''}`);
    const top = el('div', 'as-panel-player');
    const body = el('div', 'as-panel-body');
    this.element.append(top, body);

    this.player = new Player({
      duration: 0,
      loopMode: 0,
      fps: options.fps,
      fpsSource: options.fpsSource,
      clock: options.clock,
      onFrame: (f, elapsed) => this.onFrame(f, elapsed),
      onStateChange: () => this.emitState(),
    }).mount(top);
    this.curves = new CurveView({
      laneHeight: options.laneHeight,
      fill: options.fill,
      tooltip: options.tooltip,
      onHoverKey: options.onHoverKey,
      onEditDrag: options.onEditDrag,
      onSelectKey: options.onSelectKey,
      onScrub: (f) => {
        this.player.setFrame(f);
        this.emitState();
      },
      onViewChange: () => this.emitState(),
    });
    this.curves.mount(body);
  }

  mount(container: HTMLElement): this {
    container.append(this.element);
    return this;
  }

  dispose(): void {
    this.player.dispose();
    this.curves.dispose();
    this.element.remove();
  }

  get tracks(): DescribedTrack[] {
    return this.tracksValue;
  }
  /** The shown group's index (FormatSpec.groups numbering), or null. */
  get group(): number | null {
    return this.groupIndex;
  }

  /**
   * Shows the group with `key` of `anim`. Pass `tracks` when you already described them (they must
   * be that group's tracks only); otherwise they are described here for this group alone. A
   * different animation (or a group that is an animation of its own, like a MOTN sequence) resets
   * the player to its loop mode.
   */
  show(anim: AnimData, key: string, options: { tracks?: DescribedTrack[]; title?: string; reference?: ReferenceCurves } = {}): void {
    const spec = pageSpecFor(anim);
    const index = spec.groups.index(anim, key);
    if (index === undefined) return;
    const tracks = options.tracks ?? describeGroup(anim, index);
    const duration = spec.groups.duration(anim, index);
    const id = spec.groups.separate ? key : anim.format;
    if (anim !== this.anim || id !== this.animId) this.player.setAnimation(duration, spec.groups.loopMode(anim, index));
    this.anim = anim;
    this.animId = id;
    this.groupIndex = index;
    this.groupKeyValue = key;
    this.tracksValue = tracks;
    const title = options.title ?? spec.groups.label(anim, index);
    this.curves.setTracks({ tracks, duration, title, note: spec.interpolationNote, ...(options.reference ? { reference: options.reference } : {}) });
    this.onFrame(this.player.frame, this.player.elapsed);
  }

  setFrame(f: number): void {
    this.player.setFrame(f);
  }

  get state(): PlayerCurvesState {
    const view = this.curves.getView();
    return { ...this.player.state, zoom: view, group: this.groupKeyValue };
  }

  /** Restores frame, loop mode and zoom (call after show()). Never starts playing. */
  set state(s: Partial<PlayerCurvesState>) {
    this.player.state = s;
    if (s.zoom && Number.isFinite(s.zoom.start) && Number.isFinite(s.zoom.end)) this.curves.setView(s.zoom);
  }

  /** Live onFrame→redraw times since the last reset (real playback and scrubbing). */
  frameStats(): FrameTimes {
    return summarise(this.live);
  }

  resetFrameStats(): void {
    this.live = [];
  }

  /**
   * Benchmark: `frames` synchronous frame changes at fractional frames spread over the
   * animation, each timed from setFrame (→ onFrame) to the end of the cursor and preview redraw.
   * Restores the frame afterwards.
   */
  measureFrameTimes(frames = 300): FrameTimes {
    const saved = this.player.frame;
    const duration = Math.max(this.player.animationDuration, 1);
    const times: number[] = [];
    for (let i = 0; i < frames; i++) {
      const f = ((i * 0.618034 * duration) % duration) + 0.25;
      const t0 = performance.now();
      this.player.setFrame(f);
      times.push(performance.now() - t0);
    }
    this.player.setFrame(saved);
    this.live = [];
    return summarise(times);
  }

  /**
   * Like measureFrameTimes, but one frame change per animation frame (requestAnimationFrame), as
   * during playback: canvas work is flushed between frames as in real use.
   */
  measureFrameTimesAsync(frames = 300): Promise<FrameTimes> {
    const saved = this.player.frame;
    const duration = Math.max(this.player.animationDuration, 1);
    const times: number[] = [];
    return new Promise((resolve) => {
      let i = 0;
      const step = () => {
        const f = ((i * 0.618034 * duration) % duration) + 0.25;
        const t0 = performance.now();
        this.player.setFrame(f);
        times.push(performance.now() - t0);
        if (++i < frames) requestAnimationFrame(step);
        else {
          this.player.setFrame(saved);
          this.live = [];
          resolve(summarise(times));
        }
      };
      requestAnimationFrame(step);
    });
  }

  private onFrame(f: number, elapsed: number): void {
    const t0 = performance.now();
    this.curves.setFrame(f);
    this.options.onFrame?.(f, elapsed);
    const dt = performance.now() - t0;
    if (this.live.length >= 2000) this.live.splice(0, 1000);
    this.live.push(dt);
  }

  private emitState(): void {
    this.options.onStateChange?.(this.state);
  }
}
