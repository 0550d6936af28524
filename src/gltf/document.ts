/**
 * A decoded model and its animations → a glTF-Transform Document (the library writes the file).
 * Pure apart from pngjs: no `vscode`, no file system.
 */
import { Accessor, Document, Material, Node, Texture } from '@gltf-transform/core';
import type { ModelData } from '../formats/model/types';
import type { DiagnosticSink } from '../formats/binary/diagnostics';
import { decodeModelTextures } from '../formats/model/tex1';
import { shapeBindings } from '../wire/modelPayloadBuild';
import { MATRIX_STRIDE } from '../formats/model/jointMatrices';
import { toColumnMajor } from './affine';
import { localTrs, nodeParents, skinBinding } from './skeleton';
import { buildPrimitive } from './mesh';
import { encodePng, gltfMagFilter, gltfMinFilter, gltfWrap, mapMaterial, MaterialMapping, materialExtras, textureExtras } from './materials';
import { SampledJoints } from './jointAnimation';
import { addStateChannels } from './stateChannels';
import type { StateExtras } from './stateAnimation';

export interface ExportAnimation {
  /** The glTF animation's name: the file's base name (`Walk`). */
  name: string;
  format: string;
  loopMode: number;
  duration: number;
  /** Game frames per second (glTF times are seconds). */
  fps: number;
  joints?: SampledJoints;
  /** Material and shape changes per frame: channels where glTF has the property (stateChannels.ts), and extras. */
  state?: StateExtras;
  /** What glTF cannot hold, in the animation's extras (README: shapes). */
  extras?: Record<string, unknown>;
}

export interface ModelDocument {
  doc: Document;
  /** glTF nodes of the JNT1 joints, in JNT1 order. */
  jointNodes: Node[];
  /** One node per SHP1 shape. */
  shapeNodes: Node[];
  materials: Material[];
  /** How each material maps to glTF (its base colour texture's texgen matrix, colour source). */
  mappings: MaterialMapping[];
  textures: (Texture | null)[];
  parents: number[];
  rest: ReturnType<typeof localTrs>;
  notes: string[];
}

/** `parents`: the glTF parent of each joint (skeleton.ts chooseParents; default the JNT1 hierarchy). */
export function buildModelDocument(name: string, bytes: Uint8Array, model: ModelData, sink: DiagnosticSink, parents = nodeParents(model)): ModelDocument {
  const doc = new Document();
  doc.createScene(name);
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  doc.getRoot().setDefaultScene(scene);
  doc.getRoot().getAsset().generator = 'AnimScope';
  const buffer = doc.createBuffer();
  const notes: string[] = [];
  const acc = (type: 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4' | 'MAT4', array: Float32Array | Uint8Array | Uint16Array | Uint32Array): Accessor =>
    doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);

  // Skeleton.
  const binding = skinBinding(model);
  const rest = localTrs(binding.bindWorld, parents);
  const jointNodes = model.joints.map((j, i) => doc.createNode(j.name || `joint${i}`)
    .setTranslation(rest[i].t).setRotation(rest[i].r).setScale(rest[i].s)
    .setExtras({ j3d: { index: i, matrixType: j.matrixType, scaleCompensate: j.scaleCompensate } }));
  jointNodes.forEach((node, i) => { if (parents[i] >= 0) jointNodes[parents[i]].addChild(node); else scene.addChild(node); });
  let skin;
  if (jointNodes.length) {
    const ibm = new Float32Array(jointNodes.length * 16);
    for (let j = 0; j < jointNodes.length; j++) toColumnMajor(ibm, j * 16, binding.inverseBinds, j * MATRIX_STRIDE);
    skin = doc.createSkin('skin').setInverseBindMatrices(acc('MAT4', ibm));
    const root = parents.findIndex((p) => p < 0);
    if (root >= 0 && parents.filter((p) => p < 0).length === 1) skin.setSkeleton(jointNodes[root]);
    jointNodes.forEach((n) => skin!.addJoint(n));
  }

  // Textures (mip 0 as PNG).
  const decoded = decodeModelTextures(bytes, model.textures, sink);
  const textures = decoded.map((t) => {
    const level = t.levels[0];
    if (!level) { notes.push(`texture ${t.index} (${JSON.stringify(t.name)}) cannot be decoded; materials using it have no texture`); return null; }
    return doc.createTexture(t.name || `texture${t.index}`).setImage(encodePng(level)).setMimeType('image/png').setURI(`${t.index}_${safeName(t.name)}.png`)
      .setExtras({ j3d: textureExtras(model.textures[t.index]) });
  });

  // Materials.
  const mappings = model.materialData.map((m) => mapMaterial(m, textures.length));
  const materials = model.materialData.map((m, mi) => {
    const map = mappings[mi];
    const mat = doc.createMaterial(m.name || `material${m.index}`)
      .setAlphaMode(map.alphaMode).setDoubleSided(map.doubleSided).setBaseColorFactor(map.baseColorFactor)
      .setMetallicFactor(0).setRoughnessFactor(1)
      .setExtras({ j3d: materialExtras(m) });
    if (map.alphaMode === 'MASK') mat.setAlphaCutoff(map.alphaCutoff);
    const tex = map.texture >= 0 ? textures[map.texture] : null;
    if (tex) {
      const header = model.textures[map.texture];
      mat.setBaseColorTexture(tex);
      mat.getBaseColorTextureInfo()!.setTexCoord(map.texCoord)
        .setWrapS(gltfWrap(header.wrapS)).setWrapT(gltfWrap(header.wrapT))
        .setMinFilter(gltfMinFilter(header.minFilter)).setMagFilter(gltfMagFilter(header.magFilter));
    }
    return mat;
  });

  // Meshes: one node per shape, skinned, at the scene root without a transform (§11.2).
  const shapeMaterial = shapeBindings(model).material;
  const shapeNodes: Node[] = [];
  for (const shape of model.shapes) {
    const p = buildPrimitive(model, shape, binding.binds);
    if (p.unresolved) notes.push(`shape ${shape.index}: ${p.unresolved} vertices have no draw matrix; they follow joint 0`);
    if (p.droppedInfluences) notes.push(`shape ${shape.index}: ${p.droppedInfluences} envelope influences past ${8} dropped (the smallest)`);
    const mesh = doc.createMesh(`shape${shape.index}`);
    const node = doc.createNode(`shape${shape.index}`).setMesh(mesh);
    if (p.indices.length && p.positions.length) {
      const prim = doc.createPrimitive().setAttribute('POSITION', acc('VEC3', p.positions)).setIndices(acc('SCALAR', p.indices));
      if (p.normals) prim.setAttribute('NORMAL', acc('VEC3', p.normals));
      p.colors.forEach((c, i) => prim.setAttribute(`COLOR_${i}`, acc('VEC4', c).setNormalized(true)));
      p.texCoords.forEach((t, i) => prim.setAttribute(`TEXCOORD_${i}`, acc('VEC2', t)));
      if (skin) {
        p.joints.forEach((j, i) => prim.setAttribute(`JOINTS_${i}`, acc('VEC4', j)));
        p.weights.forEach((w, i) => prim.setAttribute(`WEIGHTS_${i}`, acc('VEC4', w)));
      }
      const mi = shapeMaterial[shape.index];
      if (mi >= 0 && mi < materials.length) { prim.setMaterial(materials[mi]); mesh.setName(`shape${shape.index}_${model.materialData[mi].name}`); }
      mesh.addPrimitive(prim);
      if (skin) node.setSkin(skin);
    } else {
      node.setMesh(null);
    }
    node.setExtras({ j3d: { shape: shape.index, matrixType: shape.matrixType, material: shapeMaterial[shape.index] } });
    scene.addChild(node);
    shapeNodes.push(node);
  }
  return { doc, jointNodes, shapeNodes, materials, mappings, textures, parents, rest, notes };
}

