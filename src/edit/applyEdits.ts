/**
 * Edits of an open file, pure (no vscode): the page asks for changes (protocol.ts `EditRequest`),
 * this turns them into the file's new bytes or one line saying why not. A field edit writes the
 * value in its stored type at its span, in place (the layout unchanged), refusing what the type
 * cannot hold (src/write/scalars.ts). Key edits go through the keys form and the converter's
 * layout (src/write/bck/layout.ts) where a kind has a key writer.
 */
import { isScalarType, resolvePath } from '../formats/binary/fields';
import type { FieldNode, ScalarType } from '../formats/binary/fields';
import { specFor } from '../formats/registry';
import type { AnimData } from '../formats/registry';
import type { DecodedFile } from '../formats/types';
import { BuildInputError } from '../write/input';
import { writeScalar } from '../write/scalars';
import type { EditRequest } from '../wire/protocol';

export class EditRefused extends Error {}

/** The field a path names when it is a value the editor can change. */
export function editableField(file: DecodedFile, path: string): FieldNode & { type: ScalarType } {
  const node = resolvePath(file.root, path, file.bytes);
  if (!node) throw new EditRefused(`${path}: no such field`);
  if (node.missing) throw new EditRefused(`${path}: the field lies past the end of the file`);
  if (!isScalarType(node.type)) throw new EditRefused(`${path}: a ${node.type} is not a single value (edit its fields)`);
  if (node.offset < 0 || node.offset + node.size > file.bytes.length) throw new EditRefused(`${path}: the field lies outside the file`);
  return node as FieldNode & { type: ScalarType };
}

/** One field written in place into `out` (a copy of the file's bytes). */
function applyField(file: DecodedFile & { anim: AnimData }, out: Uint8Array, path: string, value: number | string): void {
  const node = editableField(file, path);
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof value === 'string' && (value.trim() === '' || Number.isNaN(number))) throw new EditRefused(`${path}: "${value}" is not a number (${node.type})`);
  try {
    writeScalar(out, node.offset, node.type, specFor(file.anim).family.endian, number, path);
  } catch (e) {
    if (e instanceof BuildInputError) throw new EditRefused(e.message);
    throw e;
  }
}

/**
 * The bytes after `edits`, applied in order to a copy of `file.bytes` (the decompressed content).
 * Throws EditRefused (one line) when any cannot be applied; nothing is changed then.
 */
export function applyEdits(file: DecodedFile, edits: readonly EditRequest[]): Uint8Array {
  if (!file.anim) throw new EditRefused(`${file.fileName}: only a decoded animation can be edited`);
  // A copy (not .slice(): the host's file reads are Node Buffers, whose slice is a view of the same memory)
  const out = new Uint8Array(file.bytes);
  for (const edit of edits) {
    switch (edit.kind) {
      case 'field':
        applyField(file as DecodedFile & { anim: AnimData }, out, edit.path, edit.value);
        break;
      default:
        throw new EditRefused(`${edit.kind} edits are not available yet: edit the key's fields in the structure tree`);
    }
  }
  return out;
}
