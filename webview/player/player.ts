/**
 * Player: play/pause, step buttons, a scrubber, a frame field, the loop-mode select and the frame
 * rate. Playback is stateless (FORMATS.md "Loop modes"): elapsed game frames = elapsed seconds ×
 * fps, mapped through `playbackFrame` from the sampler; the once modes stop at their end.
 */
import { playbackFrame } from '../../src/anim/loop';
import { LoopMode } from '../../src/formats/jsystem/types';
import { el } from '../shared/dom';

export interface PlayerClock {
  /** Milliseconds (performance.now() in the browser). */
  now(): number;
  requestFrame(callback: () => void): number;
  cancelFrame(id: number): void;
}

export const browserClock: PlayerClock = {
  now: () => performance.now(),
  requestFrame: (cb) => requestAnimationFrame(() => cb()),
  cancelFrame: (id) => cancelAnimationFrame(id),
};

export interface PlayerState {
  frame: number;
  /** Always persisted as false: a restored view never starts playing by itself. */
  playing: false;
  loopMode: number;
}

export interface PlayerOptions {
  /** Animation length in frames. */
  duration: number;
  /** The file's loop mode (the select's default). */
  loopMode: number;
  /** Preview frame rate (the `animscope.frameRate` setting); default 30. */
  fps?: number;
  /** Where the rate comes from (ViewSettings.frameRateSource: a game's name, `setting` or `default`). */
  fpsSource?: string;
  /**
   * Every frame change: user scrub, step, setFrame, or a playback tick. Fractional frames happen.
   * `elapsed`: game frames since playback started from frame 0, not wrapped by the loop mode (the
   * frame itself after a scrub or a step).
   */
  onFrame?: (frame: number, elapsed: number) => void;
  /** After play/pause, loop-mode or frame changes by the user (persist with `state`). */
  onStateChange?: (state: PlayerState) => void;
  /** Injected time source (tests use a manual clock). */
  clock?: PlayerClock;
  /** Accessible name of the toolbar (default "Playback"). */
  label?: string;
}

export const LOOP_MODE_OPTIONS: { value: number; label: string }[] = [
  { value: LoopMode.Once, label: 'Once' },
  { value: LoopMode.OnceAndReset, label: 'Once and reset' },
  { value: LoopMode.Loop, label: 'Loop' },
  { value: LoopMode.MirroredOnce, label: 'Mirrored once' },
  { value: LoopMode.MirroredLoop, label: 'Mirrored loop' },
];


function fmt(f: number): string {
  return String(Math.round(f * 100) / 100);
}

/** Elapsed frames after which a mode stops; Infinity for the looping modes. */
function stopAfter(loopMode: number, duration: number): number {
  switch (loopMode) {
    case LoopMode.Loop:
    case LoopMode.MirroredLoop:
      return Infinity;
    case LoopMode.MirroredOnce:
      return 2 * duration;
    default:
      return duration; // Once, Once and reset, unknown (plays as Once)
  }
}

export class Player {
  readonly element: HTMLDivElement;
  private readonly playButton: HTMLButtonElement;
  private readonly prevButton: HTMLButtonElement;
  private readonly nextButton: HTMLButtonElement;
  private readonly scrubber: HTMLInputElement;
  private readonly frameInput: HTMLInputElement;
  private readonly durationLabel: HTMLSpanElement;
  private readonly loopSelect: HTMLSelectElement;
  private readonly fpsLabel: HTMLSpanElement;
  private readonly options: PlayerOptions;
  private readonly clock: PlayerClock;

  private duration: number;
  private fileLoopMode: number;
  private mode: number;
  private fpsValue: number;
  private fpsSource: string | undefined;
  private frameValue = 0;
  private elapsedValue = 0;
  private playingValue = false;
  private rafId = 0;
  /** Playback origin: elapsed frames at clock time t0. */
  private elapsed0 = 0;
  private t0 = 0;

