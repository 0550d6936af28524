/**
 * The field tree: every decoded value with its span (offset, size, type, path).
 *
 * Small structures are explicit nodes. Big uniform arrays (key tables, banks) are one node
 * with an `array` layout; their elements are materialised on demand from base + i × stride,
 * so every element is resolvable to its span without allocating millions of nodes.
 *
 * Paths: children of a record (a node whose children are all scalars) join with '.',
 * other children with '/', array elements append `[i]`:
 *   `ANK1/jointTable[3]/rotationY.count`, `ANK1/rotationBank[17]`.
 *
 * The tree is plain JSON (no functions), so it crosses to the webview as is.
 */

export type Endian = 'big' | 'little';
export type ScalarType = 'u8' | 's8' | 'u16' | 's16' | 'u32' | 's32' | 'f32' | 'f16';

/** What a byte range is, for colouring the hex view and for coverage checks. */
export type FieldRole = 'header' | 'table' | 'bank' | 'names' | 'data' | 'padding' | 'unknown';

/**
 * One field. Every node has every property, undefined where it has none (fieldNode makes one), so
 * that the nodes of every tree share one hidden class: the code that walks trees of many kinds one
 * after the other (gap filling, packing, paths) stays monomorphic. With each node shaped by the
 * properties it set, the editor path over the real files (decode + load message) was ~15 % slower.
 */
export interface FieldNode {
  /** Path segment: `loopMode`, `jointTable`, `[3]`. */
  name: string;
  /**
   * The node's path once assignPaths has run (the webview's tree and the archive readers do);
   * decode() leaves it '', as a path follows from the names: pathChain and the JSON export derive
   * paths on their way down.
   */
  path: string;
  /** Absolute offset in the decoded (decompressed) bytes. */
  offset: number;
  size: number;
  /** A scalar type, `char[N]`, `cstring`, `bytes`, or a structure name such as `KeyTableEntry`. */
  type: string;
  value: number | string | undefined;
  /** Human reading of the value where it is not obvious (`Loop (2)`). */
  display: string | undefined;
  role: FieldRole | undefined;
  /** True when the field lies (partly) past the end of the bytes; value is then absent. */
  missing: boolean | undefined;
  children: FieldNode[] | undefined;
  array: ArrayLayout | undefined;
}

/** A node of its span, type, role and children: set the rest on it (its shape stays the same). */
export function fieldNode(name: string, offset: number, size: number, type: string, role?: FieldRole, children?: FieldNode[]): FieldNode {
  return { name, path: '', offset, size, type, value: undefined, display: undefined, role, missing: undefined, children, array: undefined };
}

/** Layout of one array element, offsets relative to the element start. */
export interface ElementLayout {
  name: string;
  offset: number;
  size: number;
  type: string;
  fields?: ElementLayout[];
}

export interface ArrayLayout {
  count: number;
  stride: number;
  element: ElementLayout;
  endian: Endian;
}

export const SCALAR_SIZE: Record<ScalarType, number> = {
  u8: 1, s8: 1, u16: 2, s16: 2, u32: 4, s32: 4, f32: 4, f16: 2,
};

export function isScalarType(type: string): type is ScalarType {
  return Object.prototype.hasOwnProperty.call(SCALAR_SIZE, type);
}

/** IEEE 754 binary16 → number, including subnormals, infinities and NaN. */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exponent = (h >> 10) & 0x1f;
  const fraction = h & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction ? NaN : sign * Infinity;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}

const scratch = new DataView(new ArrayBuffer(4));

