/**
 * A GX material (ProgramConfig) compiled to GLSL ES 3.00, the way the hardware computes it:
 *
 * Vertex: skinning on the GPU from the per-frame matrix texture (joint world matrices, and world ×
 * inverse bind for envelope bones; FORMATS.md §10.12), billboards, the two colour channels
 * (material/ambient colour from the register or the vertex colour; diffuse and attenuation with
 * one stand-in directional light), and texgens (source → the texgen's 3×4 matrix computed on the
 * CPU each frame; 2×4 drops q).
 *
 * Fragment: every TEV stage in order — colour and alpha combiners d ± ((1 − c)·a + c·b) + bias,
 * × scale, clamp or the s10 range, into PREV/C0–C2; inputs from the texture of the stage's texmap
 * (at its texgen), the rasterised channel, the registers (A, B, C take their low 8 bits as the
 * hardware does), konst colours through the per-stage selectors; compare ops; then the alpha
 * compare. The output is the last stage's registers, wrapped to 8 bits.
 *
 * Vertex attribute locations are fixed (ATTRIBUTE): a shape without an attribute gets a constant.
 * Pure string generation: no DOM.
 */
import { AlphaOp, CA, CC, Compare, DiffuseFn, TevBias, TevOp, TevScale, TexGenSrc, TexGenType } from './enums';
import type { ChannelConfig, CombinerConfig, ProgramConfig, StageConfig } from './materialConfig';
import { usedTexMaps } from './materialConfig';

export const ATTRIBUTE = {
  position: 0, normal: 1, color0: 2, color1: 3, tex0: 4, matrix: 12, weight: 13, joint: 14,
} as const;

/** Matrices per row of the matrix texture (3 RGBA32F texels each: the rows of a 3×4). */
export const MATRICES_PER_ROW = 256;

const f = (v: number): string => {
  const s = String(v);
  return /[.e]/.test(s) ? s : `${s}.0`;
};

/** Shared by every program: the attributes and the skinning, giving model-space position and normal. */
export function skinningGlsl(): string {
  const tex = Array.from({ length: 8 }, (_, i) => `layout(location = ${ATTRIBUTE.tex0 + i}) in vec2 a_tex${i};`).join('\n');
  return `
layout(location = ${ATTRIBUTE.position}) in vec3 a_position;
layout(location = ${ATTRIBUTE.normal}) in vec3 a_normal;
layout(location = ${ATTRIBUTE.color0}) in vec4 a_color0;
layout(location = ${ATTRIBUTE.color1}) in vec4 a_color1;
${tex}
layout(location = ${ATTRIBUTE.matrix}) in uvec4 a_matrix;
layout(location = ${ATTRIBUTE.weight}) in vec4 a_weight;
layout(location = ${ATTRIBUTE.joint}) in uint a_joint;
uniform highp sampler2D u_matrices;
uniform mat4 u_view;
uniform mat4 u_projection;
uniform int u_billboard;

vec3 s_modelPosition;
vec3 s_modelNormal;
vec3 s_viewNormal;
vec4 s_viewPosition;

void skin() {
  vec4 b0 = vec4(0.0), b1 = vec4(0.0), b2 = vec4(0.0);
  for (int i = 0; i < 4; i++) {
    float w = a_weight[i];
    if (w == 0.0) continue;
    uint m = a_matrix[i];
    ivec2 at = ivec2(int(m % ${MATRICES_PER_ROW}u) * 3, int(m / ${MATRICES_PER_ROW}u));
    b0 += w * texelFetch(u_matrices, at, 0);
    b1 += w * texelFetch(u_matrices, at + ivec2(1, 0), 0);
    b2 += w * texelFetch(u_matrices, at + ivec2(2, 0), 0);
  }
  vec4 p = vec4(a_position, 1.0);
  s_modelPosition = vec3(dot(b0, p), dot(b1, p), dot(b2, p));
  // Normals by the inverse transpose of the 3x3: rows are the cofactor rows (1/det dropped).
  vec3 r0 = b0.xyz, r1 = b1.xyz, r2 = b2.xyz;
  vec3 c0 = cross(r1, r2), c1 = cross(r2, r0), c2 = cross(r0, r1);
  vec3 n = vec3(dot(c0, a_normal), dot(c1, a_normal), dot(c2, a_normal));
  if (dot(r0, c0) < 0.0) n = -n;
  float len = length(n);
  s_modelNormal = len > 0.0 ? n / len : vec3(0.0, 0.0, 1.0);
  if (u_billboard == 0) {
    s_viewPosition = u_view * vec4(s_modelPosition, 1.0);
    s_viewNormal = normalize(mat3(u_view) * s_modelNormal);
  } else {
    mat4 mv = u_view * mat4(vec4(b0.x, b1.x, b2.x, 0.0), vec4(b0.y, b1.y, b2.y, 0.0), vec4(b0.z, b1.z, b2.z, 0.0), vec4(b0.w, b1.w, b2.w, 1.0));
    float sx = length(mv[0].xyz), sy = length(mv[1].xyz), sz = length(mv[2].xyz);
    mat3 r;
    if (u_billboard == 1) {
      r = mat3(vec3(sx, 0.0, 0.0), vec3(0.0, sy, 0.0), vec3(0.0, 0.0, sz));
    } else {
      vec3 y = mv[1].xyz;
      vec3 z = normalize(vec3(0.0, -y.z, y.y));
      r = mat3(vec3(sx, 0.0, 0.0), y, z * sz);
    }
    s_viewPosition = vec4(mv[3].xyz + r * a_position, 1.0);
    s_viewNormal = normalize(r * a_normal);
  }
}
`;
}

