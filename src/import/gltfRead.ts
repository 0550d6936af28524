/**
 * A glTF file as plain data for the import: every node (name, glTF parent, rest TRS) and every
 * animation's node channels (times, values, interpolation). glTF-Transform reads it; the rest of
 * src/import works on these arrays only.
 */
import { Document } from '@gltf-transform/core';
import { KHRTextureTransform, Transform } from '@gltf-transform/extensions';
import { gltfIO } from '../gltf/write';
import { KHRAnimationPointer } from '../gltf/pointerExtensions';
import type { ReadPointerChannel } from '../gltf/pointerExtensions';

export type NodePath = 'translation' | 'rotation' | 'scale';
export type Interpolation = 'LINEAR' | 'STEP' | 'CUBICSPLINE';

export interface GltfNodeData {
  name: string;
  /** Index of the glTF parent node, -1 for a scene root. */
  parent: number;
  t: number[];
  r: number[];
  s: number[];
  /** The SHP1 shape AnimScope's export drew with this node (`extras.j3d.shape`). */
  shape?: number;
}

export interface GltfChannelData {
  node: number;
  path: NodePath;
  interpolation: Interpolation;
  /** Seconds, ascending. */
  times: Float32Array;
  /** 3 or 4 per time (CUBICSPLINE: in-tangent, value, out-tangent per time). */
  values: Float32Array;
}

export interface GltfAnimationData {
  name: string;
  /** AnimScope's `extras.j3d` of an animation it exported (format, loopMode, duration; the tracks of a kind that is not joints). */
  j3d?: { format?: string; loopMode?: number; duration?: number; [more: string]: unknown };
  channels: GltfChannelData[];
  /** Its KHR_animation_pointer channels (material and visibility animations). */
  pointers?: ReadPointerChannel[];
}

/** A KHR_texture_transform's properties, its defaults filled in. */
export interface TextureTransformData {
  offset: number[];
  rotation: number;
  scale: number[];
}

export interface GltfData {
  /** Material names, in glTF order. */
  materials?: string[];
  /**
   * Per material (glTF order), the static KHR_texture_transform on its base colour texture, if any:
   * what a pointer channel leaves un-animated keeps (Blender's exporter writes the Mapping node's
   * scale there while a post-step animates only the offset).
   */
  baseColorTransforms?: (TextureTransformData | undefined)[];
  nodes: GltfNodeData[];
  /** The first skin's joints (node indices), in its order: what `--by-order` binds. */
  skinJoints: number[];
  /** Per node a skin holds: its inverse bind matrix (3×4 row-major), by node index. */
  inverseBinds: Map<number, Float64Array>;
  animations: GltfAnimationData[];
}

export class GltfReadError extends Error {}

const PATHS = new Set(['translation', 'rotation', 'scale']);

export function gltfData(doc: Document): GltfData {
  const root = doc.getRoot();
  const list = root.listNodes();
  const index = new Map(list.map((n, i) => [n, i]));
  const parents = new Int32Array(list.length).fill(-1);
  list.forEach((n, i) => { for (const c of n.listChildren()) { const k = index.get(c); if (k !== undefined) parents[k] = i; } });
  const shapeOf = (n: (typeof list)[number]): number | undefined => {
    const shape = (n.getExtras() as { j3d?: { shape?: unknown } } | undefined)?.j3d?.shape;
    return typeof shape === 'number' && Number.isInteger(shape) && shape >= 0 ? shape : undefined;
  };
  const nodes = list.map((n, i) => ({ name: n.getName(), parent: parents[i], t: [...n.getTranslation()], r: [...n.getRotation()], s: [...n.getScale()], shape: shapeOf(n) }));
  const pointerChannels = (root.listExtensionsUsed().find((e) => e.extensionName === KHRAnimationPointer.EXTENSION_NAME) as KHRAnimationPointer | undefined)?.readChannels ?? [];
  const animations = root.listAnimations().map((a, animationIndex) => {
    const extras = a.getExtras() as { j3d?: unknown } | undefined;
    const j3d = extras && typeof extras.j3d === 'object' && extras.j3d !== null ? extras.j3d as GltfAnimationData['j3d'] : undefined;
    const channels: GltfChannelData[] = [];
    for (const c of a.listChannels()) {
      const node = c.getTargetNode();
      const path = c.getTargetPath();
      const sampler = c.getSampler();
      const k = node ? index.get(node) : undefined;
      if (k === undefined || !path || !PATHS.has(path) || !sampler) continue;
      const input = sampler.getInput()?.getArray();
      const output = sampler.getOutput();
      if (!input || !output) continue;
      // Normalised integer outputs (KHR_mesh_quantization) come back as floats through getElement.
      const size = output.getElementSize();
      const values = new Float32Array(output.getCount() * size);
      const el: number[] = [];
      for (let i = 0; i < output.getCount(); i++) values.set(output.getElement(i, el), i * size);
      channels.push({ node: k, path: path as NodePath, interpolation: sampler.getInterpolation() as Interpolation, times: Float32Array.from(input), values });
    }
    return { name: a.getName(), j3d, channels, pointers: pointerChannels.filter((p) => p.animation === animationIndex) };
  });
  const skin = root.listSkins()[0];
  const skinJoints = skin ? skin.listJoints().map((n) => index.get(n) ?? -1).filter((k) => k >= 0) : [];
  const inverseBinds = new Map<number, Float64Array>();
  for (const sk of root.listSkins()) {
    const ibm = sk.getInverseBindMatrices();
    sk.listJoints().forEach((n, i) => {
      const k = index.get(n);
      if (k === undefined || !ibm || i >= ibm.getCount() || inverseBinds.has(k)) return;
      const m = ibm.getElement(i, []);
      // column-major 4×4 → row-major 3×4
      inverseBinds.set(k, Float64Array.from([m[0], m[4], m[8], m[12], m[1], m[5], m[9], m[13], m[2], m[6], m[10], m[14]]));
    });
  }
  const baseColorTransforms = root.listMaterials().map((m): TextureTransformData | undefined => {
    const t = m.getBaseColorTextureInfo()?.getExtension<Transform>(KHRTextureTransform.EXTENSION_NAME);
    return t ? { offset: [...t.getOffset()], rotation: t.getRotation(), scale: [...t.getScale()] } : undefined;
  });
  return { materials: root.listMaterials().map((m) => m.getName()), baseColorTransforms, nodes, skinJoints, inverseBinds, animations };
}

/** Reads a .glb or .gltf (its buffers from `resources`, by URI). */
export async function readGltf(bytes: Uint8Array, isGlb: boolean, resource: (uri: string) => Uint8Array): Promise<GltfData> {
  const io = gltfIO();
  let doc: Document;
  try {
    if (isGlb) doc = await io.readBinary(bytes);
    else {
      const json = JSON.parse(Buffer.from(bytes).toString('utf8'));
      const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
      for (const b of [...(json.buffers ?? []), ...(json.images ?? [])]) {
        const uri = b?.uri;
        if (typeof uri === 'string' && !uri.startsWith('data:')) resources[uri] = new Uint8Array(resource(uri));
      }
      doc = await io.readJSON({ json, resources });
    }
  } catch (e) {
    throw new GltfReadError((e as Error).message);
  }
  return gltfData(doc);
}
