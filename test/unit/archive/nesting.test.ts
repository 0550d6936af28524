/**
 * Nested archives are bounded the same way for every caller (listArchiveTree, locateInArchive, the
 * CLI's validate expansion, the archive file system): an entry holding the bytes of an archive
 * that contains it is listed once and not opened again (ARC_NESTED_SELF), an archive already
 * listed is not listed twice (ARC_NESTED_REPEAT), plain nested archives count against the size
 * budget (ARC_BUDGET), and a listing stops at a total entry count (ARC_LIST_LIMIT).
 */
import * as assert from 'assert';
import * as zlib from 'zlib';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { ALL_CODES } from '../../../src/kinds/codes';
import { bytesIdentity, listArchiveTree, openAnyArchive } from '../../../src/formats/archive/archive';
import { locateInArchive } from '../../../src/formats/archive/archive-path';
import { buildPks } from '../../fixtures/pks-writer';
import { buildRarc } from '../../fixtures/archive-writer';
import { readHostile } from '../hostile/files';
import { readSample } from '../helpers';

/** A bare IPAC block (FORMATS.md §5): header, then `entries` dictionary records of 20 bytes right after it. */
function bareIpac(entries: { name: string; ext: string; offset: number; size: number }[], extra = 0): Uint8Array {
  const length = 0x10 + entries.length * 20 + extra;
  const b = new Uint8Array(length);
  const v = new DataView(b.buffer);
  b.set([0x49, 0x50, 0x41, 0x43]);
  v.setUint32(4, 0x10, true);
  v.setUint32(8, entries.length, true);
  v.setUint32(12, length, true);
  entries.forEach((e, i) => {
    const at = 0x10 + i * 20;
    for (let k = 0; k < e.name.length && k < 8; k++) b[at + k] = e.name.charCodeAt(k);
    for (let k = 0; k < e.ext.length && k < 4; k++) b[at + 8 + k] = e.ext.charCodeAt(k);
    v.setUint32(at + 12, e.offset, true);
    v.setUint32(at + 16, e.size, true);
  });
  return b;
}

/** The nesting codes of a listing (PKS_ENTRY_IN_HEADER and friends are the archives' own problems). */
function codesOf(tree: ReturnType<typeof listArchiveTree>): string[] {
  return tree.archives.flatMap((a) => a.diagnostics.map((d) => d.code)).filter((c) => c.startsWith('ARC_'));
}