/** Reads one scalar; undefined when it does not fit in the bytes. No allocation per read. */
export function readScalar(bytes: Uint8Array, offset: number, type: ScalarType, endian: Endian): number | undefined {
  const size = SCALAR_SIZE[type];
  if (!(offset >= 0) || offset + size > bytes.length) return undefined;
  if (size === 1) return type === 's8' ? (bytes[offset] << 24) >> 24 : bytes[offset];
  const le = endian === 'little';
  if (size === 2) {
    const u = le ? bytes[offset] | (bytes[offset + 1] << 8) : (bytes[offset] << 8) | bytes[offset + 1];
    if (type === 'u16') return u;
    if (type === 's16') return (u << 16) >> 16;
    return halfToFloat(u);
  }
  const u = le
    ? (bytes[offset] | (bytes[offset + 1] << 8) | (bytes[offset + 2] << 16) | (bytes[offset + 3] << 24)) >>> 0
    : ((bytes[offset] << 24) | (bytes[offset + 1] << 16) | (bytes[offset + 2] << 8) | bytes[offset + 3]) >>> 0;
  if (type === 'u32') return u;
  if (type === 's32') return u | 0;
  scratch.setUint32(0, u);
  return scratch.getFloat32(0);
}

/** Fixed-length text, cut at the first NUL; bytes above 0x7E shown as `\xNN`. */
export function readFixedString(bytes: Uint8Array, offset: number, length: number): string {
  let s = '';
  const end = Math.min(bytes.length, offset + length);
  for (let i = Math.max(0, offset); i < end; i++) {
    const b = bytes[i];
    if (b === 0) break;
    s += b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '\\x' + b.toString(16).padStart(2, '0');
  }
  return s;
}

/** Whether these are a record's children (all scalars): they join the path with '.'. */
export function isRecord(children: readonly { fields?: unknown; children?: unknown; array?: unknown; type: string }[]): boolean {
  return children.length > 0 && children.every((c) => !c.fields && !c.children && !c.array && isScalarType(c.type));
}

export function childPath(parentPath: string, childName: string, parentIsRecord: boolean): string {
  if (parentPath === '') return childName;
  if (childName.startsWith('[')) return parentPath + childName;
  return parentPath + (parentIsRecord ? '.' : '/') + childName;
}

/** Assigns `path` to every node below `node` (whose own path is already set). */
export function assignPaths(node: FieldNode): FieldNode {
  if (node.children) {
    const record = isRecord(node.children);
    for (const child of node.children) {
      child.path = childPath(node.path, child.name, record);
      assignPaths(child);
    }
  }
  return node;
}

/** A node of `layout` at `base`; `path` undefined: a tree without assigned paths, every path ''. */
function materialise(layout: ElementLayout, base: number, path: string | undefined, bytes: Uint8Array, endian: Endian): FieldNode {
  const offset = base + layout.offset;
  const node = fieldNode(layout.name, offset, layout.size, layout.type);
  if (path !== undefined) node.path = path;
  if (offset + layout.size > bytes.length) node.missing = true;
  if (layout.fields) {
    const record = isRecord(layout.fields);
    node.children = layout.fields.map((f) => materialise(f, offset, path === undefined ? undefined : childPath(path, f.name, record), bytes, endian));
  } else if (isScalarType(layout.type)) {
    const value = readScalar(bytes, offset, layout.type, endian);
    if (value !== undefined) node.value = value;
  }
  return node;
}

/**
 * Element `index` of an array node, with values read from `bytes`; its path follows the array's
 * (none when the tree has no assigned paths: an array node is never the root, whose path is '').
 */
export function arrayElement(arrayNode: FieldNode, index: number, bytes: Uint8Array): FieldNode | undefined {
  const layout = arrayNode.array;
  if (!layout || index < 0 || index >= layout.count || !Number.isInteger(index)) return undefined;
  const path = arrayNode.path === '' ? undefined : `${arrayNode.path}[${index}]`;
  const element = materialise(layout.element, arrayNode.offset + index * layout.stride, path, bytes, layout.endian);
  element.name = `[${index}]`;
  if (arrayNode.role) element.role = arrayNode.role;
  return element;
}

/**
 * Where the child segment `name` ends when `path` continues with it at `at` (joined to the parent's
 * path as childPath joins it, the parent's path being path[0, at)); -1 when it does not.
 */
function segmentEnd(path: string, at: number, name: string, parentIsRecord: boolean): number {
  let start = at;
  if (at > 0 && !name.startsWith('[')) {
    if (path.charAt(at) !== (parentIsRecord ? '.' : '/')) return -1;
    start++;
  }
  if (!path.startsWith(name, start)) return -1;
  const end = start + name.length;
  const next = path.charAt(end);
  return next === '' || next === '/' || next === '.' || next === '[' ? end : -1;
}

