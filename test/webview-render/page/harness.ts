/**
 * Harness page for the 3D model view: fetches a model's bytes (extracted from the shared archives
 * by the test's Node side and served under /generated/), builds the ModelPayload in the page with
 * the host's own builder, sends it through structuredClone (as postMessage would) into ModelView,
 * and exposes `window.harness` for the tests: pose from animations, pixel reads, CPU-skinned
 * silhouettes for comparison, picking, context loss. URL: index.html?theme=dark|light
 */
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decodeModel } from '../../../src/formats/model/model';
import type { ModelData } from '../../../src/formats/model/types';
import { decode } from '../../../src/formats';
import type { AnimData } from '../../../src/kinds/registry';
import { applyAnimation, initialState } from '../../../src/kinds/apply';
import type { PoseState } from '../../../src/anim/poseState';
import { poseModel } from '../../../src/anim/pose';
import { ModelPayload } from '../../../src/wire/modelPayload';
import { buildModelPayload, payloadByteSize } from '../../../src/wire/modelPayloadBuild';
import { ModelView } from '../../../webview/render/modelView';
import { projectPoint } from '../../../webview/render/camera';
import { TextureGallery, TextureRange } from '../../../webview/textures/textureGallery';

const params = new URLSearchParams(location.search);
document.body.classList.add(params.get('theme') === 'light' ? 'vscode-light' : 'vscode-dark');

const host = document.createElement('div');
host.className = 'harness-view';
document.body.append(host);
const galleryHost = document.createElement('div');
galleryHost.className = 'harness-gallery';
document.body.append(galleryHost);

let view = new ModelView({ label: 'Harness model view' }).mount(host);
const gallery = new TextureGallery().mount(galleryHost);
const selections: TextureRange[] = [];
gallery.onSelect((r) => selections.push(r));
let model: ModelData | undefined;
let payload: ModelPayload | undefined;
const anims = new Map<string, AnimData>();
let state: PoseState | undefined;
const statuses: string[] = [];
view.onStatus((s) => statuses.push(s));

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

