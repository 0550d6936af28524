/**
 * Model decoder on the real BDLs inside the shared archives. Every golden value below was read
 * by hand from the bytes (xxd of the extracted file; offsets are absolute in the BDL).
 */
import * as assert from 'assert';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { assignPaths, resolvePath, uncoveredRanges, walkFields, FieldNode } from '../../../src/formats/binary/fields';
import { decodeModel, looksLikeModel } from '../../../src/formats/model';
import type { ModelResult } from '../../../src/formats/model';
import { decode } from '../../../src/formats/index';
import type { BckAnim } from '../../../src/formats/jsystem/bck/types';
import { archiveFile, BOSS_BDL, CORE_BDL, f32hex, FOOT_BDL } from './fixtures';

/** No diagnostics except MDL_REMAP (info: TripodBossCore's MAT3 shares a record, §10.13 "MAT3 5 on 4 records"). */
function decodeClean(bytes: Uint8Array): ModelResult {
  const sink = new DiagnosticSink();
  const r = decodeModel(bytes, sink);
  assert.deepStrictEqual(sink.finish().filter((d) => d.code !== 'MDL_REMAP'), []);
  assert.ok(r.model);
  return r;
}

function field(root: FieldNode, path: string, bytes: Uint8Array): FieldNode {
  const n = resolvePath(assignPaths(root), path, bytes);
  assert.ok(n && n.path === path, `no field ${path}`);
  return n;
}

