/**
 * Issue 27 round 2, item 2: material and shape animations as glTF channels.
 * - BTK → KHR_texture_transform on the base colour textureInfo + KHR_animation_pointer channels
 *   whose offset/rotation/scale give the same UVs as J3D's texture matrix (FORMATS.md §3);
 * - BPK (colour 0) → a pointer channel on baseColorFactor;
 * - BVA → KHR_node_visibility + STEP pointer channels of unsigned bytes;
 * each export with 0 Khronos validator errors. The expected values come from applyAnimation
 * (the player's evaluation), not from the export.
 */
import * as assert from 'assert';
import * as path from 'path';
import { applyAnimation, initialState } from '../../../src/kinds/apply';
import { gatherGltfInputs } from '../../../src/cli/gltfRun';
import { exportModelDocument } from '../../../src/gltf/exportModel';
import { mapMaterial } from '../../../src/gltf/materials';
import { uvTransformOf } from '../../../src/gltf/stateChannels';
import { gltfFiles } from '../../../src/gltf/write';
import { SAMPLES_DIR } from '../helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const validator = require('gltf-validator') as { validateBytes(b: Uint8Array, o?: object): Promise<{ issues: { numErrors: number; messages: { code: string; severity: number; message: string }[] } }> };

interface Json {
  extensionsUsed?: string[];
  accessors: { bufferView: number; byteOffset?: number; componentType: number; count: number; type: string }[];
  bufferViews: { byteOffset?: number; byteStride?: number }[];
  animations: { name: string; channels: { sampler: number; target: { path: string; extensions?: { KHR_animation_pointer?: { pointer: string } } } }[]; samplers: { input: number; output: number; interpolation: string }[] }[];
  materials: { pbrMetallicRoughness: { baseColorTexture?: { extensions?: Record<string, unknown> } } }[];
  nodes: { extensions?: Record<string, { visible?: boolean }> }[];
}

const WIDTH: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4 };

/** A GLB's JSON and an accessor reader (glTF 2.0 §4.4: 12-byte header, JSON chunk, BIN chunk). */
function readGlb(glb: Uint8Array): { json: Json; read(accessor: number): number[][] } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as Json;
  const bin = 20 + jsonLength + 8;
  return {
    json,
    read(index: number): number[][] {
      const a = json.accessors[index];
      const bv = json.bufferViews[a.bufferView];
      const size = a.componentType === 5126 ? 4 : a.componentType === 5121 ? 1 : 2;
      const width = WIDTH[a.type];
      const stride = bv.byteStride ?? size * width;
      const out: number[][] = [];
      for (let k = 0; k < a.count; k++) {
        const at = bin + (bv.byteOffset ?? 0) + (a.byteOffset ?? 0) + k * stride;
        const row: number[] = [];
        for (let i = 0; i < width; i++) row.push(a.componentType === 5126 ? view.getFloat32(at + i * 4, true) : a.componentType === 5121 ? view.getUint8(at + i) : view.getUint16(at + i * 2, true));
        out.push(row);
      }
      return out;
    },
  };
}

async function exportArchive(name: string): Promise<{ glb: Uint8Array; inputs: ReturnType<typeof gatherGltfInputs> }> {
  const inputs = gatherGltfInputs(path.join(SAMPLES_DIR, 'archives', `${name}.arc`, name, `${name}.bdl`), [], true, undefined, { err: () => undefined });
  const exported = exportModelDocument(name, inputs.input.bytes, inputs.input.model, inputs.animations, inputs.fps);
  const glb = (await gltfFiles(exported.doc, `${name}.glb`)).get(`${name}.glb`)!;
  const report = await validator.validateBytes(glb);
  assert.strictEqual(report.issues.numErrors, 0, JSON.stringify(report.issues.messages.filter((m) => m.severity === 0).slice(0, 3)));
  return { glb, inputs };
}

/** The glTF animation of input `index` (one per input, in order; `Color` becomes `Color.btk` beside `Color.brk`). */
function animationOf(g: ReturnType<typeof readGlb>, inputs: ReturnType<typeof gatherGltfInputs>, index: number): Json['animations'][number] {
  const anim = g.json.animations[index];
  const name = inputs.animations[index].name;
  assert.ok(anim && (anim.name === name || anim.name.startsWith(`${name}.`)), `animation ${index}: ${anim?.name} for ${name}`);
  return anim;
}