  constructor(options: PlayerOptions) {
    this.options = options;
    this.clock = options.clock ?? browserClock;
    this.duration = options.duration > 0 && Number.isFinite(options.duration) ? options.duration : 0;
    this.fileLoopMode = options.loopMode;
    this.mode = options.loopMode;
    this.fpsValue = options.fps && options.fps > 0 ? options.fps : 30;
    this.fpsSource = options.fpsSource;

    this.element = el('div', 'as-player');
    this.element.setAttribute('role', 'toolbar');
    this.element.setAttribute('aria-label', options.label ?? 'Playback');

    this.prevButton = this.iconButton('as-icon-prev', 'Previous frame');
    this.playButton = this.iconButton('as-icon-play', 'Play');
    this.playButton.classList.add('as-player-play');
    this.playButton.setAttribute('aria-pressed', 'false');
    this.playButton.title = 'Play / pause (Space)';
    this.nextButton = this.iconButton('as-icon-next', 'Next frame');

    this.scrubber = el('input', 'as-player-scrubber');
    this.scrubber.type = 'range';
    this.scrubber.min = '0';
    this.scrubber.step = 'any';
    this.scrubber.setAttribute('aria-label', 'Frame');

    const frameBox = el('span', 'as-player-frame');
    this.frameInput = el('input', 'as-player-frame-input');
    this.frameInput.type = 'number';
    this.frameInput.min = '0';
    this.frameInput.step = '1';
    this.frameInput.setAttribute('aria-label', 'Frame number');
    this.durationLabel = el('span', 'as-player-duration');
    frameBox.append(this.frameInput, this.durationLabel);

    this.loopSelect = el('select', 'as-player-loop');
    this.loopSelect.setAttribute('aria-label', 'Loop mode');
    this.fpsLabel = el('span', 'as-player-fps');

    this.element.append(this.prevButton, this.playButton, this.nextButton, this.scrubber, frameBox, this.loopSelect, this.fpsLabel);
    this.fillLoopOptions();
    this.updateStatic();
    this.updateFrameUi();
    this.bindEvents();
  }

  mount(container: HTMLElement): this {
    container.append(this.element);
    return this;
  }

  dispose(): void {
    this.stopTicking();
    this.element.remove();
  }

  // ---- API -------------------------------------------------------------------------------------

  get frame(): number {
    return this.frameValue;
  }
  get playing(): boolean {
    return this.playingValue;
  }
  get loopMode(): number {
    return this.mode;
  }
  get fps(): number {
    return this.fpsValue;
  }
  /** Game frames since playback started from frame 0 (not wrapped; see PlayerOptions.onFrame). */
  get elapsed(): number {
    return this.elapsedValue;
  }
  get animationDuration(): number {
    return this.duration;
  }

  /** Moves to frame f (clamped to 0..duration); keeps playing from there if playing. */
  setFrame(f: number): void {
    const frame = this.clampFrame(f);
    if (this.playingValue) this.rebase(frame);
    this.applyFrame(frame, frame);
  }

  play(): void {
    if (this.playingValue || !(this.duration > 0)) return;
    let start = this.frameValue;
    // A finished once-mode animation starts again from the beginning.
    if (stopAfter(this.mode, this.duration) === this.duration && start >= this.duration) start = 0;
    this.playingValue = true;
    // Resuming where it paused keeps the unwrapped count (a mirrored loop goes on in the same direction).
    const resume = start === this.frameValue && this.elapsedValue < stopAfter(this.mode, this.duration);
    this.rebase(resume ? this.elapsedValue : start);
    this.updatePlayButton();
    if (start !== this.frameValue) this.applyFrame(start, start);
    this.scheduleTick();
    this.emitState();
  }

  pause(): void {
    if (!this.playingValue) return;
    this.playingValue = false;
    this.stopTicking();
    this.updatePlayButton();
    this.updateFrameUi();
    this.emitState();
  }

  toggle(): void {
    if (this.playingValue) this.pause();
    else this.play();
  }

  /** Steps by whole frames (pauses playback). */
  step(frames: number): void {
    this.pause();
    const f = this.frameValue;
    const target = frames > 0 ? Math.floor(f + 1e-6) + frames : Math.ceil(f - 1e-6) + frames;
    this.setFrame(target);
    this.emitState();
  }

