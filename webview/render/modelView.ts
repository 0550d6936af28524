/**
 * The textured, skinned model preview (WebGL2): a component the editor mounts, knowing nothing of
 * file formats — it draws a ModelPayload (src/wire/modelPayload.ts) posed by a PoseState
 * (src/anim/poseState.ts), so every animation kind with an `apply` facet drives it unchanged.
 *
 *   const view = new ModelView().mount(el);
 *   view.setModel(payload);            // validated here; bad parts are listed, the rest drawn
 *   view.setPose(state);               // per frame: joints, material values, shape visibility
 *   view.onHover((h) => …); view.onStatus((s) => …);   // 'no-webgl2' / 'context-lost' → fall back
 *   view.dispose();
 *
 * Camera: drag or arrow keys orbit; Shift+drag, right/middle drag or Shift+arrows pan; wheel or
 * +/− zoom; 0 or double-click reset; F frames the model. W wireframe, K skeleton. Hovering names
 * the shape, its material and the joint under the cursor (an id render pass). Colours from the
 * --vscode-* variables; strings from the file reach the DOM through textContent only.
 */
import type { PoseState } from '../../src/anim/poseState';
import { ModelPayload, RenderProblem, unpackModelPayload } from '../../src/wire/modelPayload';
import { CameraState, fitCamera, MAX_PITCH, MIN_PITCH, sphereOf, Vec3 } from '../skeleton/camera';
import { watchTheme } from '../curves/theme';
import { el, Emitter } from '../shared/dom';
import type { ModelViewApi, ModelViewStatus } from '../view3d/api';
import { depthRange, multiply, projectionMatrix, viewMatrix } from './camera';
import { parseCssColor } from './gl';
import { GLOBAL_APPROXIMATIONS } from './gx/materialConfig';
import { FrameInput, ModelRenderer, RendererStats } from './renderer';

export interface ModelHover {
  shape: number;
  material: number;
  materialName: string;
  joint: number;
  jointName: string;
  /** Pointer position in CSS pixels relative to the canvas. */
  x: number;
  y: number;
}

export interface ModelViewOptions {
  /** Accessible name of the view (default "3D model view"). */
  label?: string;
  /** Show the shape list and problems beside the canvas (default true). */
  sidePanel?: boolean;
}

export interface SetModelResult {
  /** Shapes that will draw (vertex data valid). */
  drawable: number;
  problems: RenderProblem[];
}

const ORBIT_STEP = (5 * Math.PI) / 180;
const ZOOM_STEP = 1.15;

type Rgba4 = [number, number, number, number];

export class ModelView implements ModelViewApi {
  readonly element = el('div', 'as-model');
  readonly canvas = el('canvas', 'as-model-canvas');
  private readonly stage = el('div', 'as-model-stage');
  private readonly toolbar = el('div', 'as-model-toolbar');
  private readonly side = el('div', 'as-model-side');
  private readonly shapeList = el('ul', 'as-model-shapes');
  private readonly problemList = el('ul', 'as-model-problems');
  private readonly caption = el('div', 'as-model-caption');
  private readonly tip = el('div', 'as-model-tip');
  private readonly fallback = el('div', 'as-model-fallback');
  private readonly live = el('div', 'as-visually-hidden');
  private readonly wireButton = el('button', 'as-button as-model-button', 'Wireframe');
  private readonly skeletonButton = el('button', 'as-button as-model-button', 'Skeleton');
  private readonly gl: WebGL2RenderingContext | null;
  private renderer: ModelRenderer | undefined;
  private payload: ModelPayload | undefined;
  private state: PoseState | undefined;
  private problems: RenderProblem[] = [];
  private userVisible: boolean[] = [];
  private camera: CameraState = fitCamera([0, 0, 0], 100);
  private home: CameraState = fitCamera([0, 0, 0], 100);
  private radius = 100;
  private wireframe = false;
  private skeleton = false;
  private raf = 0;
  private hoverRaf = 0;
  private hoverAt: { x: number; y: number } | undefined;
  private drag: { x: number; y: number; pan: boolean; moved: boolean } | undefined;
  private readonly disposers: (() => void)[] = [];
  private readonly view = new Float32Array(16);
  private readonly projection = new Float32Array(16);
  private colors = { background: [0.12, 0.12, 0.12, 1] as Rgba4, wire: [0.8, 0.8, 0.8, 0.6] as Rgba4, skeleton: [0.82, 0.53, 0.09, 1] as Rgba4 };
  private backgroundOverride: Rgba4 | undefined;
  private statusValue: ModelViewStatus = 'empty';
  private readonly hoverEmitter = new Emitter<[ModelHover | undefined]>();
  private readonly statusEmitter = new Emitter<[ModelViewStatus]>();
  private readonly problemEmitter = new Emitter<[RenderProblem[]]>();
  /** The pointer is over a shape (undefined: over the background or outside). */
  readonly onHover = this.hoverEmitter.event;
  /** 'no-webgl2' or 'context-lost': the editor shows its stick skeleton instead; 'ready' again after a restore. */
  readonly onStatus = this.statusEmitter.event;
  /** The problem list changed (load, or found while drawing). */
  readonly onProblems = this.problemEmitter.event;
  /** Frames drawn since the model was set (tests and the bench read it). */
  frames = 0;

