/** Shenmue MOTN (FORMATS.md §5): everything the product knows of the format. */
import { planMotnSequence } from '../../anim/tracks';
import { plural } from '../binary/text';
import type { FormatFamily, FormatSpec } from '../spec';
import { MOTN_CODES } from './codes';
import { looksLikeMotn } from './header';
import { decodeMotn, scannedTrackCounts } from './motn';
import { aliasesOf, groupByOffset } from './aliases';
import type { MotnAnim, MotnSequence, MotnTrack } from './types';
import { isInt, isObj, Obj } from '../binary/guards';

/** MOTN has no container of its own: its family is itself. */
const MOTN_FAMILY: FormatFamily = { id: 'motn', label: 'MOTN', codes: MOTN_CODES, endian: 'little' };

const SEQUENCE_PATH = /^sequences\[(\d+)\]/;

const CHANNELS: readonly unknown[] = ['position', 'rotation', 'scale'];
const AXES: readonly unknown[] = ['x', 'y', 'z'];

function isMotnTrack(x: unknown): x is MotnTrack {
  return isObj(x) && isInt(x.bone) && CHANNELS.includes(x.channel) && AXES.includes(x.axis) && Array.isArray(x.keys) &&
    x.keys.every((k) => isObj(k) && typeof k.frame === 'number' && isInt(k.offset) && Array.isArray(k.halves) && k.halves.every((h) => typeof h === 'number'));
}

function isSequenceInfo(x: unknown): x is Obj & { name: string; offset: number } {
  return isObj(x) && typeof x.name === 'string' && isInt(x.index) && isInt(x.offset) && isInt(x.frames) &&
    typeof x.frameFlag === 'boolean' && isInt(x.unknown) && typeof x.standard === 'boolean';
}

/** Sequences whose tracks arrived in the page (the rest have an empty list until asked for). */
const attached = new WeakSet<MotnSequence>();

function standardSequences(anim: MotnAnim): MotnSequence[] {
  return anim.sequences.filter((s) => s.standard);
}

export const MOTN: FormatSpec<MotnAnim> = {
  id: 'motn',
  label: 'MOTN',
  title: 'Shenmue motion',
  family: MOTN_FAMILY,
  magic: { kind: 'content', name: /^motion.*\.bin$|\.motn$/i, looksLike: looksLikeMotn },
  filePatterns: ['motion*.bin', '*.motn'],
  decode: decodeMotn,
  codes: [],
  icon: { codicon: 'pulse', color: 'charts.purple' },
  planTracks: (anim, sequence = 0) => {
    const seq = anim.sequences?.[sequence];
    return seq ? planMotnSequence(seq) : [];
  },
  interpolationNote: 'Interpolation inferred (cubic Hermite, tangents ÷ 30)',
  groups: {
    noun: 'Sequence',
    count: (anim) => anim.sequences?.length ?? 0,
    key: (_anim, i) => `sequence:${i}`,
    index: (anim, key) => {
      const m = /^sequence:(\d+)$/.exec(key);
      return m && Number(m[1]) < (anim.sequences?.length ?? 0) ? Number(m[1]) : undefined;
    },
    label: (anim, i) => `${anim.sequences[i]?.name ?? ''} (${anim.sequences[i]?.frames ?? 0} frames)`,
    plan: (anim, i) => {
      const seq = anim.sequences?.[i];
      return seq ? planMotnSequence(seq) : [];
    },
    first: (anim) => Math.max(0, (anim.sequences ?? []).findIndex((s) => s.standard)),
    ofPath: (anim, path) => {
      const m = SEQUENCE_PATH.exec(path);
      return m && Number(m[1]) < (anim.sequences?.length ?? 0) ? Number(m[1]) : undefined;
    },
    duration: (anim, i) => anim.sequences?.[i]?.frames ?? 0,
    // MOTN has no loop mode: sequences loop in the game's usage.
    loopMode: () => 2,
    separate: true,
    animation: (anim, i) => {
      const seq = anim.sequences?.[i];
      return seq?.standard ? { name: seq.name, frames: seq.frames, aliases: seq.aliases ?? [] } : undefined;
    },
  },
  deferred: {
    missing: (anim, i) => {
      const seq = anim.sequences?.[i];
      return !!seq && seq.standard && !attached.has(seq);
    },
    part: (anim, i) => anim.sequences?.[i]?.tracks ?? [],
    attach: (anim, i, part) => {
      const seq = anim.sequences?.[i];
      if (!seq || !Array.isArray(part) || !part.every(isMotnTrack)) return false;
      seq.tracks = part;
      attached.add(seq);
      return true;
    },
  },
  preview: { kind: 'none' },
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
  model: { target: 'none' },
  wire: {
    // Sequences cross without their tracks (hundreds of thousands of keys): asked for per sequence.
    // Nor their aliases: the page lists them from the offsets, by the decoder's rule.
    pack: (anim) => ({
      format: 'motn',
      buildDate: anim.buildDate,
      sequences: anim.sequences.map(({ name, index, offset, frames, frameFlag, unknown, standard }) =>
        ({ name, index, offset, frames, frameFlag, unknown, standard })),
    }),
    unpack: (x) => {
      if (!isObj(x) || x.format !== 'motn' || !Array.isArray(x.sequences) || !x.sequences.every(isSequenceInfo)) return undefined;
      if (x.buildDate !== undefined && typeof x.buildDate !== 'string') return undefined;
      const sequences = x.sequences;
      const groups = groupByOffset(sequences.length, (i) => sequences[i].offset);
      const nameOf = (i: number): string => sequences[i].name;
      return { format: 'motn', buildDate: x.buildDate, sequences: sequences.map(({ name, index, offset, frames, frameFlag, unknown, standard }, i) =>
        ({ name, index, offset, aliases: aliasesOf(i, groups.get(offset) as number[], nameOf), frames, frameFlag, unknown, standard, tracks: [] }) as unknown as MotnSequence) };
    },
  },
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