  setLoopMode(mode: number): void {
    if (!Number.isFinite(mode)) return;
    this.mode = mode;
    if (![...this.loopSelect.options].some((o) => Number(o.value) === mode)) this.fillLoopOptions();
    this.loopSelect.value = String(mode);
    if (this.playingValue) this.rebase(this.frameValue);
  }

  /** `source`: where the rate comes from (shown beside it); undefined keeps the last one. */
  setFps(fps: number, source?: string): void {
    if (!(fps > 0) || !Number.isFinite(fps)) return;
    if (this.playingValue) this.rebase(this.elapsedValue);
    this.fpsValue = fps;
    if (source !== undefined) this.fpsSource = source;
    this.updateStatic();
  }

  /** A new animation (file or MOTN sequence): resets the loop mode to the file's and the frame to 0. */
  setAnimation(duration: number, loopMode: number): void {
    this.pause();
    this.duration = duration > 0 && Number.isFinite(duration) ? duration : 0;
    this.fileLoopMode = loopMode;
    this.mode = loopMode;
    this.fillLoopOptions();
    this.updateStatic();
    const frame = this.clampFrame(this.frameValue);
    this.applyFrame(frame, frame);
  }

  get state(): PlayerState {
    return { frame: this.frameValue, playing: false, loopMode: this.mode };
  }

  set state(s: Partial<PlayerState>) {
    this.pause();
    if (typeof s.loopMode === 'number') this.setLoopMode(s.loopMode);
    if (typeof s.frame === 'number') this.setFrame(s.frame);
  }

  // ---- internals -------------------------------------------------------------------------------

  private iconButton(iconClass: string, label: string): HTMLButtonElement {
    const b = el('button', 'as-player-button');
    b.type = 'button';
    b.setAttribute('aria-label', label);
    b.title = label;
    const icon = el('span', `as-icon ${iconClass}`);
    icon.setAttribute('aria-hidden', 'true');
    b.append(icon);
    return b;
  }

  private fillLoopOptions(): void {
    const opts = LOOP_MODE_OPTIONS.map((o) => ({ ...o, label: o.value === this.fileLoopMode ? `${o.label} (file)` : o.label }));
    if (!LOOP_MODE_OPTIONS.some((o) => o.value === this.fileLoopMode)) opts.push({ value: this.fileLoopMode, label: `Unknown (${this.fileLoopMode}), plays once (file)` });
    if (!opts.some((o) => o.value === this.mode)) opts.push({ value: this.mode, label: `Unknown (${this.mode}), plays once` });
    this.loopSelect.replaceChildren(
      ...opts.map((o) => {
        const opt = el('option', undefined, o.label);
        opt.value = String(o.value);
        return opt;
      }),
    );
    this.loopSelect.value = String(this.mode);
  }

  private updateStatic(): void {
    this.scrubber.max = String(Math.max(this.duration, 0));
    this.frameInput.max = String(Math.max(this.duration, 0));
    this.durationLabel.textContent = `/ ${fmt(this.duration)}`;
    // "60 fps (Super Mario Galaxy)", "30 fps (setting)", "30 fps (default)"
    this.fpsLabel.textContent = this.fpsSource ? `${fmt(this.fpsValue)} fps (${this.fpsSource})` : `${fmt(this.fpsValue)} fps`;
    this.fpsLabel.title = this.fpsSource === 'setting' ? 'Playback rate: the animscope.playback.frameRate setting'
      : this.fpsSource === 'default' ? 'Playback rate: the default (the game was not recognised from the files beside this one; set animscope.playback.frameRate to choose)'
        : this.fpsSource ? `Playback rate of ${this.fpsSource}, recognised from the files beside this one (animscope.playback.frameRate overrides it)`
          : 'Playback rate (animscope.playback.frameRate)';
    const disabled = !(this.duration > 0);
    this.playButton.disabled = disabled;
    this.scrubber.disabled = disabled;
  }

  private updatePlayButton(): void {
    const icon = this.playButton.firstElementChild!;
    icon.classList.toggle('as-icon-play', !this.playingValue);
    icon.classList.toggle('as-icon-pause', this.playingValue);
    this.playButton.setAttribute('aria-pressed', String(this.playingValue));
  }

