/**
 * The nine other J3D kinds on the real files (FORMATS.md §9.9): every BCA, BPK, BTP and BVA of the
 * shared samples (inside the archives and in mkdd/) decodes with no error and every byte
 * attributed; golden values checked by hand against the bytes; binding to the models beside them.
 *
 * The golden values were read by hand from a hex dump of the decompressed archive entries (as
 * `animscope extract ARC -o DIR --decompress` then `xxd DIR/Kuribo/Blink.btp` shows them); the
 * offsets are given next to each value.
 */
import * as assert from 'assert';
import { sampleFile } from '../../../src/kinds/sample';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { assignPaths, resolvePath, uncoveredRanges, walkFields } from '../../../src/formats/binary/fields';
import { decode } from '../../../src/formats/index';
import type { BcaAnim } from '../../../src/formats/jsystem/bca/types';
import type { BpkAnim } from '../../../src/formats/jsystem/bpk/types';
import type { BtpAnim } from '../../../src/formats/jsystem/btp/types';
import type { BvaAnim } from '../../../src/formats/jsystem/bva/types';
import { decodeModel } from '../../../src/formats/model/model';
import type { ModelData } from '../../../src/formats/model/types';
import { specFor } from '../../../src/kinds/registry';
import type { DecodedFile } from '../../../src/formats/types';
import { realFiles, readSample } from '../helpers';
import { archiveFile } from '../model/fixtures';

const KINDS = /\.(bca|bpk|bpa|btp|bva|blk|bla|bxk|bxa)$/i;

function track(d: DecodedFile, path: string): (number | null)[] {
  const t = sampleFile(d).animations[0].tracks.find((x) => x.path === path);
  assert.ok(t, `no track ${path}`);
  // The contract's JSON: NaN (missing) is null.
  return JSON.parse(JSON.stringify(t.values));
}

function model(bytes: Uint8Array): ModelData {
  const m = decodeModel(bytes, new DiagnosticSink()).model;
  assert.ok(m);
  return m;
}

