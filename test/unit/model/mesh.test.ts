/**
 * Mesh, texture and material data on the shared models (FORMATS.md §10.13), skinning in bind
 * pose, a BCK pose checked by hand, and CMPR texels decoded by hand from the bytes.
 */
import * as assert from 'assert';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { uncoveredRanges } from '../../../src/formats/binary/fields';
import { decodeModel } from '../../../src/formats/model';
import type { ModelData } from '../../../src/formats/model';
import { DrawMatrixKind } from '../../../src/formats/model/types';
import { decodeModelTexture, decodeModelTextures } from '../../../src/formats/model/tex1';
import { decode } from '../../../src/formats/index';
import { bindPoseModel, poseModel } from '../../../src/anim/pose';
import { applyAnimation, initialState } from '../../../src/kinds/apply';
import { readSample } from '../helpers';
import { archiveFile, f32hex } from './fixtures';

const MODELS: Record<string, () => Uint8Array> = {
  Kuribo: () => archiveFile('Kuribo', 'Kuribo/Kuribo.bdl'),
  PowerStar: () => archiveFile('PowerStar', 'PowerStar/PowerStar.bdl'),
  TripodBossCore: () => archiveFile('TripodBossCore', 'TripodBossCore/TripodBossCore.bdl'),
  Mogu: () => archiveFile('Mogu', 'Mogu/Mogu.bdl'),
  CrystalSwitch: () => archiveFile('CrystalSwitch', 'CrystalSwitch/CrystalSwitch.bdl'),
  mariotree1: () => readSample('mkdd/objects/mariotree1.bmd'),
};

function model(name: string): { bytes: Uint8Array; m: ModelData; codes: string[] } {
  const bytes = MODELS[name]();
  const sink = new DiagnosticSink();
  const r = decodeModel(bytes, sink);
  assert.ok(r.model);
  assert.deepStrictEqual(uncoveredRanges(r.root, bytes.length), [], `${name}: every byte attributed`);
  return { bytes, m: r.model, codes: sink.finish().map((d) => d.code) };
}

const streamVertices = (m: ModelData): number => m.shapes.reduce((a, s) => a + s.vertexCount, 0);

