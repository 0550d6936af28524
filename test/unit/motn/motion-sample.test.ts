/**
 * The real motion.bin (Shenmue, 1,826,800 bytes). Expected values were read by hand from the
 * bytes with xxd / python struct, e.g.:
 *   0x00: 20000000 94220100 e8aa0100 18060000 f0df1b00 → tables at 0x20 / 0x12294, data 0x1AAE8,
 *         attributes 0x618 (1559 sequences), file size 0x1BDFF0.
 *   SPK_2_WARMING = table index 764, data at 0x145CAE: 9a01 0000 3600 7600 881a 041e
 *         → 410 frames, blocks at +0x36/+0x76/+0x1A88/+0x1E04; block 1 starts f801 (bone 0,
 *         position XYZ + rotation XYZ). Block 2 at 0x145CE4: 49 5f (k = 73 for position x,
 *         95 for position y). Position y frames at 0x145DB6: 0900 1300 (9, 19).
 *         Block 4 byte 0x147749 = 01010101b (n = 1, 1, 1, 1). Position x uses 119 halves, so
 *         position y's first half is at 0x147AB2 + 238 = 0x147BA0: 3d3c 993c → 0x3C3D =
 *         1.0595703125, 0x3C99 = 1.1494140625.
 *   Build date at 0x1BDFD0: "Fri Nov 12 16:10:23 1999\n" NUL.
 */
import * as assert from 'assert';
import { decode } from '../../../src/formats/index';
import { assignPaths, resolvePath, uncoveredRanges, fieldsAt } from '../../../src/formats/binary/fields';
import { COMMON_CODES } from '../../../src/formats/binary/diagnostics';
import { MOTN_CODES, looksLikeMotn } from '../../../src/formats/motn/motn';
import type { MotnAnim } from '../../../src/formats/motn/types';
import { readSample } from '../helpers';

