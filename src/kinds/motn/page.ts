/** Shenmue MOTN (FORMATS.md §5): the page's half (groups, tracks that arrive per sequence, the wire's unpack). */
import { planMotnSequence } from '../../anim/tracks';
import type { PageSpec } from '../spec';
import { aliasesOf, groupByOffset } from '../../formats/motn/aliases';
import type { MotnAnim, MotnSequence, MotnTrack } from '../../formats/motn/types';
import { isInt, isObj, Obj } from '../../formats/binary/guards';

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

export const MOTN_PAGE = {
  id: 'motn',
  label: 'MOTN',
  title: 'Shenmue motion',
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
    attach: (anim, i, part) => {
      const seq = anim.sequences?.[i];
      if (!seq || !Array.isArray(part) || !part.every(isMotnTrack)) return false;
      seq.tracks = part;
      attached.add(seq);
      return true;
    },
  },
  preview: { kind: 'none' },
  model: { target: 'none' },
  wire: {
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
} satisfies PageSpec<MotnAnim>;
