/**
 * The model renderer: GPU resources built once per model (vertex buffers with per-vertex skinning
 * rows and weights, one program per distinct material configuration, one texture per decoded image
 * and one sampler per TEX1 header), and a frame that only uploads what a pose changes:
 *
 *   matrices  (RGBA32F texture): world[j] for the vertices DRW1 stores in joint space, world[j] ×
 *             inverseBind[j] for envelope bones, and one identity — skeleton.ts computes world;
 *   materials (uniforms): colour 0, TEV registers, konst colours, texgen matrices (BTK), texmap
 *             bindings (BTP), per material per frame;
 *   visibility (BVA) and the user's shape checkboxes.
 *
 * Draws: opaque materials in shape order, then the translucent pass (material mode 4) back to
 * front; GX culling with front faces clockwise (FORMATS.md §10.8), z mode, blend, alpha compare in
 * the shader. Overlays: wireframe and skeleton. Picking renders shape and joint ids offscreen.
 */
import { computePose, LOCAL_STRIDE, MATRIX_STRIDE, multiplyAffine, Pose, SkeletonModel } from '../../src/formats/model/jointMatrices';
import type { MaterialState, PoseState } from '../../src/anim/poseState';
import type { ModelMaterial } from '../../src/formats/model/types';
import type { ModelPayload, PayloadShape, PayloadTexture, RenderProblem } from '../../src/wire/modelPayload';
import { blendFactor, compareFunc, createProgram, minFilter, ProgramInfo, ShaderError, wrapMode } from './gl';
import { BlendModeKind, CullMode, MATERIAL_MODE_TRANSLUCENT } from './gx/enums';
import { approximations, configKey, ProgramConfig, programConfig, usedTexMaps } from './gx/materialConfig';
import {
  ATTRIBUTE, fragmentShader, MATRICES_PER_ROW, overlayFragmentShader, overlayVertexShader, pickFragmentShader, plainVertexShader,
  solidFragmentShader, vertexShader,
} from './gx/shaderGen';
import { texGenMatrix } from './gx/texMatrix';
import { defaultMaterial } from '../../src/formats/model/defaultMaterial';

type Rgba4 = [number, number, number, number];

interface IndexList { buffer: WebGLBuffer; count: number; type: number }

interface GpuShape {
  shape: PayloadShape;
  vao: WebGLVertexArrayObject;
  buffers: WebGLBuffer[];
  triangles?: IndexList;
  lines?: IndexList;
  points?: IndexList;
  wire?: IndexList;
  material: number;
  /** Model-space centre of the shape's stored box (translucent sorting). */
  center: [number, number, number];
  /** Joint whose origin moves the centre (the first vertex's main joint), -1 none. */
  anchorJoint: number;
}

interface GpuMaterial {
  material: ModelMaterial;
  config: ProgramConfig;
  program: ProgramInfo | null;
  texMaps: number[];
  translucent: boolean;
  approximations: string[];
}

export interface FrameInput {
  view: Float32Array;
  projection: Float32Array;
  width: number;
  height: number;
  background: Rgba4;
  state: PoseState | undefined;
  userVisible: readonly boolean[];
  wireframe: boolean;
  skeleton: boolean;
  wireColor: Rgba4;
  skeletonColor: Rgba4;
}

export interface PickResult {
  shape: number;
  joint: number;
}

export interface RendererStats {
  programs: number;
  textures: number;
  drawCalls: number;
  /** Shapes drawn in the last frame. */
  shapesDrawn: number;
}

const LIGHT_DIRECTION = (() => {
  const v = [-0.35, 0.55, 0.76];
  const l = Math.hypot(v[0], v[1], v[2]);
  return new Float32Array(v.map((x) => x / l));
})();

export class ModelRenderer {
  private payload: ModelPayload | undefined;
  private skeleton: SkeletonModel | undefined;
  private shapes: GpuShape[] = [];
  private materials: GpuMaterial[] = [];
  private programs = new Map<string, ProgramInfo | null>();
  private images = new Map<Uint8Array, WebGLTexture>();
  private samplers: (WebGLSampler | null)[] = [];
  private textureOf: (WebGLTexture | null)[] = [];
  private white: WebGLTexture | null = null;
  private missing: WebGLTexture | null = null;
  private plain: ProgramInfo | null = null;
  private pickProgram: ProgramInfo | null = null;
  private overlay: ProgramInfo | null = null;
  private overlayVao: WebGLVertexArrayObject | null = null;
  private overlayBuffer: WebGLBuffer | null = null;
  private bones: number[] = [];
  private matrixTexture: WebGLTexture | null = null;
  private matrixData = new Float32Array(0);
  private matrixRows = 0;
  private pose: Pose | undefined;
  private pickFramebuffer: { fb: WebGLFramebuffer; color: WebGLTexture; depth: WebGLRenderbuffer; width: number; height: number } | undefined;
  private reported = new Set<string>();
  /** 8 texgens × a 3×4 matrix (u_texMatrix: 24 vec4 rows). */
  private readonly texMatrix = new Float32Array(96);
  private readonly scratch = new Float64Array(24);
  private readonly viewNormal = new Float64Array(12);
  private skinScratch = new Float64Array(12);
  /** Problems found while loading and drawing (each once). */
  problems: RenderProblem[] = [];
  stats: RendererStats = { programs: 0, textures: 0, drawCalls: 0, shapesDrawn: 0 };
  /** Called when a problem is found while drawing (after load). */
  onProblem: ((p: RenderProblem) => void) | undefined;