  constructor(private readonly options: ModelViewOptions = {}) {
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', options.label ?? '3D model view');
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-roledescription', '3D model view');
    this.tip.hidden = true;
    this.tip.setAttribute('role', 'tooltip');
    this.tip.id = `as-model-tip-${Math.random().toString(36).slice(2, 8)}`;
    this.canvas.setAttribute('aria-describedby', this.tip.id);
    this.live.setAttribute('aria-live', 'polite');
    this.fallback.hidden = true;
    this.fallback.setAttribute('role', 'status');
    this.toolbar.setAttribute('role', 'toolbar');
    this.toolbar.setAttribute('aria-label', '3D view');
    const reset = el('button', 'as-button as-model-button', 'Reset view');
    reset.title = 'Reset the camera (0)';
    reset.addEventListener('click', () => this.resetCamera());
    const frame = el('button', 'as-button as-model-button', 'Frame');
    frame.title = 'Frame the model (F)';
    frame.addEventListener('click', () => this.frameModel());
    this.wireButton.title = 'Show the triangle edges (W)';
    this.wireButton.setAttribute('aria-pressed', 'false');
    this.wireButton.addEventListener('click', () => this.setWireframe(!this.wireframe));
    this.skeletonButton.title = 'Show the joints and bones (K)';
    this.skeletonButton.setAttribute('aria-pressed', 'false');
    this.skeletonButton.addEventListener('click', () => this.setSkeleton(!this.skeleton));
    for (const b of [reset, frame, this.wireButton, this.skeletonButton]) b.type = 'button';
    this.toolbar.append(reset, frame, this.wireButton, this.skeletonButton);
    const help = el('div', 'as-model-help', 'Drag or arrows: orbit · Shift+drag: pan · Wheel or +/−: zoom · 0: reset · F: frame · W: wireframe · K: skeleton');
    help.title = help.textContent ?? '';
    this.stage.append(this.canvas, this.caption, this.tip, this.fallback, help);
    const shapesHeading = el('div', 'as-model-heading', 'Shapes');
    this.shapeList.setAttribute('aria-label', 'Shapes');
    this.problemList.setAttribute('aria-label', '3D view problems');
    this.side.append(shapesHeading, this.shapeList, this.problemList);
    this.side.hidden = options.sidePanel === false;
    const main = el('div', 'as-model-main');
    main.append(this.stage, this.side);
    this.element.append(this.toolbar, main, this.live);

    this.gl = this.canvas.getContext('webgl2', { antialias: true, alpha: false, depth: true, stencil: false, preserveDrawingBuffer: false });
    if (!this.gl) {
      this.setStatus('no-webgl2');
    } else {
      this.renderer = this.createRenderer(this.gl);
      this.canvas.addEventListener('webglcontextlost', this.contextLost);
      this.canvas.addEventListener('webglcontextrestored', this.contextRestored);
      this.disposers.push(() => {
        this.canvas.removeEventListener('webglcontextlost', this.contextLost);
        this.canvas.removeEventListener('webglcontextrestored', this.contextRestored);
      });
    }
    this.disposers.push(watchTheme(() => { this.readColors(); this.invalidate(); }));
    this.bindEvents();
    if (typeof ResizeObserver !== 'undefined') {
      const ro = new ResizeObserver(() => this.invalidate());
      ro.observe(this.stage);
      this.disposers.push(() => ro.disconnect());
    }
  }

