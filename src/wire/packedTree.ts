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
import { ArrayLayout, assignPaths, ElementLayout, FieldNode, FieldRole } from '../formats/binary/fields';

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
 * Column `k` of the node-major `values` (COLUMNS a node), each value + 1, in the narrowest array
 * that holds them: 8, 16 or 32 bits unsigned, or 64-bit floats for an offset past 4 GiB (a hostile
 * file's declared offset: its node is shown missing).
 */
function narrow(values: Float64Array, k: number, count: number): PackedColumn {
  let max = 0;
  for (let i = 0, p = k; i < count; i++, p += COLUMNS) if (values[p] + 1 > max) max = values[p] + 1;
  const column = max < 0x100 ? new Uint8Array(count) : max < 0x10000 ? new Uint16Array(count)
    : max <= 0xFFFFFFFF ? new Uint32Array(count) : new Float64Array(count);
  for (let i = 0, p = k; i < count; i++, p += COLUMNS) column[i] = Math.max(0, values[p] + 1);
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

export function packTree(root: FieldNode): PackedTree {
  const strings: string[] = [];
  const ids = new Map<string, number>();
  const id = (s: string | undefined): number => {
    if (s === undefined) return -1;
    let n = ids.get(s);
    if (n === undefined) ids.set(s, (n = strings.push(s) - 1));
    return n;
  };
  const nodes: FieldNode[] = [];
  const stack: FieldNode[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    nodes.push(node);
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  const count = nodes.length;
  // Node-major, COLUMNS a node (doubles: a hostile declared offset may pass 2^32).
  const values = new Float64Array(count * COLUMNS);
  const numbers = new Float64Array(count);
  let numbered = 0;
  const arrays: number[] = [];
  const elements: ElementLayout[] = [];
  const elementIds = new Map<string, number>();
  const byObject = new Map<ElementLayout, number>();
  const packArray = (a: ArrayLayout): number => {
    let element = byObject.get(a.element);
    if (element === undefined) {
      const key = layoutKey(a.element);
      element = elementIds.get(key);
      if (element === undefined) elementIds.set(key, (element = elements.push(a.element) - 1));
      byObject.set(a.element, element);
    }
    arrays.push(a.count, a.stride, a.endian === 'little' ? 1 : 0, element);
    return arrays.length / 4 - 1;
  };
  nodes.forEach((node, i) => {
    const at = i * COLUMNS;
    values[at + NAME] = id(node.name);
    values[at + OFFSET] = node.offset;
    values[at + SIZE] = node.size;
    values[at + TYPE] = id(node.type);
    values[at + DISPLAY] = id(node.display);
    values[at + ROLE] = id(node.role);
    values[at + FLAGS] = (node.missing ? MISSING : 0) | (typeof node.value === 'number' ? HAS_NUMBER : 0);
    values[at + CHILDREN] = node.children ? node.children.length : -1;
    values[at + STRING_VALUE] = typeof node.value === 'string' ? id(node.value) : -1;
    values[at + ARRAY] = node.array ? packArray(node.array) : -1;
    if (typeof node.value === 'number') numbers[numbered++] = node.value;
  });
  const columns: PackedColumn[] = [];
  for (let k = 0; k < COLUMNS; k++) columns.push(narrow(values, k, count));
  return { strings, count, columns, numbers: numbers.slice(0, numbered), arrays: Int32Array.from(arrays), elements };
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
    const node: FieldNode = { name, path: '', offset: offsets[i] - 1, size: sizes[i] - 1, type };
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
