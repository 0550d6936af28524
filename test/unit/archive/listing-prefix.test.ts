/**
 * `ls` of a compressed archive reads only what the listing needs (issue 26, item 10): a gzip PKS
 * whose directory comes first and whose one entry is huge is decompressed only as far as the
 * directory and the entry's head, counted by `decompressedBytes` (every byte inflateRawTo and
 * decompressYaz0 produce). Real-sized archives are still decompressed whole, as before.
 */
import * as assert from 'assert';
import * as zlib from 'zlib';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { LISTING_ENTRY_HEAD, listArchiveTree, openAnyArchive } from '../../../src/formats/archive/archive';
import { decompressedBytes, inflateBombLimit } from '../../../src/formats/archive/inflate';
import { buildPks } from '../../fixtures/pks-writer';
import { encodeYaz0 } from '../../fixtures/archive-writer';
import { readHostile } from '../hostile/files';

/** Bytes decompressed while `f` runs. */
function counted<T>(f: () => T): { result: T; decompressed: number } {
  const before = decompressedBytes.total;
  const result = f();
  return { result, decompressed: decompressedBytes.total - before };
}

/**
 * FORMATS.md §5, written by hand: PAKS header (0x10), IPAC at 0x10 with its dictionary right
 * after its 0x10-byte header (dictionary offset 0x10 from the IPAC), one 20-byte record
 * `BIG.BIN` whose data starts at IPAC + 0x40 = 0x50 and holds `size` bytes (zeros).
 * The directory ends at 0x10 + 0x10 + 0x14 = 0x34.
 */
function bigEntryPks(size: number): Uint8Array {
  const head = new Uint8Array(0x50);
  const dv = new DataView(head.buffer);
  head.set([0x50, 0x41, 0x4b, 0x53], 0); // PAKS
  dv.setUint32(0x04, 0x10, true); // IPAC offset
  head.set([0x49, 0x50, 0x41, 0x43], 0x10); // IPAC
  dv.setUint32(0x14, 0x10, true); // dictionary offset (from the IPAC)
  dv.setUint32(0x18, 1, true); // file count
  dv.setUint32(0x1c, 0x40 + size, true); // content size
  head.set([0x42, 0x49, 0x47, 0, 0, 0, 0, 0, 0x42, 0x49, 0x4e, 0], 0x20); // BIG / BIN
  dv.setUint32(0x2c, 0x40, true); // offset from the IPAC → 0x50
  dv.setUint32(0x30, size, true);
  const whole = new Uint8Array(0x50 + size);
  whole.set(head);
  return whole;
}

describe('a listing decompresses only the directory and the entries\' heads', () => {
  const SIZE = 20 * 1024 * 1024; // over the 16 MiB past which detection reads a head only
  const gz = new Uint8Array(zlib.gzipSync(bigEntryPks(SIZE)));

  it('ls of a gzip PKS with a 20 MiB entry decompresses at most four heads, not the 20 MiB', () => {
    const { result: tree, decompressed } = counted(() => listArchiveTree(gz, { listing: true }));
    // Passes of 64 KiB, then 128 KiB (0x50 + the 64 KiB head does not fit in 64 KiB): 192 KiB.
    assert.ok(decompressed <= 4 * LISTING_ENTRY_HEAD, `${decompressed} bytes decompressed`);
    const archive = tree.archives[0].archive;
    assert.strictEqual(archive.prefix, true);
    assert.deepStrictEqual(tree.items.map((i) => [i.path, i.entry.size, i.entry.dataOffset, i.entry.format]), [['BIG.BIN', SIZE, 0x50, 'unknown']]);
    const codes = archive.diagnostics.map((d) => d.code);
    assert.deepStrictEqual(codes, ['ARC_LISTING_PREFIX']);
  });

  it('the full open of the same file decompresses up to the bomb limit (the listing is an opt-in)', () => {
    const { result: archive, decompressed } = counted(() => openAnyArchive(gz, new DiagnosticSink()));
    assert.strictEqual(archive.prefix, undefined);
    // 20 MiB of zeros deflate over 1000:1: the open decompresses up to the bomb limit
    // (1 MiB + 128 × the gzip size, inflate.ts) and says so.
    assert.strictEqual(archive.bytes.length, inflateBombLimit(gz.length));
    assert.strictEqual(decompressed, archive.bytes.length);
    assert.ok(archive.diagnostics.some((d) => d.code === 'INFLATE_BOMB'));
  });

  it('a gzip PKS of small entries is listed from all its bytes, as before', () => {
    const plain = buildPks([{ name: 'A.BIN', data: new Uint8Array(100 * 1024).fill(1) }, { name: 'B.BIN', data: new Uint8Array(10) }]).bytes;
    const small = new Uint8Array(zlib.gzipSync(plain));
    const listed = listArchiveTree(small, { listing: true }).archives[0].archive;
    const opened = openAnyArchive(small, new DiagnosticSink());
    assert.strictEqual(listed.prefix, undefined);
    assert.deepStrictEqual(listed.bytes, opened.bytes);
    assert.strictEqual(listed.bytes.length, plain.length);
    assert.deepStrictEqual(listed.diagnostics, opened.diagnostics);
  });

  it('hostile whole-gzip-190MB.pks: ls decompresses at most four 64 KiB heads (was 25.8 MB, stopped by INFLATE_BOMB)', () => {
    const { result: tree, decompressed } = counted(() => listArchiveTree(readHostile('whole-gzip-190MB.pks'), { listing: true }));
    assert.ok(decompressed <= 4 * LISTING_ENTRY_HEAD, `${decompressed} bytes decompressed`);
    // The directory at 0x10..0x34: one entry ZERO.BIN of 0x0BE00000 bytes at IPAC 0x10 + 0x40.
    assert.deepStrictEqual(tree.items.map((i) => [i.path, i.entry.size, i.entry.dataOffset]), [['ZERO.BIN', 0x0be00000, 0x50]]);
  });

  it('a Yaz0 PKS with a 20 MiB entry: the same, the cap of each pass (YAZ0_SIZE) is not reported', () => {
    const yaz0 = encodeYaz0(bigEntryPks(SIZE));
    const { result: tree, decompressed } = counted(() => listArchiveTree(yaz0, { listing: true }));
    assert.ok(decompressed <= 4 * LISTING_ENTRY_HEAD, `${decompressed} bytes decompressed`);
    assert.strictEqual(tree.archives[0].archive.prefix, true);
    assert.deepStrictEqual(tree.items.map((i) => [i.path, i.entry.size, i.entry.dataOffset]), [['BIG.BIN', SIZE, 0x50]]);
    assert.deepStrictEqual(tree.archives[0].diagnostics.map((d) => d.code), ['ARC_LISTING_PREFIX']);
  });

  it('a nested archive over 16 MiB, which the prefix would cut, is listed from the full open', () => {
    // BIG.BIN is itself a PKS (its first bytes are a PAKS header), 20 MiB with its zeros.
    const outer = bigEntryPks(SIZE);
    outer.set(bigEntryPks(0x40), 0x50);
    const gzOuter = new Uint8Array(zlib.gzipSync(outer));
    const listed = listArchiveTree(gzOuter, { listing: true });
    const full = listArchiveTree(gzOuter);
    assert.strictEqual(listed.archives[0].archive.prefix, undefined);
    assert.deepStrictEqual(listed.items.map((i) => [i.path, i.entry.format]), full.items.map((i) => [i.path, i.entry.format]));
    assert.deepStrictEqual(listed.items.map((i) => i.path), ['BIG.BIN', 'BIG.BIN/BIG.BIN']);
  });
});