describe('model: real BDLs', () => {
  for (const [name, get] of [['TripodBossCore', CORE_BDL], ['TripodBoss', BOSS_BDL], ['TripodBossFoot', FOOT_BDL]] as const) {
    it(`${name}.bdl decodes with no diagnostics, every byte attributed, no unknown bytes`, () => {
      const bytes = get();
      assert.ok(looksLikeModel(bytes));
      const r = decodeClean(bytes);
      assert.deepStrictEqual(uncoveredRanges(r.root, bytes.length), []);
      walkFields(r.root, (n) => {
        if (n.role === 'unknown') assert.fail(`unknown range ${n.path} at ${n.offset.toString(16)}`);
      });
      assert.deepStrictEqual(r.root.children!.map((c) => c.name),
        ['header', 'INF1', 'VTX1', 'EVP1', 'DRW1', 'JNT1', 'SHP1', 'MAT3', 'MDL3', 'TEX1']);
      assert.strictEqual(r.model!.format, 'bdl');
      assert.strictEqual(r.model!.type, 'bdl4');
    });
  }

  describe('TripodBossCore.bdl (375,392 bytes)', () => {
    const bytes = CORE_BDL();
    const { root, model } = decodeClean(bytes);
    const m = model!;

    it('is the 375,392-byte file', () => assert.strictEqual(bytes.length, 375392));

    it('has 5 joints (JNT1 0x3408 = 0x0005), as many as 2ndDemo.bck animates (ANK1 0x2C = 0x0005)', () => {
      assert.strictEqual(m.joints.length, 5);
      const bck = decode(archiveFile('TripodBossCore', 'TripodBossCore/2ndDemo.bck'), '2ndDemo.bck');
      assert.strictEqual((bck.anim as BckAnim).joints.length, 5);
    });

    it('reads the joint names from the JNT1 name table at 0x3564', () => {
      // 0x3564: 0005 ffff, entries (40ce,0018) (3653,0027) (22b5,0031) (2fae,003f) (bc3c,0049), strings at 0x357C…
      assert.deepStrictEqual(m.joints.map((j) => j.name), ['TriPodBossCore', 'CoreLight', 'HeadLightCone', 'HeadLight', 'MetalBody1']);
      assert.strictEqual(field(root, 'JNT1/nameTable/strings[2]', bytes).offset, 0x3564 + 0x31);
    });

    it('builds the hierarchy of INF1 0x38: J0 ( J1 ( M0 ( S0 ( M2 ( S1 ( J2 … ) J3 … J4 …', () => {
      // Nodes (u16 type, u16 index) at 0x38: 0010 0000, 0001, 0010 0001, 0001, 0011 0000, 0001, 0012 0000, 0001,
      // 0011 0002, 0001, 0012 0001, 0001, 0010 0002, … 7 × 0002, 0010 0003, …, 0010 0004, …, 0002, 0000.
      assert.deepStrictEqual(m.joints.map((j) => j.parent), [-1, 0, 1, 0, 0]);
      assert.deepStrictEqual(m.joints.map((j) => j.children), [[1, 3, 4], [2], [], [], []]);
      assert.deepStrictEqual(m.hierarchyRoots, [0]);
      assert.strictEqual(m.hierarchy.length, 40);
      assert.strictEqual(m.hierarchy[39].kind, 'end');
      assert.strictEqual(m.hierarchy[39].offset, 0xD4);
      // Materials hang on the joint that owns the level: M0, M2 on CoreLight; M1 on HeadLightCone.
      assert.deepStrictEqual(m.joints.map((j) => j.materials), [[], [0, 2], [1], [3], [4]]);
      assert.strictEqual(m.loadFlags, 0); // INF1 0x28 = 0x0000: Basic
      assert.strictEqual(field(root, 'INF1/hierarchy[2]', bytes).display, 'Joint 1 (CoreLight)');
    });

    it('reads the bind pose of joints 0 and 1 from the 0x40-byte entries at 0x3418 and 0x3458', () => {
      // 0x3418: 0002 00ff | 3f80 0000 ×3 | 0000 0000 0000 | ffff | 0000 0000 ×3 | radius 0
      const j0 = m.joints[0];
      assert.deepStrictEqual([j0.kind, j0.scaleCompensateRaw, j0.offset], [0x0002, 0, 0x3418]);
      assert.deepStrictEqual([j0.scale, j0.rotationRaw, j0.rotationDegrees, j0.translation], [[1, 1, 1], [0, 0, 0], [0, 0, 0], [0, 0, 0]]);
      // 0x3458: 0000 00ff | scale 1 1 1 | rot 0 0 0 | ffff | trans 0 0 0 | radius 4411 94a2, bbox min c2a6 0fdf …
      const j1 = m.joints[1];
      assert.deepStrictEqual([j1.kind, j1.offset, j1.scale, j1.rotationRaw, j1.translation], [0, 0x3458, [1, 1, 1], [0, 0, 0], [0, 0, 0]]);
      assert.strictEqual(j1.boundingRadius, f32hex('441194a2'));
      assert.strictEqual(j1.bboxMin[0], f32hex('c2a60fdf'));
      assert.strictEqual(field(root, 'JNT1/jointData[1].boundingRadius', bytes).offset, 0x3458 + 0x24);
      assert.strictEqual(field(root, 'JNT1/jointData[1]', bytes).display, 'joint 1 CoreLight');
    });

    it('reads the material names of MAT3 (0x7F20; name table at +0x5C0) and the remap table', () => {
      assert.deepStrictEqual(m.materials, ['Core_v', 'EyeLight_v_x', 'MetalBody_v', 'Core_v(2)', 'MetalBody_v(2)']);
      // 0x84D4: 0000 0001 0002 0003 0002 — material 4 shares entry 2 with material 2.
      assert.deepStrictEqual(m.materialEntryIndex, [0, 1, 2, 3, 2]);
      assert.strictEqual(field(root, 'MAT3/materialEntries', bytes).size, 4 * 0x14C);
      assert.strictEqual(field(root, 'MAT3/indirectTable', bytes).offset, 0x7F20 + 0x614);
      assert.strictEqual(m.shapeCount, 5); // SHP1 0x35C8 = 0x0005
    });
  });

  describe('TripodBoss.bdl (2,688 bytes)', () => {
    const bytes = BOSS_BDL();
    const { model } = decodeClean(bytes);
    const m = model!;

    it('has 5 joints with the hierarchy J0 ( M0 ( S0 ( J1 J2 J3 J4 ) ) ) at 0x38: all four hang on world_root', () => {
      assert.strictEqual(bytes.length, 2688);
      assert.deepStrictEqual(m.joints.map((j) => j.name), ['world_root', 'BackLeg', 'Body', 'LeftLeg', 'RightLeg']);
      assert.deepStrictEqual(m.joints.map((j) => j.parent), [-1, 0, 0, 0, 0]);
      assert.deepStrictEqual(m.joints[0].children, [1, 2, 3, 4]);
      assert.deepStrictEqual(m.joints[0].materials, [0]);
      assert.deepStrictEqual(m.hierarchy.map((n) => n.kind),
        ['joint', 'open', 'material', 'open', 'shape', 'open', 'joint', 'joint', 'joint', 'joint', 'close', 'close', 'close', 'end']);
      assert.deepStrictEqual(m.materials, ['Green']);
    });

    it('is a Maya-scaling model (INF1 0x28 = 0x0002) whose child joints set the SSC byte', () => {
      assert.strictEqual(m.loadFlags, 2);
      assert.strictEqual(m.scalingRule, 2);
      // 0x1D8: 0001 01ff → kind 1, SSC 1
      assert.deepStrictEqual(m.joints.map((j) => [j.kind, j.scaleCompensateRaw, j.scaleCompensate]),
        [[0, 0, false], [1, 1, true], [1, 1, true], [1, 1, true], [1, 1, true]]);
    });

    it('reads the bind pose of BackLeg (0x1D8) and LeftLeg (0x258)', () => {
      // 0x1D8: … 3f80 0000 ×3 | 7554 0000 7fff | ffff | 0000 0000 4441 f798 c534 f94d
      const back = m.joints[1];
      assert.deepStrictEqual(back.scale, [1, 1, 1]);
      assert.deepStrictEqual(back.rotationRaw, [0x7554, 0, 0x7FFF]);
      assert.deepStrictEqual(back.rotationDegrees, [30036 * 180 / 32768, 0, 32767 * 180 / 32768]);
      assert.deepStrictEqual(back.translation, [0, f32hex('4441f798'), f32hex('c534f94d')]);
      // 0x258: … | f556 2aaa 0000 | ffff | 451c ba5a 4441 f798 44b4 f94d
      const left = m.joints[3];
      assert.deepStrictEqual(left.rotationRaw, [-2730, 10922, 0]);
      assert.deepStrictEqual(left.rotationDegrees, [-2730 * 180 / 32768, 10922 * 180 / 32768, 0]);
      assert.deepStrictEqual(left.translation, [f32hex('451cba5a'), f32hex('4441f798'), f32hex('44b4f94d')]);
      // Sanity on the readings: about 165° and 2507.6 units.
      assert.ok(Math.abs(back.rotationDegrees[0] - 165) < 0.01);
      assert.ok(Math.abs(left.translation[0] - 2507.647) < 0.001);
    });
  });

  it('TripodBossFoot.bdl has a single joint owning all six materials', () => {
    const { model } = decodeClean(FOOT_BDL());
    assert.deepStrictEqual(model!.joints.map((j) => j.name), ['world_root']);
    assert.deepStrictEqual(model!.joints[0].materials, [0, 1, 2, 3, 4, 5]);
    assert.deepStrictEqual(model!.materials, ['Arrow', 'FixIronBlack', 'FixIronSilver', 'FixMainBody', 'FootPipe', 'IronEdge3']);
  });
});
