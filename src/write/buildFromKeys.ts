/**
 * The keys form (src/write/keysForm.ts) back to a file: the one table of builders, one per kind,
 * each laying the file out as the games' converter did (docs/writing.md). The CLI's `build`, the editor's key edits and the glTF import
 * all go through it, so a kind added here is built everywhere.
 */
import type { AnimFormat } from '../kinds/pages';
import { buildBckFromKeys } from './j3d/kinds/bck';
import { fail, isObject } from './input';
import { buildBcaFromKeys } from './j3d/kinds/bca';
import { buildBrkFromKeys } from './j3d/kinds/brk';
import { buildBtkFromKeys } from './j3d/kinds/btk';
import { buildBlaFromKeys, buildBlkFromKeys } from './j3d/kinds/clusterWeight';
import { buildBtpFromKeys } from './j3d/kinds/btp';
import { buildBvaFromKeys } from './j3d/kinds/bva';
import { buildBpaFromKeys, buildBpkFromKeys } from './j3d/kinds/materialColour';
import { buildBxaFromKeys, buildBxkFromKeys } from './j3d/kinds/vertexColour';
import { buildMotnFromKeys } from './motn/layout';

const BUILDERS: Record<AnimFormat, (doc: unknown) => Uint8Array> = {
  bca: buildBcaFromKeys,
  bck: buildBckFromKeys,
  bla: buildBlaFromKeys,
  blk: buildBlkFromKeys,
  bpa: buildBpaFromKeys,
  bpk: buildBpkFromKeys,
  brk: buildBrkFromKeys,
  btk: buildBtkFromKeys,
  btp: buildBtpFromKeys,
  bva: buildBvaFromKeys,
  bxa: buildBxaFromKeys,
  bxk: buildBxkFromKeys,
  motn: buildMotnFromKeys,
};

/** Whether keys of `format` can be built back into a file. */
export function canBuildFromKeys(format: string): boolean {
  return Object.prototype.hasOwnProperty.call(BUILDERS, format);
}

/** The file a keys form describes; a form it cannot take is a BuildInputError naming its JSON path. */
export function buildFromKeys(doc: unknown): Uint8Array {
  const format = isObject(doc) && typeof doc.format === 'string' ? doc.format : undefined;
  if (format === undefined || !canBuildFromKeys(format)) {
    fail('format', `keys of ${format === undefined ? 'an unnamed kind' : JSON.stringify(format)} cannot be built: ${Object.keys(BUILDERS).join(', ')} can`);
  }
  return BUILDERS[format as AnimFormat]!(doc);
}
