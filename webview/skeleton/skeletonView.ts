/**
 * The 3D skeleton of a BCK bound to its model, on a 2D canvas with its own perspective projection
 * (camera.ts). Every frame the pose comes from bindJoints(model, channels).pose(frame) — joint world
 * matrices composed down the hierarchy from the sampled S/R/T (T · Rz · Ry · Rx · S; untracked
 * channels keep the bind pose) — and is drawn as:
 *   bones (parent → child lines), joints (dots; the root a larger ring), each joint's local axes,
 *   each joint's mesh bounds (JNT1 bounding box, transformed with the joint: it shows rotation even
 *   when joints share an origin), a ground grid and the world axes.
 * Orbit: drag or arrow keys; pan: Shift+drag; zoom: wheel or +/−; reset: 0 or double-click. The
 * view opens fitted to the animation's bounds on screen (joints and boxes sampled over all frames,
 * projected, the camera moved until they fill the canvas). Joint names are laid out without
 * overlap (labels.ts); a name with no room is not drawn, and hovering its joint shows it with its
 * channels at the current frame. Colours: --vscode-* variables, re-read on theme change.
 * File strings reach the DOM through textContent only.
 */
import { bindJoints, BckBinding, JointChannels } from '../../src/anim/skeleton';
import { Pose, MATRIX_STRIDE, LOCAL_STRIDE } from '../../src/formats/model/jointMatrices';
import type { ModelData } from '../../src/formats/model/types';
import type { ModelInfo } from '../../src/wire/protocol';
import { readThemeColors, ThemeColors, watchTheme } from '../curves/theme';
import { el } from '../shared/dom';
import type { SkeletonViewApi } from '../view3d/api';
import { plural } from '../../src/formats/binary/text';
import {
  addPoint, Bounds, CameraState, clipSegment, emptyBounds, fitCamera, MAX_PITCH, MIN_PITCH, niceStep, project, sphereOf,
  toCamera, Vec3, View, viewOf,
} from './camera';
import { LabelRequest, PlacedLabel, placeLabels } from './labels';

const ORBIT_STEP = (5 * Math.PI) / 180;
const ZOOM_STEP = 1.15;
const HIT_RADIUS = 8;
/** Above this many joints, names are not laid out (hover names them). */
const MAX_LABELS = 128;
/** Share of the canvas the fitted skeleton fills (the rest is margin for names and captions). */
const FIT_FILL = 0.78;
/** Caption above, help line below: no names there. */
const CAPTION_BAND = 22;
const FIT_SAMPLES = 48;
const CHANNELS = ['S', 'R', 'T'] as const;

export interface SkeletonHover {
  joints: number[];
  x: number;
  y: number;
}