/** The pointer channels of an animation: pointer → [times, values]. */
function pointerChannels(g: ReturnType<typeof readGlb>, anim: Json['animations'][number]): Map<string, { times: number[]; values: number[][]; interpolation: string }> {
  const out = new Map<string, { times: number[]; values: number[][]; interpolation: string }>();
  for (const c of anim.channels) {
    const pointer = c.target.extensions?.KHR_animation_pointer?.pointer;
    if (c.target.path !== 'pointer' || !pointer) continue;
    const s = anim.samplers[c.sampler];
    out.set(pointer, { times: g.read(s.input).map((r) => r[0]), values: g.read(s.output), interpolation: s.interpolation });
  }
  return out;
}

/** UV through KHR_texture_transform's T·R·S (the extension's example: rows [sx·c, sy·s, ox], [−sx·s, sy·c, oy]). */
function khrUv(offset: number[], r: number, scale: number[], u: number, v: number): [number, number] {
  const c = Math.cos(r), s = Math.sin(r);
  return [scale[0] * c * u + scale[1] * s * v + offset[0], -scale[0] * s * u + scale[1] * c * v + offset[1]];
}

/** UV through a J3D 3×2 texture matrix [m00, m01, m02, m10, m11, m12]. */
function j3dUv(m: readonly number[], u: number, v: number): [number, number] {
  return [m[0] * u + m[1] * v + m[2], m[3] * u + m[4] * v + m[5]];
}

const UVS: [number, number][] = [[0, 0], [1, 0], [0, 1], [0.25, 0.75]];

