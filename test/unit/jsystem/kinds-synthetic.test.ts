/**
 * The nine other J3D kinds on synthetic files (test/fixtures/j3d-kinds-writer.ts, built from
 * FORMATS.md §9, not from the decoders): every branch of §9.1 and every check of §9.11 with its
 * code, offset and severity; every file fully attributed. BPA, BLK, BLA, BXK and BXA have no real
 * sample: these are their only tests against the layout.
 */
import * as assert from 'assert';
import { describeGroup } from '../../../src/kinds/describe';
import { sampleFile } from '../../../src/kinds/sample';
import { resolvePath, uncoveredRanges, walkFields } from '../../../src/formats/binary/fields';
import { ALL_CODES } from '../../../src/kinds/codes';
import { decode } from '../../../src/formats/index';
import type { BcaAnim } from '../../../src/formats/jsystem/bca/types';
import type { BpkAnim } from '../../../src/formats/jsystem/bpk/types';
import type { BxkAnim } from '../../../src/formats/jsystem/bxk/types';
import type { ModelData } from '../../../src/formats/model/types';
import { FORMAT_LIST, specFor } from '../../../src/kinds/registry';
import type { DecodedFile } from '../../../src/formats/types';
import {
  syntheticKindFiles, writeBca, writeBla, writeBlk, writeBpa, writeBpk, writeBtp, writeBva, writeBxa, writeBxk,
} from '../../fixtures/j3d-kinds-writer';
import type { TrackSpec } from '../../fixtures/j3d-writer';

const CODES = new Map(ALL_CODES.map((c) => [c.code, c]));

/** Decodes and checks what every decode must hold: documented codes, every byte attributed, nothing unknown. */
function decoded(bytes: Uint8Array, name: string): DecodedFile {
  const d = decode(bytes, name);
  for (const x of d.diagnostics) assert.ok(CODES.has(x.code), `undocumented code ${x.code}`);
  assert.deepStrictEqual(uncoveredRanges(d.root, d.bytes.length), [], `${name}: uncovered bytes`);
  walkFields(d.root, (n) => { if (n.role === 'unknown') assert.fail(`${name}: unknown bytes at ${n.path}`); });
  return d;
}

function values(d: DecodedFile, path: string): (number | null)[] {
  const t = sampleFile(d).animations[0].tracks.find((x) => x.path === path);
  assert.ok(t, `no track ${path}`);
  return JSON.parse(JSON.stringify(t.values));
}

const codes = (d: DecodedFile) => d.diagnostics.map((x) => x.code);
const only = (d: DecodedFile, code: string) => d.diagnostics.filter((x) => x.code === code).map((x) => [x.severity, x.offset]);
const keyed = (...k: [number, number, number?][]): TrackSpec => ({ keys: k.map(([time, value, tangent]) => ({ time, value, tangent: tangent ?? 0 })) });

/** A model with only what binding reads (plus the optional chunk facts of later model decoders). */
function fakeModel(partial: Partial<ModelData> & Record<string, unknown>): ModelData {
  return {
    format: 'bdl', type: 'bdl4', loadFlags: 0, scalingRule: 0, hierarchy: [], hierarchyRoots: [], joints: [], materials: [],
    materialEntryIndex: [], shapeCount: -1, ...partial,
  } as ModelData;
}