async function fetchBytes(name: string): Promise<Uint8Array> {
  const r = await fetch(`generated/${name}`);
  if (!r.ok) throw new Error(`fetch ${name}: ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

interface PoseSpec {
  /** Animations (loaded with loadAnim) applied in order at their frames. */
  anims?: { name: string; frame: number }[];
  /** [material, slot, texNumber] */
  texNumbers?: [number, number, number | null][];
  hide?: number[];
  /** [material, register 0..3, rgba] */
  tevColors?: [number, number, [number, number, number, number]][];
  konstColors?: [number, number, [number, number, number, number]][];
  color0?: [number, [number, number, number, number]][];
}

function makeState(spec: PoseSpec): PoseState {
  const s = initialState(model!);
  for (const a of spec.anims ?? []) {
    const anim = anims.get(a.name);
    if (!anim) throw new Error(`animation ${a.name} not loaded`);
    applyAnimation(s, anim, a.frame);
  }
  for (const [m, slot, v] of spec.texNumbers ?? []) s.materials[m].texNumbers[slot] = v;
  for (const i of spec.hide ?? []) s.shapeVisible[i] = false;
  for (const [m, r, c] of spec.tevColors ?? []) s.materials[m].tevColors[r] = c;
  for (const [m, r, c] of spec.konstColors ?? []) s.materials[m].konstColors[r] = c;
  for (const [m, c] of spec.color0 ?? []) s.materials[m].color0 = c;
  return s;
}

const harness = {
  statuses,
  selections,
  /** Decodes a model, builds and clones its payload, shows it. */
  async load(name: string): Promise<unknown> {
    const bytes = await fetchBytes(name);
    const sink = new DiagnosticSink();
    model = decodeModel(bytes, sink).model;
    if (!model) throw new Error(`${name}: not a model`);
    const t0 = performance.now();
    payload = buildModelPayload(model, bytes, { fileName: name.split('/').pop() });
    const t1 = performance.now();
    const cloned = structuredClone(payload);
    const result = view.setModel(cloned);
    gallery.setTextures(payload.textures);
    view.renderNow();
    const t2 = performance.now();
    state = undefined;
    return {
      drawable: result.drawable, problems: result.problems.map((p) => p.message), buildMs: t1 - t0, firstFrameMs: t2 - t1,
      size: payloadByteSize(payload), stats: { ...view.stats }, status: view.status,
      shapes: payload.shapes.length, materials: payload.materials.map((m) => m.name), textures: payload.textures.length,
      typedAfterClone: cloned.shapes.every((s) => s.positions instanceof Float32Array),
    };
  },
  /** Shows a payload built from the loaded model after `mutate` (robustness tests). */
  loadBroken(kind: 'indices' | 'texture' | 'shape-type' | 'material' | 'garbage'): unknown {
    if (!model || !payload) throw new Error('load a model first');
    const p = structuredClone(payload) as unknown as Record<string, unknown> & ModelPayload;
    if (kind === 'indices') {
      const t = p.shapes[0].triangles.slice();
      t[5] = p.shapes[0].vertexCount + 1000;
      p.shapes[0].triangles = t;
    } else if (kind === 'texture') {
      p.textures[p.textures.length - 1].levels = [];
      for (const m of p.materials) m.texNumbers = m.texNumbers.map((n) => (n === null ? null : p.textures.length + 3));
    } else if (kind === 'shape-type') {
      (p.shapes[0] as unknown as Record<string, unknown>).positions = [1, 2, 3];
    } else if (kind === 'material') {
      (p.materials[0] as unknown as Record<string, unknown>).tevStages = 'nonsense';
    } else {
      return view.setModel({ kind: 'modelPayload', version: 99 });
    }
    const r = view.setModel(p);
    view.renderNow();
    return { drawable: r.drawable, problems: view.problemMessages, status: view.status };
  },
  /** A copy of the current payload to change and show (tests that build materials by hand). */
  payloadClone(): ModelPayload {
    return structuredClone(payload!);
  },
  /**
   * Shows the current payload with material `index` patched: plain values replace, an object of
   * index → value sets array elements (`{ tevColors: { 1: [10, 200, 30, 255] } }`).
   */
  showPatched(index: number, patch: Record<string, unknown>): unknown {
    const p = structuredClone(payload!);
    const m = p.materials[index] as unknown as Record<string, unknown>;
    for (const [k, v] of Object.entries(patch)) {
      const target = m[k];
      if (Array.isArray(target) && v && typeof v === 'object' && !Array.isArray(v)) for (const [i, x] of Object.entries(v)) target[Number(i)] = x;
      else m[k] = v;
    }
    return harness.show(p);
  },
  /** The current model with every texel white. */
  showWhiteTextures(): unknown {
    const p = structuredClone(payload!);
    for (const t of p.textures) for (const l of t.levels) l.rgba.fill(255);
    return harness.show(p);
  },
  show(p: unknown): unknown {
    const r = view.setModel(p);
    view.renderNow();
    return { drawable: r.drawable, problems: r.problems.map((x) => x.message), stats: { ...view.stats } };
  },
  async loadAnim(name: string): Promise<string> {
    const bytes = await fetchBytes(name);
    const file = decode(bytes, name.split('/').pop() ?? name);
    if (!file.anim) throw new Error(`${name}: not an animation`);
    anims.set(name, file.anim);
    return file.format;
  },
  pose(spec: PoseSpec): void {
    state = makeState(spec);
    view.setPose(state);
    view.renderNow();
  },
  bindPose(): void {
    state = undefined;
    view.setPose(undefined);
    view.renderNow();
  },
  /** The canvas as base64 RGBA (rows bottom first). */
  pixels(): { width: number; height: number; data: string } {
    const p = view.readPixels();
    return { width: p.width, height: p.height, data: base64(p.data) };
  },
  /**
   * Where the GPU drew the model, whatever its colours: drawn on black and on white, a pixel is the
   * model's when it is not the background in either. Base64, one byte per pixel, rows top first.
   */
  gpuSilhouette(): { width: number; height: number; data: string } {
    view.setBackground([0, 0, 0]);
    const black = view.readPixels();
    view.setBackground([1, 1, 1]);
    const white = view.readPixels();
    view.setBackground(undefined);
    const { width: w, height: h } = black;
    const mask = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const o = ((h - 1 - y) * w + x) * 4;
      const onBlack = black.data[o] + black.data[o + 1] + black.data[o + 2] > 0;
      const onWhite = white.data[o] + white.data[o + 1] + white.data[o + 2] < 765;
      mask[y * w + x] = onBlack || onWhite ? 255 : 0;
    }
    return { width: w, height: h, data: base64(mask) };
  },
  /**
   * The model's silhouette from CPU skinning (src/anim/pose.ts) at the current state, projected with
   * the view's camera and filled on a 2D canvas (triangles the material culls left out, front faces
   * clockwise on screen as FORMATS.md §10.8 says): base64 of one byte per pixel (255 inside), rows
   * top first.
   */
  cpuSilhouette(): { width: number; height: number; data: string } {
    const w = view.canvas.width, h = view.canvas.height;
    const vp = view.viewProjection();
    const s = state ?? initialState(model!);
    const posed = poseModel(model!, s.locals);
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    model!.shapes.forEach((shape, i) => {
      if (s.shapeVisible[i] === false) return;
      const p = posed.shapes[i].positions;
      const t = shape.triangles;
      // The material's culling, with GX front faces clockwise as seen (counter-clockwise with y down).
      const cull = model!.materialData[payload!.shapes[i].material]?.cullMode ?? 2;
      for (let k = 0; k + 2 < t.length; k += 3) {
        const pts = [t[k], t[k + 1], t[k + 2]].map((v) => projectPoint(vp, w, h, p[v * 3], p[v * 3 + 1], p[v * 3 + 2]));
        if (pts.some((q) => !q)) continue;
        const area = (pts[1]![0] - pts[0]![0]) * (pts[2]![1] - pts[0]![1]) - (pts[2]![0] - pts[0]![0]) * (pts[1]![1] - pts[0]![1]);
        const front = area > 0;
        if (cull === 3 || (cull === 2 && !front) || (cull === 1 && front)) continue;
        ctx.beginPath();
        ctx.moveTo(pts[0]![0], pts[0]![1]);
        ctx.lineTo(pts[1]![0], pts[1]![1]);
        ctx.lineTo(pts[2]![0], pts[2]![1]);
        ctx.closePath();
        ctx.fill();
      }
    });
    const img = ctx.getImageData(0, 0, w, h).data;
    const mask = new Uint8Array(w * h);
    for (let i = 0; i < w * h; i++) mask[i] = img[i * 4 + 3] > 127 ? 255 : 0;
    return { width: w, height: h, data: base64(mask) };
  },
  hit(x: number, y: number): unknown {
    return view.hitTest(x, y) ?? null;
  },
  setWireframe(on: boolean): void { view.setWireframe(on); view.renderNow(); },
  setSkeleton(on: boolean): void { view.setSkeleton(on); view.renderNow(); },
  setShapeVisible(i: number, on: boolean): void { view.setShapeVisible(i, on); view.renderNow(); },
  camera(): unknown { return view.cameraState; },
  status(): string { return view.status; },
  problems(): string[] { return view.problemMessages; },
  /** Loses (and optionally restores) the WebGL context through WEBGL_lose_context. */
  loseContext(): boolean {
    const gl = view.canvas.getContext('webgl2');
    const ext = gl?.getExtension('WEBGL_lose_context');
    if (!ext) return false;
    ext.loseContext();
    (harness as { lost?: WEBGL_lose_context }).lost = ext;
    return true;
  },
  restoreContext(): void {
    (harness as { lost?: WEBGL_lose_context }).lost?.restoreContext();
  },
  fallbackText(): string {
    return view.element.querySelector('.as-model-fallback')?.textContent ?? '';
  },
  /** A fresh view on a canvas whose getContext('webgl2') returns null (a webview without WebGL2). */
  noWebgl2(): { status: string; text: string } {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, id: string, ...rest: unknown[]) {
      if (id === 'webgl2') return null;
      return (original as (this: HTMLCanvasElement, ...a: unknown[]) => unknown).call(this, id, ...rest);
    } as typeof original;
    try {
      view.dispose();
      view = new ModelView().mount(host);
      const r = view.setModel(payload);
      view.renderNow();
      return { status: view.status, text: view.element.querySelector('.as-model-fallback')?.textContent ?? String(r.drawable) };
    } finally {
      HTMLCanvasElement.prototype.getContext = original;
    }
  },
  gallery: {
    count: () => gallery.count,
    click(i: number): void { galleryHost.querySelector<HTMLButtonElement>(`button[data-texture="${i}"]`)?.click(); },
  },
  /**
   * Time to set the model and draw the first frame; then `frames` frames playing every animation in
   * `anims` together (each at frame f mod its duration): the pose state (applying the animations),
   * and the view's part (setPose + draw, waiting for the GPU with a one-pixel read each frame).
   */
  bench(spec: { frames: number; anims: string[]; fresh?: boolean }): { firstFrameMs: number; stateMs: number; renderMs: number; programs: number } {
    if (spec.fresh) {
      // A new view has a new WebGL context: no program compiled yet.
      view.dispose();
      view = new ModelView({ label: 'Harness model view' }).mount(host);
    }
    const t0 = performance.now();
    view.setModel(structuredClone(payload));
    view.readPixels();
    const firstFrameMs = performance.now() - t0;
    const px = new Uint8Array(4);
    const gl = view.canvas.getContext('webgl2')!;
    let stateMs = 0, renderMs = 0;
    for (let f = 0; f < spec.frames; f++) {
      const a = performance.now();
      const s = makeState({ anims: spec.anims.map((name) => ({ name, frame: f % Math.max(1, (anims.get(name) as { duration?: number }).duration ?? 60) })) });
      const b = performance.now();
      view.setPose(s);
      view.renderNow();
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
      renderMs += performance.now() - b;
      stateMs += b - a;
    }
    const n = Math.max(1, spec.frames);
    return { firstFrameMs, stateMs: stateMs / n, renderMs: renderMs / n, programs: view.stats?.programs ?? 0 };
  },
};

(window as unknown as { harness: typeof harness }).harness = harness;
document.body.dataset.ready = 'true';
