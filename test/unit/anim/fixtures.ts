/** Hand-built decoded data for the sampler tests (no decoder involved). */
import type { BckAnim } from '../../../src/formats/jsystem/bck/types';
import type { BrkAnim, BrkEntry } from '../../../src/formats/jsystem/brk/types';
import type { BtkAnim, BtkEntry } from '../../../src/formats/jsystem/btk/types';
import type { DecodedFile } from '../../../src/formats/types';
import { fieldNode } from '../../../src/formats/binary/fields';
import type { KeyTrack, SrtTracks } from '../../../src/formats/jsystem/types';
import type { MotnAnim, MotnKey, MotnSequence, MotnTrack } from '../../../src/formats/motn/types';

export const NONE: KeyTrack = { count: 0, index: 0, tangentMode: 0 };

export function kt(count: number, index: number, tangentMode = 0): KeyTrack {
  return { count, index, tangentMode };
}

export function srt(partial: Partial<SrtTracks> = {}): SrtTracks {
  return { scale: NONE, rotation: NONE, translation: NONE, ...partial };
}

export function bck(partial: Partial<BckAnim> = {}): BckAnim {
  return {
    format: 'bck',
    loopMode: 2,
    rotationFraction: 0,
    duration: 10,
    joints: [],
    scaleBank: new Float32Array(0),
    rotationBank: new Int16Array(0),
    translationBank: new Float32Array(0),
    ...partial,
  };
}

export function btkEntry(partial: Partial<BtkEntry> = {}): BtkEntry {
  return { materialName: 'mat', texMtxIndex: 0, remap: 0, center: [0.5, 0.5, 0.5], s: srt(), t: srt(), q: srt(), ...partial };
}

export function btk(partial: Partial<BtkAnim> = {}): BtkAnim {
  return {
    format: 'btk',
    loopMode: 0,
    rotationFraction: 0,
    duration: 10,
    matrixMode: 0,
    entries: [],
    scaleBank: new Float32Array(0),
    rotationBank: new Int16Array(0),
    translationBank: new Float32Array(0),
    ...partial,
  };
}

export function brkEntry(partial: Partial<BrkEntry> = {}): BrkEntry {
  return { materialName: 'mat', colorId: 0, remap: 0, r: NONE, g: NONE, b: NONE, a: NONE, ...partial };
}

const noBanks = () => ({ r: new Int16Array(0), g: new Int16Array(0), b: new Int16Array(0), a: new Int16Array(0) });

export function brk(partial: Partial<BrkAnim> = {}): BrkAnim {
  return { format: 'brk', loopMode: 0, rotationFraction: 0, duration: 10, register: [], konstant: [], registerBanks: noBanks(), konstantBanks: noBanks(), ...partial };
}

let nextOffset = 0x1000;
export function mkey(frame: number, halves: number[]): MotnKey {
  const key = { frame, halves, offset: nextOffset };
  nextOffset += 2 * halves.length;
  return key;
}

export function mtrack(bone: number, channel: MotnTrack['channel'], axis: MotnTrack['axis'], keys: MotnKey[]): MotnTrack {
  return { bone, channel, axis, keys };
}

export function mseq(name: string, frames: number, tracks: MotnTrack[], partial: Partial<MotnSequence> = {}): MotnSequence {
  return { name, index: 0, offset: 0, aliases: [], frames, frameFlag: false, unknown: 0, standard: true, tracks, ...partial };
}

export function motn(sequences: MotnSequence[]): MotnAnim {
  return { format: 'motn', sequences };
}

export function file(anim: BckAnim | BtkAnim | BrkAnim | MotnAnim, fileName = 'Test.bck'): DecodedFile {
  return { format: anim.format, fileName, bytes: new Uint8Array(0), root: Object.assign(fieldNode('', 0, 0, 'file'), { children: [] }), diagnostics: [], anim };
}
