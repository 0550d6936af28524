/**
 * How a decoded animation crosses the host → webview boundary, both directions. Big parts that the
 * webview can rebuild or ask for are left out: BCK joint objects (rebuilt from the joint table
 * bytes the webview already has) and MOTN tracks (asked for per sequence).
 */
import { FieldNode, resolvePath } from './formats/binary/fields';
import { readJoints } from './formats/jsystem/bck';
import type { AnimData, MotnTrack } from './formats/types';
import type { AnimPayload } from './protocol';

export function animPayload(anim: AnimData | undefined): AnimPayload | undefined {
  if (!anim) return undefined;
  switch (anim.format) {
    case 'bck': {
      // Named fields only: reading `joints` would build ~850,000 objects for the largest files.
      const { format, loopMode, rotationFraction, duration, scaleBank, rotationBank, translationBank } = anim;
      return { format, loopMode, rotationFraction, duration, scaleBank, rotationBank, translationBank };
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

/** The webview's AnimData: BCK joints rebuilt from `ANK1/jointTable`; MOTN tracks empty until asked for. */
export function animFromPayload(payload: AnimPayload, root: FieldNode, bytes: Uint8Array): AnimData {
  switch (payload.format) {
    case 'bck': {
      const table = resolvePath(root, 'ANK1/jointTable', bytes);
      const count = table?.array?.count ?? 0;
      const joints = table ? readJoints(bytes.subarray(table.offset, table.offset + table.size), count) : [];
      return { ...payload, joints };
    }
    case 'motn':
      return { ...payload, sequences: payload.sequences.map((s) => ({ ...s, tracks: [] as MotnTrack[] })) };
    default:
      return payload;
  }
}
