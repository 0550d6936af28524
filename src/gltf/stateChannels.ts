/**
 * The material and shape changes of an animation (stateAnimation.ts samples them per game frame)
 * as glTF channels, where glTF has a property for them (FORMATS.md §10.11, §11.2):
 * - BTK: the texture matrix of the base colour texture's texgen → `KHR_texture_transform` on the
 *   material's baseColorTexture, animated by `KHR_animation_pointer` channels (offset, rotation,
 *   scale), LINEAR per sampled frame;
 * - BPK/BPA (material colour 0), when channel 0 takes its colour from the register →
 *   `KHR_animation_pointer` on `baseColorFactor`, LINEAR;
 * - BVA → `KHR_node_visibility` on the shape's node + a pointer channel on `visible`, STEP.
 * TEV and konst registers (BRK) and texture indices (BTP) stay in extras only.
 */
import type { Accessor, Animation, Document, Material, Node } from '@gltf-transform/core';
import { KHRTextureTransform, Transform } from '@gltf-transform/extensions';
import type { MaterialMapping } from './materials';
import { KHRAnimationPointer, KHRNodeVisibility } from './pointerExtensions';
import type { StateExtras } from './stateAnimation';

/** What the channels target in a model's glTF document (document.ts ModelDocument is one). */
export interface StateTargets {
  doc: Document;
  /** The model's materials, and how each maps to glTF (its base colour texture's texgen matrix, colour source). */
  materials: readonly Material[];
  mappings: readonly MaterialMapping[];
  /** One node per SHP1 shape. */
  shapeNodes: readonly Node[];
}

export interface UvTransform {
  offset: [number, number];
  rotation: number;
  scale: [number, number];
  /** False when the 2×2 part shears (scale after rotation with unequal S and T scales): the nearest rotation + scale. */
  exact: boolean;
}

/**
 * A J3D texture matrix [m00, m01, m02, m10, m11, m12] (u' = m00·u + m01·v + m02, v' = m10·u + m11·v + m12,
 * centre and Basic/Maya mode already in it: apply.ts) as KHR_texture_transform's T·R·S, whose
 * matrix is [[sx·cos r, sy·sin r, ox], [−sx·sin r, sy·cos r, oy]] (the extension's example and
 * three.js's reading of it): the first column gives sx and r, the second sy, the third the offset.
 * Exact when the columns are orthogonal (uniform scale, no rotation, or Maya mode).
 */
export function uvTransformOf(m: readonly number[]): UvTransform {
  const [m00, m01, m02, m10, m11, m12] = m;
  const sx = Math.hypot(m00, m10);
  const r = sx > 0 ? Math.atan2(-m10, m00) : 0;
  const c = Math.cos(r), s = Math.sin(r);
  const sy = m01 * s + m11 * c;
  const residual = Math.abs(m01 - sy * s) + Math.abs(m11 - sy * c);
  return { offset: [m02, m12], rotation: r, scale: [sx, sy], exact: residual <= 1e-5 * Math.max(1, Math.abs(sy)) };
}

const IDENTITY = [1, 0, 0, 0, 1, 0];
const POINTER_TRANSFORM = 'pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform';

function extensionOf<T>(doc: Document, ctor: { EXTENSION_NAME: string; new (doc: Document): T }): T {
  const used = doc.getRoot().listExtensionsUsed().find((e) => e.extensionName === ctor.EXTENSION_NAME);
  return (used as T | undefined) ?? doc.createExtension(ctor as never) as T;
}

