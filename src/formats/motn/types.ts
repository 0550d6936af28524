/** Shenmue MOTN data (FORMATS.md §5). */

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
