/**
 * The edit model, free of vscode: a file's bytes and the page's EditRequest[] (src/wire/protocol.ts)
 * → the new bytes, or one line saying why not (nothing applied). Field edits write one value in
 * place (the layout unchanged); key edits go through the keys form (keysDocument → change → the
 * kind's builder, keyWriters.ts: the converter's canonical layout). Edits apply in order; a run of
 * key edits shares one keys form and one build. A Yaz0 file is edited inside and compressed again.
 */
import { describeGroup } from '../kinds/describe';
import { decompressYaz0, isYaz0 } from '../formats/archive/yaz0';
import { DiagnosticSink } from '../formats/binary/diagnostics';
import { encodeYaz0 } from '../write/archive/yaz0Encode';
import { detectYaz0Style } from '../write/archive/yaz0Style';
import { isScalarType, resolvePath } from '../formats/binary/fields';
import { decode } from '../formats/index';
import { pageSpecFor } from '../kinds/pages';
import { specOf } from '../kinds/registry';
import type { DecodedFile } from '../formats/types';
import type { EditRequest } from '../wire/protocol';
import { BuildInputError } from '../write/input';
import { keysDocument, KeysDocument, KeysFormTooLarge } from '../write/keysForm';
import type { KeysTrack } from '../write/keysForm';
import { writeScalar } from '../write/scalars';
import { PLAIN_TEXT, writeText } from '../write/structure';
import { fileEditability } from './editability';
import { keyWriterFor } from './keyWriters';

export type EditOutcome = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

type KeyEdit = Exclude<EditRequest, { kind: 'field' }>;

/** A refusal: one line, nothing applied. */
class Refused extends Error {}
function refuse(message: string): never {
  throw new Refused(message.replace(/\s*\n\s*/g, ' '));
}

export function applyEdits(bytes: Uint8Array, fileName: string, edits: readonly EditRequest[]): EditOutcome {
  // A Yaz0 file (`Walk.bck.szs`): edited decompressed, then compressed again (the header's reserved bytes kept).
  if (isYaz0(bytes)) {
    const plain = decompressYaz0(bytes, new DiagnosticSink());
    const inner = applyEdits(plain, fileName, edits);
    if (!inner.ok) return inner;
    // compressed again as the file was (the encoder's style and padding, the header's reserved bytes)
    const { style, reserved } = detectYaz0Style(bytes, plain);
    return { ok: true, bytes: encodeYaz0(inner.bytes, { style, reserved }) };
  }
  try {
    let current = bytes;
    let decoded: DecodedFile | undefined;
    for (let i = 0; i < edits.length;) {
      decoded ??= decode(current, fileName);
      const allowed = fileEditability(decoded);
      if (!allowed.editable) refuse(allowed.reason ?? 'The file cannot be edited.');
      const edit = edits[i];
      if (edit.kind === 'field') {
        current = applyField(decoded, edit);
        i++;
      } else {
        if (!allowed.keyEdits) refuse(allowed.reason ?? 'Keys of this file cannot be edited.');
        let end = i;
        while (end < edits.length && edits[end].kind !== 'field') end++;
        current = applyKeys(decoded, edits.slice(i, end) as KeyEdit[]);
        i = end;
      }
      decoded = undefined;
    }
    return { ok: true, bytes: current };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, message: e.message };
    throw e;
  }
}

// ---- fields: one value in place ------------------------------------------------------------------
function applyField(decoded: DecodedFile, edit: Extract<EditRequest, { kind: 'field' }>): Uint8Array {
  const node = edit.path === '' ? undefined : resolvePath(decoded.root, edit.path, decoded.bytes);
  if (!node) refuse(`${edit.path}: no such field`);
  if (node.missing) refuse(`${edit.path}: the field lies past the end of the file`);
  // a copy (a Buffer's slice, as vscode.workspace.fs.readFile may give, would be a view of the document's bytes)
  const out = new Uint8Array(decoded.bytes);
  const endian = specOf(decoded.anim!.format).family.endian;
  if (isScalarType(node.type)) {
    try {
      writeScalar(out, node.offset, node.type, endian, edit.value, edit.path);
    } catch (e) {
      if (e instanceof BuildInputError) refuse(`${edit.path} (${node.type}): ${e.reason}`);
      throw e;
    }
    return out;
  }
  if (node.type === 'cstring' || /^char\[\d+\]$/.test(node.type)) {
    if (typeof edit.value !== 'string') refuse(`${edit.path} (${node.type}): expected text, got ${edit.value}`);
    if (!PLAIN_TEXT.test(edit.value) || edit.value.includes('\\')) refuse(`${edit.path} (${node.type}): only printable ASCII text can be written`);
    try {
      writeText({ out, endian }, node.offset, node.size, node.type, edit.value, edit.path);
    } catch (e) {
      if (e instanceof BuildInputError) refuse(`${edit.path} (${node.type}): ${e.reason}`);
      throw e;
    }
    return out;
  }
  refuse(`${edit.path} is a ${node.type}: only numbers and names are edited in place`);
}

// ---- keys: through the keys form and the kind's builder ----------------------------------------

/**
 * A step track (one stored value per frame, `{frame, value}` runs in the keys form): key i is frame
 * i. Its value changes in place; a key added past the end lengthens the track (the last value held
 * up to it); the last frame's key can be deleted (the track one frame shorter).
 */
