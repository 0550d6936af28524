/**
 * What of a MAT3 material decides its shader (ProgramConfig): colour channels, texgen types and
 * sources, TEV stages with their orders and konst selectors, alpha compare. Everything else
 * (colours, registers, texture matrices, textures, blend/cull/z) is a uniform or GL state, so an
 * animation never recompiles. Materials with equal configs share one program (configKey).
 *
 * Also what the view draws differently from the game for this material (approximations), shown
 * as a badge. Pure: no DOM.
 */
import type { ChannelControl, ModelMaterial, TevStage } from '../../../src/formats/model/types';
import {
  AttnFn, BlendModeKind, CA, CC, Channel, ColorSrc, DiffuseFn, LOGIC_COPY, TevOp, TexGenSrc, TexGenType, TexMtxMode,
} from './enums';

export interface ChannelConfig {
  lighting: boolean;
  /** Material colour from the vertex colour (else the register). */
  materialVertex: boolean;
  ambientVertex: boolean;
  diffuse: number;
  attenuation: number;
  /** The light mask names at least one light (the view's stand-in light then shines). */
  lit: boolean;
}

export interface CombinerConfig {
  a: number; b: number; c: number; d: number;
  op: number; bias: number; scale: number; clamp: boolean; register: number;
}

export interface StageConfig {
  /** Texgen read by the stage; -1 none (the previous stage's coordinate stays). */
  texCoord: number;
  /** Texmap slot sampled; -1 none (texture inputs read white). */
  texMap: number;
  /** Rasterised colour: 0 channel 0, 1 channel 1, -1 zero. */
  channel: number;
  color: CombinerConfig;
  alpha: CombinerConfig;
  konstColor: number;
  konstAlpha: number;
}

export interface TexGenConfig {
  type: number;
  source: number;
}

export interface ProgramConfig {
  /** Colour channels the material outputs (0–2). */
  channels: number;
  /** Colour and alpha of channel 0 and 1. */
  color: ChannelConfig[];
  alpha: ChannelConfig[];
  texGens: TexGenConfig[];
  stages: StageConfig[];
  alphaTest: { comp0: number; ref0: number; op: number; comp1: number; ref1: number };
}

/** J3D's unset channel control: no lighting, colours from the registers. */
const DEFAULT_CHANNEL: ChannelControl = { lightingEnabled: false, materialSource: ColorSrc.REG, lightMask: 0, diffuseFunction: DiffuseFn.NONE, attenuationFunction: AttnFn.NONE, ambientSource: ColorSrc.REG };

/** An unset stage passes the rasterised colour and alpha through. */
const PASS_STAGE: TevStage = {
  colorIn: [CC.ZERO, CC.ZERO, CC.ZERO, CC.RASC], colorOp: TevOp.ADD, colorBias: 0, colorScale: 0, colorClamp: true, colorRegister: 0,
  alphaIn: [CA.ZERO, CA.ZERO, CA.ZERO, CA.RASA], alphaOp: TevOp.ADD, alphaBias: 0, alphaScale: 0, alphaClamp: true, alphaRegister: 0,
};

function channelConfig(c: ChannelControl | null | undefined): ChannelConfig {
  const x = c ?? DEFAULT_CHANNEL;
  return {
    lighting: x.lightingEnabled,
    materialVertex: x.materialSource === ColorSrc.VTX,
    ambientVertex: x.ambientSource === ColorSrc.VTX,
    diffuse: x.diffuseFunction,
    attenuation: x.attenuationFunction,
    lit: x.lightingEnabled && x.lightMask !== 0,
  };
}

function rasChannel(channel: number): number {
  switch (channel) {
    case Channel.COLOR0: case Channel.ALPHA0: case Channel.COLOR0A0: return 0;
    case Channel.COLOR1: case Channel.ALPHA1: case Channel.COLOR1A1: return 1;
    default: return -1;
  }
}

/** The shader-relevant part of a material. */
export function programConfig(m: ModelMaterial): ProgramConfig {
  const texGenCount = Math.min(Math.max(m.texGenCount, 0), 8);
  const stageCount = Math.min(Math.max(m.tevStageCount, 1), 16);
  const stages: StageConfig[] = [];
  for (let i = 0; i < stageCount; i++) {
    const s = m.tevStages[i] ?? PASS_STAGE;
    const o = m.tevOrders[i];
    const texMap = o && o.texMap < 8 ? o.texMap : -1;
    let texCoord = o && o.texCoord < 8 ? o.texCoord : -1;
    if (texCoord >= texGenCount) texCoord = texGenCount - 1;
    stages.push({
      texCoord, texMap, channel: rasChannel(o ? o.channel : Channel.COLOR0A0),
      color: { a: s.colorIn[0], b: s.colorIn[1], c: s.colorIn[2], d: s.colorIn[3], op: s.colorOp, bias: s.colorBias, scale: s.colorScale, clamp: s.colorClamp, register: s.colorRegister & 3 },
      alpha: { a: s.alphaIn[0], b: s.alphaIn[1], c: s.alphaIn[2], d: s.alphaIn[3], op: s.alphaOp, bias: s.alphaBias, scale: s.alphaScale, clamp: s.alphaClamp, register: s.alphaRegister & 3 },
      konstColor: m.konstColorSelectors[i] ?? 0,
      konstAlpha: m.konstAlphaSelectors[i] ?? 0,
    });
  }
  const ac = m.alphaCompare;
  return {
    channels: Math.min(m.colorChannelCount, 2),
    color: [channelConfig(m.channelControls[0]), channelConfig(m.channelControls[2])],
    alpha: [channelConfig(m.channelControls[1]), channelConfig(m.channelControls[3])],
    texGens: m.texGens.slice(0, texGenCount).map((t) => ({ type: t.type, source: t.source })),
    stages,
    alphaTest: { comp0: ac.comp0 & 7, ref0: ac.ref0, op: ac.op & 3, comp1: ac.comp1 & 7, ref1: ac.ref1 },
  };
}

