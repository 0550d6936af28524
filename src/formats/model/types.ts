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
  /** INF1 vertex count (u32 at INF1+0x10): the number of positions; 0 without INF1. */
  vertexCount: number;
  /** VTX1 arrays; undefined without VTX1. */
  vertexArrays?: VertexArrays;
  /** EVP1; undefined without EVP1. */
  envelopes?: Envelopes;
  /** DRW1; undefined without DRW1. */
  drawMatrices?: DrawMatrices;
  /** SHP1 shapes in shape index order (empty without SHP1). */
  shapes: ModelShape[];
  /** MAT3 materials in material index order (empty without MAT3). */
  materialData: ModelMaterial[];
  /** TEX1 texture headers (empty without TEX1); pixels through decodeModelTextures. */
  textures: ModelTexture[];
}

export interface ModelResult {
  root: FieldNode;
  /** Decoded as far as the bytes allowed; undefined when not even the header could be read. */
  model?: ModelData;
}

// ---------------------------------------------------------------------------------------------
// Mesh data (VTX1, EVP1, DRW1, SHP1), textures (TEX1) and materials (MAT3) for the preview.
// Plain data and typed arrays only, so a result can be posted to a webview as is.

/** VTX1 attribute ids (FORMATS.md §10.3). */
export enum VertexAttribute {
  PositionMatrixIndex = 0,
  Tex0MatrixIndex = 1,
  Position = 9,
  Normal = 10,
  Color0 = 11,
  Color1 = 12,
  Tex0 = 13,
  NormalBinormalTangent = 0x19,
  End = 0xFF,
}

export interface VertexFormat {
  attribute: number;
  componentCount: number;
  componentType: number;
  shift: number;
  /** Absolute offset of the format entry. */
  offset: number;
}

/** One VTX1 array decoded to floats (or RGBA8 colours). */
export interface VertexArray {
  attribute: number;
  /** Absolute offset of the data. */
  offset: number;
  /** Bytes per element. */
  elementSize: number;
  /** Elements between the offset and the next array (an upper bound: regions include padding). */
  count: number;
  /** Numbers per element in `data`: 3 for POS/NRM, 2 for TEX, 4 for colours (RGBA 0..255). */
  stride: number;
  data: Float32Array | Uint8Array;
}

export interface VertexArrays {
  formats: VertexFormat[];
  positions?: VertexArray;
  normals?: VertexArray;
  colors: (VertexArray | undefined)[];
  texCoords: (VertexArray | undefined)[];
}

/** EVP1: weighted joint sets (skinning envelopes) and the per-joint inverse bind matrices. */
export interface Envelopes {
  /** Per envelope, its joints and weights (parallel arrays). */
  envelopes: { joints: number[]; weights: number[] }[];
  /** 12 numbers (3×4 row-major) per JNT1 joint; only as many as the chunk holds. */
  inverseBinds: Float64Array;
  /** Absolute offset of the first stored inverse bind (0x30 bytes each); 0 with none. */
  inverseBindOffset?: number;
}

/** DRW1 draw-matrix kind. */
export enum DrawMatrixKind {
  Joint = 0,
  Envelope = 1,
}

export interface DrawMatrices {
  /** Per entry: 0 joint, 1 envelope (anything else is reported and treated as joint). */
  kinds: Uint8Array;
  /** Per entry: JNT1 joint or EVP1 envelope index. */
  indices: Uint16Array;
}

/** SHP1 shape matrix type (u8 at +0x00). */
export enum ShapeMatrixType {
  Single = 0,
  Billboard = 1,
  BillboardY = 2,
  Multi = 3,
}

export interface ShapeAttribute {
  attribute: number;
  /** 0 none, 1 direct, 2 index8, 3 index16. */
  type: number;
}

export interface ShapePacket {
  /** First stream vertex of this packet in the shape's arrays. */
  vertexStart: number;
  vertexCount: number;
  /** First index of this packet in `triangles` (and count). */
  triangleIndexStart: number;
  triangleIndexCount: number;
  /** Slots the packet loads (its matrix group's count; 1 for single-matrix shapes). */
  slotCount: number;
  /** DRW1 index per matrix slot (10 slots) after the 0xFFFF rule; -1 = never set. */
  matrixSlots: number[];
  /** Slots whose matrix-table entry is 0xFFFF: they keep the matrix an earlier packet loaded. */
  inheritedSlots: number[];
  /** Absolute offset and size of the display list. */
  displayListOffset: number;
  displayListSize: number;
}

/**
 * A shape's display lists decoded to one vertex stream (every display-list vertex in order,
 * packet by packet, primitive by primitive, no de-duplication) and index lists into it.
 */