describe('jsystem kinds: real samples', () => {
  const files = realFiles().filter((f) => KINDS.test(f.name));

  it('finds the real BCA, BPK, BTP and BVA files (FORMATS.md §9.9)', () => {
    const byExt = (ext: string) => files.filter((f) => f.name.toLowerCase().endsWith(ext)).length;
    assert.deepStrictEqual([byExt('.bca'), byExt('.bpk'), byExt('.btp'), byExt('.bva')], [1, 2, 10, 1]);
  });

  it('every one decodes as its kind with no error or warning (MKDD BCA: two warnings, only padding missing), every byte attributed', () => {
    for (const f of files) {
      const d = decode(f.bytes, f.name);
      const ext = f.name.slice(-3).toLowerCase();
      assert.strictEqual(d.format, ext, f.path);
      assert.strictEqual(d.anim?.format, ext, f.path);
      const errors = d.diagnostics.filter((x) => x.severity === 'error');
      assert.deepStrictEqual(errors, [], f.path);
      const warnings = d.diagnostics.filter((x) => x.severity === 'warning').map((x) => x.code);
      assert.deepStrictEqual(warnings, ext === 'bca' ? ['J3D_FILE_SIZE', 'J3D_CHUNK_SIZE'] : [], f.path);
      assert.deepStrictEqual(uncoveredRanges(d.root, d.bytes.length), [], f.path);
      const unknown: string[] = [];
      walkFields(assignPaths(d.root), (n) => { if (n.role === 'unknown') unknown.push(`${n.path}@${n.offset.toString(16)}+${n.size}`); });
      // PowerStarColor.btp: two bytes `00 01` between its 1-entry ID table (0x58) and its name table (0x5C).
      assert.deepStrictEqual(unknown, f.name === 'PowerStarColor.btp' ? ['TPT1/unknown@0x5A@5a+2'] : [], f.path);
      for (const t of sampleFile(d).animations[0].tracks) assert.ok(t.values.every(Number.isFinite), `${f.path} ${t.path} has no missing value`);
    }
  });

  describe('Kuribo/Blink.btp', () => {
    const d = decode(archiveFile('Kuribo', 'Kuribo/Blink.btp'), 'Blink.btp');
    const anim = d.anim as BtpAnim;

    it('header: loop (0x28 = 02), duration 220 (0x2A = 00 DC), one entry (0x2C), 220 bank values (0x2E)', () => {
      assert.strictEqual(anim.loopMode, 2);
      assert.strictEqual(anim.duration, 220);
      assert.strictEqual(anim.entries.length, 1);
      assert.strictEqual(anim.textureIndexBank.length, 220);
    });

    it('entry at 0x40 = 00 DC 00 00 00 FF FF FF: count 220, index 0, texmap slot 0; name "KuriboAll_v" at 0x20C', () => {
      assert.deepStrictEqual(anim.entries[0], { materialName: 'KuriboAll_v', texMapSlot: 0, texture: { count: 220, index: 0 } });
      assert.strictEqual(resolvePath(d.root, 'TPT1/nameTable/strings[0]', d.bytes)?.offset, 0x20C);
    });

    it('texture index 0 at frames 0–4, 1 at 5, 2 at 6–14, 1 at 15–16, 0 at 17 (bank at 0x48: 0 0 0 0 0 1 2×9 1 1 0 …)', () => {
      const v = track(d, 'entries/0/texture');
      assert.strictEqual(v.length, 221);
      assert.deepStrictEqual(v.slice(0, 18), [0, 0, 0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 0]);
      // Frame 220 = count: held at bank[219].
      assert.strictEqual(v[220], 0);
    });

    it('binds to Kuribo.bdl material 0 (KuriboAll_v) with no diagnostic', () => {
      const r = specFor(anim).model;
      assert.strictEqual(r.target, 'materials');
      if (r.target !== 'materials') return;
      const bound = r.bind(anim, model(archiveFile('Kuribo', 'Kuribo/Kuribo.bdl')), d.root, d.bytes);
      assert.deepStrictEqual(bound.diagnostics, []);
      assert.deepStrictEqual(bound.materialBindings?.map((b) => b.materialIndex), [0]);
      assert.deepStrictEqual(bound.groupTargets, [' → material 0']);
    });
  });

  describe('PowerStar/PowerStarColor.bva', () => {
    const d = decode(archiveFile('PowerStar', 'PowerStar/PowerStarColor.bva'), 'PowerStarColor.bva');
    const anim = d.anim as BvaAnim;

    it('duration 2 (0x2A), once (0x28), 4 shapes (0x2C), bank of 6 at 0x50 = 01 00 00 00 01 01', () => {
      assert.strictEqual(anim.duration, 2);
      assert.strictEqual(anim.loopMode, 0);
      assert.deepStrictEqual(anim.shapes, [{ count: 3, index: 0 }, { count: 3, index: 0 }, { count: 3, index: 3 }, { count: 3, index: 3 }]);
      assert.deepStrictEqual([...anim.visibilityBank], [1, 0, 0, 0, 1, 1]);
    });

    it('shapes 0 and 1 visible only at frame 0, shapes 2 and 3 hidden only at frame 0', () => {
      assert.deepStrictEqual(track(d, 'shapes/0/visible'), [1, 0, 0]);
      assert.deepStrictEqual(track(d, 'shapes/1/visible'), [1, 0, 0]);
      assert.deepStrictEqual(track(d, 'shapes/2/visible'), [0, 1, 1]);
      assert.deepStrictEqual(track(d, 'shapes/3/visible'), [0, 1, 1]);
    });

    it('4 entries = PowerStar.bdl\'s 4 SHP1 shapes: no diagnostic; a 3-shape model (CrystalSwitch.bdl) gets a warning, a 5-shape one an error', () => {
      const facet = specFor(anim).model;
      assert.strictEqual(facet.target, 'shapes');
      if (facet.target !== 'shapes') return;
      const ok = facet.bind(anim, model(archiveFile('PowerStar', 'PowerStar/PowerStar.bdl')), d.root, d.bytes);
      assert.deepStrictEqual(ok.diagnostics, []);
      assert.deepStrictEqual(ok.groupTargets, [null, null, null, null]);
      const fewer = facet.bind(anim, model(archiveFile('CrystalSwitch', 'CrystalSwitch/CrystalSwitch.bdl')), d.root, d.bytes);
      assert.deepStrictEqual(fewer.diagnostics.map((x) => [x.code, x.severity, x.offset]), [['MDL_SHAPE_COUNT', 'warning', 0x2C]]);
      assert.deepStrictEqual(fewer.groupTargets, [null, null, null, ' → (no model shape)']);
      const more = facet.bind(anim, model(archiveFile('TripodBossCore', 'TripodBossCore/TripodBossCore.bdl')), d.root, d.bytes);
      assert.deepStrictEqual(more.diagnostics.map((x) => [x.code, x.severity]), [['MDL_SHAPE_COUNT', 'error']]);
    });
  });

  describe('CrystalSwitch/Off.bpk', () => {
    const d = decode(archiveFile('CrystalSwitch', 'CrystalSwitch/Off.bpk'), 'Off.bpk');
    const anim = d.anim as BpkAnim;

    it('duration 1 at 0x2C (0x2A reads FF FF = −1), 2 entries at 0x2E, names lambert2 / lambert3', () => {
      assert.strictEqual(d.bytes[0x2A], 0xFF);
      assert.strictEqual(d.bytes[0x2B], 0xFF);
      assert.strictEqual(anim.duration, 1);
      assert.deepStrictEqual(anim.entries.map((e) => e.materialName), ['lambert2', 'lambert3']);
    });

    it('entry 0 = (50, 46, 255, 128), entry 1 = (255, 69, 69, 255) at both frames', () => {
      // R bank at 0x90: keys (0, 0x32), (1, 0x32), (2, 0x32) then (0, 0xFF) …; G at 0xC0: 0x2E / 0x45;
      // B at 0xF0: 0xFF / 0x45; A at 0x120: keys of 0x80, then the constant 0x00FF (entry 1 a = count 1, index 12).
      for (const f of [0, 1]) {
        assert.deepStrictEqual(['r', 'g', 'b', 'a'].map((c) => track(d, `entries/0/${c}`)[f]), [50, 46, 255, 128]);
        assert.deepStrictEqual(['r', 'g', 'b', 'a'].map((c) => track(d, `entries/1/${c}`)[f]), [255, 69, 69, 255]);
      }
      assert.deepStrictEqual(anim.entries[1].a, { count: 1, index: 12, tangentMode: 1 });
    });

    it('equals CrystalSwitch.bdl material colour 0 targets: lambert2 → material 0, lambert3 → material 1', () => {
      const facet = specFor(anim).model;
      if (facet.target !== 'materials') return assert.fail(facet.target);
      const bound = facet.bind(anim, model(archiveFile('CrystalSwitch', 'CrystalSwitch/CrystalSwitch.bdl')), d.root, d.bytes);
      assert.deepStrictEqual(bound.diagnostics, []);
      assert.deepStrictEqual(bound.materialBindings?.map((b) => [b.materialName, b.materialIndex, b.colorSlot]), [['lambert2', 0, 'matColor[0]'], ['lambert3', 1, 'matColor[0]']]);
    });

    it('a model without those materials: MDL_MATERIAL_MISSING pointing at the name string', () => {
      const facet = specFor(anim).model;
      if (facet.target !== 'materials') return assert.fail(facet.target);
      const bound = facet.bind(anim, model(archiveFile('Kuribo', 'Kuribo/Kuribo.bdl')), d.root, d.bytes);
      // Strings at 0x14C ("lambert2\0") and 0x155 ("lambert3\0").
      assert.deepStrictEqual(bound.diagnostics.map((x) => [x.code, x.offset, x.length]), [['MDL_MATERIAL_MISSING', 0x14C, 9], ['MDL_MATERIAL_MISSING', 0x155, 9]]);
    });
  });

  describe('mkdd/objects/mariotree1_wait.bca', () => {
    const bytes = readSample('mkdd/objects/mariotree1_wait.bca');
    const d = decode(bytes, 'mariotree1_wait.bca');
    const anim = d.anim as BcaAnim;

    it('declares 0x3C0 bytes (0x08) but stores 0x3A4: the last bank ends at the stored end, so warnings, not errors', () => {
      assert.strictEqual(bytes.length, 0x3A4);
      assert.strictEqual(Buffer.from(bytes).readUInt32BE(0x08), 0x3C0);
      // Translation bank at ANF1 + 0x380 = 0x3A0, one f32: ends at 0x3A4.
      assert.strictEqual(resolvePath(d.root, 'ANF1/translationBank', d.bytes)?.offset, 0x3A0);
      assert.deepStrictEqual(d.diagnostics.map((x) => [x.code, x.severity, x.offset]), [['J3D_FILE_SIZE', 'warning', 0x08], ['J3D_CHUNK_SIZE', 'warning', 0x24]]);
      assert.match(d.diagnostics[0].message, /only padding is missing/);
    });

    it('duration 89 (0x2A = 00 59), once, one joint; Y scale/rotation 90 values from index 1, Z rotation 90 from index 91 (table at 0x60)', () => {
      assert.strictEqual(anim.duration, 89);
      assert.strictEqual(anim.loopMode, 0);
      assert.strictEqual(anim.joints.length, 1);
      assert.deepStrictEqual(anim.joints[0].y.scale, { count: 90, index: 1 });
      assert.deepStrictEqual(anim.joints[0].y.rotation, { count: 90, index: 1 });
      assert.deepStrictEqual(anim.joints[0].z.rotation, { count: 90, index: 91 });
    });

    it('rotation z stays within ±4° (raw +727 at 0x352: 02 D7, −727 at 0x302: FD 29) with no fraction shift', () => {
      const z = track(d, 'joints/0/rotation/z') as number[];
      assert.strictEqual(z.length, 90);
      assert.ok(z.every((v) => Math.abs(v) < 4), `max ${Math.max(...z.map(Math.abs))}`);
      // rotationBank[91] at 0x220 + 91·2 = 0x2D6 is 0; [92] at 0x2D8 = FF DD = −35 → −35 · 180 / 32768.
      assert.strictEqual(z[0], 0);
      assert.strictEqual(z[1], (-35 * 180) / 32768);
      assert.strictEqual(Math.max(...z), (727 * 180) / 32768);
      assert.strictEqual(Math.min(...z), (-727 * 180) / 32768);
    });

    it('poses mariotree1.bmd (1 joint = JNT1 1): no count diagnostic, the joint named', () => {
      const facet = specFor(anim).model;
      if (facet.target !== 'joints') return assert.fail(facet.target);
      const m = model(readSample('mkdd/objects/mariotree1.bmd'));
      const bound = facet.bind(anim, m, d.root, d.bytes);
      assert.deepStrictEqual(bound.diagnostics, []);
      assert.deepStrictEqual(bound.jointNames, [m.joints[0].name]);
      const channels = facet.joints(anim);
      assert.strictEqual(channels.count, 1);
      // Slot 5 = rotation z: a step track, evaluated as the sample contract.
      assert.strictEqual(channels.channel(0, 5)?.interpolation, 'step');
    });

    it('a model with more joints than the BCA: MDL_JOINT_COUNT error at the ANF1 joint count (0x2C)', () => {
      const facet = specFor(anim).model;
      if (facet.target !== 'joints') return assert.fail(facet.target);
      const bound = facet.bind(anim, model(archiveFile('Kuribo', 'Kuribo/Kuribo.bdl')), d.root, d.bytes);
      assert.deepStrictEqual(bound.diagnostics.map((x) => [x.code, x.severity, x.offset]), [['MDL_JOINT_COUNT', 'error', 0x2C]]);
    });
  });
});