function channelGlsl(c: ChannelConfig, i: number, component: 'rgb' | 'a'): string {
  const mat = c.materialVertex ? `a_color${i}` : `u_materialColor[${i}]`;
  if (!c.lighting) return `${mat}.${component}`;
  const amb = c.ambientVertex ? `a_color${i}` : `u_ambientColor[${i}]`;
  let light = '0.0';
  if (c.lit) {
    const nl = 'dot(s_viewNormal, u_lightDirection)';
    const diffuse = c.diffuse === DiffuseFn.SIGN ? nl : c.diffuse === DiffuseFn.CLAMP ? `max(${nl}, 0.0)` : '1.0';
    light = `${diffuse} * u_lightColor`;
  }
  return `(${mat} * clamp(${amb} + ${light === '0.0' ? 'vec4(0.0)' : light}, 0.0, 1.0)).${component}`;
}

/** Source of texgen `i` (a TEXCOORDn source reads a texgen computed before it, else zero). */
function texGenSource(source: number, i: number): string {
  if (source === TexGenSrc.POS) return 'vec4(s_modelPosition, 1.0)';
  if (source === TexGenSrc.NRM) return 'vec4(s_modelNormal, 1.0)';
  if (source >= TexGenSrc.TEX0 && source <= TexGenSrc.TEX7) return `vec4(a_tex${source - TexGenSrc.TEX0}, 1.0, 1.0)`;
  if (source >= TexGenSrc.TEXCOORD0 && source <= TexGenSrc.TEXCOORD6 && source - TexGenSrc.TEXCOORD0 < i) return `vec4(v_texCoord${source - TexGenSrc.TEXCOORD0}.xy, 1.0, 1.0)`;
  if (source === TexGenSrc.COLOR0) return 'v_color0';
  if (source === TexGenSrc.COLOR1) return 'v_color1';
  return 'vec4(0.0, 0.0, 0.0, 1.0)';
}

export function vertexShader(c: ProgramConfig): string {
  const lines: string[] = [];
  for (let i = 0; i < 2; i++) {
    if (i < c.channels) lines.push(`  v_color${i} = vec4(${channelGlsl(c.color[i], i, 'rgb')}, ${channelGlsl(c.alpha[i], i, 'a')});`);
    else lines.push(`  v_color${i} = vec4(0.0);`);
  }
  c.texGens.forEach((tg, i) => {
    const src = texGenSource(tg.source, i);
    if (tg.type === TexGenType.SRTG || (tg.type >= TexGenType.BUMP0 && tg.type <= TexGenType.BUMP7)) {
      lines.push(`  v_texCoord${i} = vec3((${src}).xy, 1.0);`);
      return;
    }
    lines.push(`  { vec4 s = ${src}; vec3 t = vec3(dot(u_texMatrix[${i * 3}], s), dot(u_texMatrix[${i * 3 + 1}], s), dot(u_texMatrix[${i * 3 + 2}], s));`);
    lines.push(tg.type === TexGenType.MTX3x4 ? `    v_texCoord${i} = t; }` : `    v_texCoord${i} = vec3(t.xy, 1.0); }`);
  });
  return `#version 300 es
precision highp float;
precision highp int;
${skinningGlsl()}
uniform vec4 u_materialColor[2];
uniform vec4 u_ambientColor[2];
uniform vec3 u_lightDirection;
uniform vec4 u_lightColor;
uniform vec4 u_texMatrix[24];
out vec4 v_color0;
out vec4 v_color1;
${c.texGens.map((_, i) => `out vec3 v_texCoord${i};`).join('\n')}
void main() {
  skin();
  gl_Position = u_projection * s_viewPosition;
${lines.join('\n')}
}
`;
}