describe('glTF export: KHR_texture_transform, KHR_animation_pointer, KHR_node_visibility', () => {
  it('uvTransformOf: FORMATS.md §3 Basic with a uniform scale, and Maya with unequal scales, give the same UVs; Basic with unequal scales and a rotation is not exact', () => {
    const theta = 0.7, c = Math.cos(theta), s = Math.sin(theta);
    const [cs, ct, ts, tt] = [0.5, 0.5, 0.2, -0.1];
    const basic = (ss: number, st: number): number[] => {
      const m00 = ss * c, m01 = -ss * s, m10 = st * s, m11 = st * c;
      return [m00, m01, ts + cs - (m00 * cs + m01 * ct), m10, m11, tt + ct - (m10 * cs + m11 * ct)];
    };
    const maya = (ss: number, st: number): number[] =>
      [ss * c, st * s, (ts - 0.5) * c - s * (tt - 0.5 + st) + 0.5, -ss * s, st * c, -(ts - 0.5) * s - c * (tt - 0.5 + st) + 0.5];
    for (const m of [basic(1.5, 1.5), maya(2, 0.5), basic(2, 0.5).map((x, i) => (i === 1 || i === 3 ? 0 : x))]) {
      const t = uvTransformOf(m);
      assert.ok(t.exact, `exact for ${m}`);
      for (const [u, v] of UVS) {
        const [a, b] = khrUv(t.offset, t.rotation, t.scale, u, v), [x, y] = j3dUv(m, u, v);
        assert.ok(Math.abs(a - x) < 1e-9 && Math.abs(b - y) < 1e-9, `(${u}, ${v}) → KHR (${a}, ${b}), J3D (${x}, ${y})`);
      }
    }
    assert.strictEqual(uvTransformOf(basic(2, 0.5)).exact, false);
  });

  it('TripodBossCore: each BTK animates the base colour texture through KHR_texture_transform with the UVs of the J3D matrix at every frame', async () => {
    const { glb, inputs } = await exportArchive('TripodBossCore');
    const g = readGlb(glb);
    assert.ok(g.json.extensionsUsed?.includes('KHR_texture_transform') && g.json.extensionsUsed.includes('KHR_animation_pointer'), `${g.json.extensionsUsed}`);
    const model = inputs.input.model;
    const btks = inputs.animations.map((a, i) => ({ ...a, i })).filter((a) => a.anim.format === 'btk');
    assert.ok(btks.length >= 2, 'Wait.btk and 2ndDemo.btk');
    let checked = 0;
    for (const a of btks) {
      const channels = pointerChannels(g, animationOf(g, inputs, a.i));
      for (const [pointer, offset] of channels) {
        const m = /^\/materials\/(\d+)\/pbrMetallicRoughness\/baseColorTexture\/extensions\/KHR_texture_transform\/offset$/.exec(pointer);
        if (!m) continue;
        const mi = Number(m[1]);
        assert.ok(g.json.materials[mi].pbrMetallicRoughness.baseColorTexture?.extensions?.KHR_texture_transform, 'the textureInfo has the extension');
        const base = pointer.slice(0, -'offset'.length);
        const rotation = channels.get(`${base}rotation`)!, scale = channels.get(`${base}scale`)!;
        assert.ok(rotation && scale, 'rotation and scale channels');
        const slot = mapMaterial(model.materialData[mi], model.textures.length).texMatrix;
        offset.times.forEach((time, k) => {
          const frame = Math.round(time * inputs.fps);
          const state = initialState(model);
          applyAnimation(state, a.anim, frame);
          const j3d = state.materials[mi].texMatrices[slot] ?? [1, 0, 0, 0, 1, 0];
          for (const [u, v] of UVS) {
            const [x, y] = khrUv(offset.values[k], rotation.values[k][0], scale.values[k], u, v), [ex, ey] = j3dUv(j3d, u, v);
            assert.ok(Math.abs(x - ex) < 1e-4 && Math.abs(y - ey) < 1e-4, `${a.name} material ${mi} frame ${frame} (${u}, ${v}): KHR (${x}, ${y}), J3D (${ex}, ${ey})`);
          }
          checked++;
        });
        // continuous rotation: LINEAR between samples never turns more than half a turn
        for (let k = 1; k < rotation.values.length; k++) assert.ok(Math.abs(rotation.values[k][0] - rotation.values[k - 1][0]) <= Math.PI);
      }
    }
    assert.ok(checked > 0, 'some texture transform frames were checked');
  });

  it('CrystalSwitch: colour 0 animations drive baseColorFactor through pointer channels, colour 0 / 255 at every frame', async () => {
    const { glb, inputs } = await exportArchive('CrystalSwitch');
    const g = readGlb(glb);
    const model = inputs.input.model;
    let checked = 0;
    for (const [i, a] of inputs.animations.entries()) {
      for (const [pointer, ch] of pointerChannels(g, animationOf(g, inputs, i))) {
        const m = /^\/materials\/(\d+)\/pbrMetallicRoughness\/baseColorFactor$/.exec(pointer);
        if (!m) continue;
        const mi = Number(m[1]);
        assert.strictEqual(ch.interpolation, 'LINEAR');
        ch.times.forEach((time, k) => {
          const state = initialState(model);
          applyAnimation(state, a.anim, Math.round(time * inputs.fps));
          const expected = state.materials[mi].color0.map((x) => Math.min(1, Math.max(0, x / 255)));
          expected.forEach((e, i) => assert.ok(Math.abs(ch.values[k][i] - e) < 1e-6, `${a.name} material ${mi} at ${time}s [${i}]: ${ch.values[k][i]} vs ${e}`));
          checked++;
        });
      }
    }
    assert.ok(checked > 0, 'CrystalSwitch has colour 0 channels');
  });

  it('PowerStar: the BVA hides shapes through KHR_node_visibility, STEP channels of unsigned bytes equal to the shape visibility per frame', async () => {
    const { glb, inputs } = await exportArchive('PowerStar');
    const g = readGlb(glb);
    assert.ok(g.json.extensionsUsed?.includes('KHR_node_visibility'));
    const bvaIndex = inputs.animations.findIndex((a) => a.anim.format === 'bva');
    assert.ok(bvaIndex >= 0);
    const bva = inputs.animations[bvaIndex];
    const gltfAnim = animationOf(g, inputs, bvaIndex);
    const channels = pointerChannels(g, gltfAnim);
    assert.ok(channels.size > 0, 'visibility channels');
    let hidden = 0;
    for (const [pointer, ch] of channels) {
      const m = /^\/nodes\/(\d+)\/extensions\/KHR_node_visibility\/visible$/.exec(pointer);
      assert.ok(m, pointer);
      const node = g.json.nodes[Number(m[1])];
      assert.strictEqual(node.extensions?.KHR_node_visibility?.visible, true, 'the node carries the extension');
      const shape = (node as unknown as { extras: { j3d: { shape: number } } }).extras.j3d.shape;
      assert.strictEqual(ch.interpolation, 'STEP');
      const c = gltfAnim.channels.find((x) => x.target.extensions?.KHR_animation_pointer?.pointer === pointer)!;
      assert.strictEqual(g.json.accessors[gltfAnim.samplers[c.sampler].output].componentType, 5121, 'unsigned byte');
      ch.times.forEach((time, k) => {
        const state = initialState(inputs.input.model);
        applyAnimation(state, bva.anim, Math.round(time * inputs.fps));
        assert.strictEqual(ch.values[k][0], state.shapeVisible[shape] ? 1 : 0, `shape ${shape} at ${time}s`);
        if (!state.shapeVisible[shape]) hidden++;
      });
    }
    assert.ok(hidden > 0, 'the BVA hides a shape at some frame');
  });
});
