/**
 * INF1 — model information and the scene-graph hierarchy (docs/formats.md "INF1").
 *
 * Field tree: `INF1` → id, size, loadFlags, padding, matrixGroupCount, vertexCount,
 * hierarchyOffset, then `hierarchy` (4-byte HierarchyNode records {type, index}, up to and
 * including the End node; explicit `[i]` children with a reading such as `Joint 2 (CoreLight)`).
 *
 * The hierarchy is interpreted the way the game's loader does: a joint becomes a child of the
 * joint that was current when the enclosing Open node was read; material and shape nodes do
 * not change the current joint.
 */
import { DiagnosticSink, hex } from '../binary/diagnostics';
import { FieldNode, expandArray } from '../binary/fields';
import { recordElement } from '../binary/builder';
import { ChunkContext, LimitedSink } from '../jsystem/container';
import { readU16 } from '../jsystem/banks';
import { HierarchyNode, HierarchyNodeKind, HierarchyNodeType, ModelJoint, ScalingRule } from './types';

export const INF1_HEADER_SIZE = 0x18;
export const HIERARCHY_NODE = recordElement('HierarchyNode', [['type', 'u16'], ['index', 'u16']]);
/** Arrays up to this many elements get explicit element nodes (with a reading); larger stay lazy. */
export const EXPLICIT_LIMIT = 2048;

const SCALING_RULES: Record<number, string> = {
  [ScalingRule.Basic]: 'Basic',
  [ScalingRule.Softimage]: 'Softimage',
  [ScalingRule.Maya]: 'Maya',
};

const KINDS: Record<number, HierarchyNodeKind> = {
  [HierarchyNodeType.End]: 'end',
  [HierarchyNodeType.Open]: 'open',
  [HierarchyNodeType.Close]: 'close',
  [HierarchyNodeType.Joint]: 'joint',
  [HierarchyNodeType.Material]: 'material',
  [HierarchyNodeType.Shape]: 'shape',
};

export interface Inf1Chunk {
  /** Absolute offset of the chunk. */
  offset: number;
  loadFlags: number;
  packetCount: number;
  vertexCount: number;
  nodes: HierarchyNode[];
  /** The explicit hierarchy element nodes (for readings filled in once names are known). */
  elementNodes: FieldNode[];
}

/** Replaces a small array node's lazy layout by explicit element nodes. */
export function makeExplicit(node: FieldNode, bytes: Uint8Array, limit = EXPLICIT_LIMIT): FieldNode[] {
  const count = node.array?.count ?? 0;
  if (count === 0 || count > limit) return [];
  const children = expandArray(node, bytes);
  node.children = children;
  delete node.array;
  return children;
}

export function decodeInf1(ctx: ChunkContext): Inf1Chunk {
  const { bytes, diagnostics, chunk } = ctx;
  const s = ctx.start;
  const loadFlags = ctx.b.u16('loadFlags', s + 0x08, (v) => {
    const rule = v & 0x0F;
    const rest = v & ~0x0F;
    return `${SCALING_RULES[rule] ?? 'unknown'} scaling (${rule})${rest ? `, other bits ${hex(rest)}` : ''}`;
  });
  ctx.b.u16('padding', s + 0x0A, (v) => hex(v));
  const packetCount = ctx.b.u32('matrixGroupCount', s + 0x0C);
  const vertexCount = ctx.b.u32('vertexCount', s + 0x10);
  const rel = ctx.offsetField('hierarchyOffset', 0x14);
  const out: Inf1Chunk = { offset: s, loadFlags, packetCount, vertexCount, nodes: [], elementNodes: [] };
  if (s + INF1_HEADER_SIZE > bytes.length) return out;

  const rule = loadFlags & 0x0F;
  if (!(rule in SCALING_RULES)) {
    diagnostics.warning('MDL_SCALING_RULE', s + 0x08, 2,
      `INF1: scaling rule ${rule} (load flags ${hex(loadFlags)} at ${hex(s + 0x08)}) is not 0 (Basic), 1 (Softimage) or 2 (Maya); joints are composed as Basic.`);
  }

  const declaredEnd = s + chunk.declaredSize;
  const start = s + rel;
  if (rel < INF1_HEADER_SIZE || start + 4 > declaredEnd) {
    diagnostics.error('J3D_TABLE_RANGE', s + 0x14, 4,
      `INF1: hierarchy offset ${hex(rel)} at ${hex(s + 0x14)} does not point inside the chunk after its header (0x18 … ${hex(chunk.declaredSize)}); the model has no hierarchy.`);
    return out;
  }
  const limit = Math.min(declaredEnd, bytes.length);
  let depth = 0;
  let ended = false;
  let p = start;
  for (; p + 4 <= limit; p += 4) {
    const type = readU16(bytes, p);
    const index = readU16(bytes, p + 2);
    const kind = KINDS[type] ?? 'unknown';
    out.nodes.push({ kind, type, index, offset: p, depth });
    if (kind === 'open') depth++;
    else if (kind === 'close') depth--;
    else if (kind === 'end') { ended = true; break; }
  }
  if (!ended) {
    if (limit < declaredEnd) {
      diagnostics.error('TRUNCATED', p, declaredEnd - p,
        `INF1: the hierarchy at ${hex(start)} runs past the end of the data (${hex(bytes.length)} bytes) before its End node.`);
    } else {
      diagnostics.error('MDL_HIERARCHY_END', start, limit - start,
        `INF1: the hierarchy at ${hex(start)} has no End node (0x0000) before the end of the chunk at ${hex(declaredEnd)}; ${out.nodes.length} node(s) read.`);
    }
  }
  const table = ctx.table('hierarchy', rel, out.nodes.length, HIERARCHY_NODE, 'table');
  out.elementNodes = makeExplicit(table.node, bytes);
  return out;
}

