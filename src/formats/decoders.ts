/**
 * The animation formats at the byte level, in the registry's order: what detect() and decode() ask
 * of a format. The registry (src/kinds/registry.ts) builds each whole spec on one of these entries,
 * and the editor page's list (src/kinds/pages.ts) holds the same formats: their types say so.
 */
import { BCA_DECODER } from './jsystem/bca/decode';
import { BCK_DECODER } from './jsystem/bck/decode';
import { BLA_DECODER } from './jsystem/bla/decode';
import { BLK_DECODER } from './jsystem/blk/decode';
import { BPA_DECODER } from './jsystem/bpa/decode';
import { BPK_DECODER } from './jsystem/bpk/decode';
import { BRK_DECODER } from './jsystem/brk/decode';
import { BTK_DECODER } from './jsystem/btk/decode';
import { BTP_DECODER } from './jsystem/btp/decode';
import { BVA_DECODER } from './jsystem/bva/decode';
import { BXA_DECODER } from './jsystem/bxa/decode';
import { BXK_DECODER } from './jsystem/bxk/decode';
import { MOTN_DECODER } from './motn/motn';
import { baseName, globMatches, withYaz0Suffixes } from './fileKinds';
import type { FormatDecoder } from './result';

export const DECODERS = {
  bck: BCK_DECODER,
  btk: BTK_DECODER,
  brk: BRK_DECODER,
  bca: BCA_DECODER,
  bpk: BPK_DECODER,
  bpa: BPA_DECODER,
  btp: BTP_DECODER,
  bva: BVA_DECODER,
  blk: BLK_DECODER,
  bla: BLA_DECODER,
  bxk: BXK_DECODER,
  bxa: BXA_DECODER,
  motn: MOTN_DECODER,
} as const;

export type AnimFormat = keyof typeof DECODERS;
type DataOf<D> = D extends FormatDecoder<infer A> ? A : never;
/** The decoded data of any format (a union discriminated by `format`). */
export type AnimData = DataOf<(typeof DECODERS)[AnimFormat]>;
/** A decoder whose result may be any format's data. */
export type AnyDecoder = FormatDecoder<AnimData>;

/** Every format's decoder, in the registry's order. */
export const DECODER_LIST: readonly AnyDecoder[] = Object.values(DECODERS) as unknown as readonly AnyDecoder[];

export function isAnimFormat(x: unknown): x is AnimFormat {
  return typeof x === 'string' && Object.prototype.hasOwnProperty.call(DECODERS, x);
}

export function decoderOf(format: AnimFormat): AnyDecoder {
  return DECODERS[format] as unknown as AnyDecoder;
}

/** The format whose J3D type (`bck1`) this is. */
export function formatOfJ3dType(type: string): AnimFormat | undefined {
  return DECODER_LIST.find((d) => d.magic.kind === 'j3d' && d.magic.type === type)?.id as AnimFormat | undefined;
}

/** The format a file name belongs to by its patterns (`Wait.bck`, `motion.bin.szs`), if any. */
export function formatOfName(name: string): AnimFormat | undefined {
  const base = baseName(name).toLowerCase();
  return DECODER_LIST.find((d) => d.filePatterns.some((p) => withYaz0Suffixes(p).some((q) => globMatches(q, base))))?.id as AnimFormat | undefined;
}
