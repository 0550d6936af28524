/** Types shared by every J3D animation kind (FORMATS.md §1): loop and tangent modes, key table entries. */

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

/** One full-track entry (4 bytes, FORMATS.md §9): `count` values per frame from `index` of the bank. */
export interface FullTrack {
  count: number;
  /** Index of the first value in the bank (elements, not bytes). */
  index: number;
}

/** The three SRT full tracks of one axis (BCA). */
export interface FullSrtTracks {
  scale: FullTrack;
  rotation: FullTrack;
  translation: FullTrack;
}

/** The four colour components of an entry: key tracks (BPK, BXK), full tracks (BPA, BXA) or banks. */
export interface Rgba<T> {
  r: T;
  g: T;
  b: T;
  a: T;
}