  constructor(private readonly gl: WebGL2RenderingContext) {}

  /** Builds every GPU resource for the model (replacing the previous one). */
  load(payload: ModelPayload): void {
    this.release();
    const gl = this.gl;
    this.payload = payload;
    this.problems = [];
    this.reported.clear();
    this.skeleton = {
      joints: payload.joints.map((j, index) => ({ ...j, index })),
      hierarchyRoots: payload.hierarchyRoots,
      scalingRule: payload.scalingRule,
    } as unknown as SkeletonModel;
    gl.frontFace(gl.CW);
    this.white = this.solidTexture([255, 255, 255, 255]);
    this.missing = this.checkerTexture();
    this.plain = this.tryProgram('plain', plainVertexShader(), solidFragmentShader());
    this.pickProgram = this.tryProgram('pick', plainVertexShader(), pickFragmentShader());
    this.overlay = this.tryProgram('overlay', overlayVertexShader(), overlayFragmentShader());
    this.loadTextures(payload.textures);
    this.materials = payload.materials.map((m) => this.loadMaterial(m));
    this.defaultMaterialIndex = -1;
    this.loadMatrixTexture();
    this.shapes = payload.shapes.map((s) => this.loadShape(s)).filter((s): s is GpuShape => !!s);
    this.loadOverlay();
    this.stats.programs = new Set(this.materials.map((m) => m.program).filter((p) => p !== null)).size;
    this.stats.textures = this.images.size;
  }

  private defaultMaterialIndex = -1;

  /** Material approximations, per material index. */
  get materialApproximations(): string[][] {
    return this.materials.map((m) => m.approximations);
  }

