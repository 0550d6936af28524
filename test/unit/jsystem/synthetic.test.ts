import * as assert from 'assert';
import { decode } from '../../../src/formats/index';
import type { Diagnostic } from '../../../src/formats/binary/diagnostics';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { resolvePath, uncoveredRanges } from '../../../src/formats/binary/fields';
import type { BckAnim } from '../../../src/formats/jsystem/bck/types';
import type { BrkAnim } from '../../../src/formats/jsystem/brk/types';
import type { BtkAnim } from '../../../src/formats/jsystem/btk/types';
import type { DecodedFile } from '../../../src/formats/types';
import { decodeBck, BCK_CODES } from '../../../src/formats/jsystem/bck/decode';
import { BTK_CODES } from '../../../src/formats/jsystem/btk/decode';
import { BRK_CODES } from '../../../src/formats/jsystem/brk/decode';
import { JSYSTEM_CODES } from '../../../src/formats/jsystem/container';
import { nameHash } from '../../../src/formats/jsystem/nametable';
import { jutHash, writeBck, writeBrk, writeBtk, writeWorstCaseBck, KeySpec } from '../../fixtures/j3d-writer';

const ALL_CODES = new Map([...JSYSTEM_CODES, ...BCK_CODES, ...BTK_CODES, ...BRK_CODES].map((c) => [c.code, c]));

function codes(r: DecodedFile): string[] {
  return r.diagnostics.map((d) => d.code);
}

function only(r: DecodedFile, code: string): Diagnostic[] {
  return r.diagnostics.filter((d) => d.code === code);
}

function problems(r: DecodedFile): Diagnostic[] {
  return r.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning');
}

/** Every diagnostic is a documented code with its documented severity, and the file is fully attributed. */
function wellFormed(r: DecodedFile): void {
  for (const d of r.diagnostics) {
    const known = ALL_CODES.get(d.code);
    if (d.code === 'TRUNCATED') continue;
    assert.ok(known, `undocumented code ${d.code}`);
    if (d.code !== 'J3D_FILE_SIZE') assert.strictEqual(d.severity, known.severity, d.code);
    assert.ok(d.offset >= 0 && d.offset <= r.bytes.length, `${d.code} offset`);
  }
  assert.deepStrictEqual(uncoveredRanges(r.root, r.bytes.length), []);
}

const k = (time: number, value: number, tangent = 0): KeySpec => ({ time, value, tangent });

