/**
 * How a decoded animation crosses the host → webview boundary. Big parts go as numbers, not
 * objects: a BCK's 9 key table entries per joint as one Uint16Array (the 65,535-joint worst case
 * as JSON objects took seconds), and MOTN tracks not at all until the page asks for a sequence's.
 */
import { FieldNode, resolvePath } from './formats/binary/fields';
import { buildJoints } from './formats/jsystem/bck';
import { copyS16Bank } from './formats/jsystem/container';
import type { AnimData } from './formats/types';
import type { AnimPayload } from './protocol';

/** count, index, tangent mode of the 9 tracks (x, y, z × scale, rotation, translation) of each joint. */
export const JOINT_TRACK_VALUES = 27;

/** `root` and `bytes` are the decode's: the BCK joint table is read from them, not from `anim.joints`. */
export function animPayload(anim: AnimData | undefined, root: FieldNode, bytes: Uint8Array): AnimPayload | undefined {
  if (!anim) return undefined;
  switch (anim.format) {
    case 'bck': {
      // Named fields only: reading `joints` would build ~850,000 objects for the largest files.
      const { format, loopMode, rotationFraction, duration, scaleBank, rotationBank, translationBank } = anim;
      return { format, loopMode, rotationFraction, duration, scaleBank, rotationBank, translationBank, jointTracks: jointTracks(root, bytes) };
    }
    case 'motn':
      return {
        format: 'motn',
        buildDate: anim.buildDate,
        sequences: anim.sequences.map(({ name, index, offset, aliases, frames, frameFlag, unknown, standard }) =>
          ({ name, index, offset, aliases, frames, frameFlag, unknown, standard })),
      };
    default:
      return anim;
  }
}

/** The joint table's u16 values in order (the s16 bank reader, read as unsigned); whole joints inside the bytes only. */
function jointTracks(root: FieldNode, bytes: Uint8Array): Uint16Array {
  const table = resolvePath(root, 'ANK1/jointTable', bytes);
  if (!table?.array) return new Uint16Array(0);
  const values = copyS16Bank(bytes, table.offset, table.array.count * JOINT_TRACK_VALUES);
  return new Uint16Array(values.buffer, 0, values.length - (values.length % JOINT_TRACK_VALUES));
}

/** The webview's AnimData: BCK joints from `jointTracks`; MOTN tracks empty until asked for. */
export function animFromPayload(payload: AnimPayload): AnimData {
  switch (payload.format) {
    case 'bck': {
      const { jointTracks: values, ...rest } = payload;
      const joints = buildJoints(Math.floor(values.length / JOINT_TRACK_VALUES), (j, c) => {
        const at = j * JOINT_TRACK_VALUES + c * 3;
        return { count: values[at], index: values[at + 1], tangentMode: values[at + 2] };
      });
      return { ...rest, joints };
    }
    case 'motn':
      return { ...payload, sequences: payload.sequences.map((s) => ({ ...s, tracks: [] })) };
    default:
      return payload;
  }
}