/** Equal keys → one program. */
export function configKey(c: ProgramConfig): string {
  return JSON.stringify(c);
}

/** Texmap slots a config samples. */
export function usedTexMaps(c: ProgramConfig): number[] {
  const used = new Set<number>();
  for (const s of c.stages) {
    if (s.texMap < 0) continue;
    const reads = [s.color.a, s.color.b, s.color.c, s.color.d].some((x) => x === CC.TEXC || x === CC.TEXA) ||
      [s.alpha.a, s.alpha.b, s.alpha.c, s.alpha.d].some((x) => x === CA.TEXA);
    if (reads) used.add(s.texMap);
  }
  return [...used].sort((a, b) => a - b);
}

const MODE_NAMES: Record<number, string> = {
  [TexMtxMode.PROJMAP_BASIC]: 'projection map', [TexMtxMode.VIEW_PROJMAP_BASIC]: 'view projection map', 4: 'projection map (mode 4)',
  5: 'projection map (mode 5)', [TexMtxMode.PROJMAP]: 'projection map', [TexMtxMode.VIEW_PROJMAP]: 'view projection map',
  [TexMtxMode.ENVMAP_OLD_EFFECT]: 'environment map with an effect matrix', [TexMtxMode.ENVMAP_EFFECT]: 'environment map with an effect matrix',
};

/** Texture-matrix modes the view computes as the game (others: SRT only, or the env map without the effect matrix). */
export const EXACT_TEX_MATRIX_MODES: ReadonlySet<number> = new Set([TexMtxMode.NONE, TexMtxMode.ENVMAP_BASIC, TexMtxMode.ENVMAP_OLD, TexMtxMode.ENVMAP]);

/** What the view draws differently from the game for this material (empty: as the game). */
export function approximations(m: ModelMaterial): string[] {
  const out: string[] = [];
  const c = programConfig(m);
  const chans = [...c.color.slice(0, c.channels), ...c.alpha.slice(0, c.channels)];
  if (chans.some((x) => x.lit)) out.push('lit by one stand-in directional light (the game sets its scene lights at run time)');
  if (chans.some((x) => x.lit && x.attenuation === AttnFn.SPEC)) out.push('specular light attenuation drawn as diffuse');
  const modes = new Set<string>();
  for (let i = 0; i < c.texGens.length; i++) {
    const tg = c.texGens[i];
    if (tg.type >= TexGenType.BUMP0 && tg.type <= TexGenType.BUMP7) out.push(`texgen ${i}: bump mapping (drawn as its source coordinates)`);
    if (tg.source === TexGenSrc.BINRM || tg.source === TexGenSrc.TANGENT) out.push(`texgen ${i}: binormal/tangent source (drawn as zero)`);
    const mtx = m.texGens[i].matrix;
    const slot = mtx >= 30 && mtx <= 57 ? (mtx - 30) / 3 : -1;
    const info = slot >= 0 ? m.texMatrices[slot] : null;
    if (info && !EXACT_TEX_MATRIX_MODES.has(info.mode)) modes.add(`TEXMTX${slot}: ${MODE_NAMES[info.mode] ?? `mode ${info.mode}`} (drawn with its SRT only)`);
    if (mtx < 30) out.push(`texgen ${i}: position matrix ${mtx / 3} as texture matrix (drawn as identity)`);
  }
  out.push(...modes);
  if (m.blend.mode === BlendModeKind.LOGIC && m.blend.logicOp !== LOGIC_COPY) out.push(`logic-op blend ${m.blend.logicOp} (drawn unblended)`);
  if (m.tevOrders.slice(0, c.stages.length).some((o) => o && (o.channel === Channel.ALPHA_BUMP || o.channel === Channel.ALPHA_BUMPN))) out.push('bump alpha as rasterised colour (drawn as zero)');
  return out;
}

/** Approximations of every material of every model (README: what is approximated everywhere). */
export const GLOBAL_APPROXIMATIONS: readonly string[] = [
  'indirect texturing (MAT3 indirect table) is not drawn',
  'TEV swap tables are taken as the identity',
  'fog is not drawn',
  'the TEV PREV register starts at zero for each material',
  'post-texgen matrices are not applied',
];