describe('jsystem kinds: synthetic files', () => {
  it('one representative file per kind decodes cleanly, detected by magic, with its spec\'s sample paths', () => {
    const files = syntheticKindFiles();
    assert.deepStrictEqual(files.map((f) => decode(f.bytes, 'noname').format).sort(), ['bca', 'bla', 'blk', 'bpa', 'bpk', 'btp', 'bva', 'bxa', 'bxk']);
    for (const f of files) {
      const d = decoded(f.bytes, f.name);
      assert.deepStrictEqual(d.diagnostics, [], f.name);
      // Yaz0 `.szs` names and plain names both select the kind.
      assert.ok(FORMAT_LIST.find((s) => s.id === d.format)?.filePatterns.some((p) => p === `*.${f.name.split('.').pop()}`));
    }
  });

  describe('full tracks (BCA, BPA, BTP, BVA, BLA, BXA)', () => {
    it('count n steps by frame and holds its last value past its count; count 1 is constant', () => {
      const d = decoded(writeBtp({ duration: 5, entries: [{ name: 'm', texture: [4, 5, 6] }, { name: 'n', texture: 7 }] }).bytes, 'a.btp');
      assert.deepStrictEqual(values(d, 'entries/0/texture'), [4, 5, 6, 6, 6, 6]);
      assert.deepStrictEqual(values(d, 'entries/1/texture'), [7, 7, 7, 7, 7, 7]);
      // count 3 < duration 5: it holds (info at the entry's count).
      assert.deepStrictEqual(only(d, 'J3D_FULL_TRACK_SHORT'), [['info', 0x40]]);
    });

    it('count 0: missing (null) everywhere, J3D_FULL_TRACK_EMPTY error at the entry', () => {
      const w = writeBla({ duration: 2, tracks: [null, [0.5, 0.25, 0]] });
      const d = decoded(w.bytes, 'a.bla');
      assert.deepStrictEqual(values(d, 'tracks/0/weight'), [null, null, null]);
      assert.deepStrictEqual(values(d, 'tracks/1/weight'), [0.5, 0.25, 0]);
      assert.deepStrictEqual(only(d, 'J3D_FULL_TRACK_EMPTY'), [['error', 0x20 + w.layout.offsets.trackTable]]);
    });

    it('index past the bank: the values past it are null, J3D_FULL_TRACK_RANGE error', () => {
      // Bank [1, 0, 1]: shape 0 reads 2 values from index 2 → bank[2] = 1, bank[3] missing.
      const w = writeBva({ duration: 3, bank: [1, 0, 1], shapes: [{ raw: { count: 2, index: 2 } }, { raw: { count: 1, index: 9 } }] });
      const d = decoded(w.bytes, 'a.bva');
      assert.deepStrictEqual(values(d, 'shapes/0/visible'), [1, null, null, null]);
      assert.deepStrictEqual(values(d, 'shapes/1/visible'), [null, null, null, null]);
      const table = 0x20 + w.layout.offsets.shapeTable;
      assert.deepStrictEqual(only(d, 'J3D_FULL_TRACK_RANGE'), [['error', table], ['error', table + 4]]);
      assert.match(d.diagnostics.find((x) => x.code === 'J3D_FULL_TRACK_RANGE')!.message, /visibilityBank\[2\], needing 4 element\(s\), but the bank holds 3/);
    });

    it('count > duration + 1: info, the last values are never shown', () => {
      const d = decoded(writeBpa({ duration: 2, entries: [{ name: 'm', r: [1, 2, 3, 4, 5], g: 0, b: 0, a: 0 }] }).bytes, 'a.bpa');
      assert.deepStrictEqual(only(d, 'J3D_FULL_TRACK_LONG').map(([s]) => s), ['info']);
      assert.deepStrictEqual(values(d, 'entries/0/r'), [1, 2, 3]);
    });

    it('BCA: rotation is raw · 180 / 32768 with no fraction shift (byte 0x09 set to 3 changes nothing)', () => {
      const still = { scale: 1, rotation: 0, translation: 0 };
      const joints = [{ x: { scale: [1, 2], rotation: [16384, -16384, 100], translation: [0, 10] }, y: still, z: still }];
      const plain = decoded(writeBca({ duration: 2, joints }).bytes, 'a.bca');
      const shifted = decoded(writeBca({ duration: 2, joints, override: { unused: 3 } }).bytes, 'a.bca');
      for (const d of [plain, shifted]) {
        assert.deepStrictEqual(values(d, 'joints/0/rotation/x'), [90, -90, (100 * 180) / 32768]);
        assert.deepStrictEqual(values(d, 'joints/0/scale/x'), [1, 2, 2]);
        assert.deepStrictEqual(values(d, 'joints/0/translation/x'), [0, 10, 10]);
      }
      assert.strictEqual((plain.anim as BcaAnim).rotationFraction, 0);
      assert.strictEqual((shifted.anim as BcaAnim).rotationFraction, 0);
    });

    it('BVA: any non-zero byte shows (1); a byte other than 0/1 is an info', () => {
      const w = writeBva({ duration: 2, shapes: [[0, 2, 255]] });
      const d = decoded(w.bytes, 'a.bva');
      assert.deepStrictEqual(values(d, 'shapes/0/visible'), [0, 1, 1]);
      const bank = 0x20 + w.layout.offsets.visibilityBank;
      assert.deepStrictEqual(only(d, 'J3D_VISIBILITY_VALUE'), [['info', bank + 1], ['info', bank + 2]]);
    });

    it('BTP: a texmap slot above 7 is an error at the slot byte', () => {
      const w = writeBtp({ duration: 1, entries: [{ name: 'm', slot: 8, texture: [0, 1] }] });
      const d = decoded(w.bytes, 'a.btp');
      assert.deepStrictEqual(only(d, 'J3D_TEXMAP_SLOT'), [['error', 0x20 + w.layout.offsets.entryTable + 4]]);
    });
  });

  describe('keyed tracks (BPK, BLK, BXK)', () => {
    it('BPK: keyed colours clamped 0..255 and truncated; constants −1 and 256 wrap as bytes with a warning; count 0 is 0', () => {
      const w = writeBpk({
        duration: 4,
        entries: [
          { name: 'a', r: keyed([0, -1], [1, 0], [2, 255], [3, 256], [4, 300]), g: keyed([0, 0], [2, 255]), b: -1, a: 256 },
          { name: 'b', r: 0, g: 255 },
        ],
      });
      const d = decoded(w.bytes, 'a.bpk');
      assert.deepStrictEqual(values(d, 'entries/0/r'), [0, 0, 255, 255, 255]);
      assert.deepStrictEqual(values(d, 'entries/0/g'), [0, 127, 255, 255, 255]);
      assert.deepStrictEqual(values(d, 'entries/0/b'), [255, 255, 255, 255, 255]);
      assert.deepStrictEqual(values(d, 'entries/0/a'), [0, 0, 0, 0, 0]);
      assert.deepStrictEqual(['r', 'g', 'b', 'a'].map((c) => values(d, `entries/1/${c}`)[0]), [0, 255, 0, 0]);
      // Only −1 and 256 warn, at their bank elements (b bank holds [−1, 0? …]: each constant is its own slice).
      const warnings = d.diagnostics.filter((x) => x.code === 'J3D_COLOUR_CONSTANT');
      assert.deepStrictEqual(warnings.map((x) => x.severity), ['warning', 'warning']);
      assert.deepStrictEqual(warnings.map((x) => x.offset), [0x20 + w.layout.offsets.bBank, 0x20 + w.layout.offsets.aBank]);
      assert.match(warnings[0].message, /constant -1 .* low byte, 255/);
      // PAK1 keeps the duration at 0x0C; 0x0A reads FF FF.
      assert.strictEqual((d.anim as BpkAnim).duration, 4);
      assert.strictEqual((d.bytes[0x2A] << 8) | d.bytes[0x2B], 0xFFFF);
    });

    it('BPK tangent modes 0 and 1: Hermite with slopes × dt', () => {
      const d = decoded(writeBpk({
        duration: 10,
        entries: [{
          name: 'm',
          r: keyed([0, 0, 2], [10, 10, 0]),
          g: { tangentMode: 1, keys: [{ time: 0, value: 0, inTangent: 5, outTangent: 1 }, { time: 4, value: 8, inTangent: 3, outTangent: 100 }] },
        }],
      }).bytes, 'a.bpk');
      // r: m0 = 20, m1 = 0: u = 0.5 → 0.125·20 + 0.5·10 = 7.5 → 7; u = 0.2 → 3.6 → 3.
      assert.deepStrictEqual(values(d, 'entries/0/r').slice(0, 6), [0, 1, 3, 5, 6, 7]);
      // g: dt 4, m0 = 4, m1 = 12: u = 0.5 → 3, u = 0.25 → 1.25 → 1.
      assert.deepStrictEqual(values(d, 'entries/0/g').slice(0, 5), [0, 1, 3, 5, 8]);
    });

    it('BLK: count 0 is 1.0, count 1 the bank value, keyed Hermite on f32 with no clamp', () => {
      const d = decoded(writeBlk({ duration: 2, tracks: [null, 0.25, keyed([0, 0], [2, 4])] }).bytes, 'a.blk');
      assert.deepStrictEqual(values(d, 'tracks/0/weight'), [1, 1, 1]);
      assert.deepStrictEqual(values(d, 'tracks/1/weight'), [0.25, 0.25, 0.25]);
      assert.deepStrictEqual(values(d, 'tracks/2/weight'), [0, 2, 4]);
    });

    it('a keyed track past its bank: J3D_TRACK_RANGE and missing values; a constant past it is missing everywhere', () => {
      const w = writeBlk({ duration: 4, bank: [0, 1, 0, 2, 3, 0], tracks: [{ raw: { count: 3, index: 0, tangentMode: 0 } }, { raw: { count: 1, index: 40, tangentMode: 0 } }] });
      const d = decoded(w.bytes, 'a.blk');
      // Keys (0, 1) and (2, 3) are in the bank, the third is not: missing from frame 2 on.
      assert.deepStrictEqual(values(d, 'tracks/0/weight'), [1, 2, null, null, null]);
      assert.deepStrictEqual(values(d, 'tracks/1/weight'), [null, null, null, null, null]);
      const table = 0x20 + w.layout.offsets.trackTable;
      assert.deepStrictEqual(only(d, 'J3D_TRACK_RANGE'), [['error', table], ['error', table + 6]]);
    });

    it('an unknown tangent mode is a warning and reads as mode 1', () => {
      const d = decoded(writeBlk({ duration: 2, tracks: [{ tangentMode: 5, keys: [{ time: 0, value: 0, tangent: 0 }, { time: 2, value: 2, tangent: 0 }] }] }).bytes, 'a.blk');
      assert.deepStrictEqual(only(d, 'J3D_TANGENT_MODE').map(([s]) => s), ['warning']);
      assert.deepStrictEqual(values(d, 'tracks/0/weight'), [0, 1, 2]);
    });
  });

  describe('vertex colours (BXK, BXA)', () => {
    const bxk = () => writeBxk({
      duration: 2,
      channels: [
        [{ r: keyed([0, 0], [2, 200]), g: 1, b: 2, a: 255, indices: [0, 1, 2] }, { r: 300, g: 0, b: 0, a: 0, indices: [7] }],
        [{ r: 9, g: 9, b: 9, a: 9, indices: [4, 5] }],
      ],
    });

    it('paths: channel 0\'s entries, then channel 1\'s; groups across both channels with keys channel0:i / channel1:i', () => {
      const d = decoded(bxk().bytes, 'a.bxk');
      const anim = d.anim as BxkAnim;
      assert.deepStrictEqual(sampleFile(d).animations[0].tracks.map((t) => t.path).filter((p) => p.endsWith('/r')),
        ['channels/0/entries/0/r', 'channels/0/entries/1/r', 'channels/1/entries/0/r']);
      assert.deepStrictEqual(values(d, 'channels/0/entries/0/r'), [0, 100, 200]);
      assert.deepStrictEqual(values(d, 'channels/0/entries/1/r'), [44, 44, 44]); // 300 & 0xFF
      const g = specFor(anim).groups;
      assert.deepStrictEqual([0, 1, 2].map((i) => g.key(anim, i)), ['channel0:0', 'channel0:1', 'channel1:0']);
      assert.strictEqual(g.index(anim, 'channel1:0'), 2);
      assert.strictEqual(g.ofPath(anim, 'VCK1/entryTable1[0]'), 2);
      assert.strictEqual(g.ofPath(anim, 'VCK1/indexSetTable0[1]'), 1);
      assert.deepStrictEqual(describeGroup(anim, 2).map((t) => t.path), ['r', 'g', 'b', 'a'].map((c) => `channels/1/entries/0/${c}`));
      assert.deepStrictEqual(anim.channels.map((c) => c.map((e) => e.indexSet)), [[{ count: 3, first: 0 }, { count: 1, first: 3 }], [{ count: 2, first: 0 }]]);
      assert.deepStrictEqual(anim.indexPools.map((p) => [...p]), [[0, 1, 2, 7], [4, 5]]);
    });

    it('the preview lists the index set; channel 1 says some games ignore it', () => {
      const d = decoded(bxk().bytes, 'a.bxk');
      const preview = specFor(d.anim!).preview;
      if (preview.kind !== 'vertexColour') return assert.fail(preview.kind);
      assert.deepStrictEqual(preview.entry(d.anim as BxkAnim, 0), { array: 'CLR0', title: 'channel 0 entry 0', indices: [0, 1, 2], indexCount: 3, notes: [] });
      assert.strictEqual(preview.entry(d.anim as BxkAnim, 2)?.notes.length, 1);
      assert.strictEqual(preview.entry(d.anim as BxkAnim, 3), undefined);
    });

    it('an index set past its pool: J3D_INDEX_SET_RANGE at the set; a colour index past VTX1\'s colours (when the model says): MDL_VERTEX_COLOUR_INDEX', () => {
      const w = bxk();
      const bytes = w.bytes.slice();
      // Channel 1's only set claims 40 indices: its pool (2 indices) is followed by the R bank.
      const set1 = 0x20 + w.layout.offsets.indexSetTable1;
      bytes[set1] = 0; bytes[set1 + 1] = 40;
      const d = decoded(bytes, 'a.bxk');
      assert.deepStrictEqual(only(d, 'J3D_INDEX_SET_RANGE'), [['error', set1]]);
      const facet = specFor(d.anim!).model;
      if (facet.target !== 'vertexColours') return assert.fail(facet.target);
      assert.deepStrictEqual(facet.bind(d.anim!, fakeModel({}), d.root, d.bytes).diagnostics, []);
      const bound = facet.bind(d.anim!, fakeModel({ colourCounts: [5, 6] }), d.root, d.bytes);
      // Channel 0 entry 1 writes index 7 of a 5-entry array; channel 1's 4 and 5 fit its 6.
      assert.deepStrictEqual(bound.diagnostics.map((x) => [x.code, x.severity, x.offset]), [['MDL_VERTEX_COLOUR_INDEX', 'error', 0x20 + w.layout.offsets.indexSetTable0 + 8]]);
    });

    it('banks have no stored length: as long as the tracks need, up to the next table (BXA reading past it: missing)', () => {
      const w = writeBxa({ duration: 2, channels: [[{ r: [1, 2, 3], g: 4, b: 5, a: 6, indices: [0] }], []] });
      const ok = decoded(w.bytes, 'a.bxa');
      assert.deepStrictEqual(values(ok, 'channels/0/entries/0/r'), [1, 2, 3]);
      // Point the R track 2 elements before the end of the R bank: 1 of its 3 values is inside.
      const bytes = w.bytes.slice();
      const entry = 0x20 + w.layout.offsets.entryTable0;
      bytes[entry + 3] = 2;
      const d = decoded(bytes, 'a.bxa');
      assert.deepStrictEqual(only(d, 'J3D_FULL_TRACK_RANGE'), [['error', entry]]);
      assert.deepStrictEqual(values(d, 'channels/0/entries/0/r')[0], 3);
    });
  });

  describe('container and header rules', () => {
    it('a short file with every table inside is a warning; cut inside a table it is an error', () => {
      const w = writeBtp({ duration: 1, entries: [{ name: 'm', texture: [0, 1] }] });
      const declared = w.bytes.length;
      // Drop the padding after the name table (as MKDD BCA files are stored).
      const nameEnd = 0x20 + w.layout.offsets.nameTable + 4 + 4 + 2;
      const short = decoded(w.bytes.slice(0, nameEnd), 'a.btp');
      assert.ok(declared > nameEnd);
      assert.deepStrictEqual(short.diagnostics.map((x) => [x.code, x.severity]), [['J3D_FILE_SIZE', 'warning'], ['J3D_CHUNK_SIZE', 'warning']]);
      const cut = decode(w.bytes.slice(0, 0x20 + w.layout.offsets.textureIndexBank + 1), 'a.btp');
      assert.deepStrictEqual(cut.diagnostics.filter((x) => x.code === 'J3D_FILE_SIZE' || x.code === 'J3D_CHUNK_SIZE').map((x) => x.severity), ['error', 'error']);
      assert.ok(cut.diagnostics.some((x) => x.code === 'TRUNCATED'));
    });

    it('unknown loop mode and non-positive duration are warnings at their offsets (PAK1: duration at 0x0C)', () => {
      const d = decoded(writeBpk({ loopMode: 7, duration: 0, entries: [{ name: 'm' }] }).bytes, 'a.bpk');
      assert.deepStrictEqual(only(d, 'J3D_LOOP_MODE'), [['warning', 0x28]]);
      assert.deepStrictEqual(only(d, 'J3D_DURATION'), [['warning', 0x2C]]);
      const v = decoded(writeBva({ duration: -3, shapes: [1] }).bytes, 'a.bva');
      assert.deepStrictEqual(only(v, 'J3D_DURATION'), [['warning', 0x2A]]);
    });

    it('a file of another kind forced as this one: J3D_TYPE', () => {
      const d = decode(writeBla({ tracks: [1] }).bytes, 'a.blk', { format: 'blk' });
      assert.ok(codes(d).includes('J3D_TYPE'));
    });
  });

  describe('binding (§9.8, §9.11 items 3–8)', () => {
    it('BTP: values past TEX1 (error) and slots the material does not use (warning), when the model says', () => {
      const w = writeBtp({ duration: 2, entries: [{ name: 'eye', slot: 1, texture: [0, 4, 1] }] });
      const d = decoded(w.bytes, 'a.btp');
      const facet = specFor(d.anim!).model;
      if (facet.target !== 'materials') return assert.fail(facet.target);
      const plain = facet.bind(d.anim!, fakeModel({ materials: ['eye'] }), d.root, d.bytes);
      assert.deepStrictEqual(plain.diagnostics, []);
      assert.deepStrictEqual(plain.groupTargets, [' → material 0']);
      const full = facet.bind(d.anim!, fakeModel({ materials: ['eye'], textureCount: 4, materialTexSlots: [[0]] }), d.root, d.bytes);
      const bank = 0x20 + w.layout.offsets.textureIndexBank;
      assert.deepStrictEqual(full.diagnostics.map((x) => [x.code, x.severity, x.offset]), [
        ['MDL_BTP_TEXTURE', 'error', bank + 2],
        ['MDL_TEXMAP_UNUSED', 'warning', 0x20 + w.layout.offsets.entryTable + 4],
      ]);
    });

    it('a material name the model has twice: info, the first binds (BPK, BPA and BTP alike)', () => {
      for (const bytes of [writeBpk({ entries: [{ name: 'm' }] }).bytes, writeBpa({ entries: [{ name: 'm', r: 1, g: 1, b: 1, a: 1 }] }).bytes, writeBtp({ entries: [{ name: 'm', texture: 0 }] }).bytes]) {
        const d = decode(bytes, 'x');
        const facet = specFor(d.anim!).model;
        if (facet.target !== 'materials') return assert.fail(facet.target);
        const bound = facet.bind(d.anim!, fakeModel({ materials: ['a', 'm', 'm'] }), d.root, d.bytes);
        assert.deepStrictEqual(bound.diagnostics.map((x) => [x.code, x.severity]), [['MDL_MATERIAL_DUPLICATE', 'info']]);
        assert.strictEqual(bound.materialBindings?.[0].materialIndex, 1);
        const name = resolvePath(d.root, `${d.root.children![1].name}/nameTable/strings[0]`, d.bytes)!;
        assert.deepStrictEqual([bound.diagnostics[0].offset, bound.diagnostics[0].length], [name.offset, 2]);
      }
    });

    it('BLK/BLA: no BLS → info; a BLS with another key count → error', () => {
      for (const bytes of [writeBlk({ tracks: [1, 1] }).bytes, writeBla({ tracks: [1, 1] }).bytes]) {
        const d = decode(bytes, 'x');
        const facet = specFor(d.anim!).model;
        if (facet.target !== 'clusters') return assert.fail(facet.target);
        assert.deepStrictEqual(facet.bind(d.anim!, fakeModel({}), d.root, d.bytes).diagnostics.map((x) => [x.code, x.severity, x.offset]), [['MDL_CLUSTER_SOURCE', 'info', 0x2C]]);
        assert.deepStrictEqual(facet.bind(d.anim!, fakeModel({ clusterKeyCount: 2 }), d.root, d.bytes).diagnostics, []);
        assert.deepStrictEqual(facet.bind(d.anim!, fakeModel({ clusterKeyCount: 3 }), d.root, d.bytes).diagnostics.map((x) => [x.code, x.severity]), [['MDL_CLUSTER_COUNT', 'error']]);
      }
    });

    it('BVA preview: a window of 32 rows around the selected shape of a 100-shape file', () => {
      const d = decoded(writeBva({ duration: 1, shapes: Array.from({ length: 100 }, () => 1) }).bytes, 'a.bva');
      const preview = specFor(d.anim!).preview;
      if (preview.kind !== 'visibility') return assert.fail(preview.kind);
      const e = preview.entry(d.anim!, 50)!;
      assert.deepStrictEqual([e.rows[0].group, e.rows[e.rows.length - 1].group, e.rows.length, e.hidden, e.selected], [34, 65, 32, 68, 50]);
      assert.deepStrictEqual(preview.entry(d.anim!, 99)!.rows[31].group, 99);
      assert.strictEqual(preview.entry(d.anim!, 100), undefined);
    });
  });
});
