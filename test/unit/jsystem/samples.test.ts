import * as assert from 'assert';
import { decode } from '../../../src/formats/index';
import { assignPaths, resolvePath, uncoveredRanges, walkFields, FieldNode } from '../../../src/formats/binary/fields';
import type { BckAnim } from '../../../src/formats/jsystem/bck/types';
import type { BrkAnim } from '../../../src/formats/jsystem/brk/types';
import type { BtkAnim } from '../../../src/formats/jsystem/btk/types';
import { listSamples, readSample } from '../helpers';

const J3D = listSamples('j3d', (n) => /\.(bck|btk|brk)$/i.test(n));

/** The node at `path`; the tree's own paths (assignPaths, the webview's rule) agree with the lookup. */
function node(root: FieldNode, path: string, bytes: Uint8Array): FieldNode {
  const n = resolvePath(assignPaths(root), path, bytes);
  assert.ok(n, `no field at ${path}`);
  assert.strictEqual(n.path, path);
  return n;
}

describe('jsystem: real samples', () => {
  it('finds the J3D samples', () => {
    assert.strictEqual(J3D.length, 22);
  });

  for (const file of J3D) {
    it(`decodes ${file} with no error and every byte attributed`, () => {
      const bytes = readSample(file);
      const result = decode(bytes, file);
      const ext = file.slice(-3).toLowerCase();
      assert.strictEqual(result.format, ext);
      assert.ok(result.anim, 'anim decoded');
      assert.strictEqual(result.anim.format, ext);
      const errors = result.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning');
      assert.deepStrictEqual(errors, []);
      assert.deepStrictEqual(uncoveredRanges(result.root, bytes.length), []);
      // No 'unknown' bytes inside the chunk: tables, header, names and padding only.
      walkFields(result.root, (n) => {
        if (n.role === 'unknown') assert.fail(`unknown range ${n.path} at ${n.offset.toString(16)} in ${file}`);
      });
      const ids = result.root.children!.map((c) => c.name);
      assert.deepStrictEqual(ids.slice(0, 2), ['header', { bck: 'ANK1', btk: 'TTK1', brk: 'TRK1' }[ext]]);
    });
  }

  describe('TripodBossCore/2ndDemo.bck', () => {
    const bytes = readSample('j3d/smg/TripodBossCore/2ndDemo.bck');
    const r = decode(bytes, '2ndDemo.bck');
    const anim = r.anim as BckAnim;

    it('has duration 89, Loop, rotation fraction 1, 5 joints (45 tracks)', () => {
      assert.strictEqual(anim.duration, 89);
      assert.strictEqual(anim.loopMode, 2);
      assert.strictEqual(anim.rotationFraction, 1);
      assert.strictEqual(anim.joints.length, 5);
      let tracks = 0;
      for (const j of anim.joints) for (const a of [j.x, j.y, j.z]) tracks += [a.scale, a.rotation, a.translation].length;
      assert.strictEqual(tracks, 45);
    });

    it('reads joint 1 rotationY as 4 keys from rotationBank[1], tangent mode 0', () => {
      assert.deepStrictEqual(anim.joints[1].y.rotation, { count: 4, index: 1, tangentMode: 0 });
      assert.deepStrictEqual(anim.joints[0].x.scale, { count: 1, index: 0, tangentMode: 0 });
      assert.deepStrictEqual(Array.from(anim.rotationBank), [0, 0, 0, 368, 87, 32031, 368, 88, 32399, -16016, 89, 0, 368]);
      assert.deepStrictEqual(Array.from(anim.scaleBank), [1]);
      assert.deepStrictEqual(Array.from(anim.translationBank), [0]);
    });

    it('resolves header and table paths with offsets, sizes, types and values', () => {
      const loop = node(r.root, 'ANK1/loopMode', bytes);
      assert.deepStrictEqual([loop.offset, loop.size, loop.type, loop.value], [0x28, 1, 'u8', 2]);
      const dur = node(r.root, 'ANK1/duration', bytes);
      assert.deepStrictEqual([dur.offset, dur.size, dur.type, dur.value], [0x2A, 2, 's16', 89]);
      const jc = node(r.root, 'ANK1/jointCount', bytes);
      assert.deepStrictEqual([jc.offset, jc.type, jc.value], [0x2C, 'u16', 5]);
      const rbo = node(r.root, 'ANK1/rotationBankOffset', bytes);
      assert.deepStrictEqual([rbo.offset, rbo.type, rbo.value], [0x3C, 'u32', 0x180]);
      const c = node(r.root, 'ANK1/jointTable[3]/rotationY.count', bytes);
      assert.deepStrictEqual([c.offset, c.size, c.type, c.value], [0x11A, 2, 'u16', 1]);
      const idx = node(r.root, 'ANK1/jointTable[1]/rotationY.index', bytes);
      assert.deepStrictEqual([idx.offset, idx.type, idx.value], [0x60 + 54 + 24 + 2, 'u16', 1]);
      const rot = node(r.root, 'ANK1/rotationBank[5]', bytes);
      assert.deepStrictEqual([rot.offset, rot.size, rot.type, rot.value], [0x1A0 + 10, 2, 's16', 32031]);
      assert.strictEqual(resolvePath(r.root, 'ANK1/rotationBank[13]', bytes), undefined);
      const sound = node(r.root, 'header/soundOffset', bytes);
      assert.deepStrictEqual([sound.offset, sound.value], [0x1C, 0xFFFFFFFF]);
    });
  });

  it('TripodBoss/StartDemo.bck: ANK1/rotationBank[17] is -14100 at 0x3E2', () => {
    const bytes = readSample('j3d/smg/TripodBoss/StartDemo.bck');
    const r = decode(bytes, 'StartDemo.bck');
    const n = node(r.root, 'ANK1/rotationBank[17]', bytes);
    assert.deepStrictEqual([n.offset, n.size, n.type, n.value], [0x3E2, 2, 's16', -14100]);
    assert.strictEqual((r.anim as BckAnim).rotationBank[17], -14100);
    assert.strictEqual((r.anim as BckAnim).rotationBank.length, 154);
    assert.strictEqual((r.anim as BckAnim).translationBank.length, 1486);
  });

  describe('TripodBossCore/Wait.btk', () => {
    const bytes = readSample('j3d/smg/TripodBossCore/Wait.btk');
    const r = decode(bytes, 'Wait.btk');
    const anim = r.anim as BtkAnim;

    it('has duration 2400, one entry for material EyeLight_v_x, Basic matrix mode', () => {
      assert.strictEqual(anim.duration, 2400);
      assert.strictEqual(anim.loopMode, 2);
      assert.strictEqual(anim.matrixMode, 0);
      assert.strictEqual(anim.entries.length, 1);
      const e = anim.entries[0];
      assert.strictEqual(e.materialName, 'EyeLight_v_x');
      assert.strictEqual(e.texMtxIndex, 0);
      assert.strictEqual(e.remap, 0);
      assert.deepStrictEqual(e.center, [0.5, 0.5, 0.5]);
      assert.deepStrictEqual(e.q.rotation, { count: 4, index: 16, tangentMode: 1 });
      assert.deepStrictEqual(e.s.rotation, { count: 4, index: 0, tangentMode: 1 });
      assert.deepStrictEqual(e.s.scale, { count: 1, index: 0, tangentMode: 1 });
      assert.strictEqual(anim.rotationBank.length, 32);
      assert.deepStrictEqual(Array.from(anim.rotationBank.subarray(16, 24)), [0, 0, 0, 27, 1199, 32767, 27, -32768]);
    });

    it('accepts the TTK1 "+4" size and names those bytes', () => {
      assert.ok(!r.diagnostics.some((d) => d.code === 'J3D_CHUNK_SIZE'));
      const slack = node(r.root, 'TTK1/sizeSlack', bytes);
      assert.deepStrictEqual([slack.offset, slack.size, slack.role], [0x12C, 4, 'padding']);
      assert.deepStrictEqual(Array.from(bytes.subarray(0x12C, 0x130)), [0, 0, 0xFF, 0xFF]);
      assert.strictEqual(node(r.root, 'TTK1/size', bytes).value, 0x110);
    });

    it('shows the name table and the post fields', () => {
      const name = node(r.root, 'TTK1/nameTable/strings[0]', bytes);
      assert.deepStrictEqual([name.offset, name.size, name.type, name.value], [0xC4, 13, 'cstring', 'EyeLight_v_x']);
      const hash = node(r.root, 'TTK1/nameTable/entries[0].hash', bytes);
      assert.deepStrictEqual([hash.offset, hash.type, hash.value], [0xC0, 'u16', 0xB761]);
      assert.strictEqual(node(r.root, 'TTK1/nameTable/count', bytes).value, 1);
      assert.strictEqual(node(r.root, 'TTK1/postKeyTableCount', bytes).value, 0);
      assert.strictEqual(node(r.root, 'TTK1/postTranslationBankOffset', bytes).offset, 0x78);
      const mm = node(r.root, 'TTK1/matrixMode', bytes);
      assert.deepStrictEqual([mm.offset, mm.type, mm.value], [0x7C, 'u32', 0]);
      const center = node(r.root, 'TTK1/centerTable[0].t', bytes);
      assert.deepStrictEqual([center.offset, center.type, center.value], [0xDC, 'f32', 0.5]);
      const q = node(r.root, 'TTK1/keyTable[0]/rotationQ.index', bytes);
      assert.deepStrictEqual([q.offset, q.value], [0x80 + 7 * 6 + 2, 16]);
    });
  });

  describe('TripodBossCore/Wait.brk', () => {
    const bytes = readSample('j3d/smg/TripodBossCore/Wait.brk');
    const r = decode(bytes, 'Wait.brk');
    const anim = r.anim as BrkAnim;

    it('register entry 0 is the constant colour 21, 49, 83, 0 for EyeLight_v_x', () => {
      assert.strictEqual(anim.register.length, 1);
      assert.strictEqual(anim.konstant.length, 0);
      const e = anim.register[0];
      assert.strictEqual(e.materialName, 'EyeLight_v_x');
      assert.strictEqual(e.colorId, 0);
      const value = (t: { count: number; index: number }, bank: Int16Array): number => {
        assert.strictEqual(t.count, 1);
        return bank[t.index];
      };
      const banks = anim.registerBanks;
      assert.deepStrictEqual([value(e.r, banks.r), value(e.g, banks.g), value(e.b, banks.b), value(e.a, banks.a)], [21, 49, 83, 0]);
      assert.strictEqual(anim.duration, 1);
    });

    it('resolves TRK1 paths', () => {
      const g = node(r.root, 'TRK1/registerGBank[0]', bytes);
      assert.deepStrictEqual([g.offset, g.type, g.value], [0xA0, 's16', 49]);
      const cid = node(r.root, 'TRK1/registerTable[0]/colorId', bytes);
      assert.deepStrictEqual([cid.offset, cid.type, cid.value], [0x98, 'u8', 0]);
      const rc = node(r.root, 'TRK1/registerTable[0]/r.count', bytes);
      assert.deepStrictEqual([rc.offset, rc.value], [0x80, 1]);
      assert.strictEqual(node(r.root, 'TRK1/registerNameTable/strings[0]', bytes).value, 'EyeLight_v_x');
      assert.strictEqual(node(r.root, 'TRK1/konstantNameTable/count', bytes).value, 0);
      assert.strictEqual(node(r.root, 'TRK1/registerACount', bytes).offset, 0x36);
    });
  });

  it('TripodBossCoreUnbreakable/2ndDemo.brk: an empty konstant group with non-zero offsets', () => {
    const bytes = readSample('j3d/smg/TripodBossCoreUnbreakable/2ndDemo.brk');
    const r = decode(bytes, '2ndDemo.brk');
    const anim = r.anim as BrkAnim;
    assert.strictEqual(node(r.root, 'TRK1/konstantTableOffset', bytes).value, 0xB4);
    assert.strictEqual(anim.konstant.length, 0);
    assert.deepStrictEqual(anim.register.map((e) => e.materialName), ['Core_v', 'EyeLight_v_x', 'Core_v(2)']);
    assert.deepStrictEqual(anim.register.map((e) => e.r), [
      { count: 3, index: 0, tangentMode: 0 }, { count: 3, index: 9, tangentMode: 0 }, { count: 3, index: 0, tangentMode: 0 },
    ]);
    assert.strictEqual(anim.konstantBanks.r.length, 0);
    assert.strictEqual(anim.registerBanks.a.length, 18);
    assert.strictEqual(node(r.root, 'TRK1/konstantTable', bytes).array!.count, 0);
    assert.ok(!r.diagnostics.some((d) => d.severity === 'error' || d.severity === 'warning'));
  });
});