/** File-name-safe text from an untrusted name (as `animscope textures`). */
export function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[.]+|[.]+$/g, '_').slice(0, 64) || 'texture';
}

/**
 * Adds one glTF animation (joint channels, material/shape pointer channels; its J3D facts and what
 * glTF cannot hold in extras). Returns notes on what it could not carry exactly.
 */
export function addAnimation(m: ModelDocument, a: ExportAnimation): string[] {
  const { doc } = m;
  const buffer = doc.getRoot().listBuffers()[0];
  const anim = doc.createAnimation(a.name).setExtras({ j3d: { format: a.format, loopMode: a.loopMode, duration: a.duration, ...(a.state ?? {}), ...(a.extras ?? {}) } });
  const samples = a.joints;
  const state = a.state ? addStateChannels(m, anim, a.state, a.fps) : { channels: 0, notes: [] };
  const notes = state.notes.map((n) => `${a.name}: ${n}`);
  if (!samples || samples.tracks.length === 0) {
    if (state.channels > 0) return notes;
    // glTF requires at least one channel: keep the animation (its extras) with a rest-pose channel.
    const node = m.jointNodes[0] ?? m.shapeNodes[0];
    if (!node) return notes;
    const input = doc.createAccessor().setType('SCALAR').setArray(Float32Array.of(0, Math.max(0, a.duration) / a.fps || 0)).setBuffer(buffer);
    const s = node.getScale();
    const output = doc.createAccessor().setType('VEC3').setArray(Float32Array.of(...s, ...s)).setBuffer(buffer);
    const sampler = doc.createAnimationSampler().setInput(input).setOutput(output).setInterpolation('STEP');
    anim.addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath('scale').setSampler(sampler));
    return notes;
  }
  // Tracks with keys of their own (splines, constants) share an input accessor when their times are equal.
  const inputs = new Map<string, Accessor>();
  const inputFor = (times: Float32Array): Accessor => {
    const key = times === samples.times ? '' : Array.prototype.join.call(times, ',');
    let input = inputs.get(key);
    if (!input) inputs.set(key, input = doc.createAccessor().setType('SCALAR').setArray(times).setBuffer(buffer));
    return input;
  };
  for (const track of samples.tracks) {
    const output = doc.createAccessor().setType(track.path === 'rotation' ? 'VEC4' : 'VEC3').setArray(track.values).setBuffer(buffer);
    const sampler = doc.createAnimationSampler().setInput(inputFor(track.times ?? samples.times)).setOutput(output).setInterpolation(track.interpolation);
    anim.addSampler(sampler).addChannel(doc.createAnimationChannel().setTargetNode(m.jointNodes[track.joint]).setTargetPath(track.path).setSampler(sampler));
  }
  return notes;
}