export interface ModelShape {
  index: number;
  matrixType: number;
  boundingRadius: number;
  bboxMin: [number, number, number];
  bboxMax: [number, number, number];
  attributes: ShapeAttribute[];
  packets: ShapePacket[];
  vertexCount: number;
  /** 3 per vertex (model space for envelope vertices, joint space for joint vertices). */
  positions: Float32Array;
  /** 3 per vertex, when the shape has normals. */
  normals?: Float32Array;
  /** RGBA 0..255, 4 per vertex, per colour channel present. */
  colors: (Uint8Array | undefined)[];
  /** 2 per vertex, per texture coordinate present. */
  texCoords: (Float32Array | undefined)[];
  /** Raw VTX1 position index per vertex (for cluster deformation and checks). */
  positionIndices: Uint32Array;
  /** Matrix slot (PNMTXIDX / 3; 0 without PNMTXIDX) per vertex. */
  matrixSlots: Uint8Array;
  /** DRW1 index per vertex (its packet's slot resolved); 0xFFFF = unresolved. */
  drawMatrices: Uint16Array;
  /** Triangles, 3 indices each, into this shape's vertex stream (GX front faces wind clockwise). */
  triangles: Uint32Array;
  /** Lines, 2 indices each (GX lines and line strips). */
  lines: Uint32Array;
  /** GX points. */
  points: Uint32Array;
}

/** TEX1 texture header (BTI), FORMATS.md §10.9. */
export interface ModelTexture {
  index: number;
  name: string;
  /** Absolute offset of the 0x20-byte header. */
  headerOffset: number;
  format: number;
  formatName: string;
  alpha: number;
  width: number;
  height: number;
  wrapS: number;
  wrapT: number;
  paletteFormat: number;
  paletteCount: number;
  /** Absolute offset of the palette; -1 when there is none. */
  paletteOffset: number;
  mipmap: boolean;
  minFilter: number;
  magFilter: number;
  minLod: number;
  maxLod: number;
  lodBias: number;
  imageCount: number;
  /** Absolute offset of mip level 0; -1 when there is no image. */
  imageOffset: number;
  /** Absolute offset of each mip level that lies inside the chunk. */
  levelOffsets: number[];
  /** False when the format is unknown, the image is missing or the palette a paletted format needs is missing. */
  decodable: boolean;
}

export type Rgba = [number, number, number, number];

export interface ChannelControl {
  lightingEnabled: boolean;
  materialSource: number;
  lightMask: number;
  diffuseFunction: number;
  attenuationFunction: number;
  ambientSource: number;
}

export interface TexGen {
  type: number;
  source: number;
  matrix: number;
}

export interface TexMatrixInfo {
  projection: number;
  /** Mode bits 0–6 (0 = plain SRT). */
  mode: number;
  maya: boolean;
  center: [number, number, number];
  scale: [number, number];
  /** Raw s16 (0x8000 = 180°). */
  rotation: number;
  translation: [number, number];
  effectMatrix: number[];
}

export interface TevOrder {
  texCoord: number;
  texMap: number;
  channel: number;
}

export interface TevStage {
  colorIn: [number, number, number, number];
  colorOp: number;
  colorBias: number;
  colorScale: number;
  colorClamp: boolean;
  colorRegister: number;
  alphaIn: [number, number, number, number];
  alphaOp: number;
  alphaBias: number;
  alphaScale: number;
  alphaClamp: boolean;
  alphaRegister: number;
}

export interface AlphaCompare {
  comp0: number;
  ref0: number;
  op: number;
  comp1: number;
  ref1: number;
}

export interface BlendMode {
  mode: number;
  source: number;
  destination: number;
  logicOp: number;
}

export interface ZMode {
  compare: boolean;
  func: number;
  update: boolean;
}

/** A MAT3 material with every index resolved to plain values (unset → the game's defaults). */
export interface ModelMaterial {
  index: number;
  name: string;
  /** Material record index (remap table). */
  entryIndex: number;
  /** Absolute offset of the 0x14C-byte record; -1 when it is not in the bytes. */
  offset: number;
  mode: number;
  cullMode: number;
  colorChannelCount: number;
  texGenCount: number;
  tevStageCount: number;
  materialColors: [Rgba, Rgba];
  ambientColors: [Rgba, Rgba];
  /** Colour 0, alpha 0, colour 1, alpha 1; null = unset. */
  channelControls: (ChannelControl | null)[];
  /** 8 texgens (unset → the GX default: 2×4 matrix from TEXn, identity). */
  texGens: TexGen[];
  /** TEXMTX0–9; null = unset. */
  texMatrices: (TexMatrixInfo | null)[];
  /** TEX1 index of texmap slots 0–7 (through the tex-number table); null = no texture. */
  texNumbers: (number | null)[];
  /** 16 TEV orders; null = unset. */
  tevOrders: (TevOrder | null)[];
  /** TEV colour registers C0–C2 (+ the unused [3]) as signed 10-bit values. */
  tevColors: Rgba[];
  konstColors: Rgba[];
  /** 16 per stage; null = 0xFF (unset). */
  konstColorSelectors: (number | null)[];
  konstAlphaSelectors: (number | null)[];
  /** 16 TEV stages; null = unset. */
  tevStages: (TevStage | null)[];
  alphaCompare: AlphaCompare;
  blend: BlendMode;
  zMode: ZMode;
}
