/**
 * A decode as the `load` message carries it (src/protocol.ts LoadedFile): the field tree packed,
 * the animation as its payload, a model (the file's own, or the one an animation is bound to) as
 * the 3D view's payload. Pure: the editor and the test page (test/app-page) build it alike.
 */
import { animPayload } from './animPack';
import { AnimData, specFor } from '../kinds/registry';
import { summarize } from '../kinds/summary';
import type { DecodedFile } from '../formats/types';
import { buildModelPayload } from './modelPayloadBuild';
import { packTree } from './packedTree';
import type { LoadedFile, RestOfFile } from './protocol';

/** A typed array whose constructor VS Code's postMessage serialiser recognises (a Node Buffer is not). */
function plainBytes(bytes: Uint8Array): Uint8Array {
  return bytes.constructor === Uint8Array ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * `extra`: what the decode does not know (the stored size, the model binding, the animations beside
 * it); `summary` when already computed.
 */
export function loadedFileOf(decoded: DecodedFile,
  extra: Pick<LoadedFile, 'fileByteLength'> & Partial<Pick<LoadedFile, 'summary' | 'model' | 'modelCandidates' | 'modelError' | 'modelPayload' | 'companions' | 'reference' | 'play'>>): LoadedFile {
  const { summary, model, modelCandidates, modelError, fileByteLength, companions, reference, play } = extra;
  const modelPayload = extra.modelPayload ?? (decoded.model ? buildModelPayload(decoded.model, decoded.bytes, { fileName: decoded.fileName }) : undefined);
  const loaded: LoadedFile = {
    fileName: decoded.fileName,
    format: decoded.format,
    bytes: plainBytes(decoded.bytes),
    fileByteLength,
    container: decoded.container,
    tree: packTree(decoded.root),
    diagnostics: decoded.diagnostics,
    summary: summary ?? summarize(decoded),
    anim: animPayload(decoded.anim, decoded.root, decoded.bytes),
  };
  // Set one by one, in this order, rather than spread from small objects (V8's generic spread was a
  // tenth of a small file's load message).
  const first = firstPart(decoded.anim);
  if (first) loaded.firstPart = first;
  if (model) loaded.model = model;
  if (modelCandidates) loaded.modelCandidates = modelCandidates;
  if (modelError) loaded.modelError = modelError;
  if (modelPayload) loaded.modelPayload = modelPayload;
  if (companions?.length) loaded.companions = companions;
  if (reference) loaded.reference = reference;
  if (play) loaded.play = play;
  return loaded;
}

/** The tracks of the group the page shows first, when the kind's tracks do not travel with the animation. */
function firstPart(anim: AnimData | undefined): LoadedFile['firstPart'] {
  const spec = anim && specFor(anim);
  if (!anim || !spec?.deferred || spec.groups.count(anim) === 0) return undefined;
  const group = spec.groups.first(anim);
  return { group, part: spec.deferred.part(anim, group) };
}

/** Above this many bytes a first load goes ahead with the file's start (loadsOf). */
export const SEND_AHEAD_ABOVE = 1 << 20;
/** How much of a big file the load that goes ahead carries: every header and section table of a real file. */
export const HEAD_BYTES = 64 << 10;

/**
 * What to post to a page that shows nothing yet: a file up to SEND_AHEAD_ABOVE bytes as one load;
 * a bigger one as its start (its header, tree, diagnostics and the first HEAD_BYTES of its bytes,
 * rendered while the rest crosses) and then the rest (the bytes and what is built on them, without
 * the tree that already came). Crossing to the page costs by the byte (~90 ms/MB through
 * code-server's websocket), so the start shows in a fraction of the time the whole takes.
 */
export function loadsOf(file: LoadedFile): { first: LoadedFile; rest?: RestOfFile } {
  if (file.bytes.length <= SEND_AHEAD_ABOVE) return { first: file };
  const { anim, firstPart, modelPayload, ...start } = file;
  return {
    // a copy: a view would carry its whole buffer across
    first: { ...start, bytes: file.bytes.slice(0, HEAD_BYTES), partial: { byteLength: file.bytes.length } },
    rest: { fileName: file.fileName, bytes: file.bytes, anim, firstPart, modelPayload },
  };
}