describe('nested archive bounds', () => {
  it('the new codes are registered', () => {
    for (const code of ['ARC_NESTED_SELF', 'ARC_NESTED_REPEAT', 'ARC_LIST_LIMIT', 'ARC_BUDGET']) {
      assert.ok(ALL_CODES.some((c) => c.code === code), code);
    }
  });

  // xxd selfnest-kN.pks: a bare IPAC whose N dictionary records (at 0x10 + 0x40…) all say
  // offset 0, size = the file length (0x78 for k2, 0xE0 for k4, 0x1B0 for k8): each entry is the file itself.
  for (const [name, k, length] of [['selfnest-k2.pks', 2, 0x78], ['selfnest-k4.pks', 4, 0xe0], ['selfnest-k8.pks', 8, 0x1b0]] as const) {
    it(`${name}: ${k} entries, each its own archive again, listed once (was ${k}^8 levels of itself)`, () => {
      const bytes = readHostile(name);
      assert.strictEqual(bytes.length, length);
      const tree = listArchiveTree(bytes);
      assert.strictEqual(tree.archives.length, 1);
      assert.deepStrictEqual(tree.items.map((i) => i.path), Array.from({ length: k }, (_, i) => `SELF${i}.PKS`));
      assert.ok(tree.items.every((i) => i.entry.format === 'archive' && i.entry.dataOffset === 0 && i.entry.size === length));
      assert.deepStrictEqual(codesOf(tree), Array(k).fill('ARC_NESTED_SELF'));
      assert.deepStrictEqual(tree.archives[0].diagnostics.filter((d) => d.code === 'ARC_NESTED_SELF').map((d) => d.offset), Array(k).fill(0));
    });
  }

  it('selfnest-k4-in-rarc.arc: the RARC opens stage.pks once, whose 4 entries are stage.pks again', () => {
    // xxd: RARC root "root" with entries ".", "..", "stage.pks" (data 0x00 + 0xE0 data section start… 0xE0 bytes),
    // the data section holding the 0xE0-byte selfnest-k4 IPAC.
    const tree = listArchiveTree(readHostile('selfnest-k4-in-rarc.arc'));
    assert.deepStrictEqual(tree.archives.map((a) => [a.path, a.archive.kind]), [['', 'rarc'], ['root/stage.pks', 'pks']]);
    assert.deepStrictEqual(tree.items.map((i) => i.path), ['root', 'root/stage.pks', ...[0, 1, 2, 3].map((i) => `root/stage.pks/SELF${i}.PKS`)]);
    assert.deepStrictEqual(codesOf(tree), Array(4).fill('ARC_NESTED_SELF'));
  });

  it('pks-167.bin (fuzzed): every archive of the listing is opened once, and the listing is small', () => {
    const tree = listArchiveTree(readHostile('pks-167.bin'));
    const ids = tree.archives.map((a) => `${a.archive.bytes.byteOffset}:${a.archive.bytes.length}`);
    assert.strictEqual(new Set(ids).size, ids.length, 'no archive is opened twice');
    assert.ok(tree.archives.length <= 16, `${tree.archives.length} archives`);
    assert.strictEqual(tree.items.length, tree.archives.reduce((n, a) => n + a.archive.entries.length, 0));
    assert.ok(codesOf(tree).some((c) => c === 'ARC_NESTED_SELF' || c === 'ARC_NESTED_REPEAT'));
  });

  it('shrinking windows of one file (k entries at offset 0, sizes L−1…L−k) open at most k + 1 archives', () => {
    const k = 12;
    const entries = Array.from({ length: k }, (_, i) => ({ name: `W${i}`, ext: 'PKS', offset: 0, size: 0 }));
    const bytes = bareIpac(entries, 64);
    const v = new DataView(bytes.buffer);
    entries.forEach((_, i) => v.setUint32(0x10 + i * 20 + 16, bytes.length - 1 - i, true));
    const tree = listArchiveTree(bytes);
    // Without the visited set: k branches per level, 8 levels.
    assert.ok(tree.archives.length <= k + 1, `${tree.archives.length} archives`);
    assert.ok(tree.items.length <= (k + 1) * k, `${tree.items.length} items`);
  });

  it('an archive listed twice (two entries sharing its data) is opened once: ARC_NESTED_REPEAT', () => {
    const inner = buildRarc({ name: 'In', children: [{ name: 'a.bin', data: new Uint8Array(8).fill(1) }] }).bytes;
    const outer = buildRarc({ name: 'Out', children: [{ name: 'x.arc', data: inner }, { name: 'y.arc', data: inner }] }, { shareIdentical: true }).bytes;
    const tree = listArchiveTree(outer);
    assert.deepStrictEqual(tree.archives.map((a) => a.path), ['', 'Out/x.arc']);
    assert.deepStrictEqual(codesOf(tree).filter((c) => c.startsWith('ARC_NESTED')), ['ARC_NESTED_REPEAT']);
    assert.deepStrictEqual(tree.items.map((i) => i.path), ['Out', 'Out/x.arc', 'Out/x.arc/In', 'Out/x.arc/In/a.bin', 'Out/y.arc']);
  });

  it('plain nested archives count against the size budget', () => {
    const inner = (fill: number): Uint8Array => buildPks([{ name: 'F.BIN', data: new Uint8Array(1000).fill(fill) }]).bytes;
    const outer = buildPks([{ name: 'A.PKS', data: inner(1) }, { name: 'B.PKS', data: inner(2) }, { name: 'C.PKS', data: inner(3) }]).bytes;
    const all = listArchiveTree(outer);
    assert.strictEqual(all.archives.length, 4);
    // The outer archive and two inner ones fit; the third does not.
    const budget = outer.length + 2 * inner(1).length + 10;
    const tree = listArchiveTree(outer, { maxTotalBytes: budget });
    assert.strictEqual(tree.archives.length, 3);
    assert.deepStrictEqual(codesOf(tree), ['ARC_BUDGET']);
  });

  it('stops at the entry limit with one ARC_LIST_LIMIT', () => {
    const bytes = bareIpac(Array.from({ length: 5000 }, (_, i) => ({ name: `E${i}`, ext: 'BIN', offset: 0, size: 0 })));
    const tree = listArchiveTree(bytes, { maxEntries: 1000 });
    assert.strictEqual(tree.items.length, 1000);
    assert.deepStrictEqual(codesOf(tree).filter((c) => c === 'ARC_LIST_LIMIT'), ['ARC_LIST_LIMIT']);
    assert.strictEqual(listArchiveTree(bytes).items.length, 5000);
  });

  it('a path through an entry that is its own archive stops with ARC_NESTED_SELF', () => {
    const bytes = readHostile('selfnest-k4.pks');
    const sink = new DiagnosticSink();
    assert.strictEqual(locateInArchive(bytes, 'SELF0.PKS/SELF1.PKS/SELF2.PKS', sink), undefined);
    assert.deepStrictEqual(sink.list.map((d) => d.code).filter((c) => c.startsWith('ARC_')), ['ARC_NESTED_SELF']);
    // The entry itself is still reachable (its bytes are the whole file).
    const hit = locateInArchive(bytes, 'SELF3.PKS', new DiagnosticSink());
    assert.strictEqual(hit?.bytes.length, bytes.length);
  });

  it('identities: the same range of one buffer is the same archive; a copy is not', () => {
    const b = new Uint8Array(32);
    assert.strictEqual(bytesIdentity(b.subarray(4, 20)), bytesIdentity(b.subarray(4, 20)));
    assert.notStrictEqual(bytesIdentity(b.subarray(4, 20)), bytesIdentity(b.subarray(4, 21)));
    assert.notStrictEqual(bytesIdentity(b), bytesIdentity(b.slice()));
  });

  it('format detection shares one decompression budget per archive', () => {
    // A gzip MOTN under a name that says nothing: only the whole decompressed file tells (its size field at 0x10).
    const gz = new Uint8Array(zlib.gzipSync(readSample('motn/motion.bin')));
    const pks = buildPks([{ name: 'A.DAT', data: gz }, { name: 'B.DAT', data: gz }]).bytes;
    const formats = (budget?: number): string[] =>
      openAnyArchive(pks, new DiagnosticSink(), budget === undefined ? {} : { detectBudget: budget }).entries.map((e) => `${e.compression} ${e.format}`);
    assert.deepStrictEqual(formats(), ['gzip motn', 'gzip motn']);
    assert.deepStrictEqual(formats(0), ['gzip unknown', 'gzip unknown']);
  });
});