/**
 * The chain of nodes from the root down to `path` (empty when no such node), materialising array
 * elements with `element` (callers may pass a caching materialiser). Paths are matched from the
 * nodes' names, so the tree needs no assigned paths.
 */
export function pathChain(
  root: FieldNode, path: string, bytes: Uint8Array,
  element: (array: FieldNode, index: number) => FieldNode | undefined = (a, i) => arrayElement(a, i, bytes),
): FieldNode[] {
  const chain: FieldNode[] = [];
  let node: FieldNode | undefined = root;
  // path[0, at) is the path of `node`
  let at = 0;
  while (node) {
    chain.push(node);
    if (at === path.length) return chain;
    let next: FieldNode | undefined;
    let end = -1;
    if (node.children) {
      const record = isRecord(node.children);
      for (const child of node.children) {
        end = segmentEnd(path, at, child.name, record);
        if (end >= 0) { next = child; break; }
      }
    }
    if (!next && node.array) {
      const m = /^\[(\d+)\]/.exec(path.slice(at));
      if (m) { next = element(node, Number(m[1])); end = at + m[0].length; }
    }
    node = next;
    at = end;
  }
  return [];
}

/** The node at `path`, materialising array elements as needed. */
export function resolvePath(root: FieldNode, path: string, bytes: Uint8Array): FieldNode | undefined {
  const chain = pathChain(root, path, bytes);
  return chain[chain.length - 1];
}

function contains(node: FieldNode, offset: number): boolean {
  return offset >= node.offset && offset < node.offset + node.size;
}

/**
 * The chain of nodes from the root down to the deepest field that owns `offset`
 * (empty when no field does). Used for hex → field linking and hover.
 */
export function fieldsAt(root: FieldNode, offset: number, bytes: Uint8Array): FieldNode[] {
  const chain: FieldNode[] = [];
  let node: FieldNode | undefined = root;
  while (node) {
    chain.push(node);
    let next: FieldNode | undefined;
    if (node.children) {
      // Children may overlap (shared bank slices); the last one wins, like a later table entry.
      for (const child of node.children) if (contains(child, offset)) next = child;
    }
    if (!next && node.array && node.array.stride > 0) {
      const index = Math.floor((offset - node.offset) / node.array.stride);
      const element = arrayElement(node, index, bytes);
      if (element && contains(element, offset)) next = element;
    }
    node = next;
  }
  return chain[0] === root && !contains(root, offset) ? [] : chain;
}

/** Walks explicit nodes (not array elements), depth first. */
export function walkFields(node: FieldNode, visit: (node: FieldNode, depth: number) => void, depth = 0): void {
  visit(node, depth);
  for (const child of node.children ?? []) walkFields(child, visit, depth + 1);
}

/** Ranges of [start, end) not covered by any leaf or array node: should be empty for a well-described file. */
export function uncoveredRanges(root: FieldNode, length: number): [number, number][] {
  const covered: [number, number][] = [];
  walkFields(root, (n) => {
    if ((!n.children || n.children.length === 0) && n.size > 0) covered.push([n.offset, n.offset + n.size]);
  });
  covered.sort((a, b) => a[0] - b[0]);
  const gaps: [number, number][] = [];
  let pos = 0;
  for (const [start, end] of covered) {
    if (start > pos) gaps.push([pos, Math.min(start, length)]);
    pos = Math.max(pos, end);
    if (pos >= length) break;
  }
  if (pos < length) gaps.push([pos, length]);
  return gaps.filter(([a, b]) => b > a);
}

/** An array node's elements as explicit children (with paths when the array node has one). */
export function expandArray(node: FieldNode, bytes: Uint8Array): FieldNode[] {
  const out: FieldNode[] = [];
  const count = node.array?.count ?? 0;
  for (let i = 0; i < count; i++) {
    const e = arrayElement(node, i, bytes);
    if (e) out.push(e);
  }
  return out;
}