// ---- fragment ----------------------------------------------------------------------------------

function konstColor(sel: number): string {
  if (sel <= 7) return `vec3(${f((8 - sel) / 8)})`;
  if (sel >= 0x0C && sel <= 0x0F) return `u_konst[${sel - 0x0C}].rgb`;
  if (sel >= 0x10 && sel <= 0x1F) return `u_konst[${sel & 3}].${'rgba'[(sel - 0x10) >> 2].repeat(3)}`;
  return 'vec3(1.0)';
}

function konstAlpha(sel: number): string {
  if (sel <= 7) return f((8 - sel) / 8);
  if (sel >= 0x10 && sel <= 0x1F) return `u_konst[${sel & 3}].${'rgba'[(sel - 0x10) >> 2]}`;
  return '1.0';
}

const REGISTERS = ['r_prev', 'r_c0', 'r_c1', 'r_c2'];

/** A colour input; `wrap`: A, B and C see only the low 8 bits of a register. */
function colorIn(x: number, s: StageConfig, wrap: boolean): string {
  const reg = (r: number, sw: string): string => (wrap ? `wrap8(${REGISTERS[r]}.${sw})` : `${REGISTERS[r]}.${sw}`);
  switch (x) {
    case CC.CPREV: return reg(0, 'rgb');
    case CC.APREV: return reg(0, 'aaa');
    case CC.C0: return reg(1, 'rgb');
    case CC.A0: return reg(1, 'aaa');
    case CC.C1: return reg(2, 'rgb');
    case CC.A1: return reg(2, 'aaa');
    case CC.C2: return reg(3, 'rgb');
    case CC.A2: return reg(3, 'aaa');
    case CC.TEXC: return 't_tex.rgb';
    case CC.TEXA: return 't_tex.aaa';
    case CC.RASC: return 't_ras.rgb';
    case CC.RASA: return 't_ras.aaa';
    case CC.ONE: return 'vec3(1.0)';
    case CC.HALF: return 'vec3(0.5)';
    case CC.KONST: return konstColor(s.konstColor);
    default: return 'vec3(0.0)';
  }
}

function alphaIn(x: number, s: StageConfig, wrap: boolean): string {
  const reg = (r: number): string => (wrap ? `wrap8(${REGISTERS[r]}.a)` : `${REGISTERS[r]}.a`);
  switch (x) {
    case CA.APREV: return reg(0);
    case CA.A0: return reg(1);
    case CA.A1: return reg(2);
    case CA.A2: return reg(3);
    case CA.TEXA: return 't_tex.a';
    case CA.RASA: return 't_ras.a';
    case CA.KONST: return konstAlpha(s.konstAlpha);
    default: return '0.0';
  }
}

/** The combiner expression of one stage (vec3 for colour, float for alpha). */
function combiner(k: CombinerConfig, a: string, b: string, c: string, d: string, alpha: boolean): string {
  const zero = alpha ? '0.0' : 'vec3(0.0)';
  const u8 = (v: string): string => `u8(${v})`;
  let expr: string;
  if (k.op === TevOp.ADD || k.op === TevOp.SUB) {
    expr = `${d} ${k.op === TevOp.SUB ? '-' : '+'} mix(${a}, ${b}, ${c})`;
    if (k.bias === TevBias.ADDHALF) expr = `${expr} + 0.5`;
    else if (k.bias === TevBias.SUBHALF) expr = `${expr} - 0.5`;
    if (k.scale === TevScale.SCALE_2) expr = `(${expr}) * 2.0`;
    else if (k.scale === TevScale.SCALE_4) expr = `(${expr}) * 4.0`;
    else if (k.scale === TevScale.DIVIDE_2) expr = `(${expr}) * 0.5`;
  } else {
    // Compares take A and B as 8-bit integers: one channel, 16 or 24 bits packed, or per channel.
    const ta = 't_ca', tb = 't_cb';
    switch (k.op) {
      case TevOp.COMP_R8_GT: expr = `((${u8(`${ta}.r`)} > ${u8(`${tb}.r`)}) ? ${c} : ${zero}) + ${d}`; break;
      case TevOp.COMP_R8_EQ: expr = `((${u8(`${ta}.r`)} == ${u8(`${tb}.r`)}) ? ${c} : ${zero}) + ${d}`; break;
      case TevOp.COMP_GR16_GT: expr = `((pack16(${ta}) > pack16(${tb})) ? ${c} : ${zero}) + ${d}`; break;
      case TevOp.COMP_GR16_EQ: expr = `((pack16(${ta}) == pack16(${tb})) ? ${c} : ${zero}) + ${d}`; break;
      case TevOp.COMP_BGR24_GT: expr = `((pack24(${ta}) > pack24(${tb})) ? ${c} : ${zero}) + ${d}`; break;
      case TevOp.COMP_BGR24_EQ: expr = `((pack24(${ta}) == pack24(${tb})) ? ${c} : ${zero}) + ${d}`; break;
      case TevOp.COMP_RGB8_GT:
        expr = alpha ? `((${u8(`${ta}.a`)} > ${u8(`${tb}.a`)}) ? ${c} : 0.0) + ${d}` : `vec3(greaterThan(u8v(${ta}.rgb), u8v(${tb}.rgb))) * ${c} + ${d}`;
        break;
      case TevOp.COMP_RGB8_EQ:
        expr = alpha ? `((${u8(`${ta}.a`)} == ${u8(`${tb}.a`)}) ? ${c} : 0.0) + ${d}` : `vec3(equal(u8v(${ta}.rgb), u8v(${tb}.rgb))) * ${c} + ${d}`;
        break;
      default: expr = d; break;
    }
  }
  return k.clamp ? `clamp(${expr}, 0.0, 1.0)` : `clamp(${expr}, ${f(-1024 / 255)}, ${f(1023 / 255)})`;
}