  private createRenderer(gl: WebGL2RenderingContext): ModelRenderer {
    const r = new ModelRenderer(gl);
    r.onProblem = (p) => {
      this.problems.push(p);
      this.renderProblems();
      this.problemEmitter.fire(this.problems.slice());
    };
    return r;
  }

  mount(container: HTMLElement): this {
    container.append(this.element);
    this.readColors();
    this.invalidate();
    return this;
  }

  get status(): ModelViewStatus {
    return this.statusValue;
  }

  /** Renderer counts (programs compiled, textures, draw calls of the last frame). */
  get stats(): RendererStats | undefined {
    return this.renderer?.stats;
  }

  get cameraState(): CameraState {
    return { ...this.camera, target: [...this.camera.target] as Vec3 };
  }

  setCamera(c: CameraState): void {
    this.camera = { ...c, target: [...c.target] as Vec3 };
    this.invalidate();
  }

  private setStatus(s: ModelViewStatus): void {
    this.statusValue = s;
    this.element.dataset.status = s;
    const message = s === 'no-webgl2'
      ? 'The 3D model view needs WebGL2, which this webview does not offer (hardware acceleration off?). The skeleton view still shows the animation.'
      : s === 'context-lost'
        ? 'The 3D model view lost its WebGL context (the GPU was reset or too many views are open). It comes back when the browser restores the context.'
        : '';
    this.fallback.textContent = message;
    this.fallback.hidden = !message;
    this.canvas.hidden = !!message;
    this.statusEmitter.fire(s);
  }

  private readonly contextLost = (e: Event): void => {
    e.preventDefault();
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
    this.renderer?.forget();
    this.setStatus('context-lost');
  };

  private readonly contextRestored = (): void => {
    if (!this.gl) return;
    this.renderer = this.createRenderer(this.gl);
    if (this.payload) {
      this.renderer.load(this.payload);
      this.setStatus('ready');
    } else {
      this.setStatus('empty');
    }
    this.invalidate();
  };

  /**
   * Shows a model (anything: it is validated). Shapes whose data is broken are listed and left
   * out; the rest draw. Returns what will draw and every problem.
   */
  setModel(payload: unknown): SetModelResult {
    const { payload: p, problems } = unpackModelPayload(payload);
    this.problems = problems.slice();
    this.payload = p;
    this.state = undefined;
    this.frames = 0;
    this.userVisible = (p?.shapes ?? []).map(() => true);
    if (p) {
      const { center, radius } = sphereOf({ min: [...p.bounds.min] as Vec3, max: [...p.bounds.max] as Vec3 });
      this.radius = radius;
      this.home = fitCamera(center, radius);
      this.camera = { ...this.home, target: [...this.home.target] as Vec3 };
      if (this.renderer && this.statusValue !== 'context-lost') {
        this.renderer.load(p);
        for (const q of this.renderer.problems) if (!this.problems.includes(q)) this.problems.push(q);
      }
      if (this.statusValue !== 'no-webgl2' && this.statusValue !== 'context-lost') this.setStatus('ready');
    } else if (this.statusValue === 'ready') {
      this.renderer?.release();
      this.setStatus('empty');
    }
    this.renderShapes();
    this.renderProblems();
    this.updateCaption();
    this.problemEmitter.fire(this.problems.slice());
    this.invalidate();
    return { drawable: (p?.shapes ?? []).filter((s) => s.vertexCount > 0).length, problems: this.problems.slice() };
  }

  /** The pose and material state to draw (undefined: the bind pose with the model's own values). */
  setPose(state: PoseState | undefined): void {
    this.state = state;
    this.syncShapeRows();
    this.invalidate();
  }

  setShapeVisible(shape: number, visible: boolean): void {
    if (shape < 0 || shape >= this.userVisible.length) return;
    this.userVisible[shape] = visible;
    const box = this.shapeList.querySelector<HTMLInputElement>(`input[data-shape="${shape}"]`);
    if (box) box.checked = visible;
    this.invalidate();
  }

  setWireframe(on: boolean): void {
    this.wireframe = on;
    this.wireButton.setAttribute('aria-pressed', String(on));
    this.invalidate();
  }

  setSkeleton(on: boolean): void {
    this.skeleton = on;
    this.skeletonButton.setAttribute('aria-pressed', String(on));
    this.invalidate();
  }

