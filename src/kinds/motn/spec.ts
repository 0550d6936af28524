/** Shenmue MOTN (FORMATS.md §5): the host's half on top of the page's (page.ts). */
import { plural } from '../../formats/binary/text';
import type { FormatFamily, FormatSpec } from '../spec';
import { MOTN_CODES } from '../../formats/motn/codes';
import { MOTN_DECODER, scannedTrackCounts } from '../../formats/motn/motn';
import { motnKeysLayout } from './keysLayout';
import type { MotnAnim, MotnSequence } from '../../formats/motn/types';
import { MOTN_PAGE } from './page';

/** MOTN has no container of its own: its family is itself. */
const MOTN_FAMILY: FormatFamily = { id: 'motn', label: 'MOTN', codes: MOTN_CODES, endian: 'little' };

function standardSequences(anim: MotnAnim): MotnSequence[] {
  return anim.sequences.filter((s) => s.standard);
}

export const MOTN: FormatSpec<MotnAnim> = {
  ...MOTN_DECODER,
  ...MOTN_PAGE,
  family: MOTN_FAMILY,
  icon: { codicon: 'pulse', color: 'charts.purple' },
  deferred: { ...MOTN_PAGE.deferred, part: (anim, i) => anim.sequences?.[i]?.tracks ?? [] },
  summarize: (anim) => {
    const standard = standardSequences(anim);
    // The decoder's counts while a sequence's tracks are unbuilt: nothing is built to be counted.
    let tracks = 0, keys = 0;
    for (const s of standard) {
      const scanned = scannedTrackCounts(s);
      if (scanned) { tracks += scanned.tracks; keys += scanned.keys; continue; }
      tracks += s.tracks.length;
      for (const t of s.tracks) keys += t.keys.length;
    }
    return {
      loopMode: 'loop',
      counts: [['sequences', anim.sequences.length], ['non-standard sequences', anim.sequences.length - standard.length],
        ['tracks', tracks], ['keys', keys]],
      names: anim.sequences.map((s) => s.name),
      headline: [plural(anim.sequences.length, 'sequence')],
    };
  },
  wire: {
    ...MOTN_PAGE.wire,
    // Sequences cross without their tracks (hundreds of thousands of keys): asked for per sequence.
    // Nor their aliases: the page lists them from the offsets, by the decoder's rule.
    pack: (anim) => ({
      format: 'motn',
      buildDate: anim.buildDate,
      sequences: anim.sequences.map(({ name, index, offset, frames, frameFlag, unknown, standard }) =>
        ({ name, index, offset, frames, frameFlag, unknown, standard })),
    }),
  },
  keysLayout: motnKeysLayout,
  samplePaths: ['`bones/{bone}/{position|rotation|scale}/{x|y|z}` in block-1 order, each with `"keys": [[frame, value], …]`'],
  schema: {
    type: 'object',
    required: ['format', 'sequences'],
    properties: {
      format: { const: 'motn' },
      buildDate: { type: ['string', 'null'] },
      sequences: {
        type: 'array',
        items: {
          type: 'object',
          required: ['name', 'index', 'offset', 'aliases', 'frames', 'frameFlag', 'unknown', 'standard', 'tracks'],
          properties: {
            name: { type: 'string' }, index: { type: 'integer' }, offset: { type: 'integer' },
            aliases: { type: 'array', items: { type: 'string' } }, frames: { type: 'integer' }, frameFlag: { type: 'boolean' },
            unknown: { type: 'integer' }, standard: { type: 'boolean' },
            tracks: {
              type: 'array',
              items: {
                type: 'object',
                required: ['bone', 'channel', 'axis', 'keys'],
                properties: {
                  bone: { type: 'integer' }, channel: { enum: ['position', 'rotation', 'scale'] }, axis: { enum: ['x', 'y', 'z'] },
                  keys: {
                    type: 'array',
                    items: { type: 'object', required: ['frame', 'halves', 'offset'], properties: { frame: { type: 'integer' }, halves: { $ref: '#/definitions/numbers' }, offset: { type: 'integer' } } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};
