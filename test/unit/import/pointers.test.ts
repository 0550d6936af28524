/**
 * Issue 29: material and visibility animations from glTF's own properties, for a glTF without
 * AnimScope's extras (another tool's): the shared files' exports with `extras.j3d` taken away keep
 * only their KHR_animation_pointer channels (CrystalSwitch Off/On.bpk on baseColorFactor,
 * PowerStarColor.bva on KHR_node_visibility, TripodBossCore 2ndDemo/Wait.btk on
 * KHR_texture_transform); the import builds BPK, BVA and BTK from those. Compared with the
 * original at every frame: colours within one step of 255 (float factors round-trip), visibility
 * exactly, and for BTK the texture matrix the game computes (FORMATS.md §3) within 1e-3 — the
 * import writes centre 0 and moves the centre into the translation, so the S/T/R tracks differ
 * while the matrix does not.
 */
import * as assert from 'assert';
import { Document } from '@gltf-transform/core';
import { KHRTextureTransform } from '@gltf-transform/extensions';
import { describeTracks } from '../../../src/kinds/describe';
import { decode } from '../../../src/formats/index';
import type { AnimData } from '../../../src/kinds/registry';
import { readModel } from '../../../src/cli/modelCommands';
import type { BtkAnim } from '../../../src/formats/jsystem/btk/types';
import { gltfData, GltfData, readGltf } from '../../../src/import/gltfRead';
import { DEFAULT_TOLERANCES, ImportNote } from '../../../src/import/importJoints';
import { importPointers } from '../../../src/import/importPointers';
import { exportShared, SHARED_MODELS } from '../gltf/sharedModels';

/** Track values by material name (`name/r`, `name/matrix/m02`) or shape (`shapes/2/visible`) at every frame. */
function byBinding(anim: AnimData, duration: number): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const entries = (anim as { entries?: { materialName: string }[] }).entries;
  for (const t of describeTracks(anim)) {
    const m = /^entries\/(\d+)\/(.*)$/.exec(t.path);
    const key = m && entries ? `${entries[Number(m[1])].materialName}/${m[2]}` : t.path;
    out.set(key, Array.from({ length: duration + 1 }, (_, f) => t.evaluate(f)));
  }
  return out;
}

describe('animscope import: BPK, BVA and BTK from glTF pointer channels (no AnimScope extras)', function () {
  this.timeout(300000);
  const covered: string[] = [];
  for (const label of ['CrystalSwitch', 'PowerStar', 'TripodBossCore']) {
    it(`${label}: each animation with pointer channels comes back from them alone`, async () => {
      const shared = SHARED_MODELS.find((s) => s.label === label)!;
      const { inputs, glb } = await exportShared(label, shared.path);
      const gltf = await readGltf(glb, true, () => new Uint8Array());
      for (const a of inputs.animations) {
        const back = gltf.animations.find((g) => (g.name === a.name || g.name === `${a.name}.${a.anim.format}`) && g.j3d?.format === a.anim.format);
        if (!back?.pointers?.length) continue;
        const notes: ImportNote[] = [];
        const files = importPointers(gltf, { ...back, j3d: undefined }, inputs.input.model, { fps: inputs.fps, loopMode: 0, tolerances: DEFAULT_TOLERANCES }, (n) => notes.push(n));
        assert.deepStrictEqual(notes, [], `${a.name}: binds`);
        assert.deepStrictEqual(files.map((f) => f.format), [a.anim.format], `${a.name}: one file of its kind`);
        const duration = (a.anim as { duration: number }).duration;
        const imported = decode(files[0].bytes, `${a.name}.${a.anim.format}`);
        assert.deepStrictEqual(imported.diagnostics.filter((d) => d.severity === 'error'), [], a.name);
        const [want, got] = [byBinding(a.anim, duration), byBinding(imported.anim!, duration)];
        let compared = 0;
        for (const [key, values] of want) {
          const kind = /\/matrix\//.test(key) ? 'matrix' : /\/[rgba]$/.test(key) ? 'colour' : /visible$/.test(key) ? 'visible' : undefined;
          if (!kind) continue; // BTK's S/T/R tracks: the centre moved into the translation
          const mine = got.get(key);
          // a material whose colour never leaves the model's own gets no channel from the export (Off.bpk's lambert3)
          if (!mine && kind === 'colour') continue;
          assert.ok(mine, `${a.name}: ${key} comes back`);
          const limit = kind === 'matrix' ? 1e-3 : kind === 'colour' ? 1 : 0;
          values.forEach((v, f) => assert.ok(Math.abs(mine[f] - v) <= limit, `${a.name} ${key} at frame ${f}: ${mine[f]} vs ${v}`));
          compared++;
        }
        assert.ok(compared > 0, `${a.name}: something compared`);
        covered.push(a.anim.format);
      }
    });
  }
  it('covered BPK, BVA and BTK', () => assert.deepStrictEqual([...new Set(covered)].sort(), ['bpk', 'btk', 'bva']));
});

