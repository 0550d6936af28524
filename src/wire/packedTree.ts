/**
 * The host's field tree as it crosses to the webview: typed arrays and one table of distinct
 * strings instead of a JSON object per node. motion.bin's 17,818 nodes were 3 MB of JSON; packed
 * they are ~0.9 MB of arrays (which postMessage moves as buffers) and ~60 KB of strings. Paths are
 * not sent: the webview derives them with assignPaths, the rule decode() used.
 *
 * Per node, in pre-order, NODE_INTS ints: name, offset, size, type, display, role, flags, child
 * count (-1: no `children`), string value, array layout (-1: absent); strings are indices into
 * `strings`. `numbers` holds each node's numeric value (flag HAS_NUMBER).
 */
import { ArrayLayout, assignPaths, ElementLayout, FieldNode, FieldRole } from '../formats/binary/fields';

export interface PackedTree {
  strings: string[];
  ints: Int32Array;
  numbers: Float64Array;
  /** Per array layout: count, stride, endian (0 big, 1 little), element (index into `elements`). */
  arrays: Int32Array;
  /** Distinct element layouts (most arrays of a file share a few). */
  elements: ElementLayout[];
}

const NODE_INTS = 10;
const NAME = 0, OFFSET = 1, SIZE = 2, TYPE = 3, DISPLAY = 4, ROLE = 5, FLAGS = 6, CHILDREN = 7, STRING_VALUE = 8, ARRAY = 9;
const MISSING = 1, HAS_NUMBER = 2;

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
  const ints = new Int32Array(nodes.length * NODE_INTS);
  const numbers = new Float64Array(nodes.length);
  const arrays: number[] = [];
  const elements: ElementLayout[] = [];
  const elementIds = new Map<string, number>();
  const byObject = new Map<ElementLayout, number>();
  const packArray = (a: ArrayLayout): number => {
    let element = byObject.get(a.element);
    if (element === undefined) {
      const key = JSON.stringify(a.element);
      element = elementIds.get(key);
      if (element === undefined) elementIds.set(key, (element = elements.push(a.element) - 1));
      byObject.set(a.element, element);
    }
    arrays.push(a.count, a.stride, a.endian === 'little' ? 1 : 0, element);
    return arrays.length / 4 - 1;
  };
  nodes.forEach((node, i) => {
    const at = i * NODE_INTS;
    ints[at + NAME] = id(node.name);
    ints[at + OFFSET] = node.offset;
    ints[at + SIZE] = node.size;
    ints[at + TYPE] = id(node.type);
    ints[at + DISPLAY] = id(node.display);
    ints[at + ROLE] = id(node.role);
    ints[at + FLAGS] = (node.missing ? MISSING : 0) | (typeof node.value === 'number' ? HAS_NUMBER : 0);
    ints[at + CHILDREN] = node.children ? node.children.length : -1;
    ints[at + STRING_VALUE] = typeof node.value === 'string' ? id(node.value) : -1;
    ints[at + ARRAY] = node.array ? packArray(node.array) : -1;
    if (typeof node.value === 'number') numbers[i] = node.value;
  });
  return { strings, ints, numbers, arrays: Int32Array.from(arrays), elements };
}

const ROLES: readonly string[] = ['header', 'table', 'bank', 'names', 'data', 'padding', 'unknown'];

/**
 * The field tree again, paths included; undefined when the arrays do not describe one tree
 * (the webview does not trust what arrives). Iterative: a hostile depth cannot overflow the stack.
 */
export function unpackTree(packed: PackedTree): FieldNode | undefined {
  const { strings, ints, numbers, arrays, elements } = packed;
  const count = ints.length / NODE_INTS;
  if (!Number.isInteger(count) || count < 1 || numbers.length !== count) return undefined;
  const str = (n: number): string | undefined => (n >= 0 && n < strings.length ? strings[n] : undefined);
  const nodes: FieldNode[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const at = i * NODE_INTS;
    const name = str(ints[at + NAME]);
    const type = str(ints[at + TYPE]);
    if (name === undefined || type === undefined || ints[at + OFFSET] < 0 || ints[at + SIZE] < 0) return undefined;
    const node: FieldNode = { name, path: '', offset: ints[at + OFFSET], size: ints[at + SIZE], type };
    const flags = ints[at + FLAGS];
    if (flags & HAS_NUMBER) node.value = numbers[i];
    const text = str(ints[at + STRING_VALUE]);
    if (text !== undefined) node.value = text;
    const display = str(ints[at + DISPLAY]);
    if (display !== undefined) node.display = display;
    const role = str(ints[at + ROLE]);
    if (role !== undefined && ROLES.includes(role)) node.role = role as FieldRole;
    if (flags & MISSING) node.missing = true;
    const array = ints[at + ARRAY];
    if (array >= 0) {
      const a = array * 4;
      const element = elements[arrays[a + 3]];
      if (a + 3 >= arrays.length || !element || arrays[a] < 0 || arrays[a + 1] < 0) return undefined;
      node.array = { count: arrays[a], stride: arrays[a + 1], element, endian: arrays[a + 2] === 1 ? 'little' : 'big' };
    }
    nodes[i] = node;
  }
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
    const children = ints[i * NODE_INTS + CHILDREN];
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
  return Array.isArray(t.strings) && t.strings.every((s) => typeof s === 'string') &&
    t.ints instanceof Int32Array && t.numbers instanceof Float64Array && t.arrays instanceof Int32Array &&
    Array.isArray(t.elements) && t.elements.every((e) => typeof e === 'object' && e !== null);
}
