/** J3D model (BMD/BDL) decoding: only what animation binding needs. */
export { decodeModel, MODEL_TYPES, OPAQUE_CHUNKS } from './model';
export { looksLikeModel } from './magic';
export { MODEL_CODES } from './codes';
export { HierarchyNodeType, ScalingRule } from './types';
export type { HierarchyNode, HierarchyNodeKind, ModelData, ModelJoint, ModelResult } from './types';
export { jointRotationDegrees, JOINT_ENTRY_SIZE } from './jnt1';
export { MAT3_TABLES, MATERIAL_ENTRY_SIZE } from './mat3';
export { decodeModelTexture, decodeModelTextures, MAX_DECODED_TEXTURE_BYTES } from './tex1';
export type { DecodedTexture, TextureDecodeOptions } from './tex1';
export { DrawMatrixKind, ShapeMatrixType, VertexAttribute } from './types';
export type {
  DrawMatrices, Envelopes, ModelMaterial, ModelShape, ModelTexture, ShapePacket, VertexArray, VertexArrays,
} from './types';