function editStep(track: KeysTrack, edit: KeyEdit, storable: (v: number) => number, name: string): void {
  const frames = track.frames ?? 0;
  const values: number[] = new Array(frames);
  const runs = track.step ?? [];
  runs.forEach((r, i) => values.fill(r.value, r.frame, i + 1 < runs.length ? runs[i + 1].frame : frames));
  if (edit.kind === 'interpolation') return;
  if (edit.kind === 'deleteKey') {
    if (edit.key !== frames - 1 || frames <= 1) refuse(`${name}: a step track holds one value per frame; only its last frame can be removed (change a value instead)`);
    values.length = frames - 1;
  } else if (edit.kind === 'addKey') {
    const frame = Math.round(edit.frame);
    if (frame < frames) refuse(`${name}: frame ${frame} has a value already (a step track holds one per frame): change it instead`);
    if (frame > 0xfffe) refuse(`${name}: a step track holds at most 65535 frames`);
    const last = frames > 0 ? values[frames - 1] : storable(edit.value);
    for (let f = frames; f < frame; f++) values.push(last);
    values.push(storable(edit.value));
  } else {
    if (!(edit.key >= 0 && edit.key < frames)) refuse(`${name}: no frame ${edit.key} (the track has ${frames})`);
    if (edit.frame !== undefined && Math.round(edit.frame) !== edit.key) refuse(`${name}: a step track's values stay at their frames; change the value instead`);
    if (edit.value !== undefined) values[edit.key] = storable(edit.value);
  }
  const next: { frame: number; value: number }[] = [];
  values.forEach((v, f) => { if (next.length === 0 || !Object.is(next[next.length - 1].value, v)) next.push({ frame: f, value: v }); });
  track.step = next;
  track.frames = values.length;
}

function applyKeys(decoded: DecodedFile, edits: readonly KeyEdit[]): Uint8Array {
  const anim = decoded.anim!;
  const writer = keyWriterFor(anim.format)!;
  // with the bytes: a kind whose layout is not in its keys (MOTN) carries it, so it builds again
  let doc: KeysDocument;
  try {
    doc = keysDocument(anim, decoded.bytes);
  } catch (e) {
    if (e instanceof KeysFormTooLarge) refuse(`Keys of this file cannot be edited: ${e.message.replace(/: edit or export.*$/, '')}; edit values in the structure tree instead.`);
    throw e;
  }
  const groups = pageSpecFor(anim).groups;
  const groupCount = groups.count(anim);
  for (const edit of edits) {
    if (edit.group >= groupCount) refuse(`group ${edit.group}: the file has ${groupCount}`);
    const described = describeGroup(anim, edit.group);
    const d = described[edit.track];
    if (!d) refuse(`track ${edit.track} of ${groups.label(anim, edit.group)}: the group has ${described.length}`);
    const track = doc.targets[edit.group].tracks.find((t) => t.path === d.path);
    if (!track) refuse(`${d.path} is derived from the other tracks: edit those`);
    const name = d.path;
    if (edit.kind === 'interpolation') {
      const now = track.step ? 'step' : 'hermite';
      if (now !== edit.to) refuse(`${name}: ${anim.format.toUpperCase()} tracks cannot change between step and keyed in this version`);
      continue;
    }
    if (track.step) {
      editStep(track, edit, (v) => writer.storable(doc, track, { frame: 0, value: v, in: 0, out: 0 }).value, name);
      continue;
    }
    const keys = track.keys!;
    if (edit.kind === 'deleteKey') {
      if (edit.key >= keys.length) refuse(`${name}: no key ${edit.key} (the track has ${keys.length})`);
      keys.splice(edit.key, 1);
      continue;
    }
    if (edit.kind === 'addKey') {
      const added = writer.storable(doc, track, { frame: edit.frame, value: edit.value, in: edit.inSlope ?? 0, out: edit.outSlope ?? edit.inSlope ?? 0 });
      if (keys.some((k) => k.frame === added.frame)) refuse(`${name}: a key at frame ${added.frame} exists already`);
      const at = keys.findIndex((k) => k.frame > added.frame);
      keys.splice(at < 0 ? keys.length : at, 0, added);
      continue;
    }
    const old = keys[edit.key];
    if (!old) refuse(`${name}: no key ${edit.key} (the track has ${keys.length})`);
    const changed = writer.storable(doc, track, {
      frame: edit.frame ?? old.frame, value: edit.value ?? old.value, in: edit.inSlope ?? old.in, out: edit.outSlope ?? old.out,
    });
    const before = keys[edit.key - 1];
    const after = keys[edit.key + 1];
    if ((before && changed.frame < before.frame) || (after && changed.frame > after.frame)) {
      refuse(`${name} key ${edit.key}: frame ${changed.frame} lies outside its neighbours' (${before?.frame ?? '-∞'}..${after?.frame ?? '∞'}); keys stay in order`);
    }
    keys[edit.key] = changed;
  }
  // MOTN aliases (sequences sharing one block of data) are one animation under several names: an edit of one is an edit of all
  for (const g of new Set(edits.map((e) => e.group))) {
    const block = doc.targets[g].layout?.block;
    if (block === undefined) continue;
    for (const t of doc.targets) if (t !== doc.targets[g] && t.layout?.block === block) t.tracks = doc.targets[g].tracks;
  }
  try {
    return writer.build(doc);
  } catch (e) {
    if (e instanceof BuildInputError) refuse(`${anim.format.toUpperCase()} keys: ${e.reason}`);
    throw e;
  }
}
