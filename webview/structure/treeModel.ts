/**
 * The flattened, expandable view of a field tree: which rows are visible given the expanded
 * paths and an optional filter. Array elements are rows that are materialised only when
 * rendered (arrayElement), through a small bounded cache.
 */
import { arrayElement, FieldNode, fieldNode, pathChain } from '../../src/formats/binary/fields';

export interface FlatRow {
  /** The node, for explicit nodes (and for materialised elements of expanded arrays). */
  node: FieldNode | undefined;
  /** For array element rows whose node is materialised on demand: the array node. */
  array: FieldNode | undefined;
  index: number;
  depth: number;
}

interface ArrayRun {
  /** Row of element 0. */
  first: number;
  /** Expanded elements (sorted) with the number of descendant rows each adds. */
  expanded: { index: number; rows: number }[];
}

const ELEMENT_CACHE_LIMIT = 4096;

/** Boundaries where a path can be cut to get an ancestor's path. */
function parentPathOf(path: string): string | undefined {
  for (let i = path.length - 1; i > 0; i--) {
    const c = path.charCodeAt(i);
    if (c === 0x2f /* / */ || c === 0x2e /* . */ || c === 0x5b /* [ */) return path.slice(0, i);
  }
  return path === '' ? undefined : '';
}

/** Materialised array elements carry the array's role; their fields inherit it too. */
export function inheritRole(node: FieldNode, role = node.role): FieldNode {
  if (!node.role && role) node.role = role;
  if (node.children) for (const c of node.children) inheritRole(c, node.role);
  return node;
}

export function hasChildren(node: FieldNode): boolean {
  return (node.children !== undefined && node.children.length > 0) || (node.array !== undefined && node.array.count > 0);
}

export class TreeModel {
  root: FieldNode = fieldNode('', 0, 0, 'file');
  bytes: Uint8Array = new Uint8Array(0);
  readonly expanded = new Set<string>();
  rows: FlatRow[] = [];
  private pathIndex = new Map<string, number>();
  private arrayRuns = new Map<string, ArrayRun>();
  private elementCache = new Map<string, FieldNode>();
  private filterText = '';
  private matches: Set<FieldNode> | undefined;
  private matchAncestors: Set<FieldNode> | undefined;
  private searchIndex: { node: FieldNode; text: string; parent: FieldNode | undefined }[] | undefined;
  private parents: Map<FieldNode, FieldNode> | undefined;
  /** Number of explicit nodes that match the filter. */
  matchCount = 0;

  setData(root: FieldNode, bytes: Uint8Array): void {
    this.root = root;
    this.bytes = bytes;
    this.elementCache.clear();
    this.searchIndex = undefined;
    this.parents = undefined;
    this.matches = undefined;
    this.matchAncestors = undefined;
    if (this.filterText) this.computeMatches();
    this.flatten();
  }

  get filter(): string {
    return this.filterText;
  }

  /** The node behind a row (materialising array elements). */
  nodeAt(index: number): FieldNode | undefined {
    const row = this.rows[index];
    if (!row) return undefined;
    if (row.node) return row.node;
    return row.array ? this.element(row.array, row.index) : undefined;
  }

  pathAt(index: number): string | undefined {
    const row = this.rows[index];
    if (!row) return undefined;
    if (row.node) return row.node.path;
    return row.array ? `${row.array.path}[${row.index}]` : undefined;
  }

  /** Element `index` of an array node, cached (bounded). */
  element(array: FieldNode, index: number): FieldNode | undefined {
    const key = `${array.path}[${index}]`;
    let node = this.elementCache.get(key);
    if (node) return node;
    node = arrayElement(array, index, this.bytes);
    if (!node) return undefined;
    inheritRole(node, array.role);
    if (this.elementCache.size >= ELEMENT_CACHE_LIMIT) {
      const oldest = this.elementCache.keys().next().value;
      if (oldest !== undefined) this.elementCache.delete(oldest);
    }
    this.elementCache.set(key, node);
    return node;
  }

  isExpandable(index: number): boolean {
    const row = this.rows[index];
    if (!row) return false;
    if (row.node) return hasChildren(row.node);
    return row.array?.array?.element.fields !== undefined;
  }

  isExpanded(index: number): boolean {
    const path = this.pathAt(index);
    return path !== undefined && this.isExpandable(index) && (this.expanded.has(path) || this.forcedOpen(index));
  }

  /** Ancestors of filter matches are shown open whatever the expanded set says. */
  private forcedOpen(index: number): boolean {
    const node = this.rows[index]?.node;
    return !!node && !!this.matchAncestors?.has(node);
  }

  setExpanded(path: string, open: boolean): void {
    if (open) this.expanded.add(path);
    else this.expanded.delete(path);
    this.flatten();
  }

  setFilter(text: string): void {
    const t = text.trim().toLowerCase();
    if (t === this.filterText) return;
    this.filterText = t;
    this.computeMatches();
    this.flatten();
  }

  isMatch(index: number): boolean {
    const node = this.rows[index]?.node;
    return !!node && !!this.matches?.has(node);
  }

  private buildSearchIndex(): void {
    const list: { node: FieldNode; text: string; parent: FieldNode | undefined }[] = [];
    const parents = new Map<FieldNode, FieldNode>();
    const visit = (node: FieldNode, parent: FieldNode | undefined): void => {
      if (parent) {
        parents.set(node, parent);
        let text = node.name;
        if (typeof node.value === 'string') text += '\n' + node.value;
        if (node.display !== undefined) text += '\n' + node.display;
        list.push({ node, text: text.toLowerCase(), parent });
      }
      if (node.children) for (const c of node.children) visit(c, node);
    };
    visit(this.root, undefined);
    this.searchIndex = list;
    this.parents = parents;
  }