function kindLabel(kind: HierarchyNodeKind): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}

/**
 * Interprets the node list: parents, children, attached materials, roots. Writes into `joints`
 * (created from JNT1) and returns the top-level joints. `materialCount`/`shapeCount` are -1
 * when unknown (no MAT3/SHP1): their indices are then not checked.
 */
export function buildHierarchy(
  nodes: HierarchyNode[],
  joints: ModelJoint[],
  materialCount: number,
  shapeCount: number,
  diagnostics: DiagnosticSink,
  materialNames: string[] = [],
  elementNodes: FieldNode[] = [],
): number[] {
  const limited = new LimitedSink(diagnostics, 'INF1');
  const roots: number[] = [];
  const stack: { levelParent: number; current: number }[] = [];
  let levelParent = -1;
  let current = -1;
  let stopped = false;
  for (let n = 0; n < nodes.length && !stopped; n++) {
    const node = nodes[n];
    const at = node.offset;
    const element = elementNodes[n];
    switch (node.kind) {
      case 'end':
        if (stack.length > 0) {
          diagnostics.error('MDL_HIERARCHY_UNBALANCED', at, 4,
            `INF1: End node at ${hex(at)} with ${stack.length} open node(s) not closed.`);
        }
        stopped = true;
        break;
      case 'open':
        stack.push({ levelParent, current });
        levelParent = current;
        break;
      case 'close': {
        const top = stack.pop();
        if (!top) {
          diagnostics.error('MDL_HIERARCHY_UNBALANCED', at, 4,
            `INF1: close node at ${hex(at)} without a matching open node; the game stops reading the hierarchy here.`);
          stopped = true;
          break;
        }
        levelParent = top.levelParent;
        current = top.current;
        break;
      }
      case 'joint': {
        const j = node.index;
        const joint = joints[j];
        if (element) element.display = `Joint ${j}${joint ? ` (${joint.name})` : ''}`;
        if (!joint) {
          limited.add('error', 'MDL_JOINT_INDEX', at + 2, 2,
            () => `INF1: joint node at ${hex(at)} refers to joint ${j}, but JNT1 has ${joints.length} joint(s); the node is ignored.`);
          break;
        }
        if (joint.inHierarchy) {
          limited.add('error', 'MDL_JOINT_REPEATED', at + 2, 2,
            () => `INF1: joint ${j} (${joint.name}) occurs again at ${hex(at)}; it already has ${joint.parent < 0 ? 'the top level' : `parent ${joint.parent}`} as its place. This occurrence is ignored.`);
          break;
        }
        joint.inHierarchy = true;
        joint.parent = levelParent;
        if (levelParent < 0) roots.push(j);
        else joints[levelParent].children.push(j);
        current = j;
        break;
      }
      case 'material': {
        const m = node.index;
        if (element) element.display = `Material ${m}${materialNames[m] !== undefined ? ` (${materialNames[m]})` : ''}`;
        if (materialCount >= 0 && m >= materialCount) {
          limited.add('warning', 'MDL_MATERIAL_INDEX', at + 2, 2,
            () => `INF1: material node at ${hex(at)} refers to material ${m}, but MAT3 has ${materialCount} material(s).`);
        }
        if (levelParent < 0) {
          limited.add('warning', 'MDL_MESH_WITHOUT_JOINT', at, 4,
            () => `INF1: material node at ${hex(at)} comes before any joint; no joint owns it.`);
        } else if (!joints[levelParent].materials.includes(m)) {
          joints[levelParent].materials.push(m);
        }
        break;
      }
      case 'shape': {
        const sh = node.index;
        if (element) element.display = `Shape ${sh}`;
        if (shapeCount >= 0 && sh >= shapeCount) {
          limited.add('warning', 'MDL_SHAPE_INDEX', at + 2, 2,
            () => `INF1: shape node at ${hex(at)} refers to shape ${sh}, but SHP1 has ${shapeCount} shape(s).`);
        }
        if (levelParent < 0) {
          limited.add('warning', 'MDL_MESH_WITHOUT_JOINT', at, 4,
            () => `INF1: shape node at ${hex(at)} comes before any joint; no joint owns it.`);
        }
        break;
      }
      default:
        if (element) element.display = `unknown type ${hex(node.type, 4)}`;
        limited.add('warning', 'MDL_HIERARCHY_NODE', at, 2,
          () => `INF1: hierarchy node at ${hex(at)} has unknown type ${hex(node.type, 4)}; it is skipped.`);
    }
    if (element && element.display === undefined) element.display = kindLabel(node.kind);
  }
  // Readings for the nodes after the interpretation stopped.
  for (let n = 0; n < elementNodes.length; n++) {
    const e = elementNodes[n];
    if (e.display === undefined && nodes[n]) e.display = kindLabel(nodes[n].kind);
  }
  if (roots.length > 1) {
    const first = nodes.find((x) => x.kind === 'joint' && x.index === roots[1]);
    diagnostics.warning('MDL_JOINT_ROOTS', first?.offset ?? 0, 4,
      `INF1: ${roots.length} joints are at the top level (${roots.join(', ')}); the game keeps only the last one as the model's root.`);
  }
  for (const joint of joints) {
    if (!joint.inHierarchy) {
      limited.add('warning', 'MDL_JOINT_ORPHAN', joint.offset >= 0 ? joint.offset : 0, 0,
        () => `JNT1: joint ${joint.index} (${joint.name}) is not in the INF1 hierarchy; it has no parent and is posed from the origin.`);
    }
  }
  limited.flush();
  return roots;
}