  /** A fixed background colour (0…1 RGB) instead of the theme's editor background; undefined: the theme's. */
  setBackground(rgb: [number, number, number] | undefined): void {
    this.backgroundOverride = rgb ? [rgb[0], rgb[1], rgb[2], 1] : undefined;
    this.invalidate();
  }

  resetCamera(): void {
    this.camera = { ...this.home, target: [...this.home.target] as Vec3 };
    this.invalidate();
  }

  /** Frames the model at its current pose (joint positions and the bind bounds). */
  frameModel(): void {
    this.camera = { ...this.camera, target: [...this.home.target] as Vec3, distance: this.home.distance };
    this.invalidate();
  }

  dispose(): void {
    if (this.raf) cancelAnimationFrame(this.raf);
    if (this.hoverRaf) cancelAnimationFrame(this.hoverRaf);
    for (const d of this.disposers) d();
    this.renderer?.dispose();
    // Give the context back now (browsers keep only a few alive), not when the canvas is collected.
    this.gl?.getExtension('WEBGL_lose_context')?.loseContext();
    this.hoverEmitter.dispose();
    this.statusEmitter.dispose();
    this.problemEmitter.dispose();
    this.element.remove();
  }

  // ---- drawing -------------------------------------------------------------------------------

  private readColors(): void {
    const style = getComputedStyle(this.element);
    const v = (name: string): string => style.getPropertyValue(name);
    this.colors = {
      background: parseCssColor(v('--vscode-editor-background'), [0.12, 0.12, 0.12, 1]),
      wire: (() => { const c = parseCssColor(v('--vscode-editor-foreground'), [0.8, 0.8, 0.8, 1]); return [c[0], c[1], c[2], 0.55] as Rgba4; })(),
      skeleton: parseCssColor(v('--vscode-charts-orange'), [0.82, 0.53, 0.09, 1]),
    };
  }

  /** Draws on the next animation frame (once, however often it is asked). */
  invalidate(): void {
    if (this.raf || !this.gl || this.statusValue === 'context-lost') return;
    this.raf = requestAnimationFrame(() => {
      this.raf = 0;
      this.renderNow();
    });
  }

