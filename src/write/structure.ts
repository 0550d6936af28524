/**
 * The export's field tree (`structure`, src/export/json.ts) written back to bytes: every value at
 * its span. Scalars take their type; `char[N]` and `cstring` text is written when it is plain
 * ASCII; array elements come from `elements` through the array's element layout. What the tree
 * holds no value for (padding, `bytes`, unknown ranges, gaps between fields, non-finite floats
 * exported as null, names in Shift-JIS) is left as it is: the export's `rawBytes` carries it
 * (rawBytes.ts).
 *
 * The input is a JSON document a user may have edited: it is checked as it is written, and the
 * first bad value throws a BuildInputError naming its JSON path.
 */
import { Endian, isScalarType } from '../formats/binary/fields';
import { arrayAt, BuildInputError, describe, fail, integerAt, member, objectAt, stringAt } from './input';
import { writeScalar } from './scalars';

/** Fields nest this deep at most (the decoders' trees are about 6 deep): a bound on recursion. */
const MAX_DEPTH = 64;

/**
 * Spans may lie past the end of the file in a decoder's tree (a truncated file: their values are
 * null); only a value written there is refused. Any offset within this bound is taken.
 */
const MAX_OFFSET = 2 ** 32;

/** Text written back byte for byte: printable ASCII (what decoders show as is). */
export const PLAIN_TEXT = /^[\x20-\x7e]*$/;

export interface Target {
  out: Uint8Array;
  endian: Endian;
}

/** Writes plain ASCII text into a `cstring`/`char[N]` field; other text is left as it is (rawBytes carries it). */
export function writeText(target: Target, offset: number, size: number, type: string, value: string, path: string): void {
  if (!PLAIN_TEXT.test(value) || value.includes('\\')) return;
  // a cstring whose NUL lies past its field (an unterminated name) is written without it
  const terminated = type === 'cstring' && value.length < size;
  const length = value.length + (terminated ? 1 : 0);
  if (offset + length > target.out.length) fail(path, `the text at ${offset} runs past the end of the file (${target.out.length} bytes)`);
  if (length > size) fail(path, `${JSON.stringify(value)} needs ${length} bytes; the field has ${size}`);
  for (let i = 0; i < value.length; i++) target.out[offset + i] = value.charCodeAt(i);
  if (terminated) target.out[offset + value.length] = 0;
}

/** An element layout, checked once per array: what each element's value is written through. */
interface CompiledLayout {
  offset: number;
  type: string;
  fields?: { name: string; layout: CompiledLayout }[];
}

function compileLayout(value: unknown, layoutPath: string, depth: number): CompiledLayout {
  if (depth > MAX_DEPTH) fail(layoutPath, `element layouts nest deeper than ${MAX_DEPTH}`);
  const layout = objectAt(value, layoutPath);
  const compiled: CompiledLayout = {
    offset: integerAt(layout.offset, member(layoutPath, 'offset'), 0, MAX_OFFSET),
    type: stringAt(layout.type, member(layoutPath, 'type')),
  };
  if (layout.fields !== undefined) {
    const fieldsPath = member(layoutPath, 'fields');
    compiled.fields = arrayAt(layout.fields, fieldsPath).map((f, i) => {
      const fieldPath = member(fieldsPath, i);
      return { name: stringAt(objectAt(f, fieldPath).name, member(fieldPath, 'name')), layout: compileLayout(f, fieldPath, depth + 1) };
    });
  }
  return compiled;
}

/** One array element (or one field of it) at `base`; `path` is built only for an error (millions of elements). */
function writeElement(target: Target, layout: CompiledLayout, base: number, value: unknown, path: () => string): void {
  const offset = base + layout.offset;
  if (layout.fields) {
    if (value === null) return; // an element past the end of the bytes when exported
    if (typeof value !== 'object' || Array.isArray(value)) fail(path(), `expected an object, got ${describe(value)}`);
    const record = value as Record<string, unknown>;
    for (const f of layout.fields) writeElement(target, f.layout, offset, record[f.name], () => member(path(), f.name));
    return;
  }
  if (isScalarType(layout.type)) {
    if (value === null) return; // a non-finite float: rawBytes has its bytes
    writeScalar(target.out, offset, layout.type, target.endian, value, path);
  } else if (value !== null) {
    fail(path(), `a ${layout.type} element has no value to write (null expected), got ${describe(value)}`);
  }
}

function writeArray(target: Target, node: Record<string, unknown>, offset: number, path: string): void {
  const arrayPath = member(path, 'array');
  const array = objectAt(node.array, arrayPath);
  const count = integerAt(array.count, member(arrayPath, 'count'), 0, MAX_OFFSET);
  const stride = integerAt(array.stride, member(arrayPath, 'stride'), 0, MAX_OFFSET);
  const element = compileLayout(array.element, member(arrayPath, 'element'), 0);
  const elementsPath = member(path, 'elements');
  const elements = arrayAt(node.elements, elementsPath);
  if (elements.length !== count) fail(elementsPath, `${elements.length} elements for an array of count ${count}`);
  // elements past the end of the file are null (nothing was read there); a value there is refused by writeScalar
  for (let i = 0; i < count; i++) writeElement(target, element, offset + i * stride, elements[i], () => member(elementsPath, i));
}

function writeField(target: Target, value: unknown, path: string, depth: number): void {
  if (depth > MAX_DEPTH) fail(path, `fields nest deeper than ${MAX_DEPTH}`);
  const node = objectAt(value, path);
  if (node.missing === true) return; // past the end of the bytes when exported: nothing to write
  const offset = integerAt(node.offset, member(path, 'offset'), 0, MAX_OFFSET);
  const size = integerAt(node.size, member(path, 'size'), 0, MAX_OFFSET);
  const type = stringAt(node.type, member(path, 'type'));
  if (node.children !== undefined) {
    arrayAt(node.children, member(path, 'children')).forEach((c, i) => writeField(target, c, member(member(path, 'children'), i), depth + 1));
  }
  if (node.array !== undefined) writeArray(target, node, offset, path);
  const v = node.value;
  if (v === undefined || v === null) return;
  const valuePath = member(path, 'value');
  try {
    if (isScalarType(type)) writeScalar(target.out, offset, type, target.endian, v, valuePath);
    else if (type === 'cstring' || /^char\[\d+\]$/.test(type)) writeText(target, offset, size, type, stringAt(v, valuePath), valuePath);
  } catch (e) {
    // say which field of the file it is, as the tree and `validate` name it
    if (e instanceof BuildInputError && typeof node.path === 'string' && node.path) throw new BuildInputError(e.path, `${e.reason} (field ${node.path})`);
    throw e;
  }
  // other typed values (a structure's summary text) are views, not bytes
}

/** Writes every value of the field tree `structure` into `out` (whose length is the file's size). */
export function writeStructure(structure: unknown, out: Uint8Array, endian: Endian, path = 'structure'): void {
  writeField({ out, endian }, structure, path, 0);
}
