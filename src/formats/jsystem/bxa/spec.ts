/** BXA — vertex colour animation, full tracks (FORMATS.md §9.7): everything the product knows of the format. */
import type { FormatSpec } from '../../spec';
import { FULL_TRACK_SCHEMA, isFullTrack, isJ3dCommon, isRgba, J3D_FAMILY, j3dFullSummary, j3dMagic, j3dPatterns, movesFull, rgbaList } from '../family';
import { isVertexColourData, vertexColourFacets, vertexColourSchema } from '../vtxcolourSpec';
import { BXA_CODES, decodeBxa } from './decode';
import { planBxa } from './plan';
import type { BxaAnim } from './types';

const isBanks = (x: unknown): boolean => isRgba(x, (b): b is Uint8Array => b instanceof Uint8Array);

export const BXA: FormatSpec<BxaAnim> = {
  id: 'bxa',
  label: 'BXA',
  title: 'vertex colour animation (full tracks)',
  family: J3D_FAMILY,
  magic: j3dMagic('bxa1'),
  filePatterns: j3dPatterns('bxa'),
  decode: decodeBxa,
  codes: BXA_CODES,
  lessTested: 'Built from the decompilation notes and synthetic files only: no real BXA file (and no public reader) was available.',
  icon: { codicon: 'layers', color: 'charts.orange' },
  planTracks: (anim) => planBxa(anim),
  ...vertexColourFacets<BxaAnim>('VCF1', planBxa, (anim, c, i) => movesFull(rgbaList(anim.channels[c][i]))),
  summarize: (anim) => j3dFullSummary(anim, anim.channels.flat().flatMap(rgbaList),
    [['channel 0 entries', anim.channels[0]?.length ?? 0], ['channel 1 entries', anim.channels[1]?.length ?? 0]]),
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'bxa') && isVertexColourData(x, (e) => isRgba(e, isFullTrack)) && isBanks(x.banks)
      ? (x as unknown as BxaAnim) : undefined),
  },
  samplePaths: ['`channels/{c}/entries/{i}/{r|g|b|a}` (c = 0, 1; the stored byte)'],
  schema: vertexColourSchema('bxa', FULL_TRACK_SCHEMA, { $ref: '#/definitions/numbers' }),
};