function isCompare(op: number): boolean {
  return op >= TevOp.COMP_R8_GT && op <= TevOp.COMP_RGB8_EQ;
}

function stageGlsl(s: StageConfig, i: number, texGenCount: number, texMaps: ReadonlySet<number>): string {
  const out: string[] = [`  // stage ${i}`];
  if (s.texCoord >= 0 && s.texCoord < texGenCount) out.push(`  t_coord = readCoord${s.texCoord}();`);
  out.push(s.texMap >= 0 && texMaps.has(s.texMap) ? `  t_tex = texture(u_texture${s.texMap}, t_coord, u_lodBias[${s.texMap}]);` : '  t_tex = vec4(1.0);');
  out.push(s.channel === 0 ? '  t_ras = clamp(v_color0, 0.0, 1.0);' : s.channel === 1 ? '  t_ras = clamp(v_color1, 0.0, 1.0);' : '  t_ras = vec4(0.0);');
  const k = s.color, a = s.alpha;
  const compares = isCompare(k.op) || isCompare(a.op);
  if (compares) {
    // Compare ops read A and B as whole colours (RGB and A).
    out.push(`  t_ca = vec4(${colorIn(k.a, s, true)}, ${alphaIn(a.a, s, true)});`);
    out.push(`  t_cb = vec4(${colorIn(k.b, s, true)}, ${alphaIn(a.b, s, true)});`);
  }
  const colorExpr = combiner(k, colorIn(k.a, s, true), colorIn(k.b, s, true), colorIn(k.c, s, true), colorIn(k.d, s, false), false);
  const alphaExpr = combiner(a, alphaIn(a.a, s, true), alphaIn(a.b, s, true), alphaIn(a.c, s, true), alphaIn(a.d, s, false), true);
  // Both combiners read the registers as they were before the stage.
  out.push(`  t_outC = ${colorExpr};`);
  out.push(`  t_outA = ${alphaExpr};`);
  out.push(`  ${REGISTERS[k.register]}.rgb = t_outC;`);
  out.push(`  ${REGISTERS[a.register]}.a = t_outA;`);
  return out.join('\n');
}

function compareGlsl(comp: number, ref: number): string {
  switch (comp) {
    case Compare.NEVER: return 'false';
    case Compare.LESS: return `t_a8 < ${ref}`;
    case Compare.EQUAL: return `t_a8 == ${ref}`;
    case Compare.LEQUAL: return `t_a8 <= ${ref}`;
    case Compare.GREATER: return `t_a8 > ${ref}`;
    case Compare.NEQUAL: return `t_a8 != ${ref}`;
    case Compare.GEQUAL: return `t_a8 >= ${ref}`;
    default: return 'true';
  }
}