function fmt(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const r = Math.round(v * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

export class SkeletonView implements SkeletonViewApi {
  readonly element = el('div', 'as-skeleton');
  readonly canvas = el('canvas', 'as-skeleton-canvas');
  private readonly caption = el('div', 'as-skeleton-caption');
  private readonly help = el('div', 'as-skeleton-help');
  private readonly tip = el('div', 'as-skeleton-tip');
  private readonly live = el('div', 'as-visually-hidden');
  private ctx: CanvasRenderingContext2D | null;
  private colors: ThemeColors;
  private readonly disposers: (() => void)[] = [];
  private binding: BckBinding | undefined;
  private model: ModelInfo | undefined;
  private jointNames: string[] = [];
  private pose: Pose | undefined;
  private locals = new Float64Array(0);
  private frame = 0;
  private home: CameraState = fitCamera([0, 0, 0], 100);
  private camera: CameraState = fitCamera([0, 0, 0], 100);
  private gridStep = 10;
  private gridExtent = 100;
  private hover: SkeletonHover | undefined;
  private selected = -1;
  private drag: { x: number; y: number; pan: boolean; moved: boolean } | undefined;
  private raf = 0;
  private width = 0;
  private height = 0;
  private cam = new Float64Array(0);
  private screen = new Float64Array(0);
  /** World points the view fits on screen (joints and box corners over the animation), 3 per point. */
  private fitPoints = new Float64Array(0);
  /** The camera is the fitted one (no orbit, pan or zoom yet): a resize fits again. */
  private atHome = true;
  /** Names drawn by the last draw (tests). */
  labels: PlacedLabel[] = [];
  /** Draws since setData (tests and the bench read it). */
  draws = 0;

  /** `onPickJoint`: a click (without dragging) on a joint — the page shows that joint's curves. */
  constructor(private readonly onPickJoint?: (joint: number) => void) {
    this.element.setAttribute('role', 'group');
    this.element.setAttribute('aria-label', 'Skeleton');
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-roledescription', '3D skeleton view');
    this.help.textContent = 'Drag or arrow keys: orbit · Shift+drag: pan · Wheel or +/−: zoom · 0 or double-click: reset';
    this.tip.hidden = true;
    this.tip.setAttribute('role', 'tooltip');
    this.live.setAttribute('aria-live', 'polite');
    this.element.append(this.canvas, this.caption, this.help, this.tip, this.live);
    this.ctx = this.canvas.getContext('2d');
    this.colors = readThemeColors(this.element);
    this.disposers.push(watchTheme(() => {
      this.colors = readThemeColors(this.element);
      this.draw();
    }));
    this.bindEvents();
    if (typeof ResizeObserver !== 'undefined') {
      const ro = new ResizeObserver(() => this.resize());
      ro.observe(this.element);
      this.disposers.push(() => ro.disconnect());
    }
  }

  mount(container: HTMLElement): this {
    container.append(this.element);
    this.colors = readThemeColors(this.element);
    this.resize();
    return this;
  }

  dispose(): void {
    for (const d of this.disposers) d();
    if (this.raf) cancelAnimationFrame(this.raf);
    this.element.remove();
  }

  /** Bone segments drawn (parent → child). */
  get boneCount(): number {
    return this.binding?.bones.length ?? 0;
  }

  get jointCount(): number {
    return this.model?.joints.length ?? 0;
  }

  get cameraState(): CameraState {
    return { ...this.camera, target: [...this.camera.target] as Vec3 };
  }

  /** World joint origins at the current frame (3 per model joint). */
  get positions(): Float64Array {
    return this.pose?.positions ?? new Float64Array(0);
  }

  /** Binds the animation's joint channels to `model` and fits the view to the animation's bounds over `duration` frames. */
  setData(model: ModelInfo, animation: JointChannels, duration: number, frame = 0): void {
    this.model = model;
    const skeleton = {
      joints: model.joints.map((j, index) => ({ ...j, index })),
      hierarchyRoots: model.hierarchyRoots,
      scalingRule: model.scalingRule,
    } as unknown as Pick<ModelData, 'joints' | 'hierarchyRoots' | 'scalingRule'>;
    this.binding = bindJoints(skeleton, animation);
    const n = model.joints.length;
    this.jointNames = model.joints.map((j, i) => j.name || `Joint ${i}`);
    this.pose = { world: new Float64Array(n * MATRIX_STRIDE), positions: new Float64Array(n * 3) };
    this.locals = new Float64Array(n * LOCAL_STRIDE);
    this.cam = new Float64Array(Math.max(n, 1) * 3 * 16);
    this.screen = new Float64Array(n * 3);
    this.fit(duration);
    this.fitToScreen();
    this.camera = { ...this.home, target: [...this.home.target] as Vec3 };
    this.atHome = true;
    this.hover = undefined;
    this.tip.hidden = true;
    this.draws = 0;
    this.caption.textContent = `${model.fileName} · ${plural(n, 'joint')}`;
    this.canvas.setAttribute('aria-label', `Skeleton of ${model.fileName}: ${n} joints, ${this.binding.bones.length} bones. ` +
      'Arrow keys orbit, plus and minus zoom, 0 resets the view.');
    this.setFrame(frame);
  }

  /** Poses the skeleton at an animation frame (the player's, already mapped through the loop mode). */
  setFrame(frame: number): void {
    this.frame = Number.isFinite(frame) ? frame : 0;
    if (!this.binding || !this.pose) return;
    this.binding.pose(this.frame, this.pose);
    this.binding.locals(this.frame, this.locals);
    this.draw();
    if (this.hover && !this.tip.hidden) this.renderTip();
  }

  /** The joint whose curves the page shows: drawn highlighted (-1 for none). */
  setSelectedJoint(joint: number): void {
    if (joint === this.selected) return;
    this.selected = joint;
    this.schedule();
  }

  resetView(): void {
    this.camera = { ...this.home, target: [...this.home.target] as Vec3 };
    this.atHome = true;
    this.draw();
  }

  /** The fitted points' extent on screen at the current camera (tests: the skeleton fills the view, inside it). */
  screenExtent(): { left: number; top: number; right: number; bottom: number; width: number; height: number } {
    const v = viewOf(this.camera, this.width, this.height);
    const b = this.projectedBounds(v);
    return { ...b, width: this.width, height: this.height };
  }

  // ---- fitting ---------------------------------------------------------------------------------
  private fit(duration: number): void {
    const b = emptyBounds();
    const binding = this.binding!;
    const pose: Pose = { world: new Float64Array(this.pose!.world.length), positions: new Float64Array(this.pose!.positions.length) };
    const samples = Math.max(1, Math.min(FIT_SAMPLES, Math.ceil(duration) + 1));
    const points: number[] = [];
    for (let s = 0; s < samples; s++) {
      const f = samples === 1 ? 0 : (duration * s) / (samples - 1);
      binding.pose(f, pose);
      this.addPoseBounds(b, pose, points);
    }
    this.fitPoints = Float64Array.from(points.filter(Number.isFinite));
    const { center, radius } = sphereOf(b);
    this.home = fitCamera(center, radius);
    this.gridStep = niceStep(radius * 2, 8);
    const footprint = Math.max(b.max[0] - center[0], center[0] - b.min[0], b.max[2] - center[2], center[2] - b.min[2], radius * 0.5);
    this.gridExtent = Math.ceil(footprint / this.gridStep) * this.gridStep;
  }

  private addPoseBounds(b: Bounds, pose: Pose, points: number[]): void {
    const joints = this.model!.joints;
    const add = (x: number, y: number, z: number): void => {
      addPoint(b, x, y, z);
      if (Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z)) points.push(x, y, z);
    };
    for (let j = 0; j < joints.length; j++) {
      add(pose.positions[j * 3], pose.positions[j * 3 + 1], pose.positions[j * 3 + 2]);
      if (!this.hasBox(j)) continue;
      this.forBoxCorners(j, pose.world, add);
    }
  }

  /** Screen bounds of the fit points seen from view `v` (points behind the camera are skipped). */
  private projectedBounds(v: View): { left: number; top: number; right: number; bottom: number } {
    const c = new Float64Array(3);
    let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
    const p = this.fitPoints;
    for (let i = 0; i + 2 < p.length; i += 3) {
      toCamera(v, p[i], p[i + 1], p[i + 2], c, 0);
      if (c[2] <= v.near) continue;
      const [x, y] = project(v, c[0], c[1], c[2]);
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
    return { left, top, right, bottom };
  }

  /**
   * Moves the home camera until the fit points fill FIT_FILL of the canvas (between the caption
   * and the help line), centred: a few rounds of "centre the projected box, scale the distance by
   * how much too big or small it is" (perspective makes one round inexact).
   */
  private fitToScreen(): void {
    const w = this.width, h = this.height - 2 * CAPTION_BAND;
    if (w < 2 || h < 2 || this.fitPoints.length < 3) return;
    const cam = this.home;
    for (let round = 0; round < 6; round++) {
      const v = viewOf(cam, this.width, this.height);
      const b = this.projectedBounds(v);
      if (!Number.isFinite(b.left)) return;
      const bw = Math.max(b.right - b.left, 1e-6), bh = Math.max(b.bottom - b.top, 1e-6);
      const scale = Math.max(bw / (w * FIT_FILL), bh / (h * FIT_FILL));
      // Centre: move the target by the box centre's offset, at the target's depth.
      const perPixel = cam.distance / v.focal;
      const dx = (b.left + b.right) / 2 - v.cx, dy = (b.top + b.bottom) / 2 - v.cy;
      for (let a = 0; a < 3; a++) cam.target[a] += (dx * v.right[a] - dy * v.up[a]) * perPixel;
      cam.distance *= Math.min(4, Math.max(0.25, scale));
      if (Math.abs(scale - 1) < 0.02 && Math.hypot(dx, dy) < 2) break;
    }
  }

  private hasBox(j: number): boolean {
    const jt = this.model!.joints[j];
    return jt.bboxMax[0] > jt.bboxMin[0] || jt.bboxMax[1] > jt.bboxMin[1] || jt.bboxMax[2] > jt.bboxMin[2];
  }

  /** The 8 corners of joint j's box in world space: corner k has bit 0 → x max, bit 1 → y max, bit 2 → z max. */
  private forBoxCorners(j: number, world: Float64Array, f: (x: number, y: number, z: number, k: number) => void): void {
    const jt = this.model!.joints[j];
    const o = j * MATRIX_STRIDE;
    for (let k = 0; k < 8; k++) {
      const lx = k & 1 ? jt.bboxMax[0] : jt.bboxMin[0];
      const ly = k & 2 ? jt.bboxMax[1] : jt.bboxMin[1];
      const lz = k & 4 ? jt.bboxMax[2] : jt.bboxMin[2];
      f(
        world[o] * lx + world[o + 1] * ly + world[o + 2] * lz + world[o + 3],
        world[o + 4] * lx + world[o + 5] * ly + world[o + 6] * lz + world[o + 7],
        world[o + 8] * lx + world[o + 9] * ly + world[o + 10] * lz + world[o + 11],
        k,
      );
    }
  }

  // ---- drawing ---------------------------------------------------------------------------------
  private resize(): void {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.floor(this.element.clientWidth));
    const h = Math.max(1, Math.floor(this.element.clientHeight));
    if (w === this.width && h === this.height) return;
    this.width = w;
    this.height = h;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    if (this.atHome && this.binding) {
      this.fitToScreen();
      this.camera = { ...this.home, target: [...this.home.target] as Vec3 };
    }
    this.draw();
  }

  /** Coalesced redraw for pointer / keyboard input. */
  private schedule(): void {
    if (this.raf) return;
    this.raf = requestAnimationFrame(() => {
      this.raf = 0;
      this.draw();
    });
  }

  private line(ctx: CanvasRenderingContext2D, v: View, a: Vec3, b: Vec3): void {
    const ca = new Float64Array(3), cb = new Float64Array(3);
    toCamera(v, a[0], a[1], a[2], ca, 0);
    toCamera(v, b[0], b[1], b[2], cb, 0);
    const s = clipSegment(v, ca, 0, cb, 0);
    if (!s) return;
    ctx.moveTo(s[0], s[1]);
    ctx.lineTo(s[2], s[3]);
  }

  draw(): void {
    const ctx = this.ctx;
    if (!ctx || !this.model || !this.pose || !this.binding || this.width < 2 || this.height < 2) return;
    this.draws++;
    const dpr = this.canvas.width / this.width;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = this.colors.background;
    ctx.fillRect(0, 0, this.width, this.height);
    const v = viewOf(this.camera, this.width, this.height);
    const highlighted = new Set(this.hover?.joints ?? []);
    if (this.selected >= 0 && this.selected < this.model.joints.length && !this.hover) highlighted.add(this.selected);
    ctx.lineCap = 'round';
    this.drawGround(ctx, v);
    this.drawBoxes(ctx, v, highlighted);
    const cam = this.projectJoints(v);
    this.drawTriads(ctx, v, cam);
    this.drawBones(ctx, v, cam);
    this.drawJoints(ctx, highlighted);
    this.drawLabels(ctx, highlighted);
    this.caption.textContent = `${this.model.fileName} · ${plural(this.model.joints.length, 'joint')} · frame ${fmt(this.frame)}`;
  }

  /** The ground grid (XZ plane at y = 0) around the target, and the world axes at the origin. */
  private drawGround(ctx: CanvasRenderingContext2D, v: View): void {
    const c = this.colors;
    const step = this.gridStep, ext = this.gridExtent;
    const gx = Math.round(this.home.target[0] / step) * step, gz = Math.round(this.home.target[2] / step) * step;
    ctx.save();
    ctx.strokeStyle = c.grid;
    ctx.lineWidth = 1;
    ctx.globalAlpha = 0.6;
    ctx.beginPath();
    for (let t = -ext; t <= ext + step / 2; t += step) {
      this.line(ctx, v, [gx + t, 0, gz - ext], [gx + t, 0, gz + ext]);
      this.line(ctx, v, [gx - ext, 0, gz + t], [gx + ext, 0, gz + t]);
    }
    ctx.stroke();
    ctx.restore();
    const axisLength = step * 2;
    const axes: [Vec3, string][] = [[[axisLength, 0, 0], c.red], [[0, axisLength, 0], c.green], [[0, 0, axisLength], c.blue]];
    ctx.lineWidth = 1.5;
    for (const [end, colour] of axes) {
      ctx.strokeStyle = colour;
      ctx.beginPath();
      this.line(ctx, v, [0, 0, 0], end);
      ctx.stroke();
    }
  }

  /** Each joint's mesh bounds, transformed with its joint (it shows rotation even where joints share an origin). */
  private drawBoxes(ctx: CanvasRenderingContext2D, v: View, highlighted: Set<number>): void {
    const c = this.colors;
    const corners = this.cam;
    const n = this.model!.joints.length;
    for (let j = 0; j < n; j++) {
      if (!this.hasBox(j)) continue;
      this.forBoxCorners(j, this.pose!.world, (x, y, z, k) => toCamera(v, x, y, z, corners, k * 3));
      const lit = highlighted.has(j);
      ctx.strokeStyle = lit ? c.focus : c.muted;
      ctx.globalAlpha = lit ? 1 : 0.7;
      ctx.lineWidth = lit ? 1.5 : 1;
      ctx.beginPath();
      for (let k = 0; k < 8; k++) {
        for (const bit of [1, 2, 4]) {
          if (k & bit) continue;
          const s = clipSegment(v, corners, k * 3, corners, (k | bit) * 3);
          if (s) { ctx.moveTo(s[0], s[1]); ctx.lineTo(s[2], s[3]); }
        }
      }
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }

  /** Joint origins in camera space (returned) and on screen (this.screen: x, y, in front). */
  private projectJoints(v: View): Float64Array {
    const n = this.model!.joints.length;
    const p = this.pose!.positions;
    const cam = new Float64Array(n * 3);
    for (let j = 0; j < n; j++) {
      toCamera(v, p[j * 3], p[j * 3 + 1], p[j * 3 + 2], cam, j * 3);
      const z = cam[j * 3 + 2];
      if (z > v.near) {
        const [sx, sy] = project(v, cam[j * 3], cam[j * 3 + 1], z);
        this.screen[j * 3] = sx; this.screen[j * 3 + 1] = sy; this.screen[j * 3 + 2] = 1;
      } else {
        this.screen[j * 3 + 2] = 0;
      }
    }
    return cam;
  }

  /** Each joint's local axes: a short triad along its world matrix columns. */
  private drawTriads(ctx: CanvasRenderingContext2D, v: View, cam: Float64Array): void {
    const c = this.colors;
    const { world, positions } = this.pose!;
    const n = this.model!.joints.length;
    const triad = this.gridStep * 0.8;
    const tmp = new Float64Array(3);
    ctx.lineWidth = 1.5;
    for (let a = 0; a < 3; a++) {
      ctx.strokeStyle = [c.red, c.green, c.blue][a];
      ctx.beginPath();
      for (let j = 0; j < n; j++) {
        const o = j * MATRIX_STRIDE;
        const len = Math.hypot(world[o + a], world[o + 4 + a], world[o + 8 + a]) || 1;
        toCamera(v,
          positions[j * 3] + (world[o + a] / len) * triad,
          positions[j * 3 + 1] + (world[o + 4 + a] / len) * triad,
          positions[j * 3 + 2] + (world[o + 8 + a] / len) * triad, tmp, 0);
        const s = clipSegment(v, cam, j * 3, tmp, 0);
        if (s) { ctx.moveTo(s[0], s[1]); ctx.lineTo(s[2], s[3]); }
      }
      ctx.stroke();
    }
  }

  private drawBones(ctx: CanvasRenderingContext2D, v: View, cam: Float64Array): void {
    ctx.strokeStyle = this.colors.foreground;
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    for (const [p, ch] of this.binding!.bones) {
      const s = clipSegment(v, cam, p * 3, cam, ch * 3);
      if (s) { ctx.moveTo(s[0], s[1]); ctx.lineTo(s[2], s[3]); }
    }
    ctx.stroke();
  }

  /** Dots; the root(s) a larger ring. */
  private drawJoints(ctx: CanvasRenderingContext2D, highlighted: Set<number>): void {
    const c = this.colors;
    const model = this.model!;
    const roots = new Set(model.hierarchyRoots.length ? model.hierarchyRoots : model.joints.map((jt, i) => (jt.parent < 0 ? i : -1)).filter((i) => i >= 0));
    for (let j = 0; j < model.joints.length; j++) {
      if (!this.screen[j * 3 + 2]) continue;
      const x = this.screen[j * 3], y = this.screen[j * 3 + 1];
      ctx.beginPath();
      if (roots.has(j)) {
        ctx.arc(x, y, 6.5, 0, Math.PI * 2);
        ctx.lineWidth = 2.5;
        ctx.strokeStyle = c.orange;
        ctx.stroke();
      } else {
        ctx.arc(x, y, highlighted.has(j) ? 5 : 3.5, 0, Math.PI * 2);
        ctx.fillStyle = highlighted.has(j) ? c.focus : c.foreground;
        ctx.fill();
      }
    }
  }

  /** Joint names, laid out without overlap (labels.ts): highlighted joints first, then in joint order. */
  private drawLabels(ctx: CanvasRenderingContext2D, highlighted: Set<number>): void {
    const n = this.model!.joints.length;
    this.labels = [];
    if (n > MAX_LABELS) return;
    const style = getComputedStyle(this.element);
    ctx.font = `${style.fontSize || '12px'} ${style.fontFamily || 'sans-serif'}`;
    const height = Math.ceil(parseFloat(style.fontSize) || 12) + 3;
    const order = [...highlighted, ...Array.from({ length: n }, (_, j) => j).filter((j) => !highlighted.has(j))];
    const requests: LabelRequest[] = [];
    const dots: { x: number; y: number }[] = [];
    for (const j of order) {
      if (!this.screen[j * 3 + 2]) continue;
      const x = this.screen[j * 3], y = this.screen[j * 3 + 1];
      dots.push({ x, y });
      requests.push({ joint: j, x, y, width: Math.ceil(ctx.measureText(this.jointNames[j]).width) + 4, height });
    }
    this.labels = placeLabels(requests, { left: 4, top: CAPTION_BAND, right: this.width - 4, bottom: this.height - CAPTION_BAND }, dots);
    const c = this.colors;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    for (const l of this.labels) {
      const x = this.screen[l.joint * 3], y = this.screen[l.joint * 3 + 1];
      const dim = highlighted.size > 0 && !highlighted.has(l.joint);
      ctx.globalAlpha = dim ? 0.6 : 1;
      if (l.leader) {
        // From the joint to the nearest point of the label's box.
        const tx = Math.max(l.left, Math.min(x, l.left + l.width)), ty = Math.max(l.top, Math.min(y, l.top + l.height));
        ctx.strokeStyle = c.muted;
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(tx, ty);
        ctx.stroke();
      }
      // A halo of the background keeps the name readable over the lines behind it.
      ctx.strokeStyle = c.background;
      ctx.lineWidth = 3;
      ctx.lineJoin = 'round';
      ctx.strokeText(this.jointNames[l.joint], l.left + 2, l.top + l.height / 2);
      ctx.fillStyle = highlighted.has(l.joint) ? c.foreground : c.chartsForeground;
      ctx.fillText(this.jointNames[l.joint], l.left + 2, l.top + l.height / 2);
    }
    ctx.globalAlpha = 1;
  }

  // ---- hover -----------------------------------------------------------------------------------
  private jointsAt(x: number, y: number): number[] {
    const n = this.model?.joints.length ?? 0;
    let best = -1, bestD = HIT_RADIUS * HIT_RADIUS;
    for (let j = 0; j < n; j++) {
      if (!this.screen[j * 3 + 2]) continue;
      const dx = this.screen[j * 3] - x, dy = this.screen[j * 3 + 1] - y;
      const d = dx * dx + dy * dy;
      if (d <= bestD) { bestD = d; best = j; }
    }
    if (best < 0) return [];
    // every joint drawn at (about) the same place
    const out: number[] = [];
    for (let j = 0; j < n; j++) {
      if (!this.screen[j * 3 + 2]) continue;
      if (Math.abs(this.screen[j * 3] - this.screen[best * 3]) < 2 && Math.abs(this.screen[j * 3 + 1] - this.screen[best * 3 + 1]) < 2) out.push(j);
    }
    return out;
  }

  private setHover(h: SkeletonHover | undefined): void {
    const before = this.hover?.joints.join(',') ?? '';
    this.hover = h && h.joints.length ? h : undefined;
    if (this.hover) this.renderTip();
    else this.tip.hidden = true;
    if ((this.hover?.joints.join(',') ?? '') !== before) this.schedule();
  }

  /** The tooltip: per hovered joint, its name, parent and S/R/T at the current frame (animated channels marked). */
  private renderTip(): void {
    const h = this.hover;
    const model = this.model;
    if (!h || !model || !this.binding) return;
    const rows: HTMLElement[] = [];
    for (const j of h.joints.slice(0, 8)) {
      const jt = model.joints[j];
      const box = el('div', 'as-skeleton-tip-joint');
      const title = el('div', 'as-skeleton-tip-title');
      title.append(el('strong', undefined, this.jointNames[j]), el('span', 'as-skeleton-tip-meta',
        ` joint ${j}${jt.parent >= 0 ? ` · parent ${this.jointNames[jt.parent] ?? jt.parent}` : ' · root'}`));
      box.append(title);
      const tracked = this.binding.tracked[j] ?? [];
      for (let k = 0; k < 3; k++) {
        const line = el('div', 'as-skeleton-tip-row');
        line.append(el('span', 'as-skeleton-tip-channel', CHANNELS[k]));
        for (let a = 0; a < 3; a++) {
          const i = k * 3 + a;
          const value = el('span', tracked[i] ? 'as-skeleton-tip-value tracked' : 'as-skeleton-tip-value', fmt(this.locals[j * LOCAL_STRIDE + i]));
          value.title = tracked[i] ? 'animated' : 'bind pose (no track)';
          line.append(value);
        }
        box.append(line);
      }
      rows.push(box);
    }
    if (h.joints.length > 8) rows.push(el('div', 'as-skeleton-tip-meta', `… and ${h.joints.length - 8} more at this point`));
    rows.push(el('div', 'as-skeleton-tip-meta', `frame ${fmt(this.frame)} · animated values highlighted`));
    this.tip.replaceChildren(...rows);
    this.tip.hidden = false;
    const left = Math.min(h.x + 14, Math.max(0, this.width - this.tip.offsetWidth - 4));
    const top = Math.min(h.y + 14, Math.max(0, this.height - this.tip.offsetHeight - 4));
    this.tip.style.left = `${left}px`;
    this.tip.style.top = `${top}px`;
    this.live.textContent = h.joints.map((j) => this.jointNames[j]).join(', ');
  }

  // ---- input -----------------------------------------------------------------------------------
  private orbit(dyaw: number, dpitch: number): void {
    this.atHome = false;
    this.camera.yaw += dyaw;
    this.camera.pitch = Math.min(MAX_PITCH, Math.max(MIN_PITCH, this.camera.pitch + dpitch));
    this.schedule();
  }

  private zoom(factor: number): void {
    this.atHome = false;
    const min = this.home.distance * 0.02, max = this.home.distance * 50;
    this.camera.distance = Math.min(max, Math.max(min, this.camera.distance * factor));
    this.schedule();
  }

  private pan(dx: number, dy: number): void {
    this.atHome = false;
    const v = viewOf(this.camera, this.width, this.height);
    const perPixel = this.camera.distance / v.focal;
    for (let a = 0; a < 3; a++) this.camera.target[a] += (-dx * v.right[a] + dy * v.up[a]) * perPixel;
    this.schedule();
  }

  private bindEvents(): void {
    const c = this.canvas;
    const local = (e: PointerEvent | MouseEvent): [number, number] => {
      const r = c.getBoundingClientRect();
      return [e.clientX - r.left, e.clientY - r.top];
    };
    c.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 && e.button !== 1) return;
      c.focus();
      c.setPointerCapture(e.pointerId);
      this.drag = { x: e.clientX, y: e.clientY, pan: e.shiftKey || e.button === 1, moved: false };
      this.setHover(undefined);
      e.preventDefault();
    });
    c.addEventListener('pointermove', (e) => {
      if (this.drag) {
        const dx = e.clientX - this.drag.x, dy = e.clientY - this.drag.y;
        this.drag.x = e.clientX;
        this.drag.y = e.clientY;
        if (dx || dy) this.drag.moved = true;
        if (this.drag.pan) this.pan(dx, dy);
        else this.orbit(-dx * 0.01, dy * 0.01);
        return;
      }
      const [x, y] = local(e);
      this.setHover({ joints: this.jointsAt(x, y), x, y });
    });
    const end = (e: PointerEvent): void => {
      if (!this.drag) return;
      const click = !this.drag.moved && e.type === 'pointerup';
      this.drag = undefined;
      if (click) {
        const [x, y] = local(e);
        const hit = this.jointsAt(x, y);
        if (hit.length) this.onPickJoint?.(hit[hit.length - 1]);
        this.setHover({ joints: hit, x, y });
      }
      if (c.hasPointerCapture(e.pointerId)) c.releasePointerCapture(e.pointerId);
    };
    c.addEventListener('pointerup', end);
    c.addEventListener('pointercancel', end);
    c.addEventListener('pointerleave', () => { if (!this.drag) this.setHover(undefined); });
    c.addEventListener('wheel', (e) => {
      e.preventDefault();
      const dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
      this.zoom(Math.exp(Math.max(-200, Math.min(200, dy)) * 0.0015));
    }, { passive: false });
    c.addEventListener('dblclick', (e) => { e.preventDefault(); this.resetView(); });
    c.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      let handled = true;
      switch (e.key) {
        case 'ArrowLeft': this.orbit(e.shiftKey ? 0 : -ORBIT_STEP, 0); if (e.shiftKey) this.pan(-20, 0); break;
        case 'ArrowRight': this.orbit(e.shiftKey ? 0 : ORBIT_STEP, 0); if (e.shiftKey) this.pan(20, 0); break;
        case 'ArrowUp': if (e.shiftKey) this.pan(0, -20); else this.orbit(0, ORBIT_STEP); break;
        case 'ArrowDown': if (e.shiftKey) this.pan(0, 20); else this.orbit(0, -ORBIT_STEP); break;
        case '+': case '=': this.zoom(1 / ZOOM_STEP); break;
        case '-': case '_': this.zoom(ZOOM_STEP); break;
        case '0': case 'Home': this.resetView(); break;
        default: handled = false;
      }
      if (handled) {
        e.preventDefault();
        e.stopPropagation();
      }
    });
  }
}
