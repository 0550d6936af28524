/**
 * What the model decoder extracts from a J3D model (BMD/BDL): only what binding animations
 * needs — the joint hierarchy (INF1), the joints (JNT1) and the material names (MAT3).
 * Plain data (no functions), so it crosses to the webview as is. See docs/formats.md.
 */
import type { FieldNode } from '../binary/fields';

/** INF1 hierarchy node types (u16 at +0 of each 4-byte node). */
export enum HierarchyNodeType {
  End = 0x00,
  Open = 0x01,
  Close = 0x02,
  Joint = 0x10,
  Material = 0x11,
  Shape = 0x12,
}

export type HierarchyNodeKind = 'end' | 'open' | 'close' | 'joint' | 'material' | 'shape' | 'unknown';

export interface HierarchyNode {
  kind: HierarchyNodeKind;
  /** The stored u16 type. */
  type: number;
  /** The stored u16 value: joint, material or shape index (0 for the structural nodes). */
  index: number;
  /** Absolute offset of the node. */
  offset: number;
  /** Nesting depth when the node is read (open/close change it for the following nodes). */
  depth: number;
}

/** INF1 scaling rule (low 4 bits of the load flags at INF1+0x08). */
export enum ScalingRule {
  Basic = 0,
  Softimage = 1,
  Maya = 2,
}

export interface ModelJoint {
  /** Joint index (the index BCK joint i and the INF1 joint nodes refer to). */
  index: number;
  /** From the JNT1 name table ('' when it could not be read). */
  name: string;
  /** Parent joint index; -1 for a hierarchy root or a joint the hierarchy never places. */
  parent: number;
  /** Child joints in hierarchy order. */
  children: number[];
  /** Material indices the hierarchy attaches to this joint (its meshes). */
  materials: number[];
  /** True when the joint occurs in the INF1 hierarchy. */
  inHierarchy: boolean;
  /** Index of the 0x40-byte entry in the joint data table (JNT1 remap table). */
  dataIndex: number;
  /** Absolute offset of that entry; -1 when it is not in the bytes. */
  offset: number;
  /** The u16 at entry+0x00 as stored. */
  kind: number;
  /** Matrix type: kind >> 4 (0 standard, 1 billboard, 2 Y billboard). */
  matrixType: number;
  /** kind & 0x0F (not used by the game's joint calculation). */
  flags: number;
  /** The u8 at entry+0x02 as stored (0xFF reads as off). */
  scaleCompensateRaw: number;
  /** Maya segment-scale-compensate: raw value 1 (applies only when the scaling rule is Maya). */
  scaleCompensate: boolean;
  /** Bind pose. */
  scale: [number, number, number];
  /** Raw s16 rotation (full circle = 65536). */
  rotationRaw: [number, number, number];
  /** Raw × 180 / 32768. */
  rotationDegrees: [number, number, number];
  translation: [number, number, number];
  boundingRadius: number;
  bboxMin: [number, number, number];
  bboxMax: [number, number, number];
}

export interface ModelData {
  /** `bmd` or `bdl` (from the type at 0x04); 'unknown' for anything else. */
  format: 'bmd' | 'bdl' | 'unknown';
  /** The 4 characters at 0x04 (`bmd3`, `bdl4`, …). */
  type: string;
  /** INF1 load flags (u16 at INF1+0x08); 0 when there is no INF1. */
  loadFlags: number;
  /** loadFlags & 0x0F. */
  scalingRule: number;
  /** The INF1 node list as read (up to and including the End node). */
  hierarchy: HierarchyNode[];
  /** Joints the hierarchy places at the top level (normally exactly one). */
  hierarchyRoots: number[];
  joints: ModelJoint[];
  /** Material names in material index order (MAT3 name table). */
  materials: string[];
  /** MAT3 remap table: material index → material entry index (entries can be shared). */
  materialEntryIndex: number[];
  /** SHP1 shape count (u16 at SHP1+0x08); -1 when there is no SHP1. */
  shapeCount: number;
}

export interface ModelResult {
  root: FieldNode;
  /** Decoded as far as the bytes allowed; undefined when not even the header could be read. */
  model?: ModelData;
}
