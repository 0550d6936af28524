/**
 * The host's field tree as it crosses to the webview: typed arrays and one table of distinct
 * strings instead of a JSON object per node. motion.bin's 17,818 nodes were 3 MB of JSON; packed
 * they are ~0.5 MB of arrays (which postMessage moves as buffers) and ~140 KB of strings. Paths are
 * not sent: the webview derives them with assignPaths (the host derives them where it needs them too).
 *
 * Per node, in pre-order, one value in each of the COLUMNS: name, offset, size, type, display,
 * role, flags, child count (-1: no `children`), string value, array layout (-1: absent); strings
 * are indices into `strings`. A column holds value + 1 (so absent is 0) in the narrowest unsigned
 * array its largest value fits (most of motion.bin's fit 8 or 16 bits: 855 → 470 KB; see narrow). `numbers`
 * holds the numeric values of the nodes flagged HAS_NUMBER, in node order.
 */
import { ArrayLayout, assignPaths, ElementLayout, FieldNode, fieldNode, FieldRole } from '../formats/binary/fields';
import { keepShape } from '../runtime/shapes';

export type PackedColumn = Uint8Array | Uint16Array | Uint32Array | Float64Array;

export interface PackedTree {
  strings: string[];
  /** Nodes, in pre-order. */
  count: number;
  /** COLUMNS of `count` values each (value + 1). */
  columns: PackedColumn[];
  numbers: Float64Array;
  /** Per array layout: count, stride, endian (0 big, 1 little), element (index into `elements`). */
  arrays: Int32Array;
  /** Distinct element layouts (most arrays of a file share a few). */
  elements: ElementLayout[];
}

const COLUMNS = 10;
const NAME = 0, OFFSET = 1, SIZE = 2, TYPE = 3, DISPLAY = 4, ROLE = 5, FLAGS = 6, CHILDREN = 7, STRING_VALUE = 8, ARRAY = 9;
const MISSING = 1, HAS_NUMBER = 2;

/**
 * Column `k` of the node-major `values` (COLUMNS a node, each value + 1, at most `max`), in the
 * narrowest array that holds them: 8, 16 or 32 bits unsigned, or 64-bit floats for an offset past
 * 4 GiB (a hostile file's declared offset: its node is shown missing).
 */
function narrow(values: Float64Array, k: number, count: number, max: number): PackedColumn {
  const column = max < 0x100 ? new Uint8Array(count) : max < 0x10000 ? new Uint16Array(count)
    : max <= 0xFFFFFFFF ? new Uint32Array(count) : new Float64Array(count);
  for (let i = 0, p = k; i < count; i++, p += COLUMNS) column[i] = Math.max(0, values[p]);
  return column;
}

/**
 * Each element layout's JSON (what makes two layouts the same element), kept across trees: the
 * decoders' layouts are module constants, and writing one out was a fifth of a small file's packing.
 */
const layoutKeys = new WeakMap<ElementLayout, string>();

function layoutKey(e: ElementLayout): string {
  let key = layoutKeys.get(e);
  if (key === undefined) layoutKeys.set(e, (key = JSON.stringify(e)));
  return key;
}

/**
 * The node-major values of the tree being packed, reused from one tree to the next (a small file's
 * tree is packed in microseconds, and allocating its scratch was a good part of them); a big
 * tree's is let go after it (motion.bin's 17,818 nodes take 1.4 MB).
 */
const SCRATCH_KEPT = 4096 * COLUMNS;
let scratch = new Float64Array(64 * COLUMNS);

/** One tree's strings, element layouts and array layouts as they are numbered. */
class Packer {
  readonly strings: string[] = [];
  private readonly ids = new Map<string, number>();
  readonly arrays: number[] = [];
  readonly elements: ElementLayout[] = [];
  private readonly elementIds = new Map<string, number>();
  private readonly byObject = new Map<ElementLayout, number>();

  /** The string's index + 1; 0 for none. */
  id(s: string | undefined): number {
    if (s === undefined) return 0;
    let n = this.ids.get(s);
    if (n === undefined) this.ids.set(s, (n = this.strings.push(s)));
    return n;
  }

  /** The array layout's index + 1. */
  array(a: ArrayLayout): number {
    let element = this.byObject.get(a.element);
    if (element === undefined) {
      const key = layoutKey(a.element);
      element = this.elementIds.get(key);
      if (element === undefined) this.elementIds.set(key, (element = this.elements.push(a.element) - 1));
      this.byObject.set(a.element, element);
    }
    this.arrays.push(a.count, a.stride, a.endian === 'little' ? 1 : 0, element);
    return this.arrays.length / 4;
  }
}

// One Packer kept alive, so that packTree's optimized code survives a full GC (src/runtime/shapes.ts):
// without it motion.bin's tree packed in 13 ms after a GC instead of 6.
keepShape(new Packer());

