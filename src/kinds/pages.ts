/**
 * The page's half of the one list of animation formats: each format's `PageSpec` (its `page.ts`),
 * in the registry's order. The editor page asks only this list, so its script carries no decoder,
 * summary, binding or schema. registry.ts builds the whole specs on these: it cannot list a format
 * this list lacks, nor lack one it holds, and this one holds exactly the decoders' formats
 * (src/formats/decoders.ts; the types say so, and test/unit/registry/pages.test.ts).
 */
import { BCA_PAGE } from './jsystem/bca/page';
import { BCK_PAGE } from './jsystem/bck/page';
import { BLA_PAGE } from './jsystem/bla/page';
import { BLK_PAGE } from './jsystem/blk/page';
import { BPA_PAGE } from './jsystem/bpa/page';
import { BPK_PAGE } from './jsystem/bpk/page';
import { BRK_PAGE } from './jsystem/brk/page';
import { BTK_PAGE } from './jsystem/btk/page';
import { BTP_PAGE } from './jsystem/btp/page';
import { BVA_PAGE } from './jsystem/bva/page';
import { BXA_PAGE } from './jsystem/bxa/page';
import { BXK_PAGE } from './jsystem/bxk/page';
import { MOTN_PAGE } from './motn/page';
import type { AnimData, AnimFormat } from '../formats/decoders';
import type { PageSpec } from './spec';

export type { AnimData, AnimFormat };

export const PAGES = {
  bck: BCK_PAGE,
  btk: BTK_PAGE,
  brk: BRK_PAGE,
  bca: BCA_PAGE,
  bpk: BPK_PAGE,
  bpa: BPA_PAGE,
  btp: BTP_PAGE,
  bva: BVA_PAGE,
  blk: BLK_PAGE,
  bla: BLA_PAGE,
  bxk: BXK_PAGE,
  bxa: BXA_PAGE,
  motn: MOTN_PAGE,
} as const satisfies { readonly [F in AnimFormat]: PageSpec<Extract<AnimData, { format: F }>> };

/** A page half whose facets take any format's data (each only ever gets its own). */
export type AnyPageSpec = PageSpec<AnimData>;

/** Every format's id, in the registry's order. */
export const FORMAT_IDS = Object.keys(PAGES) as readonly AnimFormat[];

export function isAnimFormat(x: unknown): x is AnimFormat {
  return typeof x === 'string' && Object.prototype.hasOwnProperty.call(PAGES, x);
}

export function pageSpecOf(format: AnimFormat): AnyPageSpec {
  return PAGES[format] as unknown as AnyPageSpec;
}

/** The page half of a decoded animation's spec. */
export function pageSpecFor(anim: AnimData): AnyPageSpec {
  return pageSpecOf(anim.format);
}