/** The alpha compare, or '' when it always passes. */
function alphaTestGlsl(t: ProgramConfig['alphaTest']): string {
  const a = t.comp0 === Compare.ALWAYS, b = t.comp1 === Compare.ALWAYS;
  if ((t.op === AlphaOp.OR && (a || b)) || (t.op === AlphaOp.AND && a && b)) return '';
  const x = compareGlsl(t.comp0, t.ref0), y = compareGlsl(t.comp1, t.ref1);
  const pass = t.op === AlphaOp.AND ? `(${x}) && (${y})` : t.op === AlphaOp.OR ? `(${x}) || (${y})` : t.op === AlphaOp.XOR ? `(${x}) != (${y})` : `(${x}) == (${y})`;
  return `  int t_a8 = int(floor(o_color.a * 255.0 + 0.5));\n  if (!(${pass})) discard;`;
}

export function fragmentShader(c: ProgramConfig): string {
  const texMaps = new Set(usedTexMaps(c));
  const samplers = [...texMaps].map((t) => `uniform sampler2D u_texture${t};`).join('\n');
  const readers = c.texGens.map((tg, i) => (tg.type === TexGenType.MTX3x4
    ? `vec2 readCoord${i}() { float q = v_texCoord${i}.z; return v_texCoord${i}.xy / (abs(q) < 1e-6 ? (q < 0.0 ? -1e-6 : 1e-6) : q); }`
    : `vec2 readCoord${i}() { return v_texCoord${i}.xy; }`)).join('\n');
  const last = c.stages[c.stages.length - 1];
  return `#version 300 es
precision highp float;
precision highp int;
in vec4 v_color0;
in vec4 v_color1;
${c.texGens.map((_, i) => `in vec3 v_texCoord${i};`).join('\n')}
${samplers}
uniform vec4 u_tevColor[4];
uniform vec4 u_konst[4];
uniform float u_lodBias[8];
out vec4 o_color;
float wrap8(float x) { return float(int(floor(x * 255.0 + 0.5)) & 255) / 255.0; }
vec3 wrap8(vec3 x) { return vec3(wrap8(x.r), wrap8(x.g), wrap8(x.b)); }
int u8(float x) { return int(floor(x * 255.0 + 0.5)); }
ivec3 u8v(vec3 x) { return ivec3(floor(x * 255.0 + 0.5)); }
int pack16(vec4 x) { return u8(x.r) + u8(x.g) * 256; }
int pack24(vec4 x) { return u8(x.r) + u8(x.g) * 256 + u8(x.b) * 65536; }
${readers}
void main() {
  vec4 r_prev = u_tevColor[0], r_c0 = u_tevColor[1], r_c1 = u_tevColor[2], r_c2 = u_tevColor[3];
  vec2 t_coord = vec2(0.0);
  vec4 t_tex, t_ras, t_ca, t_cb;
  vec3 t_outC;
  float t_outA;
${c.stages.map((s, i) => stageGlsl(s, i, c.texGens.length, texMaps)).join('\n')}
  o_color = vec4(wrap8(${REGISTERS[last.color.register]}.rgb), wrap8(${REGISTERS[last.alpha.register]}.a));
${alphaTestGlsl(c.alphaTest)}
}
`;
}

/** Position-only programs (picking, wireframe): skinning and one output. */
export function plainVertexShader(): string {
  return `#version 300 es
precision highp float;
precision highp int;
${skinningGlsl()}
flat out uint v_joint;
void main() {
  skin();
  gl_Position = u_projection * s_viewPosition;
  v_joint = a_joint;
}
`;
}

/** Shape and joint as RGBA8: (shape + 1) in R/G, (joint + 1) in B/A. */
export function pickFragmentShader(): string {
  return `#version 300 es
precision highp float;
precision highp int;
flat in uint v_joint;
uniform int u_shape;
out vec4 o_color;
void main() {
  int s = u_shape + 1;
  int j = int(v_joint) + 1;
  o_color = vec4(float(s & 255), float((s >> 8) & 255), float(j & 255), float((j >> 8) & 255)) / 255.0;
}
`;
}

export function solidFragmentShader(): string {
  return `#version 300 es
precision highp float;
precision highp int;
flat in uint v_joint;
uniform vec4 u_color;
out vec4 o_color;
void main() { o_color = u_color; }
`;
}

/** Lines and points in model space (the skeleton overlay). */
export function overlayVertexShader(): string {
  return `#version 300 es
precision highp float;
layout(location = 0) in vec3 a_position;
uniform mat4 u_view;
uniform mat4 u_projection;
uniform float u_pointSize;
void main() {
  gl_Position = u_projection * u_view * vec4(a_position, 1.0);
  gl_PointSize = u_pointSize;
}
`;
}

export function overlayFragmentShader(): string {
  return `#version 300 es
precision highp float;
uniform vec4 u_color;
out vec4 o_color;
void main() { o_color = u_color; }
`;
}