export function packTree(root: FieldNode): PackedTree {
  const packer = new Packer();
  const maxima = new Float64Array(COLUMNS);
  let numbers = new Float64Array(16);
  let numbered = 0;
  let count = 0;
  // Pre-order, by an explicit stack (a hostile depth cannot overflow the call stack).
  const stack: FieldNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    const children = node.children;
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    if ((count + 1) * COLUMNS > scratch.length) {
      const grown = new Float64Array(scratch.length * 2);
      grown.set(scratch);
      scratch = grown;
    }
    const at = count * COLUMNS;
    // Each value + 1, so that absent (-1) is 0; doubles: a hostile declared offset may pass 2^32.
    scratch[at + NAME] = packer.id(node.name);
    scratch[at + OFFSET] = node.offset + 1;
    scratch[at + SIZE] = node.size + 1;
    scratch[at + TYPE] = packer.id(node.type);
    scratch[at + DISPLAY] = packer.id(node.display);
    scratch[at + ROLE] = packer.id(node.role);
    scratch[at + FLAGS] = ((node.missing ? MISSING : 0) | (typeof node.value === 'number' ? HAS_NUMBER : 0)) + 1;
    scratch[at + CHILDREN] = children ? children.length + 1 : 0;
    scratch[at + STRING_VALUE] = typeof node.value === 'string' ? packer.id(node.value) : 0;
    scratch[at + ARRAY] = node.array ? packer.array(node.array) : 0;
    for (let k = 0; k < COLUMNS; k++) if (scratch[at + k] > maxima[k]) maxima[k] = scratch[at + k];
    if (typeof node.value === 'number') {
      if (numbered === numbers.length) {
        const grown = new Float64Array(numbers.length * 2);
        grown.set(numbers);
        numbers = grown;
      }
      numbers[numbered++] = node.value;
    }
    count++;
  }
  const columns: PackedColumn[] = [];
  for (let k = 0; k < COLUMNS; k++) columns.push(narrow(scratch, k, count, maxima[k]));
  if (scratch.length > SCRATCH_KEPT) scratch = new Float64Array(64 * COLUMNS);
  return { strings: packer.strings, count, columns, numbers: numbers.slice(0, numbered), arrays: Int32Array.from(packer.arrays), elements: packer.elements };
}

const ROLES: readonly string[] = ['header', 'table', 'bank', 'names', 'data', 'padding', 'unknown'];

/**
 * The field tree again, paths included; undefined when the arrays do not describe one tree
 * (the webview does not trust what arrives). Iterative: a hostile depth cannot overflow the stack.
 */
export function unpackTree(packed: PackedTree): FieldNode | undefined {
  const { strings, count, columns, numbers, arrays, elements } = packed;
  if (!Number.isInteger(count) || count < 1 || columns.length !== COLUMNS || columns.some((c) => c.length !== count)) return undefined;
  if (columns.some((c) => c instanceof Float64Array && !c.every((v) => Number.isSafeInteger(v) && v >= 0))) return undefined;
  const [names, offsets, sizes, types, displays, roles, flagsColumn, childCounts, stringValues, arrayIds] = columns;
  const str = (n: number): string | undefined => (n >= 1 && n <= strings.length ? strings[n - 1] : undefined);
  const nodes: FieldNode[] = new Array(count);
  let nextNumber = 0;
  for (let i = 0; i < count; i++) {
    const name = str(names[i]);
    const type = str(types[i]);
    if (name === undefined || type === undefined || offsets[i] < 1 || sizes[i] < 1) return undefined;
    const node = fieldNode(name, offsets[i] - 1, sizes[i] - 1, type);
    const flags = flagsColumn[i] - 1;
    if (flags & HAS_NUMBER) {
      if (nextNumber >= numbers.length) return undefined;
      node.value = numbers[nextNumber++];
    }
    const text = str(stringValues[i]);
    if (text !== undefined) node.value = text;
    const display = str(displays[i]);
    if (display !== undefined) node.display = display;
    const role = str(roles[i]);
    if (role !== undefined && ROLES.includes(role)) node.role = role as FieldRole;
    if (flags & MISSING) node.missing = true;
    const array = arrayIds[i] - 1;
    if (array >= 0) {
      const a = array * 4;
      const element = elements[arrays[a + 3]];
      if (a + 3 >= arrays.length || !element || arrays[a] < 0 || arrays[a + 1] < 0) return undefined;
      node.array = { count: arrays[a], stride: arrays[a + 1], element, endian: arrays[a + 2] === 1 ? 'little' : 'big' };
    }
    nodes[i] = node;
  }
  if (nextNumber !== numbers.length) return undefined;
  // pre-order: each node's children follow it; a stack of (node, children still expected)
  const open: { node: FieldNode; left: number }[] = [];
  for (let i = 0; i < count; i++) {
    const node = nodes[i];
    if (i > 0) {
      const parent = open[open.length - 1];
      if (!parent) return undefined; // a second root
      parent.node.children!.push(node);
      if (--parent.left === 0) open.pop();
    }
    const children = childCounts[i] - 1;
    if (children >= 0) {
      node.children = [];
      if (children > count - 1 - i) return undefined;
      if (children > 0) open.push({ node, left: children });
    }
  }
  if (open.length) return undefined;
  return assignPaths(nodes[0]);
}

export function isPackedTree(x: unknown): x is PackedTree {
  if (typeof x !== 'object' || x === null) return false;
  const t = x as Record<string, unknown>;
  return Array.isArray(t.strings) && t.strings.every((s) => typeof s === 'string') && typeof t.count === 'number' &&
    Array.isArray(t.columns) && t.columns.every((c) => c instanceof Uint8Array || c instanceof Uint16Array || c instanceof Uint32Array || c instanceof Float64Array) &&
    t.numbers instanceof Float64Array && t.arrays instanceof Int32Array &&
    Array.isArray(t.elements) && t.elements.every((e) => typeof e === 'object' && e !== null);
}
