/**
 * PKS support is tested on synthetic archives only (no real PKS sample exists): the writer in
 * test/fixtures/pks-writer.ts is written from FORMATS.md §5, not from the decoder.
 */
import * as assert from 'assert';
import * as zlib from 'zlib';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { uncoveredRanges, resolvePath } from '../../../src/formats/binary/fields';
import { ALL_CODES } from '../../../src/kinds/codes';
import { decode } from '../../../src/formats/index';
import { extractPksEntry, isPks, openPks, parsePks } from '../../../src/formats/archive/pks';
import {
  archiveKindOf, detectEntry, extractAny, isAnyArchive, listArchiveTree, openAnyArchive,
} from '../../../src/formats/archive/archive';
import { findEntry, locateInArchive, resolveInArchive, safeExtractPath } from '../../../src/formats/archive/archive-path';
import { buildPks, PksWriterFile } from '../../fixtures/pks-writer';
import { buildRarc, encodeYaz0 } from '../../fixtures/archive-writer';
import { readSample } from '../helpers';

const gzip = (b: Uint8Array): Uint8Array => new Uint8Array(zlib.gzipSync(b));
const codes = (sink: DiagnosticSink): string[] => sink.list.map((d) => d.code);
const KNOWN = new Set(ALL_CODES.map((c) => c.code));
function allKnown(sink: DiagnosticSink): void {
  for (const d of sink.list) assert.ok(KNOWN.has(d.code), `unregistered code ${d.code}`);
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const motion = readSample('motn/motion.bin');
const bck = readSample('j3d/smg/TripodBoss/EndDemo.bck');
const blob = new Uint8Array(333).map((_, i) => (i * 13) & 0xff);

function files(): PksWriterFile[] {
  return [
    { name: 'MOTION.BIN', data: motion },
    { name: 'ENDDEMO.BCK', data: bck },
    { name: 'TEXTURE.PVR', data: blob },
    { name: 'NOEXT', data: new Uint8Array([1, 2, 3]) },
  ];
}

describe('PKS: synthetic archives', () => {
  for (const variant of [{}, { dictionaryFirst: true }, { bareIpac: true }, { ipacOffset: 0x40, align: 4 }] as const) {
    it(`lists and extracts ${JSON.stringify(variant)}`, () => {
      const { bytes, layout } = buildPks(files(), variant);
      assert.ok(isPks(bytes));
      const sink = new DiagnosticSink();
      const pks = parsePks(bytes, sink);
      assert.deepStrictEqual(sink.list, []);
      assert.strictEqual(pks.ipacOffset, layout.ipac);
      assert.deepStrictEqual(pks.entries.map((e) => [e.path, e.size, e.dataOffset, e.recordOffset]),
        layout.entries.map((e) => [e.name, e.size, e.dataOffset, e.record]));
      assert.deepStrictEqual(pks.entries.map((e) => e.name), ['MOTION.BIN', 'ENDDEMO.BCK', 'TEXTURE.PVR', 'NOEXT']);
      files().forEach((f, i) => assert.deepStrictEqual(extractPksEntry(bytes, pks.entries[i]), f.data));
      assert.deepStrictEqual(uncoveredRanges(pks.root, bytes.length), []);
      assert.strictEqual(resolvePath(pks.root, 'ipac/fileCount', bytes)?.value, 4);
      assert.strictEqual(resolvePath(pks.root, 'dictionary[1]/size', bytes)?.value, bck.length);
      assert.strictEqual(resolvePath(pks.root, 'dictionary[1]/offset', bytes)?.value, layout.entries[1].dataOffset - layout.ipac);
      if (!variant.dictionaryFirst && !('bareIpac' in variant)) {
        assert.strictEqual(resolvePath(pks.root, 'data/MOTION.BIN', bytes)?.offset, layout.entries[0].dataOffset);
      }
    });
  }

  it('the unified API lists PKS entries with compression and format, and MOTN decodes the same', () => {
    const { bytes, layout } = buildPks(files());
    const sink = new DiagnosticSink();
    const a = openAnyArchive(bytes, sink);
    assert.deepStrictEqual(sink.list, []);
    assert.strictEqual(a.kind, 'pks');
    assert.strictEqual(a.container, 'none');
    assert.deepStrictEqual(a.entries.map((e) => [e.path, e.kind, e.size, e.dataOffset, e.compression, e.format, e.parent]), [
      ['MOTION.BIN', 'file', motion.length, layout.entries[0].dataOffset, 'none', 'motn', -1],
      ['ENDDEMO.BCK', 'file', bck.length, layout.entries[1].dataOffset, 'none', 'bck', -1],
      ['TEXTURE.PVR', 'file', blob.length, layout.entries[2].dataOffset, 'none', 'unknown', -1],
      ['NOEXT', 'file', 3, layout.entries[3].dataOffset, 'none', 'unknown', -1],
    ]);
    const extracted = extractAny(a, a.entries[0]);
    const viaPks = decode(extracted, 'MOTION.BIN');
    const loose = decode(motion, 'MOTION.BIN');
    assert.strictEqual(viaPks.format, 'motn');
    assert.deepStrictEqual(viaPks.diagnostics, loose.diagnostics);
    assert.deepStrictEqual(JSON.stringify(viaPks.anim), JSON.stringify(loose.anim));
    assert.deepStrictEqual(viaPks.root, loose.root);
  });

  it('opens a whole-file gzip PKS (and a Yaz0 one)', () => {
    const { bytes } = buildPks(files());
    for (const [wrap, name] of [[gzip, 'gzip'], [(b: Uint8Array) => encodeYaz0(b), 'yaz0']] as const) {
      const packed = wrap(bytes);
      assert.strictEqual(archiveKindOf(packed), 'pks');
      const sink = new DiagnosticSink();
      const a = openAnyArchive(packed, sink);
      assert.deepStrictEqual(sink.list, [], name);
      assert.strictEqual(a.container, name);
      assert.strictEqual(a.compressedSize, packed.length);
      assert.deepStrictEqual(a.bytes, bytes);
      assert.deepStrictEqual(a.entries.map((e) => e.format), ['motn', 'bck', 'unknown', 'unknown']);
    }
    const s2 = new DiagnosticSink();
    const viaOpenPks = openPks(gzip(bytes), s2);
    assert.deepStrictEqual(viaOpenPks.bytes, bytes);
    assert.strictEqual(viaOpenPks.entries.length, 4);
  });

  it('detects gzip- and Yaz0-compressed entries and their formats (MOTN by content too)', () => {
    const { bytes } = buildPks([
      { name: 'MOTION.GZ', data: gzip(motion) },
      { name: 'A.BCK', data: encodeYaz0(bck) },
      { name: 'ANIM.DAT', data: gzip(motion) },
      { name: 'JUNK.GZ', data: gzip(blob) },
    ]);
    const a = openAnyArchive(bytes, new DiagnosticSink());
    assert.deepStrictEqual(a.entries.map((e) => [e.compression, e.format]), [['gzip', 'motn'], ['yaz0', 'bck'], ['gzip', 'motn'], ['gzip', 'unknown']]);
    assert.deepStrictEqual(detectEntry(gzip(bck), 'x'), { compression: 'gzip', format: 'bck' });
  });

  it('resolves PKS paths (case-insensitive), including nested archives both ways', () => {
    const { bytes } = buildPks(files());
    assert.deepStrictEqual(resolveInArchive(bytes, 'MOTION.BIN', new DiagnosticSink()), motion);
    assert.deepStrictEqual(resolveInArchive(gzip(bytes), 'motion.bin', new DiagnosticSink()), motion);
    const missing = new DiagnosticSink();
    assert.strictEqual(resolveInArchive(bytes, 'NOPE.BIN', missing), undefined);
    assert.deepStrictEqual(codes(missing), ['ARC_PATH_NOT_FOUND']);

    // PKS (gzip) inside a RARC inside a PKS.
    const rarc = buildRarc({ name: 'Root', children: [{ name: 'Sub', children: [{ name: 'stage.pks', data: gzip(bytes) }] }] }).bytes;
    const outer = buildPks([{ name: 'DATA.ARC', data: encodeYaz0(rarc) }, { name: 'X.BIN', data: blob }]).bytes;
    const sink = new DiagnosticSink();
    const hit = locateInArchive(outer, 'DATA.ARC/Root/Sub/stage.pks/ENDDEMO.BCK', sink);
    assert.deepStrictEqual(sink.list, []);
    assert.ok(hit);
    assert.deepStrictEqual(hit.bytes, bck);
    assert.strictEqual(hit.fullPath, 'DATA.ARC/Root/Sub/stage.pks/ENDDEMO.BCK');
    assert.deepStrictEqual(hit.via.map((v) => v.path), ['DATA.ARC', 'Root/Sub/stage.pks']);
    assert.strictEqual(hit.archive.kind, 'pks');
    assert.strictEqual(findEntry(hit.archive.entries, 'enddemo.bck')?.name, 'ENDDEMO.BCK');

    const tree = listArchiveTree(outer);
    assert.deepStrictEqual(tree.archives.map((x) => [x.path, x.archive.kind, x.archive.container, x.depth]), [
      ['', 'pks', 'none', 0], ['DATA.ARC', 'rarc', 'yaz0', 1], ['DATA.ARC/Root/Sub/stage.pks', 'pks', 'gzip', 2],
    ]);
    assert.deepStrictEqual(tree.items.map((i) => `${i.depth} ${i.path}${i.entry.kind === 'folder' ? '/' : ''} ${i.entry.format}`), [
      '0 DATA.ARC archive',
      '1 DATA.ARC/Root/ folder',
      '1 DATA.ARC/Root/Sub/ folder',
      '1 DATA.ARC/Root/Sub/stage.pks archive',
      '2 DATA.ARC/Root/Sub/stage.pks/MOTION.BIN motn',
      '2 DATA.ARC/Root/Sub/stage.pks/ENDDEMO.BCK bck',
      '2 DATA.ARC/Root/Sub/stage.pks/TEXTURE.PVR unknown',
      '2 DATA.ARC/Root/Sub/stage.pks/NOEXT unknown',
      '0 X.BIN unknown',
    ]);
    assert.ok(tree.archives.every((x) => x.diagnostics.length === 0));
  });

  it('limits nesting in the tree listing', () => {
    let bytes = buildPks([{ name: 'F.BIN', data: blob }]).bytes;
    for (let i = 0; i < 12; i++) bytes = buildPks([{ name: 'N.PKS', data: bytes }]).bytes;
    const tree = listArchiveTree(bytes, { maxDepth: 5 });
    assert.strictEqual(tree.archives.length, 5);
    assert.deepStrictEqual(tree.archives[4].diagnostics.map((d) => d.code), ['ARC_NESTING']);
    const budget = listArchiveTree(gzip(buildPks([{ name: 'N.PKS', data: gzip(buildPks([{ name: 'F', data: new Uint8Array(5000) }]).bytes) }]).bytes), { maxTotalBytes: 100 });
    assert.ok(budget.archives.flatMap((x) => x.diagnostics.map((d) => d.code)).some((c) => c === 'ARC_BUDGET' || c === 'INFLATE_LIMIT'));
  });

  it('flags hostile and duplicate names; safeExtractPath rejects them', () => {
    const { bytes } = buildPks([
      { name: '../evil.bck', data: blob }, { name: '/abs.bck', data: blob }, { name: 'a\\b.bck', data: blob },
      { name: 'OK.BCK', data: blob }, { name: 'ok.bck', data: blob }, { name: 'C\u0001.BIN', data: blob },
    ]);
    const sink = new DiagnosticSink();
    const a = openAnyArchive(bytes, sink);
    assert.deepStrictEqual(codes(sink).sort(), ['PKS_DUPLICATE_NAME', 'PKS_SUSPICIOUS_NAME', 'PKS_SUSPICIOUS_NAME', 'PKS_SUSPICIOUS_NAME', 'PKS_SUSPICIOUS_NAME']);
    assert.deepStrictEqual(a.entries.map((e) => e.name), ['../evil.bck', '/abs.bck', 'a\\b.bck', 'OK.BCK', 'ok.bck', 'C\u0001.BIN']);
    assert.deepStrictEqual(a.entries.map((e) => !!e.suspicious), [true, true, true, false, false, true]);
    assert.deepStrictEqual(a.entries.map((e) => safeExtractPath(e.path)), [undefined, undefined, undefined, 'OK.BCK', 'ok.bck', undefined]);
  });
});

describe('PKS: corrupt archives', () => {
  const { bytes, layout } = buildPks(files().map((f) => ({ ...f, data: f.data.subarray(0, 600) })));

  it('reports a missing magic and a missing IPAC', () => {
    const s1 = new DiagnosticSink();
    assert.strictEqual(parsePks(new Uint8Array([1, 2, 3, 4, 5]), s1).entries.length, 0);
    assert.deepStrictEqual(codes(s1), ['PKS_MAGIC']);
    const bad = bytes.slice();
    new DataView(bad.buffer).setUint32(4, 0x7fffffff, true);
    const s2 = new DiagnosticSink();
    assert.strictEqual(parsePks(bad, s2).entries.length, 0);
    assert.deepStrictEqual(codes(s2), ['PKS_IPAC_MISSING']);
    const moved = bytes.slice();
    new DataView(moved.buffer).setUint32(4, 0x10, true);
    const s3 = new DiagnosticSink();
    parsePks(moved, s3);
    assert.deepStrictEqual(codes(s3), ['PKS_IPAC_MISSING']);
  });

  it('cuts a huge file count and reports offsets past the end', () => {
    const huge = bytes.slice();
    new DataView(huge.buffer).setUint32(layout.ipac + 8, 0xffffffff, true);
    const s1 = new DiagnosticSink();
    const a = parsePks(huge, s1);
    assert.ok(codes(s1).includes('PKS_HUGE_COUNT'));
    assert.ok(codes(s1).includes('PKS_COUNT_MISMATCH'));
    assert.ok(a.entries.length <= huge.length / 20);

    const dict = bytes.slice();
    new DataView(dict.buffer).setUint32(layout.ipac + 4, 0xfffffff0, true);
    const s2 = new DiagnosticSink();
    assert.strictEqual(parsePks(dict, s2).entries.length, 0);
    assert.ok(codes(s2).includes('PKS_BAD_OFFSET'));

    const past = bytes.slice();
    const view = new DataView(past.buffer);
    view.setUint32(layout.entries[1].record + 12, 0xfffffff0, true);
    view.setUint32(layout.entries[2].record + 16, 0xffffffff, true);
    view.setUint32(layout.ipac + 12, 0xffffff, true);
    const s3 = new DiagnosticSink();
    const a3 = openAnyArchive(past, s3);
    assert.deepStrictEqual(codes(s3), ['PKS_CONTENT_SIZE', 'PKS_ENTRY_PAST_END', 'PKS_ENTRY_PAST_END']);
    assert.strictEqual(extractAny(a3, a3.entries[1]).length, 0);
    assert.strictEqual(extractAny(a3, a3.entries[2]).length, past.length - layout.entries[2].dataOffset);

    const inHeader = bytes.slice();
    new DataView(inHeader.buffer).setUint32(layout.entries[0].record + 12, 0, true);
    const s4 = new DiagnosticSink();
    const a4 = parsePks(inHeader, s4);
    assert.deepStrictEqual(codes(s4), ['PKS_ENTRY_IN_HEADER']);
    assert.deepStrictEqual(uncoveredRanges(a4.root, inHeader.length), []);
  });

  it('never throws and stays bounded when cut at every offset (plain and gzip)', function () {
    for (let cut = 0; cut <= bytes.length; cut++) {
      const sink = new DiagnosticSink();
      const a = openAnyArchive(bytes.subarray(0, cut), sink);
      if (cut < bytes.length) assert.ok(sink.list.some((d) => d.severity === 'error'), `cut ${cut}: ${codes(sink)}`);
      assert.ok(a.entries.length <= 4);
      for (const e of a.entries) assert.ok(extractAny(a, e).length <= cut);
      allKnown(sink);
    }
    const gz = gzip(bytes);
    for (let cut = 0; cut < gz.length; cut++) {
      const sink = new DiagnosticSink();
      const a = openAnyArchive(gz.subarray(0, cut), sink);
      assert.ok(a.bytes.length <= bytes.length);
      assert.ok(sink.list.some((d) => d.severity === 'error'), `gzip cut ${cut}`);
      allKnown(sink);
    }
  });

  it('reports corrupt, overrunning and huge-ISIZE gzip archives', () => {
    const gz = gzip(bytes);
    const flipped = gz.slice();
    flipped[gz.length >> 1] ^= 0xff;
    const s1 = new DiagnosticSink();
    openAnyArchive(flipped, s1);
    assert.ok(s1.list.some((d) => d.severity === 'error' && /^(INFLATE|GZIP)_/.test(d.code)), codes(s1).join());
    allKnown(s1);

    const isize = gz.slice();
    new DataView(isize.buffer).setUint32(isize.length - 4, 0xfffffff0, true);
    const s2 = new DiagnosticSink();
    const a2 = openAnyArchive(isize, s2);
    assert.deepStrictEqual(codes(s2), ['GZIP_SIZE']);
    assert.strictEqual(a2.entries.length, 4);
    assert.ok(a2.bytes.buffer.byteLength < 0x10000 + isize.length * 16);

    // A bomb: a PKS followed by 64 MiB of zeros, gzip'd (~64 KB), opened with a 1 MiB cap.
    const big = new Uint8Array(bytes.length + 64 * 1024 * 1024);
    big.set(bytes);
    const bomb = gzip(big);
    const s3 = new DiagnosticSink();
    const a3 = openAnyArchive(bomb, s3, { maxSize: 1 << 20 });
    assert.strictEqual(a3.bytes.length, 1 << 20);
    assert.ok(codes(s3).includes('INFLATE_LIMIT'));
    assert.strictEqual(a3.entries.length, 4);
  });

  it('survives random corruption of headers and dictionary', () => {
    const r = rng(11);
    for (let k = 0; k < 3000; k++) {
      const bad = bytes.slice();
      const end = layout.dictionary + 4 * 20;
      for (let i = 0; i < 3; i++) {
        const at = r() < 0.5 ? (r() * 0x30) | 0 : layout.dictionary + ((r() * (end - layout.dictionary)) | 0);
        bad[at] = (r() * 256) | 0;
      }
      const sink = new DiagnosticSink();
      const a = openAnyArchive(bad, sink);
      assert.ok(a.entries.length <= bad.length / 20);
      for (const e of a.entries) extractAny(a, e);
      allKnown(sink);
    }
  });

  it('isAnyArchive: RARC / PKS, plain or compressed; not animations', () => {
    assert.ok(isAnyArchive(bytes));
    assert.ok(isAnyArchive(gzip(bytes)));
    assert.ok(isAnyArchive(encodeYaz0(bytes)));
    assert.ok(isAnyArchive(readSample('archives/TripodBoss.arc')));
    assert.ok(!isAnyArchive(bck));
    assert.ok(!isAnyArchive(encodeYaz0(bck)));
    assert.ok(!isAnyArchive(gzip(motion)));
    assert.ok(!isAnyArchive(new Uint8Array(0)));
  });
});
