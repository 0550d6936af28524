/**
 * KHR_animation_pointer and KHR_node_visibility, which glTF-Transform 4.5 does not model: custom
 * Extension classes that keep their data beside the Document (accessors in its buffer, targets as
 * its properties) and write the extension JSON once the writer has given every property its index.
 *
 * - KHR_animation_pointer: channels `{ target: { path: "pointer", extensions: { KHR_animation_pointer:
 *   { pointer } } } }` appended to their animation, with their samplers. The pointer is built at
 *   write time from the target's index (`/materials/3/…`, `/nodes/12/…`).
 * - KHR_node_visibility: `{ visible: true }` on the nodes whose visibility an animation changes (a
 *   pointer must point at a defined property: the extension object must be there).
 */
import { Accessor, Animation, Extension, Material, Node, ReaderContext, WriterContext } from '@gltf-transform/core';

/** A pointer channel as read from a file: its animation's index, the pointer, and its sampler's arrays. */
export interface ReadPointerChannel {
  animation: number;
  pointer: string;
  interpolation: string;
  times: Float32Array;
  /** The output accessor's elements, `size` numbers each (normalised integers read as floats). */
  values: Float32Array;
  size: number;
}

export interface PointerChannel {
  animation: Animation;
  /** What the pointer starts from, and the rest of it (`pbrMetallicRoughness/baseColorFactor`). */
  target: Material | Node;
  path: string;
  input: Accessor;
  output: Accessor;
  interpolation: 'LINEAR' | 'STEP';
}

export class KHRAnimationPointer extends Extension {
  static override readonly EXTENSION_NAME = 'KHR_animation_pointer';
  public override readonly extensionName = KHRAnimationPointer.EXTENSION_NAME;
  readonly channels: PointerChannel[] = [];
  /** The file's pointer channels (the import reads material and visibility animations from them). */
  readonly readChannels: ReadPointerChannel[] = [];

  read(context: ReaderContext): this {
    const animations = context.jsonDoc.json.animations ?? [];
    animations.forEach((a, animation) => {
      for (const c of a.channels ?? []) {
        const ext = (c.target as { extensions?: Record<string, { pointer?: unknown }> }).extensions?.[this.extensionName];
        const sampler = a.samplers?.[c.sampler];
        if ((c.target.path as string) !== 'pointer' || typeof ext?.pointer !== 'string' || !sampler) continue;
        const input = context.accessors[sampler.input];
        const output = context.accessors[sampler.output];
        if (!input || !output) continue;
        const size = output.getElementSize();
        const values = new Float32Array(output.getCount() * size);
        const el: number[] = [];
        for (let i = 0; i < output.getCount(); i++) values.set(output.getElement(i, el), i * size);
        this.readChannels.push({ animation, pointer: ext.pointer, interpolation: sampler.interpolation ?? 'LINEAR', times: Float32Array.from(input.getArray() ?? []), values, size });
      }
    });
    return this;
  }

  write(context: WriterContext): this {
    const json = context.jsonDoc.json;
    for (const c of this.channels) {
      const a = context.animationIndexMap.get(c.animation);
      const input = context.accessorIndexMap.get(c.input);
      const output = context.accessorIndexMap.get(c.output);
      const base = c.target instanceof Material
        ? `/materials/${context.materialIndexMap.get(c.target)}`
        : `/nodes/${context.nodeIndexMap.get(c.target)}`;
      if (a === undefined || input === undefined || output === undefined || base.endsWith('undefined')) continue;
      // an animation input needs its bounds; the writer sets them only for the inputs of core samplers
      const inputDef = json.accessors![input];
      inputDef.min ??= c.input.getMin([]);
      inputDef.max ??= c.input.getMax([]);
      const def = json.animations![a];
      def.samplers ??= [];
      def.channels ??= [];
      def.samplers.push({ input, output, interpolation: c.interpolation });
      def.channels.push({
        sampler: def.samplers.length - 1,
        target: { path: 'pointer' as never, extensions: { [this.extensionName]: { pointer: `${base}/${c.path}` } } },
      });
    }
    return this;
  }
}

export class KHRNodeVisibility extends Extension {
  static override readonly EXTENSION_NAME = 'KHR_node_visibility';
  public override readonly extensionName = KHRNodeVisibility.EXTENSION_NAME;
  /** Nodes that carry the extension (visible in the rest pose). */
  readonly nodes = new Set<Node>();

  read(): this { return this; }

  write(context: WriterContext): this {
    const json = context.jsonDoc.json;
    for (const node of this.nodes) {
      const n = context.nodeIndexMap.get(node);
      if (n === undefined) continue;
      const def = json.nodes![n];
      def.extensions = { ...(def.extensions ?? {}), [this.extensionName]: { visible: true } };
    }
    return this;
  }
}
