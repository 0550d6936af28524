/** Synthetic MOTN files from test/fixtures/motn-writer.ts: every layout variant of §5. */
import * as assert from 'assert';
import { decode } from '../../../src/formats/index';
import { DiagnosticSink, COMMON_CODES } from '../../../src/formats/binary/diagnostics';
import { halfToFloat, resolvePath, uncoveredRanges } from '../../../src/formats/binary/fields';
import { MOTN_CODES, decodeMotn, looksLikeMotn } from '../../../src/formats/motn/motn';
import type { MotnAnim } from '../../../src/formats/motn/types';
import { floatToHalf, sampleSequences, writeMotn } from '../../fixtures/motn-writer';

function run(bytes: Uint8Array) {
  const file = decode(bytes, 'motion.bin');
  return { file, anim: file.anim as MotnAnim, codes: file.diagnostics.map((d) => d.code) };
}

describe('MOTN: synthetic files', () => {
  const { bytes, layout } = writeMotn(sampleSequences());
  const { file, anim, codes } = run(bytes);

  it('floatToHalf agrees with halfToFloat on the test values', () => {
    for (const v of [0, 1, -1.5, 0.125, 2 ** -20, 74.75, 65504]) assert.strictEqual(halfToFloat(floatToHalf(v)), v);
  });

  it('decodes without errors and covers every byte', () => {
    assert.ok(looksLikeMotn(bytes));
    assert.deepStrictEqual(file.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning'), []);
    assert.deepStrictEqual(uncoveredRanges(file.root, bytes.length), []);
    const known = new Set([...MOTN_CODES, ...COMMON_CODES].map((c) => c.code));
    for (const c of codes) assert.ok(known.has(c), c);
  });

  it('one sequence per table index, aliases share data', () => {
    assert.deepStrictEqual(anim.sequences.map((s) => s.name), ['WALK', 'WALK_ALIAS', 'LONG', 'NONSTD', 'FLAGGED']);
    assert.deepStrictEqual(anim.sequences[0].aliases, ['WALK_ALIAS']);
    assert.deepStrictEqual(anim.sequences[1].aliases, ['WALK']);
    assert.strictEqual(anim.sequences[0].offset, layout.sequenceOffsets[0]);
    assert.strictEqual(anim.sequences[1].offset, layout.sequenceOffsets[0]);
    assert.strictEqual(anim.sequences[1].tracks, anim.sequences[0].tracks);
    // One tree node per unique data offset, named after the first table index.
    const seqNodes = resolvePath(file.root, 'sequences', bytes)?.children?.filter((c) => c.name.startsWith('[')) ?? [];
    assert.deepStrictEqual(seqNodes.map((c) => c.name), ['[0]', '[2]', '[3]', '[4]']);
  });

  it('n = 0..3 halves per key, value and offsets', () => {
    const [py, rz, sx] = anim.sequences[0].tracks;
    assert.deepStrictEqual([py.bone, py.channel, py.axis], [0, 'position', 'y']);
    assert.deepStrictEqual([rz.bone, rz.channel, rz.axis], [0, 'rotation', 'z']);
    assert.deepStrictEqual([sx.bone, sx.channel, sx.axis], [3, 'scale', 'x']);
    assert.deepStrictEqual(py.keys.map((k) => k.frame), [0, 10, 20, 30]);
    assert.deepStrictEqual(py.keys.map((k) => k.halves), [[1], [0.5, 2], [0.25, -0.25, 3], []]);
    assert.deepStrictEqual(py.keys.map((k) => k.offset), layout.keyOffsets[0][0]);
    assert.deepStrictEqual(sx.keys.map((k) => k.frame), [0, 5, 5, 30], 'repeated times are legal');
    assert.ok(!codes.includes('MOTN_FRAME_ORDER'));
    const path = `sequences[0]/block5[${(py.keys[2].offset - resolvePath(file.root, 'sequences[0]/block5', bytes)!.offset) / 2 + 2}]`;
    assert.strictEqual(resolvePath(file.root, path, bytes)?.value, 3);
  });

  it('u16 frame lists when frames > 255 (block 3 aligned)', () => {
    const long = anim.sequences[2];
    assert.strictEqual(long.frames, 300);
    assert.deepStrictEqual(long.tracks[0].keys.map((k) => k.frame), [0, 256, 299, 300]);
    assert.deepStrictEqual(long.tracks[0].keys.map((k) => k.halves), [[0], [4], [8, 16], [-2]]);
    assert.strictEqual(resolvePath(file.root, 'sequences[2]/block3', bytes)?.type, 'u16[2]');
  });

  it('frame flag → u16 key counts', () => {
    const flagged = anim.sequences[4];
    assert.strictEqual(flagged.frameFlag, true);
    assert.strictEqual(flagged.frames, 400);
    const keys = flagged.tracks[0].keys;
    assert.strictEqual(keys.length, 302);
    assert.strictEqual(keys[3].frame, 3);
    assert.deepStrictEqual(keys[3].halves, [0.75]);
    assert.deepStrictEqual(keys[4].halves, []);
    assert.deepStrictEqual(keys[301], { frame: 400, halves: [1], offset: layout.keyOffsets[3][0][301] });
    assert.strictEqual(resolvePath(file.root, 'sequences[4]/block2[0]', bytes)?.value, 300);
  });

  it('non-standard sequence kept raw and flagged', () => {
    const ns = anim.sequences[3];
    assert.strictEqual(ns.standard, false);
    assert.strictEqual(ns.unknown, 0x8000);
    assert.deepStrictEqual(ns.tracks, []);
    const d = file.diagnostics.find((x) => x.code === 'MOTN_NON_STANDARD');
    assert.strictEqual(d?.severity, 'info');
    assert.strictEqual(d?.offset, layout.sequenceOffsets[2]);
    assert.strictEqual(resolvePath(file.root, 'sequences[3]/raw', bytes)?.role, 'unknown');
  });

  it('a gap before a sequence is info and an unknown node', () => {
    const gap = file.diagnostics.find((x) => x.code === 'MOTN_SEQUENCE_GAP');
    assert.strictEqual(gap?.severity, 'info');
    assert.strictEqual((gap?.offset ?? 0) + (gap?.length ?? 0), layout.sequenceOffsets[1]);
    const seqs = resolvePath(file.root, 'sequences', bytes);
    assert.ok(seqs?.children?.some((c) => c.role === 'unknown' && c.offset === gap?.offset));
  });

  it('reports a wrong file size', () => {
    const big = writeMotn(sampleSequences(), { fileSize: bytes.length + 16 }).bytes;
    const d = run(big).file.diagnostics.find((x) => x.code === 'MOTN_FILE_SIZE');
    assert.strictEqual(d?.severity, 'error');
    assert.ok(/0x/.test(d?.message ?? ''));
    assert.ok(!looksLikeMotn(big));
  });

  it('reports unknown attribute bits and a zero count', () => {
    const bits = writeMotn(sampleSequences(), { attributes: 0x10006 }).bytes;
    assert.ok(run(bits).codes.includes('MOTN_HEADER_BITS'));
    const zero = writeMotn(sampleSequences(), { attributes: 0 }).bytes;
    const r = run(zero);
    assert.ok(r.codes.includes('MOTN_SEQUENCE_COUNT'));
    assert.strictEqual(r.anim.sequences.length, 0);
  });

  it('reports block offsets out of order and counts that overrun', () => {
    const copy = bytes.slice();
    const s = layout.sequenceOffsets[0];
    // block 3 offset before block 2
    copy[s + 6] = 0x0c; copy[s + 7] = 0;
    assert.ok(run(copy).codes.includes('MOTN_BLOCK_OFFSET'));
    const copy2 = bytes.slice();
    copy2[s + 10] = 0xff; copy2[s + 11] = 0xff; // block 5 far past the end
    const r2 = run(copy2);
    assert.ok(r2.codes.includes('MOTN_BLOCK_OFFSET'));
    assert.deepStrictEqual(r2.anim.sequences[0].tracks, []);
    // k of the first track raised: its frames overlap the next blocks
    const copy3 = bytes.slice();
    const block2 = s + (copy3[s + 4] | (copy3[s + 5] << 8));
    copy3[block2] = 200;
    const r3 = run(copy3);
    assert.ok(r3.codes.includes('MOTN_BLOCK_OVERLAP') || r3.codes.includes('MOTN_KEY_COUNT'), r3.codes.join());
  });

  it('decodeMotn with its own sink never throws on an empty input', () => {
    const sink = new DiagnosticSink();
    const r = decodeMotn(new Uint8Array(0), sink);
    assert.strictEqual(r.root.size, 0);
    assert.ok(sink.list.some((d) => d.code === 'TRUNCATED'));
  });
});