  private computeMatches(): void {
    if (!this.filterText) {
      this.matches = undefined;
      this.matchAncestors = undefined;
      this.matchCount = 0;
      return;
    }
    if (!this.searchIndex) this.buildSearchIndex();
    const q = this.filterText;
    // A query with a path separator also matches against paths (`jointTable[3]/rot`).
    const byPath = /[/.[\]]/.test(q);
    const matches = new Set<FieldNode>();
    const ancestors = new Set<FieldNode>();
    for (const entry of this.searchIndex!) {
      if (entry.text.includes(q) || (byPath && entry.node.path.toLowerCase().includes(q))) {
        matches.add(entry.node);
        let p = entry.parent;
        while (p && p !== this.root && !ancestors.has(p)) {
          ancestors.add(p);
          p = this.parents!.get(p);
        }
      }
    }
    this.matches = matches;
    this.matchAncestors = ancestors;
    this.matchCount = matches.size;
  }

  /** Rebuilds the visible rows. */
  flatten(): void {
    const rows: FlatRow[] = [];
    const pathIndex = new Map<string, number>();
    const arrayRuns = new Map<string, ArrayRun>();
    const expanded = this.expanded;
    const filtering = this.matches !== undefined;
    const matches = this.matches;
    const ancestors = this.matchAncestors;

    const expandedIndices = (arrayPath: string, count: number): number[] => {
      const out: number[] = [];
      const prefix = arrayPath + '[';
      for (const p of expanded) {
        if (p.length > prefix.length && p.startsWith(prefix) && p.endsWith(']')) {
          const s = p.slice(prefix.length, -1);
          if (/^\d+$/.test(s)) {
            const i = Number(s);
            if (i < count) out.push(i);
          }
        }
      }
      return out.sort((a, b) => a - b);
    };

    const addChildren = (node: FieldNode, depth: number, filtered: boolean): void => {
      if (node.children) {
        for (const child of node.children) {
          if (filtered && !matches!.has(child) && !ancestors!.has(child)) continue;
          pathIndex.set(child.path, rows.length);
          rows.push({ node: child, array: undefined, index: -1, depth });
          if (!hasChildren(child)) continue;
          if (filtered && ancestors!.has(child)) addChildren(child, depth + 1, true);
          else if (expanded.has(child.path)) addChildren(child, depth + 1, false);
        }
      }
      if (node.array && node.array.count > 0 && !filtered) {
        const layout = node.array;
        const run: ArrayRun = { first: rows.length, expanded: [] };
        arrayRuns.set(node.path, run);
        const open = layout.element.fields ? expandedIndices(node.path, layout.count) : [];
        let next = 0;
        for (const i of open) {
          for (; next < i; next++) rows.push({ node: undefined, array: node, index: next, depth });
          const element = this.element(node, i);
          next = i + 1;
          if (!element) continue;
          pathIndex.set(element.path, rows.length);
          rows.push({ node: element, array: node, index: i, depth });
          const before = rows.length;
          addChildren(element, depth + 1, false);
          run.expanded.push({ index: i, rows: rows.length - before });
        }
        for (; next < layout.count; next++) rows.push({ node: undefined, array: node, index: next, depth });
      }
    };
    addChildren(this.root, 0, filtering);
    this.rows = rows;
    this.pathIndex = pathIndex;
    this.arrayRuns = arrayRuns;
  }

  /** Row index of a path, if the row is currently visible. */
  rowOf(path: string): number | undefined {
    const direct = this.pathIndex.get(path);
    if (direct !== undefined) return direct;
    const m = /\[(\d+)\]$/.exec(path);
    if (!m) return undefined;
    const run = this.arrayRuns.get(path.slice(0, m.index));
    if (!run) return undefined;
    const i = Number(m[1]);
    let row = run.first + i;
    for (const e of run.expanded) {
      if (e.index >= i) break;
      row += e.rows;
    }
    const r = this.rows[row];
    return r && r.array && r.index === i ? row : undefined;
  }

  /** The deepest visible row on the way to `path` (the row itself when visible). */
  nearestVisibleRow(path: string): number | undefined {
    let p: string | undefined = path;
    while (p !== undefined && p !== '') {
      const row = this.rowOf(p);
      if (row !== undefined) return row;
      p = parentPathOf(p);
    }
    return undefined;
  }

  /** The chain of nodes from the root's child down to `path` (materialising elements). */
  chain(path: string): FieldNode[] {
    return pathChain(this.root, path, this.bytes, (array, index) => this.element(array, index)).slice(1);
  }

  /** Expands every ancestor of `path` (clearing a filter that hides it); its row index. */
  revealPath(path: string): number | undefined {
    const chain = this.chain(path);
    if (chain.length === 0) return undefined;
    for (const n of chain.slice(0, -1)) this.expanded.add(n.path);
    this.flatten();
    let row = this.rowOf(path);
    if (row === undefined && this.filterText) {
      // Hidden by the filter: the filter gives way to an explicit reveal.
      this.filterText = '';
      this.computeMatches();
      this.flatten();
      row = this.rowOf(path);
    }
    return row;
  }

  /** Index of the parent row of `index` (by depth), if any. */
  parentRow(index: number): number | undefined {
    const depth = this.rows[index]?.depth;
    if (depth === undefined || depth === 0) return undefined;
    for (let i = index - 1; i >= 0; i--) if (this.rows[i].depth < depth) return i;
    return undefined;
  }
}
