/**
 * Hostile models: truncation, random byte flips and synthetic broken hierarchies never throw,
 * stay fully attributed, and produce the documented diagnostics.
 */
import * as assert from 'assert';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { uncoveredRanges } from '../../../src/formats/binary/fields';
import { decodeModel } from '../../../src/formats/model';
import type { ModelResult } from '../../../src/formats/model';
import { decode } from '../../../src/formats/index';
import type { BckAnim } from '../../../src/formats/jsystem/bck/types';
import { bindAnimation } from '../../../src/anim/skeleton';
import { computePose, bindPoseLocals } from '../../../src/formats/model/jointMatrices';
import { archiveFile, BOSS_BDL, CORE_BDL, FOOT_BDL, prng, writeModel, SynthModel } from './fixtures';
import { bindPoseModel } from '../../../src/anim/pose';
import { decodeModelTextures, MAX_DECODED_TEXTURE_BYTES } from '../../../src/formats/model/tex1';
import { readSample } from '../helpers';

const KURIBO_BDL = (): Uint8Array => archiveFile('Kuribo', 'Kuribo/Kuribo.bdl');
/** The other shared models, with the end of their structured part (the TEX1 image data start). */
const MORE_MODELS: [string, () => Uint8Array, number][] = [
  ['Kuribo', KURIBO_BDL, 0x4180],
  ['PowerStar', () => archiveFile('PowerStar', 'PowerStar/PowerStar.bdl'), 0x7500],
  ['Mogu', () => archiveFile('Mogu', 'Mogu/Mogu.bdl'), 0x7FA0],
  ['CrystalSwitch', () => archiveFile('CrystalSwitch', 'CrystalSwitch/CrystalSwitch.bdl'), 0x2A00],
  ['mariotree1', () => readSample('mkdd/objects/mariotree1.bmd'), 0xE80],
];

const BCK = (): BckAnim => decode(archiveFile('TripodBossCore', 'TripodBossCore/2ndDemo.bck'), '2ndDemo.bck').anim as BckAnim;

function check(bytes: Uint8Array, what: string, anim?: BckAnim): { result: ModelResult; codes: string[] } {
  const sink = new DiagnosticSink();
  let result: ModelResult;
  try {
    result = decodeModel(bytes, sink);
    if (result.model) {
      computePose(result.model, bindPoseLocals(result.model));
      if (anim) {
        bindAnimation(result.model, anim).pose(17);
        // The preview path too: skinning every shape and decoding every texture level.
        bindPoseModel(result.model);
        const textures = decodeModelTextures(bytes, result.model.textures, new DiagnosticSink(), { allLevels: true });
        const decoded = textures.reduce((a, t) => a + t.levels.reduce((b, l) => b + l.rgba.length, 0), 0);
        if (decoded > MAX_DECODED_TEXTURE_BYTES) assert.fail(`${what}: ${decoded} texture bytes`);
      }
      // Every display-list vertex costs at least one byte of a list inside the file.
      const stream = result.model.shapes.reduce((a, sh) => a + sh.vertexCount, 0);
      if (stream > bytes.length) assert.fail(`${what}: ${stream} stream vertices from ${bytes.length} bytes`);
    }
  } catch (e) {
    assert.fail(`${what}: threw ${(e as Error).stack}`);
  }
  const codes = sink.finish().map((d) => d.code);
  if (codes.includes('INTERNAL_ERROR')) assert.fail(`${what}: INTERNAL_ERROR`);
  const gaps = uncoveredRanges(result.root, bytes.length);
  if (gaps.length) assert.fail(`${what}: uncovered ${JSON.stringify(gaps)}`);
  return { result, codes };
}

const J = 0x10, M = 0x11, S = 0x12, OPEN = 1, CLOSE = 2, END = 0;
const joints = (n: number): SynthModel['joints'] => Array.from({ length: n }, (_, i) => ({ name: `j${i}`, translation: [i, 0, 0] as [number, number, number] }));

function synth(spec: Partial<SynthModel>): { result: ModelResult; codes: string[] } {
  const full: SynthModel = { nodes: [[J, 0], [OPEN, 0], [J, 1], [CLOSE, 0], [END, 0]], joints: joints(2), materials: ['m0'], ...spec };
  return check(writeModel(full), JSON.stringify(spec));
}