  private frameInput(): FrameInput | undefined {
    const gl = this.gl;
    if (!gl) return undefined;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(this.stage.clientWidth * dpr)), h = Math.max(1, Math.round(this.stage.clientHeight * dpr));
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    viewMatrix(this.camera, this.view);
    const { near, far } = depthRange(this.camera, this.radius);
    projectionMatrix(w / h, near, far, this.projection);
    return {
      view: this.view, projection: this.projection, width: w, height: h, background: this.backgroundOverride ?? this.colors.background, state: this.state,
      userVisible: this.userVisible, wireframe: this.wireframe, skeleton: this.skeleton, wireColor: this.colors.wire, skeletonColor: this.colors.skeleton,
    };
  }

  /** Draws now (tests read pixels right after, in the same task). */
  renderNow(): void {
    if (!this.renderer || this.statusValue === 'context-lost' || this.gl?.isContextLost()) return;
    const frame = this.frameInput();
    if (!frame) return;
    this.renderer.render(frame);
    this.frames++;
  }

  /** Draws and reads the whole canvas (RGBA, bottom row first as GL reads it). */
  readPixels(): { width: number; height: number; data: Uint8Array } {
    const gl = this.gl;
    if (!gl || !this.renderer || this.statusValue === 'context-lost') return { width: 0, height: 0, data: new Uint8Array(0) };
    this.renderNow();
    const w = this.canvas.width, h = this.canvas.height;
    const data = new Uint8Array(w * h * 4);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, data);
    return { width: w, height: h, data };
  }

  /** Projection × view of the current camera (column-major), as the last frame used. */
  viewProjection(): Float32Array {
    this.frameInput();
    return multiply(this.projection, this.view);
  }

  /** The shape and joint at a canvas point (CSS pixels); undefined over the background. */
  hitTest(x: number, y: number): ModelHover | undefined {
    const frame = this.frameInput();
    if (!frame || !this.renderer || !this.payload || this.statusValue !== 'ready') return undefined;
    const dpr = window.devicePixelRatio || 1;
    const hit = this.renderer.pick(x * dpr, y * dpr, frame);
    if (!hit) return undefined;
    const shape = this.payload.shapes[hit.shape];
    const material = shape?.material ?? -1;
    return {
      shape: hit.shape, material, materialName: this.payload.materials[material]?.name ?? '',
      joint: hit.joint, jointName: this.payload.joints[hit.joint]?.name ?? '', x, y,
    };
  }

  // ---- side panel ----------------------------------------------------------------------------

  private updateCaption(): void {
    const p = this.payload;
    const text = p ? `${p.fileName || 'model'} · ${p.shapes.length} shape(s) · ${p.materials.length} material(s) · ${p.textures.length} texture(s) · ${p.joints.length} joint(s)` : 'No model';
    this.caption.textContent = text;
    this.caption.title = text;
    this.canvas.setAttribute('aria-label', `${text}. ${this.options.label ?? '3D model view'}`);
  }

  private renderShapes(): void {
    this.shapeList.textContent = '';
    const p = this.payload;
    if (!p) return;
    const approx = this.renderer?.materialApproximations ?? [];
    p.shapes.forEach((s, i) => {
      const li = el('li', 'as-model-shape');
      const label = el('label', 'as-model-shape-label');
      const box = el('input');
      box.type = 'checkbox';
      box.checked = this.userVisible[i] !== false;
      box.dataset.shape = String(i);
      box.disabled = s.vertexCount === 0;
      box.addEventListener('change', () => this.setShapeVisible(i, box.checked));
      const material = p.materials[s.material];
      const joint = p.joints[s.joint];
      label.append(box, el('span', 'as-model-shape-name', `Shape ${i}`),
        el('span', 'as-model-shape-detail', ` · ${material ? material.name : 'no material'}${joint ? ` · ${joint.name}` : ''}${s.vertexCount === 0 ? ' · not drawn' : ''}`));
      const animated = el('span', 'as-model-shape-hidden', ' (hidden by the animation)');
      animated.hidden = true;
      animated.dataset.hiddenBy = String(i);
      li.append(label, animated);
      const list = s.material >= 0 ? approx[s.material] ?? [] : [];
      if (list.length) {
        const details = el('details', 'as-model-approx');
        const summary = el('summary', 'as-model-badge', `≈ ${list.length}`);
        summary.title = `Drawn differently from the game: ${list.join('; ')}`;
        summary.setAttribute('aria-label', `Material ${material?.name ?? ''}: ${list.length} approximation(s)`);
        const ul = el('ul');
        for (const a of list) ul.append(el('li', undefined, a));
        details.append(summary, ul);
        li.append(details);
      }
      this.shapeList.append(li);
    });
    this.syncShapeRows();
  }

  private syncShapeRows(): void {
    for (const span of this.shapeList.querySelectorAll<HTMLElement>('[data-hidden-by]')) {
      span.hidden = this.state?.shapeVisible[Number(span.dataset.hiddenBy)] !== false;
    }
  }

  private renderProblems(): void {
    this.problemList.textContent = '';
    const items = [...this.problems];
    for (const p of items) this.problemList.append(el('li', `as-model-problem as-model-problem-${p.severity}`, p.message));
    if (this.payload) {
      const note = el('li', 'as-model-problem as-model-problem-note', `Everywhere: ${GLOBAL_APPROXIMATIONS.join('; ')}.`);
      this.problemList.append(note);
    }
  }

  /** Problems listed in the view (payload, validation and drawing). */
  get problemMessages(): string[] {
    return this.problems.map((p) => p.message);
  }

  // ---- input ---------------------------------------------------------------------------------

  private bindEvents(): void {
    const c = this.canvas;
    const on = <K extends keyof HTMLElementEventMap>(target: HTMLElement, type: K, fn: (e: HTMLElementEventMap[K]) => void, opts?: AddEventListenerOptions): void => {
      target.addEventListener(type, fn as EventListener, opts);
      this.disposers.push(() => target.removeEventListener(type, fn as EventListener));
    };
    on(c, 'pointerdown', (e) => {
      c.focus();
      c.setPointerCapture?.(e.pointerId);
      this.drag = { x: e.clientX, y: e.clientY, pan: e.shiftKey || e.button === 1 || e.button === 2, moved: false };
    });
    on(c, 'pointermove', (e) => {
      const r = c.getBoundingClientRect();
      if (this.drag) {
        const dx = e.clientX - this.drag.x, dy = e.clientY - this.drag.y;
        if (Math.abs(dx) + Math.abs(dy) > 0) this.drag.moved = true;
        this.drag.x = e.clientX;
        this.drag.y = e.clientY;
        if (this.drag.pan) this.pan(dx, dy);
        else this.orbit(-dx * 0.01, dy * 0.01);
        this.hideTip();
        return;
      }
      this.scheduleHover(e.clientX - r.left, e.clientY - r.top);
    });
    on(c, 'pointerup', (e) => {
      c.releasePointerCapture?.(e.pointerId);
      this.drag = undefined;
    });
    on(c, 'pointerleave', () => { this.hoverAt = undefined; this.hideTip(); });
    on(c, 'contextmenu', (e) => e.preventDefault());
    on(c, 'dblclick', () => this.resetCamera());
    on(c, 'wheel', (e) => {
      e.preventDefault();
      this.zoom(e.deltaY > 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
    }, { passive: false });
    on(c, 'keydown', (e) => {
      let handled = true;
      switch (e.key) {
        case 'ArrowLeft': if (e.shiftKey) this.pan(20, 0); else this.orbit(ORBIT_STEP, 0); break;
        case 'ArrowRight': if (e.shiftKey) this.pan(-20, 0); else this.orbit(-ORBIT_STEP, 0); break;
        case 'ArrowUp': if (e.shiftKey) this.pan(0, 20); else this.orbit(0, ORBIT_STEP); break;
        case 'ArrowDown': if (e.shiftKey) this.pan(0, -20); else this.orbit(0, -ORBIT_STEP); break;
        case '+': case '=': this.zoom(1 / ZOOM_STEP); break;
        case '-': case '_': this.zoom(ZOOM_STEP); break;
        case '0': case 'Home': this.resetCamera(); break;
        case 'f': case 'F': this.frameModel(); break;
        case 'w': case 'W': this.setWireframe(!this.wireframe); break;
        case 'k': case 'K': this.setSkeleton(!this.skeleton); break;
        default: handled = false;
      }
      if (handled) e.preventDefault();
    });
  }

  private orbit(dYaw: number, dPitch: number): void {
    this.camera.yaw += dYaw;
    this.camera.pitch = Math.min(MAX_PITCH, Math.max(MIN_PITCH, this.camera.pitch + dPitch));
    this.invalidate();
  }

  /** Moves the target by screen pixels (at the target's depth). */
  private pan(dx: number, dy: number): void {
    const h = Math.max(1, this.stage.clientHeight);
    const perPixel = (2 * this.camera.distance * Math.tan((40 * Math.PI) / 360)) / h;
    viewMatrix(this.camera, this.view);
    const v = this.view;
    const right = [v[0], v[4], v[8]], up = [v[1], v[5], v[9]];
    for (let a = 0; a < 3; a++) this.camera.target[a] += (-dx * right[a] + dy * up[a]) * perPixel;
    this.invalidate();
  }

  private zoom(factor: number): void {
    this.camera.distance = Math.min(this.home.distance * 50, Math.max(this.home.distance / 100, this.camera.distance * factor));
    this.invalidate();
  }

  private scheduleHover(x: number, y: number): void {
    this.hoverAt = { x, y };
    if (this.hoverRaf) return;
    this.hoverRaf = requestAnimationFrame(() => {
      this.hoverRaf = 0;
      const at = this.hoverAt;
      if (!at) return;
      const hit = this.hitTest(at.x, at.y);
      this.showTip(hit);
      this.hoverEmitter.fire(hit);
    });
  }

  private showTip(h: ModelHover | undefined): void {
    if (!h) { this.hideTip(); return; }
    this.tip.textContent = '';
    this.tip.append(
      el('div', 'as-model-tip-line', `Shape ${h.shape}`),
      el('div', 'as-model-tip-line', `Material ${h.material >= 0 ? `${h.material}: ${h.materialName}` : '(default)'}`),
      el('div', 'as-model-tip-line', `Joint ${h.joint >= 0 ? `${h.joint}: ${h.jointName}` : '—'}`),
    );
    this.tip.hidden = false;
    const w = this.stage.clientWidth;
    this.tip.style.left = `${Math.min(h.x + 12, Math.max(0, w - 220))}px`;
    this.tip.style.top = `${h.y + 12}px`;
    this.live.textContent = `Shape ${h.shape}, material ${h.materialName}, joint ${h.jointName}`;
  }

  private hideTip(): void {
    this.tip.hidden = true;
  }
}