  private updateFrameUi(): void {
    const f = this.frameValue;
    this.scrubber.value = String(f);
    // Playing, the views sample between frames; the frame box and the spoken value name the game frame shown.
    const shown = this.playingValue ? Math.floor(f + 1e-6) : f;
    this.scrubber.setAttribute('aria-valuetext', `Frame ${fmt(shown)} of ${fmt(this.duration)}`);
    if (document.activeElement !== this.frameInput) this.frameInput.value = fmt(shown);
  }

  private applyFrame(frame: number, elapsed: number): void {
    this.frameValue = frame;
    this.elapsedValue = elapsed;
    this.updateFrameUi();
    this.options.onFrame?.(frame, elapsed);
  }

  private clampFrame(f: number): number {
    if (!Number.isFinite(f)) return 0;
    return Math.min(Math.max(f, 0), this.duration);
  }

  /** Playback continues from `elapsed` game frames at the clock's now. */
  private rebase(elapsed: number): void {
    this.elapsed0 = elapsed;
    this.t0 = this.clock.now();
  }

  private scheduleTick(): void {
    if (this.rafId) return;
    this.rafId = this.clock.requestFrame(() => {
      this.rafId = 0;
      this.tick();
    });
  }

  private stopTicking(): void {
    if (this.rafId) this.clock.cancelFrame(this.rafId);
    this.rafId = 0;
  }

  private tick(): void {
    if (!this.playingValue) return;
    const elapsed = this.elapsed0 + ((this.clock.now() - this.t0) / 1000) * this.fpsValue;
    const end = stopAfter(this.mode, this.duration);
    if (elapsed >= end) {
      this.playingValue = false;
      this.updatePlayButton();
      this.applyFrame(playbackFrame(end, this.duration, this.mode), end);
      this.emitState();
      return;
    }
    this.applyFrame(playbackFrame(elapsed, this.duration, this.mode), elapsed);
    this.scheduleTick();
  }

  private emitState(): void {
    this.options.onStateChange?.(this.state);
  }

  private bindEvents(): void {
    this.playButton.addEventListener('click', () => this.toggle());
    this.prevButton.addEventListener('click', () => this.step(-1));
    this.nextButton.addEventListener('click', () => this.step(1));
    this.scrubber.addEventListener('input', () => {
      this.setFrame(Number(this.scrubber.value));
    });
    this.scrubber.addEventListener('change', () => this.emitState());
    this.frameInput.addEventListener('change', () => {
      const v = Number(this.frameInput.value);
      if (this.frameInput.value.trim() !== '' && Number.isFinite(v)) this.setFrame(v);
      this.frameInput.value = fmt(this.frameValue);
      this.emitState();
    });
    this.frameInput.addEventListener('blur', () => (this.frameInput.value = fmt(this.frameValue)));
    this.loopSelect.addEventListener('change', () => {
      this.setLoopMode(Number(this.loopSelect.value));
      this.emitState();
    });
    this.element.addEventListener('keydown', (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement;
      const typing = target === this.frameInput || target === this.loopSelect;
      if (e.key === ' ' || e.code === 'Space') {
        if (typing) return;
        e.preventDefault();
        if (!e.repeat) this.toggle();
        return;
      }
      if (typing) return;
      const big = e.shiftKey ? 10 : 1;
      switch (e.key) {
        case 'ArrowLeft':
        case 'ArrowDown':
          this.step(-big);
          break;
        case 'ArrowRight':
        case 'ArrowUp':
          this.step(big);
          break;
        case 'PageDown':
          this.step(-10);
          break;
        case 'PageUp':
          this.step(10);
          break;
        case 'Home':
          this.pause();
          this.setFrame(0);
          this.emitState();
          break;
        case 'End':
          this.pause();
          this.setFrame(this.duration);
          this.emitState();
          break;
        default:
          return;
      }
      e.preventDefault();
    });
    // A focused button would also "click" on Space key-up: that toggle was already done on key-down.
    this.element.addEventListener('keyup', (e) => {
      if ((e.key === ' ' || e.code === 'Space') && e.target instanceof HTMLButtonElement) e.preventDefault();
    });
  }
}