  private report(key: string, p: RenderProblem): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.problems.push(p);
    this.onProblem?.(p);
  }

  private tryProgram(key: string, vs: string, fs: string): ProgramInfo | null {
    if (this.programs.has(key)) return this.programs.get(key)!;
    let p: ProgramInfo | null = null;
    try {
      p = createProgram(this.gl, vs, fs);
    } catch (e) {
      this.report(`program:${key}`, { severity: 'error', message: `A shader did not compile (${e instanceof ShaderError ? e.message : String(e)}); what uses it is not drawn.` });
    }
    this.programs.set(key, p);
    return p;
  }

  private loadMaterial(m: ModelMaterial): GpuMaterial {
    const config = programConfig(m);
    const key = configKey(config);
    const existed = this.programs.has(key);
    const program = existed ? this.programs.get(key)! : this.tryProgram(key, vertexShader(config), fragmentShader(config));
    if (!program) this.report(`material-program:${m.index}`, { severity: 'error', material: m.index, message: `Material ${m.index} (${JSON.stringify(m.name)}): its shader did not compile; its shapes are not drawn.` });
    return { material: m, config, program, texMaps: usedTexMaps(config), translucent: m.mode === MATERIAL_MODE_TRANSLUCENT, approximations: approximations(m) };
  }

  private solidTexture(rgba: number[]): WebGLTexture | null {
    const gl = this.gl;
    const t = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, t);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, 1, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(rgba));
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAX_LEVEL, 0);
    return t;
  }

  /** Magenta/grey checker: a texture the model names but the page does not have. */
  private checkerTexture(): WebGLTexture | null {
    const gl = this.gl;
    const data = new Uint8Array(8 * 8 * 4);
    for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) {
      const o = (y * 8 + x) * 4;
      const on = ((x >> 1) + (y >> 1)) & 1;
      data.set(on ? [255, 0, 255, 255] : [64, 64, 64, 255], o);
    }
    const t = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, t);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, 8, 8, 0, gl.RGBA, gl.UNSIGNED_BYTE, data);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAX_LEVEL, 0);
    return t;
  }

  private loadTextures(textures: readonly PayloadTexture[]): void {
    const gl = this.gl;
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    for (const t of textures) {
      const levels = t.levels;
      if (!levels.length) {
        this.textureOf.push(null);
        this.samplers.push(null);
        continue;
      }
      let tex = this.images.get(levels[0].rgba);
      if (!tex) {
        tex = gl.createTexture()!;
        gl.bindTexture(gl.TEXTURE_2D, tex);
        // Levels must halve down the chain: keep the ones that do.
        let count = 0;
        for (let k = 0; k < levels.length; k++) {
          const l = levels[k];
          if (l.width !== Math.max(1, levels[0].width >> k) || l.height !== Math.max(1, levels[0].height >> k)) break;
          gl.texImage2D(gl.TEXTURE_2D, k, gl.RGBA8, l.width, l.height, 0, gl.RGBA, gl.UNSIGNED_BYTE, l.rgba);
          count++;
        }
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_BASE_LEVEL, 0);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAX_LEVEL, Math.max(0, count - 1));
        this.images.set(levels[0].rgba, tex);
      }
      const sampler = gl.createSampler()!;
      const mips = levels.length > 1;
      gl.samplerParameteri(sampler, gl.TEXTURE_WRAP_S, wrapMode(gl, t.wrapS));
      gl.samplerParameteri(sampler, gl.TEXTURE_WRAP_T, wrapMode(gl, t.wrapT));
      gl.samplerParameteri(sampler, gl.TEXTURE_MIN_FILTER, minFilter(gl, t.minFilter, mips));
      gl.samplerParameteri(sampler, gl.TEXTURE_MAG_FILTER, t.magFilter === 0 ? gl.NEAREST : gl.LINEAR);
      if (mips) {
        gl.samplerParameterf(sampler, gl.TEXTURE_MIN_LOD, Math.max(0, t.minLod));
        gl.samplerParameterf(sampler, gl.TEXTURE_MAX_LOD, t.maxLod > t.minLod ? t.maxLod : 1000);
      }
      this.textureOf.push(tex);
      this.samplers.push(sampler);
    }
  }

  private loadMatrixTexture(): void {
    const gl = this.gl;
    const p = this.payload!;
    const joints = p.joints.length;
    const count = joints * 2 + 1;
    this.matrixRows = Math.ceil(count / MATRICES_PER_ROW);
    this.matrixData = new Float32Array(MATRICES_PER_ROW * 3 * 4 * this.matrixRows);
    // The last matrix is the identity (vertices without a draw matrix).
    this.matrixData.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0], (count - 1) * 12);
    this.matrixTexture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, this.matrixTexture);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA32F, MATRICES_PER_ROW * 3, this.matrixRows, 0, gl.RGBA, gl.FLOAT, this.matrixData);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAX_LEVEL, 0);
  }

  /** Per vertex: up to 4 matrix rows and weights, and the main joint (picking). */
  private skinAttributes(s: PayloadShape): { rows: Uint16Array; weights: Float32Array; joints: Uint16Array } {
    const p = this.payload!;
    const J = p.joints.length;
    const identity = J * 2;
    const n = s.vertexCount;
    const rows = new Uint16Array(n * 4);
    const weights = new Float32Array(n * 4);
    const joints = new Uint16Array(n);
    const envStart: number[] = [];
    let acc = 0;
    for (const c of p.envelopes.boneCounts) { envStart.push(acc); acc += c; }
    const pairs: [number, number][] = [];
    let truncated = 0;
    for (let v = 0; v < n; v++) {
      const k = s.drawMatrices[v];
      pairs.length = 0;
      if (k === 0xFFFF || k >= p.drawKinds.length) {
        pairs.push([identity, 1]);
        joints[v] = s.joint >= 0 ? s.joint : 0;
      } else if (p.drawKinds[k] === 1) {
        const e = p.drawIndices[k];
        const start = envStart[e] ?? 0, count = p.envelopes.boneCounts[e] ?? 0;
        for (let b = 0; b < count; b++) pairs.push([J + p.envelopes.joints[start + b], p.envelopes.weights[start + b]]);
        if (pairs.length > 4) {
          truncated++;
          pairs.sort((a, b) => b[1] - a[1]);
          pairs.length = 4;
          const sum = pairs.reduce((t, x) => t + x[1], 0) || 1;
          for (const x of pairs) x[1] /= sum;
        }
        if (!pairs.length) pairs.push([identity, 1]);
        let best = 0;
        for (let b = 1; b < pairs.length; b++) if (pairs[b][1] > pairs[best][1]) best = b;
        joints[v] = pairs[best][0] >= J && pairs[best][0] < 2 * J ? pairs[best][0] - J : 0;
      } else {
        const j = p.drawIndices[k];
        pairs.push([j, 1]);
        joints[v] = j;
      }
      for (let b = 0; b < pairs.length; b++) {
        rows[v * 4 + b] = pairs[b][0];
        weights[v * 4 + b] = pairs[b][1];
      }
    }
    if (truncated) this.report(`bones:${s.index}`, { severity: 'warning', shape: s.index, message: `Shape ${s.index}: ${truncated} vertices use envelopes of more than 4 bones; the 4 heaviest are used (renormalised).` });
    return { rows, weights, joints };
  }

  private indexList(list: Uint16Array | Uint32Array): IndexList | undefined {
    if (!list.length) return undefined;
    const gl = this.gl;
    const buffer = gl.createBuffer()!;
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, list, gl.STATIC_DRAW);
    return { buffer, count: list.length, type: list instanceof Uint16Array ? gl.UNSIGNED_SHORT : gl.UNSIGNED_INT };
  }

  private loadShape(s: PayloadShape): GpuShape | undefined {
    if (s.vertexCount === 0) return undefined;
    const gl = this.gl;
    const vao = gl.createVertexArray()!;
    gl.bindVertexArray(vao);
    const buffers: WebGLBuffer[] = [];
    const attrib = (loc: number, data: ArrayBufferView | null | undefined, size: number, type: number, normalized: boolean, integer = false, constant?: number[]): void => {
      if (data) {
        const b = gl.createBuffer()!;
        buffers.push(b);
        gl.bindBuffer(gl.ARRAY_BUFFER, b);
        gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
        gl.enableVertexAttribArray(loc);
        if (integer) gl.vertexAttribIPointer(loc, size, type, 0, 0);
        else gl.vertexAttribPointer(loc, size, type, normalized, 0, 0);
      } else {
        gl.disableVertexAttribArray(loc);
        if (constant) gl.vertexAttrib4f(loc, constant[0], constant[1], constant[2], constant[3]);
      }
    };
    const skin = this.skinAttributes(s);
    attrib(ATTRIBUTE.position, s.positions, 3, gl.FLOAT, false);
    attrib(ATTRIBUTE.normal, s.normals, 3, gl.FLOAT, false, false, [0, 0, 1, 0]);
    attrib(ATTRIBUTE.color0, s.colors[0], 4, gl.UNSIGNED_BYTE, true, false, [1, 1, 1, 1]);
    attrib(ATTRIBUTE.color1, s.colors[1], 4, gl.UNSIGNED_BYTE, true, false, [1, 1, 1, 1]);
    for (let t = 0; t < 8; t++) attrib(ATTRIBUTE.tex0 + t, s.texCoords[t], 2, gl.FLOAT, false, false, [0, 0, 0, 0]);
    attrib(ATTRIBUTE.matrix, skin.rows, 4, gl.UNSIGNED_SHORT, false, true);
    attrib(ATTRIBUTE.weight, skin.weights, 4, gl.FLOAT, false);
    attrib(ATTRIBUTE.joint, skin.joints, 1, gl.UNSIGNED_SHORT, false, true);
    gl.bindVertexArray(null);
    const gpu: GpuShape = {
      shape: s, vao, buffers,
      triangles: this.indexList(s.triangles), lines: this.indexList(s.lines), points: this.indexList(s.points),
      material: s.material,
      center: [(s.bboxMin[0] + s.bboxMax[0]) / 2, (s.bboxMin[1] + s.bboxMax[1]) / 2, (s.bboxMin[2] + s.bboxMax[2]) / 2],
      anchorJoint: skin.joints.length ? skin.joints[0] : -1,
    };
    if (s.material < 0 || s.material >= this.materials.length) {
      if (this.defaultMaterialIndex < 0) {
        this.defaultMaterialIndex = this.materials.length;
        this.materials.push(this.loadMaterial(defaultMaterial(this.materials.length, '(default)', -1)));
      }
      gpu.material = this.defaultMaterialIndex;
    }
    return gpu;
  }

  private loadOverlay(): void {
    const gl = this.gl;
    const joints = this.payload!.joints;
    this.bones = [];
    joints.forEach((j, i) => { if (j.parent >= 0 && j.parent !== i) this.bones.push(j.parent, i); });
    this.overlayVao = gl.createVertexArray();
    gl.bindVertexArray(this.overlayVao);
    this.overlayBuffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.overlayBuffer);
    gl.bufferData(gl.ARRAY_BUFFER, Math.max(1, (this.bones.length + joints.length) * 12), gl.DYNAMIC_DRAW);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 3, gl.FLOAT, false, 0, 0);
    gl.bindVertexArray(null);
  }

  private wireList(g: GpuShape): IndexList | undefined {
    if (g.wire || !g.triangles) return g.wire;
    const t = g.shape.triangles;
    const n = g.shape.vertexCount;
    const seen = new Set<number>();
    const edges: number[] = [];
    for (let i = 0; i + 2 < t.length; i += 3) {
      for (const [a, b] of [[t[i], t[i + 1]], [t[i + 1], t[i + 2]], [t[i + 2], t[i]]]) {
        const key = a < b ? a * n + b : b * n + a;
        if (seen.has(key)) continue;
        seen.add(key);
        edges.push(a, b);
      }
    }
    g.wire = this.indexList(n <= 0x10000 ? Uint16Array.from(edges) : Uint32Array.from(edges));
    return g.wire;
  }

  // ---- per frame ----------------------------------------------------------------------------

  /** Joint world matrices from the state's locals (skeleton.ts), uploaded with world × inverse bind. */
  private updateMatrices(state: PoseState | undefined): void {
    const p = this.payload!;
    const J = p.joints.length;
    const locals = state?.locals ?? new Float64Array(0);
    this.pose = computePose(this.skeleton!, locals.length >= J * LOCAL_STRIDE ? locals : new Float64Array(0), {}, this.pose);
    const world = this.pose.world;
    const data = this.matrixData;
    const binds = p.inverseBinds;
    const skin = this.skinScratch.length === 12 ? this.skinScratch : (this.skinScratch = new Float64Array(12));
    for (let j = 0; j < J; j++) {
      const o = j * MATRIX_STRIDE;
      for (let k = 0; k < 12; k++) data[o + k] = world[o + k];
      // Envelope bones: world × inverse bind (vertices stored in model bind space); the GPU sums them.
      if ((j + 1) * 12 <= binds.length) multiplyAffine(skin, 0, world, o, binds, o);
      else skin.set(world.subarray(o, o + 12));
      data.set(skin, (J + j) * 12);
    }
    const gl = this.gl;
    gl.bindTexture(gl.TEXTURE_2D, this.matrixTexture);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, MATRICES_PER_ROW * 3, this.matrixRows, gl.RGBA, gl.FLOAT, data);
  }

  /** The joint world matrices of the last frame (12 per joint). */
  get world(): Float64Array | undefined {
    return this.pose?.world;
  }

  private shapeVisible(g: GpuShape, frame: FrameInput): boolean {
    const i = g.shape.index;
    if (frame.userVisible[i] === false) return false;
    return frame.state?.shapeVisible[i] !== false;
  }

  private setCommonUniforms(prog: ProgramInfo, frame: FrameInput, g: GpuShape): void {
    const gl = this.gl;
    gl.uniformMatrix4fv(prog.uniform('u_view'), false, frame.view);
    gl.uniformMatrix4fv(prog.uniform('u_projection'), false, frame.projection);
    gl.uniform1i(prog.uniform('u_billboard'), g.shape.matrixType === 1 ? 1 : g.shape.matrixType === 2 ? 2 : 0);
    gl.activeTexture(gl.TEXTURE0 + 8);
    gl.bindTexture(gl.TEXTURE_2D, this.matrixTexture);
    gl.bindSampler(8, null);
    gl.uniform1i(prog.uniform('u_matrices'), 8);
  }

  private materialState(index: number, frame: FrameInput): MaterialState | undefined {
    return frame.state?.materials[index];
  }

  private setMaterial(gm: GpuMaterial, index: number, frame: FrameInput): void {
    const gl = this.gl;
    const m = gm.material;
    const st = this.materialState(index, frame);
    const prog = gm.program!;
    const color0 = st?.color0 ?? m.materialColors[0];
    const c = (x: readonly number[], lo = 0, hi = 1): number[] => x.map((v) => Math.min(hi, Math.max(lo, v / 255)));
    gl.uniform4fv(prog.uniform('u_materialColor'), [...c(color0), ...c(m.materialColors[1])]);
    gl.uniform4fv(prog.uniform('u_ambientColor'), [...c(m.ambientColors[0]), ...c(m.ambientColors[1])]);
    gl.uniform3fv(prog.uniform('u_lightDirection'), LIGHT_DIRECTION);
    gl.uniform4f(prog.uniform('u_lightColor'), 1, 1, 1, 1);
    const regs = st?.tevColors ?? m.tevColors;
    const s10 = (x: readonly number[] | undefined): number[] => c(x ?? [0, 0, 0, 0], -1024 / 255, 1023 / 255);
    gl.uniform4fv(prog.uniform('u_tevColor'), [0, 0, 0, 0, ...s10(regs[0]), ...s10(regs[1]), ...s10(regs[2])]);
    const konst = st?.konstColors ?? m.konstColors;
    gl.uniform4fv(prog.uniform('u_konst'), [0, 1, 2, 3].flatMap((k) => c(konst[k] ?? [255, 255, 255, 255])));
    // Texgen matrices: the view's rotation for env maps, the BTK or the material's SRT.
    const v = frame.view;
    this.viewNormal.set([v[0], v[4], v[8], 0, v[1], v[5], v[9], 0, v[2], v[6], v[10], 0]);
    const animated = st?.texMatrices ?? [];
    const input = { material: m, animated, viewNormal: this.viewNormal };
    for (let t = 0; t < gm.config.texGens.length; t++) texGenMatrix(this.texMatrix, t * 12, t, input, this.scratch);
    gl.uniform4fv(prog.uniform('u_texMatrix'), this.texMatrix);
    const bias = new Float32Array(8);
    const texNumbers = st?.texNumbers ?? m.texNumbers;
    for (const slot of gm.texMaps) {
      const unit = slot;
      const number = texNumbers[slot] ?? null;
      let tex = this.white, sampler: WebGLSampler | null = null;
      if (number !== null) {
        const t = this.payload!.textures[number];
        if (t && this.textureOf[number]) {
          tex = this.textureOf[number];
          sampler = this.samplers[number];
          bias[slot] = t.lodBias;
        } else {
          tex = this.missing;
          this.report(`tex:${index}:${slot}:${number}`, {
            severity: 'warning', material: index, texture: number,
            message: `Material ${index} (${JSON.stringify(m.name)}) texmap ${slot} uses texture ${number}, which ${t ? 'was not decoded' : `is not in TEX1 (${this.payload!.textures.length} textures)`}; a checker stands in.`,
          });
        }
      }
      gl.activeTexture(gl.TEXTURE0 + unit);
      gl.bindTexture(gl.TEXTURE_2D, tex);
      gl.bindSampler(unit, sampler);
      gl.uniform1i(prog.uniform(`u_texture${slot}`), unit);
    }
    gl.uniform1fv(prog.uniform('u_lodBias'), bias);
  }

  private setState(m: ModelMaterial): void {
    const gl = this.gl;
    switch (m.cullMode) {
      case CullMode.NONE: gl.disable(gl.CULL_FACE); break;
      case CullMode.FRONT: gl.enable(gl.CULL_FACE); gl.cullFace(gl.FRONT); break;
      case CullMode.ALL: gl.enable(gl.CULL_FACE); gl.cullFace(gl.FRONT_AND_BACK); break;
      default: gl.enable(gl.CULL_FACE); gl.cullFace(gl.BACK); break;
    }
    if (m.zMode.compare) {
      gl.enable(gl.DEPTH_TEST);
      gl.depthFunc(compareFunc(gl, m.zMode.func));
    } else {
      gl.disable(gl.DEPTH_TEST);
    }
    gl.depthMask(m.zMode.update);
    const b = m.blend;
    if (b.mode === BlendModeKind.BLEND) {
      gl.enable(gl.BLEND);
      gl.blendEquation(gl.FUNC_ADD);
      gl.blendFunc(blendFactor(gl, b.source, true), blendFactor(gl, b.destination, false));
    } else if (b.mode === BlendModeKind.SUBTRACT) {
      gl.enable(gl.BLEND);
      gl.blendEquation(gl.FUNC_REVERSE_SUBTRACT);
      gl.blendFunc(gl.ONE, gl.ONE);
    } else {
      // None, or a logic op (copy draws as no blend; the others are listed as approximations).
      gl.disable(gl.BLEND);
    }
  }

  private drawLists(g: GpuShape, triangles = true): void {
    const gl = this.gl;
    for (const [list, mode] of [[triangles ? g.triangles : undefined, gl.TRIANGLES], [g.lines, gl.LINES], [g.points, gl.POINTS]] as const) {
      if (!list) continue;
      gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, list.buffer);
      gl.drawElements(mode, list.count, list.type, 0);
      this.stats.drawCalls++;
    }
  }

  /** View-space depth of a shape's centre (moved with its anchor joint) for back-to-front sorting. */
  private depthOf(g: GpuShape, view: Float32Array): number {
    let [x, y, z] = g.center;
    const w = this.pose?.world;
    const j = g.anchorJoint;
    if (w && j >= 0 && (j + 1) * 12 <= w.length && g.shape.drawMatrices.length && this.payload!.drawKinds[g.shape.drawMatrices[0]] === 0) {
      const o = j * 12;
      [x, y, z] = [w[o] * x + w[o + 1] * y + w[o + 2] * z + w[o + 3], w[o + 4] * x + w[o + 5] * y + w[o + 6] * z + w[o + 7], w[o + 8] * x + w[o + 9] * y + w[o + 10] * z + w[o + 11]];
    }
    return view[2] * x + view[6] * y + view[10] * z + view[14];
  }

  render(frame: FrameInput): void {
    const gl = this.gl;
    this.stats.drawCalls = 0;
    this.stats.shapesDrawn = 0;
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, frame.width, frame.height);
    gl.disable(gl.SCISSOR_TEST);
    gl.depthMask(true);
    gl.colorMask(true, true, true, true);
    const bg = frame.background;
    gl.clearColor(bg[0], bg[1], bg[2], 1);
    gl.clearDepth(1);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    if (!this.payload) return;
    gl.frontFace(gl.CW);
    this.updateMatrices(frame.state);
    const visible = this.shapes.filter((g) => this.shapeVisible(g, frame));
    const opaque = visible.filter((g) => !this.materials[g.material]?.translucent);
    const translucent = visible.filter((g) => this.materials[g.material]?.translucent)
      .map((g) => ({ g, d: this.depthOf(g, frame.view) }))
      .sort((a, b) => a.d - b.d)
      .map((x) => x.g);
    if (frame.wireframe) {
      gl.enable(gl.POLYGON_OFFSET_FILL);
      gl.polygonOffset(1, 1);
    }
    for (const g of [...opaque, ...translucent]) {
      const gm = this.materials[g.material];
      if (!gm?.program) continue;
      try {
        gl.useProgram(gm.program.program);
        this.setCommonUniforms(gm.program, frame, g);
        this.setMaterial(gm, g.material, frame);
        this.setState(gm.material);
        gl.bindVertexArray(g.vao);
        this.drawLists(g);
        this.stats.shapesDrawn++;
      } catch (e) {
        // One shape's failure never takes the frame (or the page) down: it is listed once.
        this.report(`draw:${g.shape.index}`, { severity: 'error', shape: g.shape.index, message: `Shape ${g.shape.index} could not be drawn: ${e instanceof Error ? e.message : String(e)}.` });
      }
    }
    gl.disable(gl.POLYGON_OFFSET_FILL);
    gl.disable(gl.BLEND);
    gl.bindVertexArray(null);
    if (frame.wireframe && this.plain) this.drawWireframe(visible, frame);
    if (frame.skeleton && this.overlay) this.drawSkeleton(frame);
  }

  private drawWireframe(shapes: GpuShape[], frame: FrameInput): void {
    const gl = this.gl;
    const prog = this.plain!;
    gl.useProgram(prog.program);
    gl.enable(gl.DEPTH_TEST);
    gl.depthFunc(gl.LEQUAL);
    gl.depthMask(false);
    gl.disable(gl.CULL_FACE);
    gl.uniform4fv(prog.uniform('u_color'), frame.wireColor);
    for (const g of shapes) {
      const wire = this.wireList(g);
      if (!wire) continue;
      this.setCommonUniforms(prog, frame, g);
      gl.bindVertexArray(g.vao);
      gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, wire.buffer);
      gl.drawElements(gl.LINES, wire.count, wire.type, 0);
      this.stats.drawCalls++;
    }
    gl.bindVertexArray(null);
    gl.depthMask(true);
  }

  private drawSkeleton(frame: FrameInput): void {
    const gl = this.gl;
    const pos = this.pose?.positions;
    if (!pos) return;
    const J = this.payload!.joints.length;
    const data = new Float32Array((this.bones.length + J) * 3);
    this.bones.forEach((j, k) => data.set([pos[j * 3], pos[j * 3 + 1], pos[j * 3 + 2]], k * 3));
    for (let j = 0; j < J; j++) data.set([pos[j * 3], pos[j * 3 + 1], pos[j * 3 + 2]], (this.bones.length + j) * 3);
    const prog = this.overlay!;
    gl.useProgram(prog.program);
    gl.bindVertexArray(this.overlayVao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.overlayBuffer);
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, data);
    gl.disable(gl.DEPTH_TEST);
    gl.disable(gl.CULL_FACE);
    gl.uniformMatrix4fv(prog.uniform('u_view'), false, frame.view);
    gl.uniformMatrix4fv(prog.uniform('u_projection'), false, frame.projection);
    gl.uniform4fv(prog.uniform('u_color'), frame.skeletonColor);
    gl.uniform1f(prog.uniform('u_pointSize'), 6);
    if (this.bones.length) gl.drawArrays(gl.LINES, 0, this.bones.length);
    gl.drawArrays(gl.POINTS, this.bones.length, J);
    gl.bindVertexArray(null);
  }

  /** The shape and joint drawn at window pixel (x, y) (y down) with the last frame's pose; null for the background. */
  pick(x: number, y: number, frame: FrameInput): PickResult | null {
    const gl = this.gl;
    if (!this.payload || !this.pickProgram) return null;
    const w = frame.width, h = frame.height;
    if (!this.pickFramebuffer || this.pickFramebuffer.width !== w || this.pickFramebuffer.height !== h) this.createPickFramebuffer(w, h);
    const pf = this.pickFramebuffer!;
    gl.bindFramebuffer(gl.FRAMEBUFFER, pf.fb);
    gl.viewport(0, 0, w, h);
    const px = Math.min(w - 1, Math.max(0, Math.floor(x))), py = Math.min(h - 1, Math.max(0, h - 1 - Math.floor(y)));
    gl.enable(gl.SCISSOR_TEST);
    gl.scissor(px, py, 1, 1);
    gl.clearColor(0, 0, 0, 0);
    gl.depthMask(true);
    gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
    gl.disable(gl.BLEND);
    gl.enable(gl.DEPTH_TEST);
    gl.depthFunc(gl.LEQUAL);
    const prog = this.pickProgram;
    gl.useProgram(prog.program);
    for (const g of this.shapes) {
      if (!this.shapeVisible(g, frame)) continue;
      const m = this.materials[g.material]?.material;
      if (m?.cullMode === CullMode.NONE) gl.disable(gl.CULL_FACE);
      else { gl.enable(gl.CULL_FACE); gl.cullFace(m?.cullMode === CullMode.FRONT ? gl.FRONT : m?.cullMode === CullMode.ALL ? gl.FRONT_AND_BACK : gl.BACK); }
      this.setCommonUniforms(prog, frame, g);
      gl.uniform1i(prog.uniform('u_shape'), g.shape.index);
      gl.bindVertexArray(g.vao);
      this.drawLists(g);
    }
    gl.bindVertexArray(null);
    const px4 = new Uint8Array(4);
    gl.readPixels(px, py, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px4);
    gl.disable(gl.SCISSOR_TEST);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    const shape = px4[0] + px4[1] * 256 - 1;
    if (shape < 0) return null;
    return { shape, joint: px4[2] + px4[3] * 256 - 1 };
  }

  private createPickFramebuffer(w: number, h: number): void {
    const gl = this.gl;
    if (this.pickFramebuffer) {
      gl.deleteFramebuffer(this.pickFramebuffer.fb);
      gl.deleteTexture(this.pickFramebuffer.color);
      gl.deleteRenderbuffer(this.pickFramebuffer.depth);
    }
    const color = gl.createTexture()!;
    gl.bindTexture(gl.TEXTURE_2D, color);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, w, h, 0, gl.RGBA, gl.UNSIGNED_BYTE, null);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    const depth = gl.createRenderbuffer()!;
    gl.bindRenderbuffer(gl.RENDERBUFFER, depth);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.DEPTH_COMPONENT24, w, h);
    const fb = gl.createFramebuffer()!;
    gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, color, 0);
    gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, depth);
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    this.pickFramebuffer = { fb, color, depth, width: w, height: h };
  }

  /** Frees every GPU resource of the current model (programs stay cached for the next). */
  release(): void {
    const gl = this.gl;
    for (const g of this.shapes) {
      gl.deleteVertexArray(g.vao);
      for (const b of g.buffers) gl.deleteBuffer(b);
      for (const l of [g.triangles, g.lines, g.points, g.wire]) if (l) gl.deleteBuffer(l.buffer);
    }
    for (const t of this.images.values()) gl.deleteTexture(t);
    for (const s of this.samplers) if (s) gl.deleteSampler(s);
    for (const t of [this.white, this.missing, this.matrixTexture]) if (t) gl.deleteTexture(t);
    if (this.overlayVao) gl.deleteVertexArray(this.overlayVao);
    if (this.overlayBuffer) gl.deleteBuffer(this.overlayBuffer);
    if (this.pickFramebuffer) {
      gl.deleteFramebuffer(this.pickFramebuffer.fb);
      gl.deleteTexture(this.pickFramebuffer.color);
      gl.deleteRenderbuffer(this.pickFramebuffer.depth);
    }
    this.shapes = [];
    this.images.clear();
    this.samplers = [];
    this.textureOf = [];
    this.white = this.missing = this.matrixTexture = null;
    this.overlayVao = null;
    this.overlayBuffer = null;
    this.pickFramebuffer = undefined;
    this.pose = undefined;
    this.payload = undefined;
  }

  /** Frees everything, programs included. */
  dispose(): void {
    this.release();
    for (const p of this.programs.values()) if (p) this.gl.deleteProgram(p.program);
    this.programs.clear();
  }

  /** After a lost context: every handle is dead; forget them without deleting. */
  forget(): void {
    this.shapes = [];
    this.images.clear();
    this.samplers = [];
    this.textureOf = [];
    this.programs.clear();
    this.white = this.missing = this.matrixTexture = null;
    this.overlayVao = null;
    this.overlayBuffer = null;
    this.pickFramebuffer = undefined;
    this.pose = undefined;
    this.payload = undefined;
  }
}
