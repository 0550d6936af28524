/**
 * GX enum values as MAT3 stores them (the GX API's: GXEnum.h in the decomp). Only what the
 * material compiler reads. Pure: no DOM.
 */

/** TEV colour inputs (GXTevColorArg). */
export enum CC {
  CPREV = 0, APREV = 1, C0 = 2, A0 = 3, C1 = 4, A1 = 5, C2 = 6, A2 = 7,
  TEXC = 8, TEXA = 9, RASC = 10, RASA = 11, ONE = 12, HALF = 13, KONST = 14, ZERO = 15,
}

/** TEV alpha inputs (GXTevAlphaArg). */
export enum CA {
  APREV = 0, A0 = 1, A1 = 2, A2 = 3, TEXA = 4, RASA = 5, KONST = 6, ZERO = 7,
}

/** TEV ops: 0 add, 1 sub, 8–15 compares (GXTevOp). */
export enum TevOp {
  ADD = 0, SUB = 1,
  COMP_R8_GT = 8, COMP_R8_EQ = 9, COMP_GR16_GT = 10, COMP_GR16_EQ = 11,
  COMP_BGR24_GT = 12, COMP_BGR24_EQ = 13, COMP_RGB8_GT = 14, COMP_RGB8_EQ = 15,
}

export enum TevBias { ZERO = 0, ADDHALF = 1, SUBHALF = 2 }
export enum TevScale { SCALE_1 = 0, SCALE_2 = 1, SCALE_4 = 2, DIVIDE_2 = 3 }
/** Output registers: 0 PREV, 1–3 REG0–REG2 (C0–C2). */
export enum TevReg { PREV = 0, REG0 = 1, REG1 = 2, REG2 = 3 }

/** Rasterised colour channel of a TEV order (GXChannelID). */
export enum Channel {
  COLOR0 = 0, COLOR1 = 1, ALPHA0 = 2, ALPHA1 = 3, COLOR0A0 = 4, COLOR1A1 = 5, COLOR_ZERO = 6,
  ALPHA_BUMP = 7, ALPHA_BUMPN = 8, COLOR_NULL = 0xFF,
}

/** Texgen types (GXTexGenType): 0 MTX3x4, 1 MTX2x4, 2–9 BUMP0–7, 10 SRTG. */
export enum TexGenType { MTX3x4 = 0, MTX2x4 = 1, BUMP0 = 2, BUMP7 = 9, SRTG = 10 }

/** Texgen sources (GXTexGenSrc). */
export enum TexGenSrc {
  POS = 0, NRM = 1, BINRM = 2, TANGENT = 3, TEX0 = 4, TEX7 = 11, TEXCOORD0 = 12, TEXCOORD6 = 18, COLOR0 = 19, COLOR1 = 20,
}

/** Texgen matrices (GXTexMtx): PNMTX0… in steps of 3, TEXMTX0 = 30 … TEXMTX9 = 57, 60 identity. */
export enum TexGenMatrix { PNMTX0 = 0, TEXMTX0 = 30, TEXMTX9 = 57, IDENTITY = 60 }

/** Compare functions (GXCompare), alpha compare and z mode. */
export enum Compare { NEVER = 0, LESS = 1, EQUAL = 2, LEQUAL = 3, GREATER = 4, NEQUAL = 5, GEQUAL = 6, ALWAYS = 7 }
export enum AlphaOp { AND = 0, OR = 1, XOR = 2, XNOR = 3 }

/** Blend (GXBlendMode) and factors (GXBlendFactor: 2/3 are dst colour for the source, src colour for the destination). */
export enum BlendModeKind { NONE = 0, BLEND = 1, LOGIC = 2, SUBTRACT = 3 }
export enum BlendFactor { ZERO = 0, ONE = 1, COLOR = 2, INV_COLOR = 3, SRC_ALPHA = 4, INV_SRC_ALPHA = 5, DST_ALPHA = 6, INV_DST_ALPHA = 7 }
/** GXLogicOp copy: the only logic op that draws like no blend. */
export const LOGIC_COPY = 3;

export enum CullMode { NONE = 0, FRONT = 1, BACK = 2, ALL = 3 }

/** Colour channel control: sources (GXColorSrc), diffuse (GXDiffuseFn), attenuation (GXAttnFn). */
export enum ColorSrc { REG = 0, VTX = 1 }
export enum DiffuseFn { NONE = 0, SIGN = 1, CLAMP = 2 }
export enum AttnFn { SPEC = 0, SPOT = 1, NONE = 2 }

/** J3D texture-matrix modes (info & 0x7F): how a TEXMTX is built (J3DTexMtx::calc). */
export enum TexMtxMode {
  NONE = 0, ENVMAP_BASIC = 1, PROJMAP_BASIC = 2, VIEW_PROJMAP_BASIC = 3,
  ENVMAP_OLD = 6, ENVMAP = 7, PROJMAP = 8, VIEW_PROJMAP = 9, ENVMAP_OLD_EFFECT = 10, ENVMAP_EFFECT = 11,
}

/** Material mode: 4 = the translucent (XLU) pass. */
export const MATERIAL_MODE_TRANSLUCENT = 4;

/** Konst colour selector values 0–7 are eighths (1, 7/8 … 1/8); 0x0C–0x0F Kn.rgb; 0x10–0x1F Kn.r/g/b/a. */
export const KCSEL_K0 = 0x0C;
export const KSEL_K0_R = 0x10;