describe('MOTN: motion.bin', () => {
  const bytes = readSample('motn/motion.bin');
  const file = decode(bytes, 'motion.bin');
  const anim = file.anim as MotnAnim;

  it('is detected and decoded as MOTN with no error diagnostics', () => {
    assert.strictEqual(bytes.length, 1826800);
    assert.ok(looksLikeMotn(bytes));
    assert.strictEqual(file.format, 'motn');
    assert.deepStrictEqual(file.diagnostics.filter((d) => d.severity === 'error'), []);
    const known = new Set([...MOTN_CODES, ...COMMON_CODES].map((c) => c.code));
    for (const d of file.diagnostics) assert.ok(known.has(d.code), d.code);
  });

  it('has the header values', () => {
    const header = resolvePath(file.root, 'header', bytes);
    const values = Object.fromEntries((header?.children ?? []).map((c) => [c.name, c.value]));
    assert.deepStrictEqual(values, {
      sequenceTableOffset: 0x20, nameTableOffset: 0x12294, motionDataOffset: 0x1aae8, attributes: 0x618, fileSize: 0x1bdff0,
    });
    assert.strictEqual(resolvePath(file.root, 'header.attributes', bytes)?.offset, 0x0c);
  });

  it('has 1559 sequences, 28 of them non-standard (skipped)', () => {
    assert.strictEqual(anim.sequences.length, 1559);
    const skipped = anim.sequences.filter((s) => !s.standard);
    assert.strictEqual(skipped.length, 28);
    for (const s of skipped) {
      assert.ok(s.unknown & 0x8000, s.name);
      assert.deepStrictEqual(s.tracks, []);
    }
    assert.strictEqual(file.diagnostics.filter((d) => d.code === 'MOTN_NON_STANDARD').length, 26, 'one per unique data offset');
    assert.strictEqual(new Set(anim.sequences.map((s) => s.name)).size, 1559, 'names are unique');
    anim.sequences.forEach((s, i) => assert.strictEqual(s.index, i));
  });

  it('decodes SPK_2_WARMING', () => {
    const seq = anim.sequences.find((s) => s.name === 'SPK_2_WARMING');
    assert.ok(seq);
    assert.strictEqual(seq.index, 764);
    assert.strictEqual(seq.offset, 0x145cae);
    assert.strictEqual(seq.frames, 410);
    assert.strictEqual(seq.frameFlag, false);
    assert.strictEqual(seq.standard, true);
    assert.strictEqual(seq.tracks.length, 63);
    const [px, py] = seq.tracks;
    assert.deepStrictEqual([px.bone, px.channel, px.axis, px.keys.length], [0, 'position', 'x', 75]);
    assert.deepStrictEqual([py.bone, py.channel, py.axis, py.keys.length], [0, 'position', 'y', 97]);
    assert.deepStrictEqual(py.keys[0], { frame: 0, halves: [1.0595703125], offset: 0x147ba0 });
    assert.deepStrictEqual(py.keys[1], { frame: 9, halves: [1.1494140625], offset: 0x147ba2 });
    assert.strictEqual(py.keys[2].frame, 19);
    assert.strictEqual(py.keys[py.keys.length - 1].frame, 410);
  });

  it('links keys to the field tree', () => {
    const seq = anim.sequences[764];
    const key = seq.tracks[1].keys[1];
    const chain = fieldsAt(assignPaths(file.root), key.offset, bytes);
    const leaf = chain[chain.length - 1];
    assert.strictEqual(leaf.path, `sequences[764]/block5[${(key.offset - 0x147ab2) / 2}]`);
    assert.strictEqual(leaf.type, 'f16');
    assert.strictEqual(leaf.value, 1.1494140625);
    const resolved = resolvePath(file.root, leaf.path, bytes);
    assert.strictEqual(resolved?.offset, key.offset);
    assert.strictEqual(resolvePath(file.root, 'sequences[764]/block2[1]', bytes)?.value, 95);
    assert.strictEqual(resolvePath(file.root, 'sequences[764]/block3', bytes)?.offset, 0x145d24);
    assert.strictEqual(resolvePath(file.root, 'names[764]', bytes)?.value, 'SPK_2_WARMING');
    assert.strictEqual(resolvePath(file.root, 'sequenceTable[764].dataOffset', bytes)?.value, 0x145cae - 0x1aae8);
  });

  it('models aliases (names sharing one data offset)', () => {
    const error = anim.sequences[0];
    assert.strictEqual(error.name, 'ERROR');
    assert.ok(error.aliases.includes('ERROR_1'));
    const group = anim.sequences.filter((s) => s.offset === error.offset);
    assert.ok(group.length > 1);
    for (const s of group) {
      assert.strictEqual(s.aliases.length, group.length - 1);
      assert.ok(!s.aliases.includes(s.name));
    }
    assert.strictEqual(group[1].tracks, group[0].tracks, 'aliases share the decoded tracks');
    assert.ok(anim.sequences.some((s) => s.aliases.length > 0 && s.standard));
  });

  it('reads the build date', () => {
    assert.strictEqual(anim.buildDate, 'Fri Nov 12 16:10:23 1999');
    const node = resolvePath(file.root, 'buildDate', bytes);
    assert.strictEqual(node?.offset, 0x1bdfd0);
  });

  it('attributes every byte to a field, padding or unknown', () => {
    assert.deepStrictEqual(uncoveredRanges(file.root, bytes.length), []);
    const names = file.root.children?.map((c) => c.name) ?? [];
    for (const n of ['header', 'sequenceTable', 'nameOffsetTable', 'names', 'sequences', 'buildDate', 'extraData']) assert.ok(names.includes(n), n);
  });

  it('reports the unreferenced gaps between sequences as info', () => {
    const gaps = file.diagnostics.filter((d) => d.code === 'MOTN_SEQUENCE_GAP');
    assert.strictEqual(gaps.length, 5);
    assert.ok(gaps.every((g) => g.severity === 'info'));
    // Hand-checked: the sequence at 0x328B4 ends at 0x32AF0, the next one starts at 0x32CE4.
    assert.ok(gaps.some((g) => g.offset === 0x32af0 && g.length === 500));
  });

  it('serialises to JSON with the tracks', () => {
    const json = JSON.parse(JSON.stringify(anim.sequences[764]));
    assert.strictEqual(json.tracks.length, 63);
    assert.strictEqual(json.tracks[1].keys[0].halves[0], 1.0595703125);
  });
});