describe('animscope import: hostile extras and pointer channels end in a refusal or a file, never a crash', () => {
  it('NaN times and values, a huge duration, tracks of the wrong length', async () => {
    const { importAnimations } = await import('../../../src/import/importAnimations');
    const { ImportRefused } = await import('../../../src/import/importJoints');
    const shared = SHARED_MODELS.find((s) => s.label === 'PowerStar')!;
    const { inputs } = await exportShared('PowerStar', shared.path);
    const model = inputs.input.model;
    const nan = Float32Array.of(NaN, NaN);
    const cases = [
      { name: 'nan pointer', channels: [], pointers: [{ animation: 0, pointer: '/materials/0/pbrMetallicRoughness/baseColorFactor', interpolation: 'LINEAR', times: nan, values: new Float32Array(8).fill(NaN), size: 4 }] },
      { name: 'huge duration', channels: [], j3d: { format: 'bva', duration: 1e9, frames: [0], tracks: [{ path: 'shapes/0/visible', values: [1] }], keysOutline: { header: {}, targets: [{ key: 'shape:0', tracks: [{ path: 'shapes/0/visible', channel: 'shape', axis: 'visible', unit: 'visibility', step: true }] }] } } },
      { name: 'nan track', channels: [], j3d: { format: 'bpk', duration: 2, frames: [0, 1, 2], tracks: [{ path: 'entries/0/r', values: [NaN, 1, 2] }], keysOutline: { header: {}, targets: [{ key: 'entry:0', binding: { material: 'x' }, tracks: [{ path: 'entries/0/r', channel: 'colour', axis: 'r', unit: 'color', step: false }] }] } } },
      { name: 'short track', channels: [], j3d: { format: 'btp', duration: 2, frames: [0, 1, 2], tracks: [{ path: 'entries/0/texture', values: [1] }], keysOutline: { header: {}, targets: [{ key: 'entry:0', binding: { material: 'x', texMapSlot: 0 }, tracks: [{ path: 'entries/0/texture', channel: 'texture', axis: 'index', unit: 'units', step: true }] }] } } },
    ];
    for (const c of cases) {
      const gltf = { materials: [model.materials[0]], nodes: [], skinJoints: [], inverseBinds: new Map(), animations: [c as never] };
      try {
        importAnimations(gltf, gltf.animations, model, { fps: 60, loop: 0, tolerances: DEFAULT_TOLERANCES, kinds: ['bpk', 'bva', 'btp', 'btk'], byOrder: false }, () => undefined);
      } catch (e) {
        assert.ok(e instanceof ImportRefused, `${c.name}: ${(e as Error).stack}`);
      }
    }
  });
});

describe('animscope import: a texture transform animated in part keeps the rest of the static one', () => {
  // what Blender 3.4 + test/blender/author.py write: the Mapping node's static scale on the texture
  // info's KHR_texture_transform, a KHR_animation_pointer channel on the offset alone
  it('gltfData reads the base colour texture\'s static KHR_texture_transform per material', () => {
    const doc = new Document();
    const ext = doc.createExtension(KHRTextureTransform);
    doc.createMaterial('plain').setBaseColorTexture(doc.createTexture());
    const moved = doc.createMaterial('moved').setBaseColorTexture(doc.createTexture());
    moved.getBaseColorTextureInfo()!.setExtension(KHRTextureTransform.EXTENSION_NAME, ext.createTransform().setOffset([0.1, 0.2]).setRotation(0.5).setScale([2, 0.5]));
    const read = gltfData(doc);
    assert.deepStrictEqual(read.materials, ['plain', 'moved']);
    assert.strictEqual(read.baseColorTransforms![0], undefined);
    assert.deepStrictEqual(read.baseColorTransforms![1], { offset: [0.1, 0.2], rotation: 0.5, scale: [2, 0.5] });
  });

  it('an offset channel alone: the BTK keeps the static scale (was 1, the matrix lost it)', () => {
    const shared = SHARED_MODELS.find((m) => m.label === 'TripodBossCore')!;
    const model = readModel(shared.path).model;
    const material = 'MetalBody_v';
    const offset = { animation: 0, pointer: '/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset', interpolation: 'LINEAR', times: Float32Array.of(0, 1), values: Float32Array.of(0, 0, 0.5, 0.25), size: 2 };
    const anim = { name: 'Nod', channels: [], pointers: [offset] };
    const matrix = (gltf: GltfData, f: number): number[] => {
      const notes: ImportNote[] = [];
      const files = importPointers(gltf, anim, model, { fps: 60, loopMode: 0, tolerances: DEFAULT_TOLERANCES }, (n) => notes.push(n));
      assert.deepStrictEqual(notes, []);
      assert.deepStrictEqual(files.map((x) => x.format), ['btk']);
      const btk = decode(files[0].bytes, 'Nod.btk').anim as BtkAnim;
      const tracks = byBinding(btk, 60);
      return ['m00', 'm01', 'm02', 'm10', 'm11', 'm12'].map((e) => tracks.get(`${material}/matrix/${e}`)![f]);
    };
    const base = { materials: [material], nodes: [], skinJoints: [], inverseBinds: new Map(), animations: [anim] };
    const close = (got: number[], want: number[]): void => got.forEach((x, i) => assert.ok(Math.abs(x - want[i]) <= 1e-3, `${got} vs ${want}`));
    // at frame 30 the offset is (0.25, 0.125); glTF T·S with scale (2, 0.5): [2 0 0.25; 0 0.5 0.125]
    close(matrix({ ...base, baseColorTransforms: [{ offset: [9, 9], rotation: 0, scale: [2, 0.5] }] }, 30), [2, 0, 0.25, 0, 0.5, 0.125]);
    // without a static transform, glTF's defaults
    close(matrix(base, 30), [1, 0, 0.25, 0, 1, 0.125]);
  });
});
