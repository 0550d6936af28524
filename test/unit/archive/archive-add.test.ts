/**
 * Adding a file to a RARC (src/write/archive/rarcAdd.ts through addArchiveEntry): into the root
 * folder and into a subfolder of every shared Galaxy archive (read from the samples folder, never
 * copied), into a folder without files, through Yaz0 and through archives inside archives, and
 * the refusals. The old entries are compared with the original archive's bytes as the reader
 * gives them; the header fields of one case are checked against values worked out by hand.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { decompressEntry, extractAny, openAnyArchive } from '../../../src/formats/archive/archive';
import type { AnyArchive } from '../../../src/formats/archive/archive';
import { parseRarc } from '../../../src/formats/archive/rarc';
import { decompressYaz0, isYaz0 } from '../../../src/formats/archive/yaz0';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { rarcEntryName } from '../../../src/write/archive/rarcAdd';
import { addArchiveEntry, ArchiveWriteError, replaceArchiveEntry } from '../../../src/write/archive/replaceEntry';
import { buildRarc } from '../../fixtures/archive-writer';
import { buildPks } from '../../fixtures/pks-writer';
import { SAMPLES_DIR } from '../helpers';

const ARCHIVES = fs.readdirSync(path.join(SAMPLES_DIR, 'archives')).filter((n) => n.endsWith('.arc')).sort();
const readArchive = (name: string): Uint8Array => new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, 'archives', name)));

interface Opened { archive: AnyArchive; codes: string[] }
function open(bytes: Uint8Array): Opened {
  const sink = new DiagnosticSink();
  const archive = openAnyArchive(bytes, sink, { detectEntries: false });
  return { archive, codes: sink.list.map((d) => d.code) };
}

/** path → decompressed bytes (folders: null), in the reader's order. */
function contents(bytes: Uint8Array): [string, Buffer | null][] {
  const { archive } = open(bytes);
  return archive.entries.map((e) => [e.path, e.kind === 'file' ? Buffer.from(decompressEntry(extractAny(archive, e), new DiagnosticSink())) : null]);
}

/** The RARC level (Yaz0 removed). */
function rarcOf(bytes: Uint8Array): Uint8Array {
  return isYaz0(bytes) ? decompressYaz0(bytes, new DiagnosticSink()) : bytes;
}

/** The rule a RARC's file ids follow: 'index' (id = entry index), 'ordinal' (id = n-th file), 'other'. */
function idRule(rarc: Uint8Array): string {
  const files = parseRarc(rarc, new DiagnosticSink()).entries.filter((e) => e.kind === 'file').sort((a, b) => a.entryIndex - b.entryIndex);
  if (files.every((e) => e.fileId === e.entryIndex)) return 'index';
  if (files.every((e, i) => e.fileId === i)) return 'ordinal';
  return 'other';
}

/**
 * Read directly from the tables (the reader skips `.`/`..` wherever they are): every node's range
 * ends with its `.` (pointing at the node) and `..`, and the ranges cover every entry once.
 */
function checkNodeRanges(rarc: Uint8Array): void {
  const v = new DataView(rarc.buffer, rarc.byteOffset, rarc.byteLength);
  const nodes = v.getUint32(0x20), nodeTable = v.getUint32(0x24) + 0x20;
  const entries = v.getUint32(0x28), entryTable = v.getUint32(0x2c) + 0x20, strings = v.getUint32(0x34) + 0x20;
  const nameAt = (i: number): string => {
    let s = '';
    for (let at = strings + v.getUint16(entryTable + i * 20 + 6); rarc[at] !== 0; at++) s += String.fromCharCode(rarc[at]);
    return s;
  };
  const seen = new Uint8Array(entries);
  for (let n = 0; n < nodes; n++) {
    const count = v.getUint16(nodeTable + n * 16 + 10), first = v.getUint32(nodeTable + n * 16 + 12);
    assert.ok(count >= 2 && first + count <= entries, `node ${n} range inside the table`);
    assert.equal(nameAt(first + count - 2), '.', `node ${n}: \`.\` second to last`);
    assert.equal(v.getUint32(entryTable + (first + count - 2) * 20 + 8), n, `node ${n}: \`.\` points at the node`);
    assert.equal(nameAt(first + count - 1), '..', `node ${n}: \`..\` last`);
    for (let i = first; i < first + count; i++) { assert.equal(seen[i], 0, `entry ${i} listed once`); seen[i] = 1; }
  }
  assert.ok(seen.every((x) => x === 1), 'every entry belongs to a node');
}