describe('jsystem: synthetic BCK', () => {
  it('round-trips constants, count 0, tangent mode 0 and 1 keys', () => {
    const { bytes, layout } = writeBck({
      loopMode: 4, rotationFraction: 3, duration: 20,
      joints: [
        { x: { scale: 2, rotation: { keys: [k(0, 100, 1), k(20, -200, 2)] }, translation: { keys: [{ time: 0, value: 1, inTangent: 3, outTangent: 4 }, { time: 20, value: 5, inTangent: 6, outTangent: 7 }], tangentMode: 1 } } },
        {},
      ],
    });
    const r = decode(bytes, 'a.bck');
    wellFormed(r);
    assert.deepStrictEqual(problems(r), []);
    const anim = r.anim as BckAnim;
    assert.strictEqual(anim.loopMode, 4);
    assert.strictEqual(anim.rotationFraction, 3);
    assert.strictEqual(anim.duration, 20);
    assert.strictEqual(anim.joints.length, 2);
    const j0 = anim.joints[0];
    assert.strictEqual(j0.x.scale.count, 1);
    assert.strictEqual(anim.scaleBank[j0.x.scale.index], 2);
    assert.deepStrictEqual(j0.x.rotation, { count: 2, index: 0, tangentMode: 0 });
    assert.deepStrictEqual(Array.from(anim.rotationBank), [0, 100, 1, 20, -200, 2]);
    assert.deepStrictEqual(j0.x.translation, { count: 2, index: 0, tangentMode: 1 });
    assert.deepStrictEqual(Array.from(anim.translationBank), [0, 1, 3, 4, 20, 5, 6, 7]);
    assert.deepStrictEqual(j0.y.scale, { count: 0, index: 0, tangentMode: 0 });
    assert.deepStrictEqual(anim.joints[1].z.translation, { count: 0, index: 0, tangentMode: 0 });
    // Paths and layout agree with the writer.
    const t = resolvePath(r.root, 'ANK1/jointTable[0]/translationX.tangentMode', bytes)!;
    assert.strictEqual(t.offset, 0x20 + layout.offsets.jointTable + 12 + 4);
    assert.strictEqual(t.value, 1);
    assert.strictEqual(resolvePath(r.root, 'ANK1/loopMode', bytes)!.display, 'Mirrored loop (4)');
    assert.strictEqual(resolvePath(r.root, 'ANK1/translationBank[7]', bytes)!.value, 7);
  });

  it('builds anim.joints lazily but behaves like a plain field (JSON, structuredClone of a spread, assignment)', () => {
    const { bytes, layout } = writeBck({ joints: [{ x: { scale: 2 } }, { z: { rotation: 5 } }] });
    const anim = decode(bytes, 'a.bck').anim as BckAnim;
    const json = JSON.parse(JSON.stringify(anim));
    assert.strictEqual(json.joints.length, 2);
    assert.deepStrictEqual(json.joints[1].z.rotation, { count: 1, index: 0, tangentMode: 0 });
    // The joints are a lazy array (bck/joints.ts), which structuredClone refuses: a spread is plain.
    const clone = structuredClone({ ...anim, joints: [...anim.joints] });
    assert.strictEqual(clone.joints[0].x.scale.count, 1);
    assert.strictEqual(anim.joints, anim.joints, 'built once');
    assert.deepStrictEqual(Object.keys(anim), ['format', 'loopMode', 'rotationFraction', 'duration', 'joints', 'scaleBank', 'rotationBank', 'translationBank']);
    anim.joints = [];
    assert.strictEqual(anim.joints.length, 0);
    // Not a copy: the joints are read from the input's table when first used (decode's result holds its input).
    const again = decode(bytes, 'a.bck').anim as BckAnim;
    const entry = 0x20 + layout.offsets.jointTable;
    assert.strictEqual((bytes[entry] << 8) | bytes[entry + 1], 1, 'joint 0 scaleX count in the bytes');
    bytes[entry + 1] = 3;
    assert.strictEqual(again.joints[0].x.scale.count, 3);
  });

  it('accepts duplicate key times and keys outside 0..duration (hints only)', () => {
    const { bytes } = writeBck({
      duration: 60,
      joints: [{ x: { translation: { keys: [k(-40, 0), k(263, 1), k(263, 2)] }, rotation: { keys: [k(5, 0), k(30, 1)] } } }],
    });
    const r = decode(bytes, 'a.bck');
    wellFormed(r);
    assert.deepStrictEqual(problems(r), []);
    const late = only(r, 'J3D_FIRST_KEY_LATE');
    assert.strictEqual(late.length, 1);
    assert.strictEqual(late[0].severity, 'hint');
    assert.match(late[0].message, /rotationX .*: first key at frame 5 \(rotationBank\[0\], 0x[0-9A-F]+\)/);
    const early = only(r, 'J3D_LAST_KEY_EARLY');
    assert.strictEqual(early.length, 1);
    assert.match(early[0].message, /rotationX .*: last key at frame 30 .* before the duration 60/);
  });

  // The order check reads a small bank's keys track by track until it has read as many elements
  // as the bank holds, then builds a table per bank; a big bank (over 4,096 elements) builds it at
  // once. The same three tracks are checked on each road, after `zeros` non-decreasing elements.
  const orderRoads: { road: string; zeros: number; fillers: number }[] = [
    { road: 'read track by track (small bank)', zeros: 0, fillers: 0 },
    { road: 'by table (big bank)', zeros: 4500, fillers: 0 },
    // 10 tracks of 10 keys on the zeros take 100 reads from the budget of a 63-element bank: spent.
    { road: 'by table (small bank, budget spent)', zeros: 30, fillers: 10 },
  ];
  for (const { road, zeros, fillers } of orderRoads) {
    it(`counts a track's own decreases, not those of the track before it in the bank (${road})`, () => {
      // scaleBank after the zeros: track 0 at elements 0–14 (times 0, 8, 4, 10, 2: two decreases),
      // track 1 at 15–23 (times 0, 5, 10), track 2 at 24–32 (times 12, 11, 20: a decrease at its very
      // first key). The step from track 0's last time (2) to track 1's first (0) belongs to neither.
      const filler = { y: { scale: { raw: { count: 10, index: 0, tangentMode: 0 } } } };
      const { bytes } = writeBck({
        duration: 10,
        banks: { scale: new Array<number>(zeros).fill(0) },
        joints: [
          ...new Array(fillers).fill(filler),
          { y: { scale: { keys: [k(0, 1), k(8, 2), k(4, 3), k(10, 4), k(2, 5)] } } },
          { y: { scale: { keys: [k(0, 1), k(5, 2), k(10, 3)] } } },
          { y: { scale: { keys: [k(12, 1), k(11, 2), k(20, 3)] } } },
        ],
      });
      const d = only(decode(bytes, 'a.bck'), 'J3D_KEY_ORDER');
      assert.deepStrictEqual(d.map((x) => x.message.match(/joint \d+/)?.[0]), [`joint ${fillers}`, `joint ${fillers + 2}`]);
      assert.match(d[0].message, new RegExp(`joint ${fillers} scaleY .*key 2 time 4 at scaleBank\\[${zeros + 6}\\] .*is before key 1 time 8 \\(2 decreases in this track\\)\\.`));
      assert.match(d[1].message, new RegExp(`joint ${fillers + 2} scaleY .*key 1 time 11 at scaleBank\\[${zeros + 27}\\] .*is before key 0 time 12\\.`));
    });
  }

  it('reports decreasing key times at the offending time', () => {
    const { bytes, layout } = writeBck({ duration: 10, joints: [{}, { y: { scale: { keys: [k(0, 1), k(8, 2), k(4, 3), k(10, 4)] } } }] });
    const r = decode(bytes, 'a.bck');
    wellFormed(r);
    const d = only(r, 'J3D_KEY_ORDER');
    assert.strictEqual(d.length, 1);
    assert.strictEqual(d[0].severity, 'warning');
    // Key 2's time is scaleBank[6].
    assert.strictEqual(d[0].offset, 0x20 + layout.offsets.scaleBank + 6 * 4);
    assert.strictEqual(d[0].length, 4);
    assert.match(d[0].message, /joint 1 scaleY .*key 2 time 4 at scaleBank\[6\] \(0x[0-9A-F]+\) is before key 1 time 8/);
  });

  it('reports bank overruns and unknown tangent modes', () => {
    const { bytes, layout } = writeBck({
      duration: 10,
      banks: { rotation: [0, 0, 0, 10, 0, 0] },
      joints: [{
        x: { rotation: { raw: { count: 2, index: 3, tangentMode: 0 } } }, // needs 9 > 6
        y: { rotation: { raw: { count: 1, index: 6, tangentMode: 0 } } }, // constant past the end
        z: { rotation: { raw: { count: 2, index: 0, tangentMode: 7 } } }, // mode 7 → 4 per key, fits 8 > 6: overrun too
      }],
    });
    const r = decode(bytes, 'a.bck');
    wellFormed(r);
    const range = only(r, 'J3D_TRACK_RANGE');
    assert.strictEqual(range.length, 3);
    assert.ok(range.every((d) => d.severity === 'error' && d.length === 6));
    const table = 0x20 + layout.offsets.jointTable;
    assert.deepStrictEqual(range.map((d) => d.offset), [table + 6, table + 18 + 6, table + 36 + 6]);
    assert.match(range[0].message, /2 keys × 3 elements from rotationBank\[3\], needing 9 element\(s\), but the bank holds 6/);
    const tangent = only(r, 'J3D_TANGENT_MODE');
    assert.strictEqual(tangent.length, 1);
    assert.strictEqual(tangent[0].offset, table + 36 + 6 + 4);
    assert.match(tangent[0].message, /tangent mode 7/);
  });

  it('reports a bank that runs past the chunk and clamps it to the bytes', () => {
    const { bytes, layout } = writeBck({ joints: [{ x: { scale: 1 } }], override: { translationCount: 5000 } });
    const r = decode(bytes, 'a.bck');
    wellFormed(r);
    const d = only(r, 'J3D_TABLE_RANGE');
    assert.strictEqual(d.length, 1);
    assert.strictEqual(d[0].offset, 0x20 + layout.offsets.translationBank);
    assert.match(d[0].message, /translationBank \(5000 × 4 bytes/);
    assert.ok(codes(r).includes('TRUNCATED'));
    const anim = r.anim as BckAnim;
    assert.strictEqual(anim.translationBank.length, (bytes.length - (0x20 + layout.offsets.translationBank)) >> 2);
  });

  it('reports bad magic, wrong type, wrong file size, zero chunk count, unknown loop mode', () => {
    const { bytes } = writeBck({ loopMode: 9, joints: [{}], header: { magic: 'J3D2', type: 'bck2', fileSize: 0x1000, chunkCount: 0 } });
    const r = decode(bytes, 'a.bck', { format: 'bck' });
    wellFormed(r);
    assert.deepStrictEqual(only(r, 'J3D_MAGIC').map((d) => [d.offset, d.length, d.severity]), [[0, 4, 'error']]);
    assert.match(only(r, 'J3D_MAGIC')[0].message, /"J3D2", expected "J3D1"/);
    assert.deepStrictEqual(only(r, 'J3D_TYPE').map((d) => d.offset), [4]);
    const size = only(r, 'J3D_FILE_SIZE');
    assert.strictEqual(size.length, 1);
    // Every table is inside the bytes: only padding is missing (FORMATS.md §9.11 item 9), a warning.
    assert.strictEqual(size[0].severity, 'warning');
    assert.match(size[0].message, /declared file size 0x1000 at 0x8 is larger than the data.*only padding is missing/);
    assert.deepStrictEqual(only(r, 'J3D_CHUNK_COUNT').map((d) => d.offset), [0x0C]);
    const loop = only(r, 'J3D_LOOP_MODE');
    assert.deepStrictEqual(loop.map((d) => [d.offset, d.severity]), [[0x28, 'warning']]);
    assert.match(loop[0].message, /loop mode 9 at 0x28/);
    // Still decoded as far as possible.
    assert.strictEqual((r.anim as BckAnim).joints.length, 1);
  });

  it('reports a file longer than declared as a warning, trailing fill is fine', () => {
    const { bytes } = writeBck({ joints: [{}], header: { trailing: new Array(64).fill(0xCD) } });
    const r = decode(bytes, 'a.bck');
    wellFormed(r);
    assert.deepStrictEqual(only(r, 'J3D_FILE_SIZE').map((d) => d.severity), []);
    const longer = decode(writeBck({ joints: [{}], header: { fileSize: 0x40 } }).bytes, 'a.bck');
    assert.deepStrictEqual(only(longer, 'J3D_FILE_SIZE').map((d) => d.severity), ['warning']);
  });

  it('reports a chunk size past the end of the file, and a chunk too small to walk', () => {
    const r = decode(writeBck({ joints: [{}], header: { chunkSize: 0x10000 } }).bytes, 'a.bck');
    wellFormed(r);
    assert.deepStrictEqual(only(r, 'J3D_CHUNK_SIZE').map((d) => [d.offset, d.severity]), [[0x24, 'error']]);
    const tiny = decode(writeBck({ joints: [{}], header: { chunkSize: 4 } }).bytes, 'a.bck');
    wellFormed(tiny);
    assert.ok(only(tiny, 'J3D_CHUNK_SIZE')[0].message.includes('smaller than the chunk header'));
  });

  it('keeps the BCK header bytes 0x10..0x1F unvalidated, with SVR1 or the WW sound offset', () => {
    const withSvr = decode(writeBck({ joints: [{}], header: { svr: true, soundOffset: 0x12345678 } }).bytes, 'a.bck');
    assert.deepStrictEqual(problems(withSvr), []);
    assert.strictEqual(resolvePath(withSvr.root, 'header/soundOffset', withSvr.bytes)!.value, 0x12345678);
  });

  it('shows an unknown chunk as raw bytes', () => {
    const { bytes } = writeBck({ joints: [{ x: { scale: 1 } }] });
    // Append a second chunk `XYZ1` of 0x20 bytes and declare two chunks.
    const out = new Uint8Array(bytes.length + 0x20);
    out.set(bytes);
    const view = new DataView(out.buffer);
    const second = view.getUint32(0x24) + 0x20;
    assert.strictEqual(second, bytes.length);
    out.set([0x58, 0x59, 0x5A, 0x31, 0, 0, 0, 0x20], second);
    out.fill(0xAB, second + 8, second + 0x20);
    view.setUint32(0x08, out.length);
    view.setUint32(0x0C, 2);
    const r = decode(out, 'a.bck');
    wellFormed(r);
    assert.deepStrictEqual(problems(r), []);
    assert.deepStrictEqual(only(r, 'J3D_UNKNOWN_CHUNK').map((d) => d.offset), [second]);
    const data = resolvePath(r.root, 'XYZ1/data', out)!;
    assert.deepStrictEqual([data.offset, data.size, data.role], [second + 8, 0x18, 'unknown']);
  });

  it('reports a missing ANK1 chunk', () => {
    const { bytes } = writeBck({ joints: [{}] });
    bytes.set([0x41, 0x4E, 0x4B, 0x32], 0x20);
    const r = decode(bytes, 'a.bck');
    assert.ok(codes(r).includes('J3D_CHUNK_MISSING'));
    assert.strictEqual(r.anim, undefined);
  });

  it('decodes the worst-case BCK (65,535 joints, every track keyed, ~4 MiB)', function () {
    const { bytes } = writeWorstCaseBck();
    assert.ok(bytes.length > 4_000_000 && bytes.length < 4_400_000, `${bytes.length} bytes`);
    const sink = new DiagnosticSink();
    const result = decodeBck(bytes, sink);
    const anim = result.anim!;
    assert.strictEqual(anim.joints.length, 65535);
    assert.strictEqual(anim.scaleBank.length, 65535);
    assert.strictEqual(anim.rotationBank.length, 65535);
    assert.strictEqual(anim.translationBank.length, 65535);
    let keyed = 0;
    for (const j of anim.joints) for (const a of [j.x, j.y, j.z]) for (const t of [a.scale, a.rotation, a.translation]) if (t.count >= 2) keyed++;
    assert.strictEqual(keyed, 65535 * 9);
    const list = sink.finish();
    assert.deepStrictEqual(list.filter((d) => d.severity === 'error' || d.severity === 'warning'), []);
    assert.ok(list.length < 100, 'hints are limited per code');
    const r = decode(bytes, 'worst.bck');
    assert.deepStrictEqual(uncoveredRanges(r.root, bytes.length), []);
    const last = resolvePath(r.root, 'ANK1/jointTable[65534]/translationZ.count', bytes)!;
    assert.strictEqual(last.value, anim.joints[65534].z.translation.count);
  });
});

describe('jsystem: synthetic BTK', () => {
  const entries = [
    { name: 'matA', texMtxIndex: 1, center: [0.25, 0.75, 0] as [number, number, number], s: { scale: { keys: [k(0, 1), k(30, 2)] } }, q: { rotation: { keys: [k(0, 0), k(30, 16384)] } } },
    { name: 'matA', texMtxIndex: 0xFF, remap: 7, t: { translation: 0.5 } },
  ];

  it('decodes Maya mode, names (not unique), tex-matrix indices, centres, remap', () => {
    const { bytes, layout } = writeBtk({ matrixMode: 1, duration: 30, rotationFraction: 1, entries });
    const r = decode(bytes, 'a.btk');
    wellFormed(r);
    assert.deepStrictEqual(problems(r), []);
    const anim = r.anim as BtkAnim;
    assert.strictEqual(anim.matrixMode, 1);
    assert.strictEqual(resolvePath(r.root, 'TTK1/matrixMode', bytes)!.display, 'Maya (1)');
    assert.deepStrictEqual(anim.entries.map((e) => [e.materialName, e.texMtxIndex, e.remap]), [['matA', 1, 0], ['matA', 0xFF, 7]]);
    assert.deepStrictEqual(anim.entries[0].center, [0.25, 0.75, 0]);
    assert.deepStrictEqual(anim.entries[0].q.rotation, { count: 2, index: 0, tangentMode: 0 });
    assert.deepStrictEqual(Array.from(anim.rotationBank), [0, 0, 0, 30, 16384, 0]);
    assert.strictEqual(anim.translationBank[anim.entries[1].t.translation.index], 0.5);
    // The Nintendo +4 bytes.
    const slack = resolvePath(r.root, 'TTK1/sizeSlack', bytes)!;
    assert.strictEqual(slack.offset + slack.size, 0x20 + layout.chunkSize);
    assert.strictEqual(resolvePath(r.root, 'TTK1/nameTable/strings[1]', bytes)!.value, 'matA');
  });

  it('accepts an aligned TTK1 size and a TTK1 size 4 bytes past the end of the file', () => {
    const aligned = decode(writeBtk({ entries, sizeMode: 'aligned' }).bytes, 'a.btk');
    assert.deepStrictEqual(problems(aligned), []);
    assert.strictEqual(resolvePath(aligned.root, 'TTK1/sizeSlack', aligned.bytes), undefined);
    // Cut the file right at the end of the tables: the chunk claims its 4 bytes past the end.
    const { bytes, layout } = writeBtk({ entries });
    const cut = bytes.slice(0, 0x20 + layout.chunkSize - 4);
    new DataView(cut.buffer).setUint32(0x08, cut.length);
    const r = decode(cut, 'a.btk');
    wellFormed(r);
    assert.deepStrictEqual(problems(r), []);
    assert.deepStrictEqual(only(r, 'J3D_CHUNK_SIZE_SLACK').map((d) => [d.offset, d.severity]), [[0x24, 'hint']]);
    // 8 bytes past the end is an error.
    const cut8 = bytes.slice(0, 0x20 + layout.chunkSize - 8);
    new DataView(cut8.buffer).setUint32(0x08, cut8.length);
    assert.ok(codes(decode(cut8, 'a.btk')).includes('J3D_CHUNK_SIZE'));
  });

  it('reports a key table count not divisible by 3, unknown matrix mode, bad hash, bad tex-matrix index', () => {
    const { bytes, layout } = writeBtk({ matrixMode: 2, entries: [{ name: 'x', texMtxIndex: 12 }, { name: 'y' }], override: { keyTableCount: 4 } });
    const hashAt = 0x20 + layout.offsets.nameTable + 4 + 4; // entry 1 hash
    bytes[hashAt] ^= 0xFF;
    const r = decode(bytes, 'a.btk');
    wellFormed(r);
    const count = only(r, 'J3D_KEY_TABLE_COUNT');
    assert.deepStrictEqual(count.map((d) => [d.offset, d.severity]), [[0x2C, 'error']]);
    assert.match(count[0].message, /keyTableCount 4 at 0x2C is not a multiple of 3/);
    assert.deepStrictEqual(only(r, 'J3D_MATRIX_MODE').map((d) => [d.offset, d.severity]), [[0x7C, 'warning']]);
    // 4 / 3 → 1 entry, so the name table holds one name too many and entry 1's hash is still checked.
    const hash = only(r, 'J3D_NAME_HASH');
    assert.deepStrictEqual(hash.map((d) => [d.offset, d.severity]), [[hashAt, 'warning']]);
    assert.match(hash[0].message, /"y"/);
    assert.ok(codes(r).includes('J3D_NAME_COUNT'));
    assert.deepStrictEqual(only(r, 'J3D_TEXMTX_INDEX').map((d) => d.offset), [0x20 + layout.offsets.texMtxIndexTable]);
    assert.strictEqual((r.anim as BtkAnim).entries.length, 1);
    assert.strictEqual((r.anim as BtkAnim).matrixMode, 2);
  });

  it('decodes and shows non-empty post tables', () => {
    const { bytes, layout } = writeBtk({ entries, post: { entries: [{ name: 'post0', s: { scale: 3 } }] } });
    const r = decode(bytes, 'a.btk');
    wellFormed(r);
    assert.deepStrictEqual(problems(r), []);
    assert.deepStrictEqual(only(r, 'J3D_BTK_POST').map((d) => d.severity), ['info']);
    assert.strictEqual(resolvePath(r.root, 'TTK1/postKeyTableCount', bytes)!.value, 3);
    assert.strictEqual(resolvePath(r.root, 'TTK1/postNameTable/strings[0]', bytes)!.value, 'post0');
    const post = resolvePath(r.root, 'TTK1/postScaleBank[0]', bytes)!;
    assert.deepStrictEqual([post.offset, post.value], [0x20 + layout.offsets.postScaleBank, 3]);
    assert.strictEqual((r.anim as BtkAnim).entries.length, 2);
  });
});

describe('jsystem: synthetic BRK', () => {
  it('decodes register and konstant groups in R, G, B, A order, notes colour id 3', () => {
    const { bytes, layout } = writeBrk({
      duration: 40,
      register: [{ name: 'mat0', colorId: 3, r: { keys: [k(0, -230), k(40, 230)] }, g: 1, b: 2, a: 3 }],
      konstant: [{ name: 'mat0', colorId: 2, a: 255 }, { name: 'mat1', r: 10 }],
    });
    const r = decode(bytes, 'a.brk');
    wellFormed(r);
    assert.deepStrictEqual(problems(r), []);
    const info = only(r, 'J3D_COLOR_ID_3');
    assert.deepStrictEqual(info.map((d) => [d.offset, d.severity]), [[0x20 + layout.offsets.registerTable + 24, 'info']]);
    const anim = r.anim as BrkAnim;
    assert.strictEqual(anim.rotationFraction, 0);
    assert.deepStrictEqual(Array.from(anim.registerBanks.r), [0, -230, 0, 40, 230, 0]);
    assert.deepStrictEqual([anim.registerBanks.g[0], anim.registerBanks.b[0], anim.registerBanks.a[0]], [1, 2, 3]);
    assert.deepStrictEqual(anim.konstant.map((e) => [e.materialName, e.colorId]), [['mat0', 2], ['mat1', 0]]);
    assert.strictEqual(anim.konstantBanks.a[anim.konstant[0].a.index], 255);
    assert.deepStrictEqual(anim.konstant[0].r, { count: 0, index: 0, tangentMode: 0 });
    assert.strictEqual(resolvePath(r.root, 'TRK1/konstantABank[0]', bytes)!.value, 255);
    assert.strictEqual(resolvePath(r.root, 'TRK1/konstantNameTable/strings[1]', bytes)!.value, 'mat1');
    assert.strictEqual(resolvePath(r.root, 'TRK1/konstantTable[1]/padding', bytes)!.size, 3);
  });

  it('lets the count decide for an empty group, whatever its offsets', () => {
    for (const mode of ['zero', 'keep'] as const) {
      const { bytes } = writeBrk({ emptyGroupOffsets: mode, register: [{ name: 'm', r: 5 }], konstant: [] });
      const r = decode(bytes, 'a.brk');
      wellFormed(r);
      assert.deepStrictEqual(problems(r), [], mode);
      assert.strictEqual((r.anim as BrkAnim).konstant.length, 0);
    }
  });

  it('reports a non-empty group with zero offsets', () => {
    const { bytes } = writeBrk({ register: [{ name: 'm', r: 5 }], konstant: [] });
    new DataView(bytes.buffer).setUint16(0x2E, 2); // konstantCount = 2, its offsets are 0
    const r = decode(bytes, 'a.brk');
    wellFormed(r);
    const range = only(r, 'J3D_TABLE_RANGE');
    assert.ok(range.some((d) => /konstantTable has 2 element\(s\) but its offset is 0/.test(d.message)));
    // The konstant name table offset points at the empty table: 0 names for 2 entries.
    assert.match(only(r, 'J3D_NAME_COUNT')[0].message, /konstantNameTable at 0x[0-9A-F]+ holds 0 name\(s\) but the group has 2 entries/);
    assert.strictEqual((r.anim as BrkAnim).konstant.length, 0);
  });
});

describe('jsystem: name table hash and codes', () => {
  it('hashes bytes as signed chars', () => {
    const ascii = new Uint8Array(Buffer.from('EyeLight_v_x', 'latin1'));
    assert.strictEqual(nameHash(ascii, 0, ascii.length), 0xB761);
    // 0x82 0xA0 (Shift-JIS あ): signed gives 65062; unsigned bytes would give 550.
    assert.strictEqual(nameHash(new Uint8Array([0x82, 0xA0]), 0, 2), 65062);
    assert.strictEqual(jutHash('Core_v'), 0x73DE);
  });

  it('decodes a Shift-JIS material name and checks its hash', () => {
    const name = Buffer.from([0x82, 0xA0, 0x41]).toString('latin1');
    const r = decode(writeBtk({ entries: [{ name }] }).bytes, 'a.btk');
    assert.deepStrictEqual(problems(r), []);
    assert.strictEqual((r.anim as BtkAnim).entries[0].materialName, 'あA');
  });

  it('exports unique, documented codes', () => {
    const all = [...JSYSTEM_CODES, ...BCK_CODES, ...BTK_CODES, ...BRK_CODES];
    assert.strictEqual(new Set(all.map((c) => c.code)).size, all.length);
    for (const c of all) assert.ok(c.summary.length > 10 && /^J3D_[A-Z0-9_]+$/.test(c.code), c.code);
  });
});
