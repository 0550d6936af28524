/**
 * Writing an entry back into its archive (src/write/archive; the Yaz0 encoder: yaz0-encode.test.ts):
 * every entry of every shared archive written back as itself
 * (the archive comes back byte-identical), a changed entry (every other entry identical, the
 * tree and order kept, the header's lengths right), shared data, PKS (plain and gzip) and
 * archives inside archives, and the refusals.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { gunzipSync, gzipSync } from 'zlib';
import { decompressEntry, extractAny, openAnyArchive } from '../../../src/formats/archive/archive';
import type { AnyArchive } from '../../../src/formats/archive/archive';
import { isGzip } from '../../../src/formats/archive/inflate';
import { decompressYaz0, isYaz0 } from '../../../src/formats/archive/yaz0';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { ArchiveWriteError, replaceArchiveEntry } from '../../../src/write/archive/replaceEntry';
import { buildPks } from '../../fixtures/pks-writer';
import { SAMPLES_DIR } from '../helpers';

const ARCHIVES = fs.readdirSync(path.join(SAMPLES_DIR, 'archives')).filter((n) => n.endsWith('.arc')).sort();
const readArchive = (name: string): Uint8Array => new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, 'archives', name)));

function open(bytes: Uint8Array): AnyArchive {
  const sink = new DiagnosticSink();
  const archive = openAnyArchive(bytes, sink, { detectEntries: false });
  const errors = sink.list.filter((d) => d.severity === 'error');
  assert.deepEqual(errors.map((d) => d.code), [], 'the rewritten archive reads without errors');
  return archive;
}

/** path → decompressed entry bytes, in the archive's order (folders as null). */
function contents(bytes: Uint8Array): [string, Buffer | null][] {
  const archive = open(bytes);
  return archive.entries.map((e) => [e.path, e.kind === 'file' ? Buffer.from(decompressEntry(extractAny(archive, e), new DiagnosticSink())) : null]);
}

function files(bytes: Uint8Array): AnyArchive['entries'] {
  return open(bytes).entries.filter((e) => e.kind === 'file');
}

describe('write: an entry written back into its RARC', () => {
  for (const name of ARCHIVES) {
    it(`${name}: every entry written back as itself gives the archive's own bytes`, () => {
      const original = readArchive(name);
      for (const e of files(original)) {
        const own = decompressEntry(extractAny(open(original), e), new DiagnosticSink());
        const out = replaceArchiveEntry(original, e.path, own);
        assert.ok(Buffer.from(out).equals(Buffer.from(original)), `${e.path}`);
      }
    });
  }

  for (const [name, entry] of [['Kuribo.arc', 'Kuribo/Walk.bck'], ['PowerStar.arc', 'PowerStar/PowerStar.bdl'], ['TripodBossCore.arc', 'TripodBossCore/Wait.btk']]) {
    for (const change of [+100, -32]) {
      it(`${name}: ${entry} ${change > 0 ? 'grown' : 'shrunk'} by ${Math.abs(change)} bytes — every other entry identical, tree and order kept`, () => {
        const original = readArchive(name);
        const before = contents(original);
        const old = before.find(([p]) => p === entry)![1]!;
        const edited = new Uint8Array(old.length + change);
        edited.set(old.subarray(0, Math.min(old.length, edited.length)));
        edited[edited.length - 1] = 0x5a;
        const out = replaceArchiveEntry(original, entry, edited);
        assert.ok(isYaz0(out), 'compressed again with Yaz0');
        const after = contents(out);
        assert.deepEqual(after.map(([p]) => p), before.map(([p]) => p), 'the same entries in the same order');
        for (let i = 0; i < before.length; i++) {
          const [p, bytes] = before[i];
          if (p === entry) assert.ok(after[i][1]!.equals(Buffer.from(edited)), 'the new bytes');
          else assert.ok(bytes === null ? after[i][1] === null : after[i][1]!.equals(bytes), `${p} unchanged`);
        }
        const rarc = decompressYaz0(out, new DiagnosticSink());
        const view = new DataView(rarc.buffer, rarc.byteOffset);
        assert.equal(view.getUint32(4), rarc.length, 'header file size');
        assert.equal(view.getUint32(0x0c) + 0x20 + view.getUint32(0x10), rarc.length, 'data offset + data length = file size');
        assert.equal(view.getUint32(0x14), view.getUint32(0x10), 'main-memory length = data length');
        for (const e of files(out)) assert.equal((e.dataOffset - (view.getUint32(0x0c) + 0x20)) % 32, 0, `${e.path} 32-byte aligned`);
      });
    }
  }

  it('an entry whose data another entry shares gets its own copy; the other keeps its bytes', () => {
    const original = readArchive('PowerStar.arc');
    const list = files(original);
    const pair = list.find((a) => list.some((b) => b !== a && b.dataOffset === a.dataOffset))!;
    assert.ok(pair, 'PowerStar.arc has entries sharing data (the packer deduplicates)');
    const partner = list.find((b) => b !== pair && b.dataOffset === pair.dataOffset)!;
    const out = replaceArchiveEntry(original, pair.path, Uint8Array.of(1, 2, 3));
    const after = new Map(contents(out));
    const before = new Map(contents(original));
    assert.ok(after.get(pair.path)!.equals(Buffer.of(1, 2, 3)));
    assert.ok(after.get(partner.path)!.equals(before.get(partner.path)!), `${partner.path} unchanged`);
  });

  it('refuses with one line: a missing entry, a folder, an empty path, a damaged archive', () => {
    const original = readArchive('Kuribo.arc');
    assert.throws(() => replaceArchiveEntry(original, 'Kuribo/Nope.bck', new Uint8Array(4)), (e: Error) => e instanceof ArchiveWriteError && /no entry "Kuribo\/Nope.bck"/.test(e.message));
    const folder = open(original).entries.find((e) => e.kind === 'folder' && e.parent >= 0)!;
    assert.throws(() => replaceArchiveEntry(original, folder.path, new Uint8Array(4)), (e: Error) => e instanceof ArchiveWriteError && /is a folder/.test(e.message));
    assert.throws(() => replaceArchiveEntry(original, '', new Uint8Array(4)), ArchiveWriteError);
    const rarc = decompressYaz0(original, new DiagnosticSink()).slice();
    new DataView(rarc.buffer).setUint32(0x2c, 0x7fffffff); // the entry table's offset points outside the file
    assert.throws(() => replaceArchiveEntry(rarc, 'Kuribo/Walk.bck', new Uint8Array(4)), (e: Error) => e instanceof ArchiveWriteError && /damaged/.test(e.message));
  });
});