/** Deterministic bytes of `n` (no byte pattern shared with the archives). */
function payload(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

/** Adds `name` with `data` into `folder` of `original` and checks everything the test promises. */
function addAndCheck(original: Uint8Array, folder: string, name: string, data: Uint8Array): Uint8Array {
  const before = contents(original);
  const beforeCodes = open(original).codes;
  const beforeArchive = open(original).archive;
  const folderIndex = beforeArchive.entries.findIndex((e) => e.path === folder);
  assert.ok(folderIndex >= 0, `${folder} exists`);
  // the new file comes right after the folder's last file in the listing (before its `.`/`..`, or its subfolders when they follow)
  let lastFile = -1;
  beforeArchive.entries.forEach((e, i) => { if (e.parent === folderIndex && e.kind === 'file') lastFile = i; });
  const expectedAt = lastFile >= 0 ? lastFile + 1 : folderIndex + 1;

  const out = addArchiveEntry(original, `${folder}/${name}`, data);
  assert.equal(isYaz0(out), isYaz0(original), 'Yaz0 kept (or not added)');
  const after = contents(out);
  const newPath = `${folder}/${name}`;
  const expected = [...before.map(([p]) => p)];
  expected.splice(expectedAt, 0, newPath);
  assert.deepEqual(after.map(([p]) => p), expected, 'the old entries in their order, the new one after the folder\'s last file');
  for (const [p, bytes] of after) {
    if (p === newPath) { assert.ok(bytes!.equals(Buffer.from(data)), 'the new bytes exactly'); continue; }
    const old = before.find(([q]) => q === p)![1];
    assert.ok(old === null ? bytes === null : bytes!.equals(old), `${p} byte-identical`);
  }
  assert.deepEqual(open(out).codes, beforeCodes, 'the same diagnostics as the original (none, or the packer\'s shared-data notes)');

  const rarc = rarcOf(out);
  const oldRarc = rarcOf(original);
  const v = new DataView(rarc.buffer, rarc.byteOffset, rarc.byteLength);
  const o = new DataView(oldRarc.buffer, oldRarc.byteOffset, oldRarc.byteLength);
  assert.equal(v.getUint32(4), rarc.length, 'header file size');
  assert.equal(v.getUint32(0x0c) + 0x20 + v.getUint32(0x10), rarc.length, 'data offset + data length = file size');
  assert.equal(v.getUint32(0x14), v.getUint32(0x10), 'main-memory length = data length');
  assert.equal(v.getUint32(0x28), o.getUint32(0x28) + 1, 'one entry more');
  assert.equal(v.getUint32(0x20), o.getUint32(0x20), 'the same nodes');
  for (const at of [0x24, 0x2c, 0x34, 0x0c]) assert.equal((v.getUint32(at) + 0x20) % 32, 0, `section at 0x${at.toString(16)} 32-byte aligned`);
  assert.equal(v.getUint32(0x30) % 32, 0, 'string table size a multiple of 32');
  checkNodeRanges(oldRarc);
  checkNodeRanges(rarc);
  assert.equal(idRule(rarc), idRule(oldRarc), 'the file-id rule kept');
  if (o.getUint16(0x38) === o.getUint32(0x28)) assert.equal(v.getUint16(0x38), v.getUint32(0x28), 'next file id = entry count, as before');
  const dataStart = v.getUint32(0x0c) + 0x20;
  for (const e of open(out).archive.entries) if (e.kind === 'file') assert.equal((e.dataOffset - dataStart) % 32, 0, `${e.path} 32-byte aligned`);
  return out;
}

describe('write: a new file added to a RARC', () => {
  for (const name of ARCHIVES) {
    it(`${name}: a file added to the root folder and to a subfolder (where one exists), then replaced`, () => {
      const original = readArchive(name);
      const { archive } = open(original);
      const root = archive.entries[0].path;
      const data = payload(77 + name.length, name.length);
      const out = addAndCheck(original, root, 'Added.bck', data);

      // re-saving stays stable: the new entry as itself gives the same bytes; replaced, it reads back
      assert.ok(Buffer.from(replaceArchiveEntry(out, `${root}/Added.bck`, data)).equals(Buffer.from(out)), 'written back as itself: unchanged');
      const bigger = payload(1000, 7);
      const replaced = replaceArchiveEntry(out, `${root}/Added.bck`, bigger);
      const map = new Map(contents(replaced));
      assert.ok(map.get(`${root}/Added.bck`)!.equals(Buffer.from(bigger)));
      for (const [p, bytes] of contents(original)) if (bytes) assert.ok(map.get(p)!.equals(bytes), `${p} unchanged after the replace`);

      const sub = archive.entries.find((e) => e.kind === 'folder' && e.parent === 0);
      if (sub) {
        const twice = addAndCheck(out, sub.path, 'Added.bcsv', payload(5, 3));
        // and a second file into the same folder goes after the first
        const paths = contents(addArchiveEntry(twice, `${sub.path}/Second.bcsv`, new Uint8Array(0))).map(([p]) => p);
        assert.equal(paths.indexOf(`${sub.path}/Second.bcsv`), paths.indexOf(`${sub.path}/Added.bcsv`) + 1);
      }
    });
  }

  it('TripodBoss.arc: the header and info fields after adding 100 bytes, as worked out by hand', () => {
    // Before (decompressed, 18,656 bytes): 1 node at 0x40, 9 entries at 0x60 (to 0x114), string table
    // 128 bytes at 0x120 (names end at 123, so the new name goes at 124), data at 0x1A0, 18,240 bytes;
    // next file id 9; ids = entry indices, files 0–6, then `.` and `..`.
    // After adding "New.bck" (7 + NUL) with 100 bytes: 10 entries end at 0x128 > 0x120, so the string
    // table moves by 32 to 0x140; 124 + 8 = 132 > 128, so it grows to 160; data at 0x140 + 160 = 0x1E0;
    // the new data at 18,240 (rel.), a 128-byte slot: data length 18,368, file size 0x1E0 + 18,368 =
    // 18,848; entry 7 is the new file with id 7; `.` and `..` move to 8 and 9; next file id 10.
    const original = readArchive('TripodBoss.arc');
    const old = rarcOf(original);
    const o = new DataView(old.buffer, old.byteOffset, old.byteLength);
    assert.deepEqual([old.length, o.getUint32(0x2c) + 0x20, o.getUint32(0x28), o.getUint32(0x34) + 0x20, o.getUint32(0x30), o.getUint32(0x0c) + 0x20, o.getUint32(0x10), o.getUint16(0x38)],
      [18656, 0x60, 9, 0x120, 128, 0x1a0, 18240, 9], 'the fields before');
    const out = rarcOf(addArchiveEntry(original, 'TripodBoss/New.bck', payload(100, 1)));
    const v = new DataView(out.buffer, out.byteOffset, out.byteLength);
    assert.deepEqual(
      [out.length, v.getUint32(4), v.getUint32(0x28), v.getUint32(0x34) + 0x20, v.getUint32(0x30), v.getUint32(0x0c) + 0x20, v.getUint32(0x10), v.getUint32(0x14), v.getUint16(0x38)],
      [18848, 18848, 10, 0x140, 160, 0x1e0, 18368, 18368, 10], 'the fields after');
    assert.equal(v.getUint16(0x40 + 10), 10, 'the root node lists 10 entries');
    const rec = 0x60 + 7 * 20;
    assert.deepEqual([v.getUint16(rec), out[rec + 4], v.getUint16(rec + 6), v.getUint32(rec + 8), v.getUint32(rec + 12)], [7, 0x11, 124, 18240, 100], 'the new record');
    assert.equal(Buffer.from(out.subarray(0x140 + 124, 0x140 + 132)).toString('latin1'), 'New.bck\0');
    for (const [i, n] of [[8, '.'], [9, '..']] as const) {
      const r = 0x60 + i * 20;
      assert.equal(v.getUint16(r), 0xffff);
      const at = 0x140 + v.getUint16(r + 6);
      assert.equal(Buffer.from(out.subarray(at, at + n.length + 1)).toString('latin1'), `${n}\0`);
    }
  });

  it('Kuribo.arc (ids counted over files only): later files are renumbered, the next file id grows', () => {
    const original = readArchive('Kuribo.arc');
    assert.equal(idRule(rarcOf(original)), 'ordinal', 'Kuribo.arc numbers its files, not its entries');
    const out = rarcOf(addArchiveEntry(original, 'Kuribo/Zzz.bck', payload(40, 9)));
    const files = parseRarc(out, new DiagnosticSink()).entries.filter((e) => e.kind === 'file');
    const added = files.find((e) => e.name === 'Zzz.bck')!;
    assert.equal(added.entryIndex, 42, 'after Walk.bck (entry 41), before `.`');
    assert.equal(added.fileId, 41);
    assert.equal(files.find((e) => e.name === 'ActorAnimCtrl.bcsv')!.fileId, 42, 'was 41');
    assert.equal(new DataView(out.buffer, out.byteOffset).getUint16(0x38), 62, 'was 61');
  });

  it('a folder without files: the new file goes before its `.` and `..`', () => {
    const built = buildRarc({ name: 'Root', children: [{ name: 'a.bin', data: payload(10, 1) }, { name: 'Empty', children: [] }, { name: 'b.bin', data: payload(33, 2) }] }).bytes;
    const out = addAndCheck(built, 'Root/Empty', 'c.bin', payload(64, 3));
    const entries = parseRarc(out, new DiagnosticSink()).entries;
    const c = entries.find((e) => e.name === 'c.bin')!;
    const emptyNode = entries.find((e) => e.name === 'Empty')!.nodeIndex!;
    const node = new DataView(out.buffer, out.byteOffset).getUint32(0x24) + 0x20 + emptyNode * 16;
    assert.equal(new DataView(out.buffer, out.byteOffset).getUint32(node + 12), c.entryIndex, 'the folder\'s first entry is the new file');
  });

  it('through archives inside archives: a RARC in a RARC, a Yaz0 RARC in a PKS; each level compressed as it was', () => {
    const kuribo = readArchive('Kuribo.arc');
    const outer = buildRarc({ name: 'Outer', children: [{ name: 'x.bin', data: payload(50, 4) }, { name: 'Kuribo.arc', data: kuribo }] }).bytes;
    const data = payload(300, 5);
    const out = addArchiveEntry(outer, 'Outer/Kuribo.arc/Kuribo/ActorInfo/New.bcsv', data);
    const { archive } = open(out);
    assert.ok(extractAny(archive, archive.entries.find((e) => e.path === 'Outer/x.bin')!).every((b, i) => b === payload(50, 4)[i]));
    const innerStored = extractAny(archive, archive.entries.find((e) => e.path === 'Outer/Kuribo.arc')!);
    assert.ok(isYaz0(innerStored), 'the inner archive is Yaz0 again');
    const inner = new Map(contents(innerStored));
    assert.ok(inner.get('Kuribo/ActorInfo/New.bcsv')!.equals(Buffer.from(data)));
    for (const [p, bytes] of contents(kuribo)) if (bytes) assert.ok(inner.get(p)!.equals(bytes), `${p} unchanged`);
    // the root name may be left out, as for replace
    const viaRoot = addArchiveEntry(outer, 'Kuribo.arc/New.bck', data);
    const inner2 = new Map(contents(extractAny(open(viaRoot).archive, open(viaRoot).archive.entries.find((e) => e.path === 'Outer/Kuribo.arc')!)));
    assert.ok(inner2.get('Kuribo/New.bck')!.equals(Buffer.from(data)));

    const pks = buildPks([{ name: 'A.DAT', data: Uint8Array.of(1, 2, 3) }, { name: 'KURIBO.ARC', data: kuribo }]).bytes;
    const outPks = addArchiveEntry(pks, 'KURIBO.ARC/Kuribo/New.bck', data);
    const outerMap = new Map(contents(outPks));
    assert.ok(outerMap.get('A.DAT')!.equals(Buffer.of(1, 2, 3)));
    const kuriboAfter = extractAny(open(outPks).archive, open(outPks).archive.entries.find((e) => e.path === 'KURIBO.ARC')!);
    assert.ok(isYaz0(kuriboAfter));
    assert.ok(new Map(contents(kuriboAfter)).get('Kuribo/New.bck')!.equals(Buffer.from(data)));
  });

  it('refuses with one line: a name that exists (any case), a missing folder, bad names, a PKS, a damaged archive', () => {
    const original = readArchive('Kuribo.arc');
    const refuses = (p: string, why: RegExp, bytes = original): void => {
      assert.throws(() => addArchiveEntry(bytes, p, new Uint8Array(4)), (e: Error) => e instanceof ArchiveWriteError && why.test(e.message) && !e.message.includes('\n'), p);
    };
    refuses('Kuribo/Walk.bck', /exists there already/);
    refuses('Kuribo/walk.BCK', /exists there already/);
    refuses('Kuribo/ActorInfo', /exists there already/);
    refuses('Kuribo/Nope/New.bck', /no folder "Kuribo\/Nope"/);
    refuses('Kuribo/Walk.bck/New.bck', /is a file, not a folder or an archive/);
    refuses('Kuribo/a..b', /\.\./);
    refuses('Kuribo/Wälk.bck', /not ASCII/);
    refuses('Kuribo/a\tb', /control/);
    refuses(`Kuribo/${'x'.repeat(256)}`, /256 bytes/);
    refuses('', /empty/);
    assert.throws(() => addArchiveEntry(original, ['Kuribo', 'a\0b'], new Uint8Array(1)), /NUL/);
    assert.throws(() => rarcEntryName('a/b'), /path separator/);
    assert.throws(() => rarcEntryName('a\\b'), /path separator/);
    assert.throws(() => rarcEntryName(''), /empty/);
    assert.equal(rarcEntryName('x'.repeat(255)).length, 255);
    const pks = buildPks([{ name: 'A.DAT', data: Uint8Array.of(1, 2, 3) }]).bytes;
    refuses('B.DAT', /PKS/, pks);
    const rarc = decompressYaz0(original, new DiagnosticSink()).slice();
    new DataView(rarc.buffer).setUint32(0x2c, 0x7fffffff);
    refuses('Kuribo/New.bck', /damaged/, rarc);
  });
});
