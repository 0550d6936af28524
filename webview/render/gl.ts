/**
 * Small WebGL2 helpers: programs with their uniform locations, GX → GL state values, colours.
 * DOM/WebGL code lives only in webview/render/.
 */
import { BlendFactor, Compare } from './gx/enums';

export interface ProgramInfo {
  program: WebGLProgram;
  uniform(name: string): WebGLUniformLocation | null;
}

export class ShaderError extends Error {}

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new ShaderError('createShader failed (context lost?)');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS) && !gl.isContextLost()) {
    const log = gl.getShaderInfoLog(shader) ?? '';
    gl.deleteShader(shader);
    throw new ShaderError(`${type === gl.VERTEX_SHADER ? 'vertex' : 'fragment'} shader: ${log.slice(0, 400)}`);
  }
  return shader;
}

export function createProgram(gl: WebGL2RenderingContext, vertex: string, fragment: string): ProgramInfo {
  const vs = compile(gl, gl.VERTEX_SHADER, vertex);
  const fs = compile(gl, gl.FRAGMENT_SHADER, fragment);
  const program = gl.createProgram();
  if (!program) throw new ShaderError('createProgram failed (context lost?)');
  gl.attachShader(program, vs);
  gl.attachShader(program, fs);
  gl.linkProgram(program);
  gl.deleteShader(vs);
  gl.deleteShader(fs);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS) && !gl.isContextLost()) {
    const log = gl.getProgramInfoLog(program) ?? '';
    gl.deleteProgram(program);
    throw new ShaderError(`link: ${log.slice(0, 400)}`);
  }
  const cache = new Map<string, WebGLUniformLocation | null>();
  return {
    program,
    uniform(name) {
      if (!cache.has(name)) cache.set(name, gl.getUniformLocation(program, name));
      return cache.get(name)!;
    },
  };
}

export function compareFunc(gl: WebGL2RenderingContext, c: number): number {
  switch (c) {
    case Compare.NEVER: return gl.NEVER;
    case Compare.LESS: return gl.LESS;
    case Compare.EQUAL: return gl.EQUAL;
    case Compare.LEQUAL: return gl.LEQUAL;
    case Compare.GREATER: return gl.GREATER;
    case Compare.NEQUAL: return gl.NOTEQUAL;
    case Compare.GEQUAL: return gl.GEQUAL;
    default: return gl.ALWAYS;
  }
}

/** GX blend factor → GL; factor 2/3 is the other side's colour (dst colour for the source, src colour for the destination). */
export function blendFactor(gl: WebGL2RenderingContext, f: number, source: boolean): number {
  switch (f) {
    case BlendFactor.ZERO: return gl.ZERO;
    case BlendFactor.ONE: return gl.ONE;
    case BlendFactor.COLOR: return source ? gl.DST_COLOR : gl.SRC_COLOR;
    case BlendFactor.INV_COLOR: return source ? gl.ONE_MINUS_DST_COLOR : gl.ONE_MINUS_SRC_COLOR;
    case BlendFactor.SRC_ALPHA: return gl.SRC_ALPHA;
    case BlendFactor.INV_SRC_ALPHA: return gl.ONE_MINUS_SRC_ALPHA;
    case BlendFactor.DST_ALPHA: return gl.DST_ALPHA;
    case BlendFactor.INV_DST_ALPHA: return gl.ONE_MINUS_DST_ALPHA;
    default: return source ? gl.ONE : gl.ZERO;
  }
}

export function wrapMode(gl: WebGL2RenderingContext, w: number): number {
  return w === 0 ? gl.CLAMP_TO_EDGE : w === 2 ? gl.MIRRORED_REPEAT : gl.REPEAT;
}

/** GX min filter → GL; mip filters fall back to their base filter without mip levels. */
export function minFilter(gl: WebGL2RenderingContext, f: number, hasMips: boolean): number {
  const linear = f === 1 || f === 3 || f === 5;
  if (!hasMips || f < 2) return linear ? gl.LINEAR : gl.NEAREST;
  const mipLinear = f === 4 || f === 5;
  if (linear) return mipLinear ? gl.LINEAR_MIPMAP_LINEAR : gl.LINEAR_MIPMAP_NEAREST;
  return mipLinear ? gl.NEAREST_MIPMAP_LINEAR : gl.NEAREST_MIPMAP_NEAREST;
}

/** A CSS colour (as getComputedStyle gives it: #rgb, #rrggbb(aa), rgb()/rgba()) → 0…1 RGBA; fallback when unreadable. */
export function parseCssColor(text: string, fallback: [number, number, number, number]): [number, number, number, number] {
  const s = text.trim();
  let m = /^#([0-9a-f]{3,8})$/i.exec(s);
  if (m) {
    let h = m[1];
    if (h.length === 3 || h.length === 4) h = h.split('').map((c) => c + c).join('');
    if (h.length !== 6 && h.length !== 8) return fallback;
    const n = (i: number): number => parseInt(h.slice(i, i + 2), 16) / 255;
    return [n(0), n(2), n(4), h.length === 8 ? n(6) : 1];
  }
  m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/i.exec(s);
  if (m) {
    const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    return [parseFloat(m[1]) / 255, parseFloat(m[2]) / 255, parseFloat(m[3]) / 255, a];
  }
  return fallback;
}
