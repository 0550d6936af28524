/**
 * The one result every view works from: plain data for the sampler, the field tree with spans,
 * and the diagnostics. No `vscode`, no DOM.
 */
import type { Diagnostic } from './binary/diagnostics';
import type { FieldNode } from './binary/fields';

export type AnimFormat = 'bck' | 'btk' | 'brk' | 'motn';

export enum LoopMode {
  Once = 0,
  OnceAndReset = 1,
  Loop = 2,
  MirroredOnce = 3,
  MirroredLoop = 4,
}

export enum TangentMode {
  /** (time, value, tangent): 3 bank elements per key. */
  Single = 0,
  /** (time, value, inTangent, outTangent): 4 bank elements per key. */
  Separate = 1,
}

export enum MatrixMode {
  Basic = 0,
  Maya = 1,
}

/** One key table entry (6 bytes): how a J3D track reads its bank. */
export interface KeyTrack {
  count: number;
  /** Index of the first element in the bank (elements, not bytes). */
  index: number;
  tangentMode: number;
}

/** The three SRT tracks for one axis/coordinate. */
export interface SrtTracks {
  scale: KeyTrack;
  rotation: KeyTrack;
  translation: KeyTrack;
}

export interface J3DCommon {
  loopMode: number;
  /** Rotation scale: degrees = (raw << rotationFraction) · 180 / 32768. 0 for BRK. */
  rotationFraction: number;
  duration: number;
}

/** BCK / ANK1. Joint i drives model joint i. */
export interface BckAnim extends J3DCommon {
  format: 'bck';
  /** Per joint, per axis x/y/z, as stored (X{S,R,T}, Y{S,R,T}, Z{S,R,T}). */
  joints: { x: SrtTracks; y: SrtTracks; z: SrtTracks }[];
  scaleBank: Float32Array;
  rotationBank: Int16Array;
  translationBank: Float32Array;
}

/** BTK / TTK1. Entry n binds by (materialNames[n], texMtxIndex[n]). */
export interface BtkEntry {
  materialName: string;
  /** 0..9 = TEXMTX0..9, 0xFF = skip. */
  texMtxIndex: number;
  remap: number;
  /** Centre S, T, Q. */
  center: [number, number, number];
  /** Per coordinate s/t/q, as stored (S{S,R,T}, T{S,R,T}, Q{S,R,T}). */
  s: SrtTracks;
  t: SrtTracks;
  q: SrtTracks;
}

export interface BtkAnim extends J3DCommon {
  format: 'btk';
  /** 0 Basic, 1 Maya, anything else behaves as Basic. */
  matrixMode: number;
  entries: BtkEntry[];
  scaleBank: Float32Array;
  rotationBank: Int16Array;
  translationBank: Float32Array;
}

/** BRK / TRK1 entry: one TEV colour animated by four tracks. */
export interface BrkEntry {
  materialName: string;
  colorId: number;
  remap: number;
  r: KeyTrack;
  g: KeyTrack;
  b: KeyTrack;
  a: KeyTrack;
}

export interface BrkColorBanks {
  r: Int16Array;
  g: Int16Array;
  b: Int16Array;
  a: Int16Array;
}

export interface BrkAnim extends J3DCommon {
  format: 'brk';
  register: BrkEntry[];
  konstant: BrkEntry[];
  registerBanks: BrkColorBanks;
  konstantBanks: BrkColorBanks;
}

export type MotnChannel = 'position' | 'rotation' | 'scale';

export interface MotnKey {
  frame: number;
  /** The n halves stored for the key, in file order (n = 0..3). */
  halves: number[];
  /** Absolute offset of the key's first half in block 5 (where it would be when n = 0). */
  offset: number;
}

export interface MotnTrack {
  bone: number;
  channel: MotnChannel;
  axis: 'x' | 'y' | 'z';
  /** k + 2 keys: frame 0, the k intermediate keys, then `frames`. */
  keys: MotnKey[];
}

export interface MotnSequence {
  /** The first name pointing at this sequence index. */
  name: string;
  index: number;
  /** Absolute offset of the sequence header. */
  offset: number;
  /** Other sequence names sharing the same data offset. */
  aliases: string[];
  frames: number;
  /** Bit 15 of the first header word: counts in block 2 are u16. */
  frameFlag: boolean;
  /** Second header word (bit 15 set → non-standard layout). */
  unknown: number;
  /** False for the sequences that do not follow the standard block layout. */
  standard: boolean;
  /** Built on first access (decode only validates), then a plain property; aliases share it. */
  tracks: MotnTrack[];
}

export interface MotnAnim {
  format: 'motn';
  sequences: MotnSequence[];
  buildDate?: string;
}

export type AnimData = BckAnim | BtkAnim | BrkAnim | MotnAnim;

export interface ContainerInfo {
  kind: 'yaz0';
  compressedSize: number;
  decompressedSize: number;
}

export interface DecodedFile {
  format: AnimFormat | 'unknown';
  /** File name the decode was asked for (base name or archive path). */
  fileName: string;
  /** The bytes every span refers to (decompressed when `container` is set). */
  bytes: Uint8Array;
  /** Set when the input was Yaz0-compressed: spans refer to the decompressed bytes. */
  container?: ContainerInfo;
  /** Root of the field tree (path ''). */
  root: FieldNode;
  diagnostics: Diagnostic[];
  /** Decoded as far as the bytes allowed; undefined when not even the header could be read. */
  anim?: AnimData;
}
