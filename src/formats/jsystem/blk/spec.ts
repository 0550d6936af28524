/** BLK — cluster weight animation, keyed (FORMATS.md §9.6): everything the product knows of the format. */
import type { FormatSpec } from '../../spec';
import { bindClusters } from '../binding';
import { indexOfKey, isJ3dCommon, isKeyTrack, J3D_FAMILY, j3dMagic, j3dPatterns, j3dSummary, moves } from '../family';
import { BLK_CODES, decodeBlk } from './decode';
import { planBlk } from './plan';
import type { BlkAnim } from './types';

const TRACK_PATH = /^CLK1\/trackTable\[(\d+)\]/;

export const BLK: FormatSpec<BlkAnim> = {
  id: 'blk',
  label: 'BLK',
  title: 'cluster weight animation (keyed)',
  family: J3D_FAMILY,
  magic: j3dMagic('blk1'),
  filePatterns: j3dPatterns('blk'),
  decode: decodeBlk,
  codes: BLK_CODES,
  lessTested: 'Built from the decompilation notes and synthetic files only: no real BLK file was available.',
  icon: { codicon: 'graph-line', color: 'charts.green' },
  planTracks: (anim) => planBlk(anim),
  groups: {
    noun: 'Track',
    count: (anim) => anim.tracks?.length ?? 0,
    key: (_anim, i) => `track:${i}`,
    index: (anim, key) => indexOfKey(key, 'track', anim.tracks?.length ?? 0),
    label: (_anim, i) => `Weight track ${i}`,
    plan: (anim, i) => planBlk(anim, i, i + 1),
    first: (anim) => Math.max(0, (anim.tracks ?? []).findIndex((t) => moves([t]))),
    ofPath: (anim, path) => {
      const m = TRACK_PATH.exec(path);
      return m && Number(m[1]) < (anim.tracks?.length ?? 0) ? Number(m[1]) : undefined;
    },
    duration: (anim) => anim.duration,
    loopMode: (anim) => anim.loopMode,
  },
  preview: { kind: 'none' },
  summarize: (anim) => j3dSummary(anim, anim.tracks, [['weight tracks', anim.tracks.length]], {
    counts: [['weight bank', anim.weightBank.length]],
  }),
  model: {
    target: 'clusters',
    purpose: 'check the tracks against the clusters',
    bind: (anim, model, root) => bindClusters(anim.tracks?.length ?? 0, model, (root.children?.find((c) => c.name === 'CLK1')?.offset ?? 0x20) + 0x0C),
  },
  wire: {
    pack: (anim) => anim,
    unpack: (x) => (isJ3dCommon(x, 'blk') && Array.isArray(x.tracks) && x.tracks.every(isKeyTrack) && x.weightBank instanceof Float32Array
      ? (x as unknown as BlkAnim) : undefined),
  },
  samplePaths: ['`tracks/{i}/weight` (count 0 = 1.0)'],
  schema: {
    allOf: [{ $ref: '#/definitions/j3dCommon' }],
    required: ['tracks', 'weightBank'],
    properties: {
      format: { const: 'blk' },
      tracks: { type: 'array', items: { $ref: '#/definitions/keyTrack' } },
      weightBank: { $ref: '#/definitions/numbers' },
    },
  },
};