describe('model: robustness', function () {

  it('decodes the models truncated at every offset of their structured part (and sparsely beyond) without throwing', () => {
    const anim = BCK();
    // Every offset up to the end of MDL3 (TEX1 is opaque), then every 997th; TripodBossCore's long
    // VTX1/SHP1 stretches every 3rd.
    for (const [name, bytes, structured, step] of [['TripodBoss', BOSS_BDL(), 0xA80, 1], ['TripodBossFoot', FOOT_BDL(), 0x7600, 1], ['TripodBossCore', CORE_BDL(), 0x99A0, 3]] as const) {
      for (let n = 0; n < bytes.length; n += n < structured ? (n < 0x120 || (n > 0x3400 && n < 0x3600) || n > 0x7F00 ? 1 : step) : 997) {
        check(bytes.subarray(0, n), `${name} cut at ${n}`, n % 64 === 0 ? anim : undefined);
      }
    }
  });

  it('decodes every other shared model truncated at every offset of its structured part (and sparsely beyond)', () => {
    const anim = BCK();
    for (const [name, get, structured] of MORE_MODELS) {
      const bytes = get();
      for (let n = 0; n < bytes.length; n += n < structured ? (n < 0x200 ? 1 : 3) : 499) {
        check(bytes.subarray(0, n), `${name} cut at ${n}`, n % 96 === 0 ? anim : undefined);
      }
    }
  });

  it('decodes every other shared model with random byte flips without throwing', () => {
    const rnd = prng(0x5EED);
    const anim = BCK();
    for (const [name, get, structured] of MORE_MODELS) {
      const src = get();
      for (let iter = 0; iter < 300; iter++) {
        const bytes = Uint8Array.from(src);
        const flips = 1 + Math.floor(rnd() * 8);
        for (let k = 0; k < flips; k++) {
          const at = Math.floor(rnd() * structured);
          bytes[at] = rnd() < 0.5 ? bytes[at] ^ (1 << Math.floor(rnd() * 8)) : Math.floor(rnd() * 256);
        }
        check(bytes, `${name} flip #${iter}`, iter % 5 === 0 ? anim : undefined);
      }
    }
  });

  it('bounds hostile display lists, mip chains, texture sizes and shape counts (Kuribo patched)', () => {
    const patch = (edits: [number, number[]][]): Uint8Array => {
      const bytes = Uint8Array.from(KURIBO_BDL());
      for (const [at, values] of edits) bytes.set(values, at);
      return bytes;
    };
    // SHP1 at 0x19A0; descriptors at 0x1A00 (PNMTXIDX direct, POS/NRM/CLR0/TEX0 index16);
    // the display list at 0x1A40 starts 98 002F (a 47-vertex strip).
    // A primitive claiming 65,535 vertices runs past its list: error, nothing allocated for it.
    let r = check(patch([[0x1A41, [0xFF, 0xFF]]]), 'vertex count 0xFFFF');
    assert.ok(r.codes.includes('MDL_DISPLAY_LIST'), r.codes.join());
    assert.strictEqual(r.result.model!.shapes[0].vertexCount, 0);
    // Every attribute "none": 0-byte vertices still cost a byte each, so the count is bounded by the list.
    r = check(patch([[0x1A07, [0]], [0x1A0F, [0]], [0x1A17, [0]], [0x1A1F, [0]], [0x1A27, [0]], [0x1A41, [0x20, 0x00]]]), '0-byte vertices');
    assert.ok(r.result.model!.shapes[0].vertexCount <= 0x2000, `${r.result.model!.shapes[0].vertexCount} vertices`);
    // Shape count 0xFFFF: cut to what the remap table can hold in the chunk.
    r = check(patch([[0x19A8, [0xFF, 0xFF]]]), 'shape count 0xFFFF');
    assert.ok(r.codes.includes('MDL_COUNT'));
    assert.ok(r.result.model!.shapes.length < 0x2020 / 2);
    // TEX1 header 0 (0x40C0): 65,535 × 65,535 → MDL_TEXTURE_SIZE, nothing decoded; header 1: 255 mip levels → only those inside TEX1.
    r = check(patch([[0x40C2, [0xFF, 0xFF, 0xFF, 0xFF]], [0x40E0 + 0x18, [0xFF]]]), 'hostile textures', BCK());
    assert.ok(r.codes.includes('MDL_TEXTURE_SIZE') && r.codes.includes('MDL_TEXTURE_RANGE'), r.codes.join());
    const textures = r.result.model!.textures;
    assert.strictEqual(textures[0].decodable, false);
    assert.ok(textures[1].levelOffsets.length < 255);
    assert.ok(textures[1].levelOffsets.every((o) => o < 0x40A0 + 0x4120));
  });

  it('decodes models with random byte flips without throwing', () => {
    const rnd = prng(0xB0D1);
    const anim = BCK();
    for (const [name, src, structured] of [['TripodBoss', BOSS_BDL(), 0xA80], ['TripodBossFoot', FOOT_BDL(), 0x7600], ['TripodBossCore', CORE_BDL(), 0x99A0]] as const) {
      for (let iter = 0; iter < 600; iter++) {
        const bytes = Uint8Array.from(src.subarray(0, iter % 3 === 0 ? src.length : structured));
        const flips = 1 + Math.floor(rnd() * 8);
        for (let k = 0; k < flips; k++) {
          const at = Math.floor(rnd() * structured);
          bytes[at] = rnd() < 0.5 ? bytes[at] ^ (1 << Math.floor(rnd() * 8)) : Math.floor(rnd() * 256);
        }
        check(bytes, `${name} flip #${iter}`, iter % 10 === 0 ? anim : undefined);
      }
    }
  });

  it('decodes the synthetic model cleanly (the writer is sound)', () => {
    const { result, codes } = synth({});
    assert.deepStrictEqual(codes, []);
    assert.deepStrictEqual(result.model!.joints.map((j) => j.parent), [-1, 0]);
    assert.deepStrictEqual(result.model!.materials, ['m0']);
  });

  it('MDL_HIERARCHY_UNBALANCED: a close at the top level, and opens left unclosed', () => {
    const a = synth({ nodes: [[J, 0], [CLOSE, 0], [J, 1], [END, 0]] });
    assert.ok(a.codes.includes('MDL_HIERARCHY_UNBALANCED'), a.codes.join());
    // Reading stops at the stray close: joint 1 is never placed.
    assert.ok(a.codes.includes('MDL_JOINT_ORPHAN'));
    assert.strictEqual(a.result.model!.joints[1].parent, -1);
    const b = synth({ nodes: [[J, 0], [OPEN, 0], [J, 1], [OPEN, 0], [END, 0]] });
    assert.deepStrictEqual(b.codes, ['MDL_HIERARCHY_UNBALANCED']);
    assert.strictEqual(b.result.model!.joints[1].parent, 0);
  });

  it('MDL_HIERARCHY_END: no End node before the chunk ends', () => {
    // 10 nodes fill INF1 to its 0x20-aligned end exactly (0x18 + 10 × 4 = 0x40): no zero padding to read as End.
    const r = synth({ nodes: [[J, 0], [OPEN, 0], [J, 1], [OPEN, 0], [M, 0], [OPEN, 0], [S, 0], [CLOSE, 0], [CLOSE, 0], [CLOSE, 0]] });
    assert.deepStrictEqual(r.codes, ['MDL_HIERARCHY_END']);
    assert.strictEqual(r.result.model!.hierarchy.length, 10);
    assert.deepStrictEqual(r.result.model!.joints.map((j) => j.parent), [-1, 0]);
  });

  it('MDL_JOINT_INDEX: a joint node past the JNT1 count', () => {
    const r = synth({ nodes: [[J, 0], [OPEN, 0], [J, 7], [J, 1], [CLOSE, 0], [END, 0]] });
    assert.deepStrictEqual(r.codes, ['MDL_JOINT_INDEX']);
    assert.deepStrictEqual(r.result.model!.joints[0].children, [1]);
  });

  it('MDL_JOINT_REPEATED: a joint under itself (a cycle) or in two places', () => {
    const r = synth({ nodes: [[J, 0], [OPEN, 0], [J, 1], [OPEN, 0], [J, 0], [CLOSE, 0], [CLOSE, 0], [END, 0]] });
    assert.deepStrictEqual(r.codes, ['MDL_JOINT_REPEATED']);
    assert.deepStrictEqual(r.result.model!.joints.map((j) => j.parent), [-1, 0]);
    // Posing still terminates and stays finite.
    const pose = computePose(r.result.model!, bindPoseLocals(r.result.model!));
    assert.deepStrictEqual(Array.from(pose.positions), [0, 0, 0, 1, 0, 0]);
  });

  it('MDL_JOINT_ORPHAN and MDL_JOINT_ROOTS', () => {
    const orphan = synth({ nodes: [[J, 0], [END, 0]] });
    assert.deepStrictEqual(orphan.codes, ['MDL_JOINT_ORPHAN']);
    const roots = synth({ nodes: [[J, 0], [J, 1], [END, 0]] });
    assert.deepStrictEqual(roots.codes, ['MDL_JOINT_ROOTS']);
    assert.deepStrictEqual(roots.result.model!.hierarchyRoots, [0, 1]);
  });

  it('MDL_HIERARCHY_NODE, MDL_MATERIAL_INDEX, MDL_SHAPE_INDEX, MDL_MESH_WITHOUT_JOINT', () => {
    const r = synth({ nodes: [[M, 0], [J, 0], [OPEN, 0], [0x33, 0], [M, 4], [S, 9], [J, 1], [CLOSE, 0], [END, 0]], shapeCount: 1 });
    assert.deepStrictEqual([...r.codes].sort(), ['MDL_HIERARCHY_NODE', 'MDL_MATERIAL_INDEX', 'MDL_MESH_WITHOUT_JOINT', 'MDL_SHAPE_INDEX']);
  });

  it('MDL_SCALING_RULE, MDL_MATRIX_TYPE, J3D_NAME_COUNT', () => {
    const r = synth({ loadFlags: 7, joints: [{ name: 'a', kind: 0x31 }, { name: 'b' }] });
    assert.deepStrictEqual([...r.codes].sort(), ['MDL_MATRIX_TYPE', 'MDL_SCALING_RULE']);
    // A JNT1 name table with fewer names than joints.
    const bytes = writeModel({ nodes: [[J, 0], [OPEN, 0], [J, 1], [CLOSE, 0], [END, 0]], joints: joints(2), materials: ['m0'] });
    const jnt1 = Buffer.from(bytes).indexOf('JNT1');
    const nameRel = new DataView(bytes.buffer).getUint32(jnt1 + 0x14);
    bytes[jnt1 + nameRel + 1] = 1;
    assert.ok(check(bytes, 'name count').codes.includes('J3D_NAME_COUNT'));
  });

  it('MDL_CHUNK_MISSING, MDL_MAGIC, MDL_TYPE', () => {
    assert.ok(synth({ omit: ['INF1'] }).codes.includes('MDL_CHUNK_MISSING'));
    const noMat = synth({ omit: ['MAT3'] });
    assert.deepStrictEqual(noMat.codes, ['MDL_CHUNK_MISSING']);
    const bytes = writeModel({ nodes: [[END, 0]], joints: [], materials: [] });
    bytes.set(Buffer.from('J3D1bck1'), 0);
    const r = check(bytes, 'magic');
    assert.ok(r.codes.includes('MDL_MAGIC') && r.codes.includes('MDL_TYPE'), r.codes.join());
  });

  it('bounds shapes sharing one record: records, packets and display lists cost no more than the file holds (MDL_BUDGET)', () => {
    // 8,000 shapes (the remap table holds them: 16,000 bytes) all remapped to the one record, whose
    // packet count is 65,535 with empty group and draw tables. Each shape would walk 65,535
    // packets and get its own shape object: 8,000 shapes from 40 bytes of record.
    const bytes = writeModel({ nodes: [[END, 0]], joints: [], materials: [], shapeCount: 8000, shapeRecords: 1, shapeRemap: 0, packetCount: 0xFFFF });
    const r = check(bytes, 'shared shape record');
    const shapes = r.result.model!.shapes;
    // Every shape costs its 0x28-byte record (as if it had its own): at most the file's size in records.
    assert.ok(shapes.length > 0 && shapes.length * 0x28 <= bytes.length, `${shapes.length} shapes from ${bytes.length} bytes`);
    assert.ok(r.codes.includes('MDL_BUDGET'), r.codes.join());
    assert.ok(r.codes.includes('J3D_TABLE_RANGE'), r.codes.join());
    assert.ok(shapes.every((sh) => sh.packets.length === 0));
    // The synthetic writer's own one-record model stays within the budget.
    assert.ok(!synth({ shapeCount: 1, packetCount: 3 }).codes.includes('MDL_BUDGET'));
  });

  it('bounds a hostile joint count and remap (65,535 joints, remap 0xFFFF)', () => {
    const bytes = Uint8Array.from(BOSS_BDL());
    const jnt1 = 0x180;
    bytes[jnt1 + 8] = 0xFF; bytes[jnt1 + 9] = 0xFF;
    bytes[0x2D8] = 0xFF; bytes[0x2D9] = 0xFF;
    const r = check(bytes, 'hostile JNT1', BCK());
    // JNT1 (0x180, size 0x1C0) holds 5 joint records, a 10-byte remap table and names: 65,535
    // joints cannot fit, so the count is cut to what the chunk holds before anything is allocated.
    const jointCount = r.result.model!.joints.length;
    assert.ok(jointCount <= 0x1C0 / 2, `${jointCount} joints allocated`);
    assert.ok(r.codes.includes('MDL_COUNT'), r.codes.join());
  });
});
