/** BXK — vertex colour animation, keyed (FORMATS.md §9.7): everything the product knows of the format. */
import type { FormatSpec } from '../../spec';
import { isJ3dCommon, isKeyTrack, isRgba, J3D_FAMILY, j3dMagic, j3dPatterns, j3dSummary, moves, rgbaList } from '../family';
import { isVertexColourData, vertexColourFacets, vertexColourSchema } from '../vtxcolourSpec';
import { BXK_CODES, decodeBxk } from './decode';
import { planBxk } from './plan';
import type { BxkAnim } from './types';

const isBanks = (x: unknown): boolean => isRgba(x, (b): b is Int16Array => b instanceof Int16Array);

export const BXK: FormatSpec<BxkAnim> = {
  id: 'bxk',
  label: 'BXK',
  title: 'vertex colour animation (keyed)',
  family: J3D_FAMILY,
  magic: j3dMagic('bxk1'),
  filePatterns: j3dPatterns('bxk'),
  decode: decodeBxk,
  codes: BXK_CODES,
  lessTested: 'Built from the decompilation notes and synthetic files only: no real BXK file (and no public reader) was available.',
  icon: { codicon: 'flame', color: 'charts.orange' },
  planTracks: (anim) => planBxk(anim),
  ...vertexColourFacets<BxkAnim>('VCK1', planBxk, (anim, c, i) => moves(rgbaList(anim.channels[c][i]))),
  summarize: (anim) => j3dSummary(anim, anim.channels.flat().flatMap(rgbaList),
    [['channel 0 entries', anim.channels[0]?.length ?? 0], ['channel 1 entries', anim.channels[1]?.length ?? 0]]),
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'bxk') && isVertexColourData(x, (e) => isRgba(e, isKeyTrack)) && isBanks(x.banks)
      ? (x as unknown as BxkAnim) : undefined),
  },
  samplePaths: ['`channels/{c}/entries/{i}/{r|g|b|a}` (c = 0, 1; 0..255 as the game computes it)'],
  schema: vertexColourSchema('bxk', { $ref: '#/definitions/keyTrack' }, { $ref: '#/definitions/numbers' }),
};
