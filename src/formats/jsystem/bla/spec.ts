/** BLA — cluster weight animation, full tracks (FORMATS.md §9.6): everything the product knows of the format. */
import type { FormatSpec } from '../../spec';
import { bindClusters } from '../binding';
import { FULL_TRACK_SCHEMA, indexOfKey, isJ3dCommon, isFullTrack, J3D_FAMILY, j3dMagic, j3dPatterns, j3dFullSummary, movesFull } from '../family';
import { BLA_CODES, decodeBla } from './decode';
import { planBla } from './plan';
import type { BlaAnim } from './types';

const TRACK_PATH = /^CLF1\/trackTable\[(\d+)\]/;

export const BLA: FormatSpec<BlaAnim> = {
  id: 'bla',
  label: 'BLA',
  title: 'cluster weight animation (full tracks)',
  family: J3D_FAMILY,
  magic: j3dMagic('bla1'),
  filePatterns: j3dPatterns('bla'),
  decode: decodeBla,
  codes: BLA_CODES,
  lessTested: 'Built from the decompilation notes and synthetic files only: no real BLA file was available.',
  icon: { codicon: 'pulse', color: 'charts.green' },
  planTracks: (anim) => planBla(anim),
  groups: {
    noun: 'Track',
    count: (anim) => anim.tracks?.length ?? 0,
    key: (_anim, i) => `track:${i}`,
    index: (anim, key) => indexOfKey(key, 'track', anim.tracks?.length ?? 0),
    label: (_anim, i) => `Weight track ${i}`,
    plan: (anim, i) => planBla(anim, i, i + 1),
    first: (anim) => Math.max(0, (anim.tracks ?? []).findIndex((t) => movesFull([t]))),
    ofPath: (anim, path) => {
      const m = TRACK_PATH.exec(path);
      return m && Number(m[1]) < (anim.tracks?.length ?? 0) ? Number(m[1]) : undefined;
    },
    duration: (anim) => anim.duration,
    loopMode: (anim) => anim.loopMode,
  },
  preview: { kind: 'none' },
  summarize: (anim) => j3dFullSummary(anim, anim.tracks, [['weight tracks', anim.tracks.length]], {
    counts: [['weight bank', anim.weightBank.length]],
  }),
  model: {
    target: 'clusters',
    purpose: 'check the tracks against the clusters',
    bind: (anim, model, root) => bindClusters(anim.tracks?.length ?? 0, model, (root.children?.find((c) => c.name === 'CLF1')?.offset ?? 0x20) + 0x0C),
  },
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'bla') && Array.isArray(x.tracks) && x.tracks.every(isFullTrack) && x.weightBank instanceof Float32Array
      ? (x as unknown as BlaAnim) : undefined),
  },
  samplePaths: ['`tracks/{i}/weight` (the stored weight; count 0 reads before its slice: null)'],
  schema: {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['tracks', 'weightBank'],
    properties: {
      format: { const: 'bla' },
      tracks: { type: 'array', items: FULL_TRACK_SCHEMA },
      weightBank: { $ref: '#/definitions/numbers' },
    },
  },
};