describe('model: mesh data on the shared models (§10.13)', function () {
  this.timeout(60000);

  for (const name of Object.keys(MODELS)) {
    it(`${name}: decodes with no error or warning`, () => {
      const { codes } = model(name);
      // TripodBossCore's MAT3 shares record 2 between materials 2 and 4: MDL_REMAP (info).
      assert.deepStrictEqual(codes.filter((c) => c !== 'MDL_REMAP'), []);
    });
  }

  it('Kuribo.bdl: 338 positions, 1 multi shape of 1 packet (4 slots), 858 display-list vertices, 5 CMPR 64×128 textures', () => {
    const { m } = model('Kuribo');
    assert.strictEqual(m.vertexCount, 338); // INF1 0x30 = 0x00000152
    assert.strictEqual(m.vertexArrays!.positions!.count, 341); // inferred: includes padding (§10.3)
    assert.strictEqual(m.shapes.length, 1);
    const shape = m.shapes[0];
    assert.strictEqual(shape.matrixType, 3);
    assert.strictEqual(shape.packets.length, 1);
    assert.strictEqual(shape.packets[0].slotCount, 4);
    assert.strictEqual(shape.vertexCount, 858);
    assert.deepStrictEqual(shape.attributes.map((a) => [a.attribute, a.type]), [[0, 1], [9, 3], [10, 3], [11, 3], [13, 3]]);
    // 103 strips: 858 − 2 × 103 = 652 triangles.
    assert.strictEqual(shape.triangles.length / 3, 858 - 2 * 103);
    assert.ok(shape.normals && shape.colors[0] && shape.texCoords[0]);
    // Normals s16 / 2^14 have length 1 (§10.13).
    for (let v = 0; v < 858; v++) {
      const n = Math.hypot(shape.normals[v * 3], shape.normals[v * 3 + 1], shape.normals[v * 3 + 2]);
      assert.ok(Math.abs(n - 1) < 2e-3, `normal ${v} has length ${n}`);
    }
    assert.strictEqual(m.drawMatrices!.kinds.length, 4);
    assert.strictEqual(m.envelopes!.envelopes.length, 0);
    assert.deepStrictEqual(m.textures.map((t) => `${t.formatName} ${t.width}×${t.height}`), new Array(5).fill('CMPR 64×128'));
    // #4 shares #2's image (same image data offset).
    assert.strictEqual(m.textures[4].imageOffset, m.textures[2].imageOffset);
    assert.strictEqual(new Set(m.textures.map((t) => t.imageOffset)).size, 4);
    assert.strictEqual(m.materialData.length, 1);
    assert.strictEqual(m.materialData[0].texNumbers[0], 4);
  });

  it('PowerStar.bdl: 4 single-matrix shapes, 1966 display-list vertices inside the shape boxes, 9 textures on 8 images', () => {
    const { m } = model('PowerStar');
    assert.strictEqual(m.vertexCount, 786);
    assert.deepStrictEqual(m.shapes.map((s) => s.matrixType), [0, 0, 0, 0]);
    assert.strictEqual(streamVertices(m), 1966);
    for (const s of m.shapes) {
      for (let v = 0; v < s.vertexCount; v++) {
        for (let a = 0; a < 3; a++) {
          const x = s.positions[v * 3 + a];
          assert.ok(x >= s.bboxMin[a] - 1e-3 && x <= s.bboxMax[a] + 1e-3, `shape ${s.index} vertex ${v} axis ${a}: ${x}`);
        }
      }
    }
    assert.strictEqual(m.textures.length, 9);
    assert.deepStrictEqual(m.textures.map((t) => t.formatName).sort(), ['CMPR', 'CMPR', 'CMPR', 'CMPR', 'CMPR', 'CMPR', 'CMPR', 'I8', 'I8']);
    assert.strictEqual(new Set(m.textures.map((t) => t.imageOffset)).size, 8);
    // One env-mapped translucent material: texgen NRM → TEXMTX0 (matrix 30) of mode 7, blend src alpha / inv src alpha.
    const env = m.materialData.find((mat) => mat.texGens[0].source === 1);
    assert.ok(env, 'a material with a normal-sourced texgen');
    assert.strictEqual(env!.texGens[0].matrix, 30);
    assert.strictEqual(env!.texMatrices[0]!.mode, 7);
    assert.deepStrictEqual([env!.blend.mode, env!.blend.source, env!.blend.destination], [1, 4, 5]);
  });

  it('TripodBossCore.bdl: 5 shapes, 2166 display-list vertices; MAT3 5 on 4 records, cull back ×4 and none ×1', () => {
    const { m } = model('TripodBossCore');
    assert.strictEqual(m.shapes.length, 5);
    assert.strictEqual(streamVertices(m), 2166);
    assert.strictEqual(new Set(m.materialData.map((x) => x.entryIndex)).size, 4);
    assert.deepStrictEqual(m.materialData.map((x) => x.cullMode).sort(), [0, 2, 2, 2, 2]);
    assert.deepStrictEqual(m.textures.map((t) => `${t.formatName} ${t.width}×${t.height}`), ['CMPR 128×128', 'I8 256×256', 'I8 512×512']);
  });

  it('Mogu.bdl: 21 envelopes (≤ 3 bones, weights sum to 1), DRW1 54, 304 vertices on 0xFFFF slots', () => {
    const { m } = model('Mogu');
    const env = m.envelopes!;
    assert.strictEqual(env.envelopes.length, 21);
    assert.strictEqual(env.envelopes.reduce((a, e) => a + e.joints.length, 0), 45);
    for (const e of env.envelopes) {
      assert.ok(e.joints.length <= 3);
      assert.ok(Math.abs(e.weights.reduce((a, w) => a + w, 0) - 1) < 1e-3);
    }
    assert.strictEqual(env.inverseBinds.length, 14 * 12);
    assert.strictEqual(m.drawMatrices!.kinds.length, 54);
    // Joint entries first (joints 2–13), then envelopes 0..20, then the same 21 again.
    assert.deepStrictEqual(Array.from(m.drawMatrices!.kinds.slice(0, 12)), new Array(12).fill(DrawMatrixKind.Joint));
    assert.deepStrictEqual(Array.from(m.drawMatrices!.indices.slice(0, 12)), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    assert.deepStrictEqual(Array.from(m.drawMatrices!.indices.slice(12, 33)), Array.from(m.drawMatrices!.indices.slice(33, 54)));
    assert.deepStrictEqual(m.shapes.map((s) => s.matrixType), [3, 3]);
    assert.strictEqual(m.shapes.reduce((a, s) => a + s.packets.length, 0), 7);
    let inherited = 0, highest = 0;
    for (const s of m.shapes) {
      for (const p of s.packets) {
        for (let v = p.vertexStart; v < p.vertexStart + p.vertexCount; v++) {
          if (p.inheritedSlots.includes(s.matrixSlots[v])) inherited++;
          assert.notStrictEqual(s.drawMatrices[v], 0xFFFF, 'every vertex has a matrix');
          highest = Math.max(highest, s.drawMatrices[v]);
        }
      }
    }
    assert.strictEqual(inherited, 304);
    assert.strictEqual(highest, 32);
  });

  it('mariotree1.bmd (MKDD): 57 positions, 1 shape, 1 CMPR 64×256 texture with 4 mip levels back to back', () => {
    // xxd: INF1 0x30 = 0x00000039; SHP1 0x528 = 0x0001; TEX1 header at 0xE60: 0E … 0040 0100 …, 0x18 = 04, 0x1C = 0x20.
    const { m, bytes } = model('mariotree1');
    assert.strictEqual(m.vertexCount, 57);
    assert.strictEqual(m.shapes.length, 1);
    const t = m.textures[0];
    assert.deepStrictEqual([t.formatName, t.width, t.height, t.imageCount], ['CMPR', 64, 256, 4]);
    assert.deepStrictEqual(t.levelOffsets, [0xE80, 0xE80 + 8192, 0xE80 + 8192 + 2048, 0xE80 + 8192 + 2048 + 512]);
    const levels = decodeModelTextures(bytes, m.textures, new DiagnosticSink(), { allLevels: true })[0].levels;
    assert.deepStrictEqual(levels.map((l) => [l.width, l.height]), [[64, 256], [32, 128], [16, 64], [8, 32]]);
  });
});

describe('model: textures decoded from the real bytes', () => {
  it('Kuribo texture 0 (CMPR): texels worked out by hand from the sub-blocks at 0x4160 and 0x4358', () => {
    const { bytes, m } = model('Kuribo');
    const img = decodeModelTexture(bytes, m.textures[0])!;
    assert.deepStrictEqual([img.width, img.height], [64, 128]);
    const texel = (x: number, y: number): number[] => Array.from(img.rgba.subarray((y * 64 + x) * 4, (y * 64 + x) * 4 + 4));
    // 0x4160: 9264 0000 00000000 → every texel c0 = 0x9264: R 18 → 148, G 19 → 77, B 4 → 33.
    assert.deepStrictEqual(texel(0, 0), [148, 77, 33, 255]);
    // 0x4358 = block 15 (8 blocks a row: x 56, y 8), sub-block 3 (BR) → texels (60..63, 12..15):
    // 4963 10A2 56 56 57 A8. c0 = (74, 44, 24), c1 = (16, 20, 16) (R5 9/2, G6 11/5, B5 3/2 expanded),
    // c2 = (5·c0 + 3·c1) >> 3 = (52, 35, 21), c3 = (3·c0 + 5·c1) >> 3 = (37, 29, 19).
    // Row 0 = 0x56 = 01 01 01 10, row 2 = 0x57 = 01 01 01 11, row 3 = 0xA8 = 10 10 10 00.
    assert.deepStrictEqual(texel(60, 12), [16, 20, 16, 255]);
    assert.deepStrictEqual(texel(63, 12), [52, 35, 21, 255]);
    assert.deepStrictEqual(texel(63, 14), [37, 29, 19, 255]);
    assert.deepStrictEqual(texel(63, 15), [74, 44, 24, 255]);
    assert.deepStrictEqual(texel(60, 15), [52, 35, 21, 255]);
  });

  it('the texture budget leaves the rest out with MDL_TEXTURE_BUDGET', () => {
    const { bytes, m } = model('TripodBossCore');
    const sink = new DiagnosticSink();
    // 128×128 + 256×256 RGBA = 327,680 bytes: the 512×512 I8 (1 MiB of RGBA) does not fit.
    const out = decodeModelTextures(bytes, m.textures, sink, { maxBytes: 400000 });
    assert.deepStrictEqual(out.map((t) => t.levels.length), [1, 1, 0]);
    assert.deepStrictEqual(sink.finish().map((d) => d.code), ['MDL_TEXTURE_BUDGET']);
  });
});

describe('model: pose and skinning (§10.12)', () => {
  it('Mogu.bdl in bind pose puts envelope-skinned vertices back on their stored positions within 0.03', () => {
    const { m } = model('Mogu');
    const posed = bindPoseModel(m);
    let checked = 0, worst = 0;
    m.shapes.forEach((s, i) => {
      for (let v = 0; v < s.vertexCount; v++) {
        if (m.drawMatrices!.kinds[s.drawMatrices[v]] !== DrawMatrixKind.Envelope) continue;
        const d = Math.hypot(posed.shapes[i].positions[v * 3] - s.positions[v * 3], posed.shapes[i].positions[v * 3 + 1] - s.positions[v * 3 + 1], posed.shapes[i].positions[v * 3 + 2] - s.positions[v * 3 + 2]);
        worst = Math.max(worst, d);
        checked++;
      }
    });
    assert.ok(checked > 300, `${checked} envelope vertices`);
    assert.ok(worst <= 0.03, `worst distance ${worst}`);
  });

  it('Kuribo + Walk.bck at frame 0: the Head joint origin, computed by hand from the BCK keys', () => {
    const { m } = model('Kuribo');
    const bckBytes = archiveFile('Kuribo', 'Kuribo/Walk.bck');
    const bck = decode(bckBytes, 'Walk.bck').anim!;
    // Walk.bck: rotationFraction 1 (ANK1 0x29), translation bank at 0x2E0 (xxd):
    //   [1] 429D7DA0 = 78.745… (Center y), [3] C2488ABE = −50.135… (Body y key at frame 0).
    // Body z translation key at frame 0 = bank[30], Head x translation key at frame 0 = bank[48].
    const view = new DataView(bckBytes.buffer, bckBytes.byteOffset);
    const bank = (i: number): number => view.getFloat32(0x2E0 + 4 * i, false);
    assert.strictEqual(bank(1), f32hex('429D7DA0'));
    assert.strictEqual(bank(3), f32hex('C2488ABE'));
    // Rotation bank at 0x1E0 (0000 A000 8000 0000 20B1 …): Body x = [1] −24576, y = [2] −32768, z key at frame 0 = [4] 8369.
    const rbank = (i: number): number => view.getInt16(0x1E0 + 2 * i, false);
    assert.deepStrictEqual([rbank(1), rbank(2), rbank(4)], [-24576, -32768, 8369]);
    const deg = (raw: number): number => (raw * 2 * 180) / 32768; // raw << rotationFraction 1
    const rad = (d: number): number => (d * Math.PI) / 180;
    const [ax, ay, az] = [rad(deg(rbank(1))), rad(deg(rbank(2))), rad(deg(rbank(4)))];
    // Body local rotation R = Rz · Ry · Rx, written out.
    const cx = Math.cos(ax), sx = Math.sin(ax), cy = Math.cos(ay), sy = Math.sin(ay), cz = Math.cos(az), sz = Math.sin(az);
    const R = [
      [cz * cy, cz * sy * sx - sz * cx, cz * sy * cx + sz * sx],
      [sz * cy, sz * sy * sx + cz * cx, sz * sy * cx - cz * sx],
      [-sy, cy * sx, cy * cx],
    ];
    // Root is the identity, Center only translates (0, bank[1], 0), all scales are 1 (so the
    // Maya scale compensation of Head changes nothing): Head = Center.t + Body.t + R · Head.t.
    const bodyT = [0, bank(1) + bank(3), bank(30)];
    const headT = [bank(48), -0.2895340025424957, 0]; // Head y is constant: bank[68] (JNT1 value too)
    assert.strictEqual(bank(68), headT[1]);
    const expected = [0, 1, 2].map((r) => bodyT[r] + R[r][0] * headT[0] + R[r][1] * headT[1] + R[r][2] * headT[2]);

    const state = initialState(m);
    assert.ok(applyAnimation(state, bck, 0));
    const posed = poseModel(m, state.locals);
    const head = m.joints.findIndex((j) => j.name === 'Head');
    const got = [posed.world[head * 12 + 3], posed.world[head * 12 + 7], posed.world[head * 12 + 11]];
    for (let a = 0; a < 3; a++) assert.ok(Math.abs(got[a] - expected[a]) < 1e-4, `axis ${a}: ${got[a]} vs ${expected[a]}`);
  });

  it('a billboard shape is posed as single-matrix; vertices with no matrix keep their stored position', () => {
    const { m } = model('PowerStar');
    const shape = { ...m.shapes[0], matrixType: 1 };
    const posed = poseModel({ ...m, shapes: [shape] }, new Float64Array(0));
    const single = bindPoseModel(m).shapes[0].positions;
    assert.deepStrictEqual(Array.from(posed.shapes[0].positions), Array.from(single));
  });
});