/** Adds the channels of `state` to `anim`; returns how many, and one note per thing it could not carry exactly. */
export function addStateChannels(m: StateTargets, anim: Animation, state: StateExtras, fps: number): { channels: number; notes: string[] } {
  const { doc } = m;
  const buffer = doc.getRoot().listBuffers()[0];
  const notes: string[] = [];
  let channels = 0;
  let times: Accessor | undefined;
  const input = (): Accessor => (times ??= doc.createAccessor().setType('SCALAR').setArray(Float32Array.from(state.frames, (f) => f / fps)).setBuffer(buffer));
  const acc = (type: 'SCALAR' | 'VEC2' | 'VEC4', array: Float32Array | Uint8Array): Accessor => doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  let pointers: KHRAnimationPointer | undefined;
  const channel = (target: Parameters<KHRAnimationPointer['channels']['push']>[0]['target'], path: string, output: Accessor, interpolation: 'LINEAR' | 'STEP'): void => {
    pointers ??= extensionOf(doc, KHRAnimationPointer);
    pointers.channels.push({ animation: anim, target, path, input: input(), output, interpolation });
    channels++;
  };

  for (const entry of state.materials) {
    const material = m.materials[entry.index];
    const map = m.mappings[entry.index];
    if (!material || !map) continue;
    const label = `material ${JSON.stringify(entry.name)}`;
    const texMatrices = entry.values.texMatrices as ((number[] | null)[] | undefined)[] | undefined;
    if (texMatrices) {
      const info = material.getBaseColorTextureInfo();
      const slot = map.texMatrix;
      const driven = slot >= 0 && texMatrices.some((t) => t?.[slot]);
      if (!info || !material.getBaseColorTexture() || !driven) {
        notes.push(`${label}: the texture matrix animated is not the base colour texture's; in extras only`);
      } else {
        const n = state.frames.length;
        const offset = new Float32Array(n * 2), rotation = new Float32Array(n), scale = new Float32Array(n * 2);
        let inexact = 0;
        let previous = 0;
        for (let k = 0; k < n; k++) {
          const t = uvTransformOf(texMatrices[k]?.[slot] ?? IDENTITY);
          if (!t.exact) inexact++;
          // continuous: the nearest turn to the previous sample, so LINEAR never takes the long way
          let r = t.rotation;
          if (k > 0) r += 2 * Math.PI * Math.round((previous - r) / (2 * Math.PI));
          previous = r;
          offset.set(t.offset, k * 2); rotation[k] = r; scale.set(t.scale, k * 2);
        }
        if (!info.getExtension<Transform>(KHRTextureTransform.EXTENSION_NAME)) {
          info.setExtension(KHRTextureTransform.EXTENSION_NAME, extensionOf(doc, KHRTextureTransform).createTransform());
        }
        channel(material, `${POINTER_TRANSFORM}/offset`, acc('VEC2', offset), 'LINEAR');
        channel(material, `${POINTER_TRANSFORM}/rotation`, acc('SCALAR', rotation), 'LINEAR');
        channel(material, `${POINTER_TRANSFORM}/scale`, acc('VEC2', scale), 'LINEAR');
        if (inexact) notes.push(`${label}: at ${inexact} of ${n} frames the texture matrix shears (scale after rotation, unequal S and T scales); KHR_texture_transform holds the nearest rotation and scale, extras the exact matrix`);
      }
    }
    const color0 = entry.values.color0 as number[][] | undefined;
    if (color0) {
      if (!map.colorFromRegister) {
        notes.push(`${label}: colour 0 is animated but channel 0 takes its colour from the vertices; in extras only`);
      } else {
        const out = new Float32Array(state.frames.length * 4);
        color0.forEach((c, k) => { for (let i = 0; i < 4; i++) out[k * 4 + i] = Math.min(1, Math.max(0, (c[i] ?? 255) / 255)); });
        channel(material, 'pbrMetallicRoughness/baseColorFactor', acc('VEC4', out), 'LINEAR');
      }
    }
  }

  for (const { shape, visible } of state.shapeVisible) {
    const node = m.shapeNodes[shape];
    if (!node) continue;
    extensionOf(doc, KHRNodeVisibility).nodes.add(node);
    channel(node, `extensions/${KHRNodeVisibility.EXTENSION_NAME}/visible`, acc('SCALAR', Uint8Array.from(visible, (v) => (v ? 1 : 0))), 'STEP');
  }
  return { channels, notes };
}