describe('write: an entry written back into a PKS (plain and gzip) and into nested archives', () => {
  const motn = new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, 'motn', 'motion.bin')));
  const entries = [
    { name: 'A.DAT', data: Uint8Array.from({ length: 70 }, (_, i) => i) },
    { name: 'MOTION.BIN', data: motn.subarray(0, 4000) },
    { name: 'Z.DAT', data: Uint8Array.from({ length: 33 }, (_, i) => 255 - i) },
  ];

  for (const dictionaryFirst of [false, true]) {
    for (const gzip of [false, true]) {
      it(`${gzip ? 'gzip' : 'plain'} PKS, dictionary ${dictionaryFirst ? 'first' : 'after the data'}: MOTION.BIN replaced, the others identical${gzip ? ', gzip kept' : ''}`, () => {
        const plain = buildPks(entries, { dictionaryFirst }).bytes;
        const pks = gzip ? new Uint8Array(gzipSync(plain)) : plain;
        const same = replaceArchiveEntry(pks, 'MOTION.BIN', entries[1].data);
        assert.ok(Buffer.from(same).equals(Buffer.from(pks)), 'written back as itself: the same bytes');
        const edited = motn.subarray(0, 4100);
        const out = replaceArchiveEntry(pks, 'MOTION.BIN', edited);
        assert.equal(isGzip(out), gzip);
        const after = new Map(contents(out));
        assert.deepEqual([...after.keys()], ['A.DAT', 'MOTION.BIN', 'Z.DAT']);
        assert.ok(after.get('MOTION.BIN')!.equals(Buffer.from(edited)));
        assert.ok(after.get('A.DAT')!.equals(Buffer.from(entries[0].data)));
        assert.ok(after.get('Z.DAT')!.equals(Buffer.from(entries[2].data)));
        const bytes = gzip ? new Uint8Array(gunzipSync(out)) : out;
        const ipac = 0x20;
        const view = new DataView(bytes.buffer, bytes.byteOffset);
        assert.equal(ipac + view.getUint32(ipac + 12, true), bytes.length, 'IPAC content size covers the archive');
      });
    }
  }

  it('Kuribo.arc inside a PKS: kuribo/Walk.bck replaced through both levels, each compressed as it was', () => {
    const kuribo = readArchive('Kuribo.arc');
    const pks = buildPks([{ name: 'A.DAT', data: Uint8Array.of(1, 2, 3) }, { name: 'KURIBO.ARC', data: kuribo }]).bytes;
    const walk = new Map(contents(kuribo)).get('Kuribo/Walk.bck')!;
    const edited = Uint8Array.from(walk);
    edited[0x30] ^= 0xff;
    const out = replaceArchiveEntry(pks, 'KURIBO.ARC/Kuribo/Walk.bck', edited);
    const outer = new Map(contents(out));
    assert.ok(outer.get('A.DAT')!.equals(Buffer.of(1, 2, 3)));
    const innerStored = extractAny(open(out), files(out).find((e) => e.path === 'KURIBO.ARC')!);
    assert.ok(isYaz0(innerStored), 'the inner archive is Yaz0 again');
    const inner = new Map(contents(innerStored));
    assert.ok(inner.get('Kuribo/Walk.bck')!.equals(Buffer.from(edited)));
    for (const [p, bytes] of contents(kuribo)) if (p !== 'Kuribo/Walk.bck' && bytes) assert.ok(inner.get(p)!.equals(bytes), `${p} unchanged`);
  });
});
