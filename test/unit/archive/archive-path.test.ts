import * as assert from 'assert';
import * as path from 'path';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import {
  findEntry, locateInArchive, resolveInArchive, safeExtractPath, splitArchivePath, splitArchivePathAsync,
} from '../../../src/formats/archive/archive-path';
import { openArchive } from '../../../src/formats/archive/rarc';
import { readArchivePathSync } from '../../../src/formats/archive/node';
import { buildRarc, encodeYaz0, WriterFolder } from '../../fixtures/archive-writer';
import { readSample, samplePath, SAMPLES_DIR } from '../helpers';

const files = (...list: string[]): ((p: string) => boolean) => {
  const set = new Set(list);
  return (p) => set.has(p);
};

describe('archive paths: splitting', () => {
  it('splits at the archive file', () => {
    const isFile = files('../shared/samples/archives/TripodBossCore.arc');
    assert.deepStrictEqual(splitArchivePath('../shared/samples/archives/TripodBossCore.arc/TripodBossCore/Wait.btk', isFile), {
      archivePath: '../shared/samples/archives/TripodBossCore.arc', innerPath: 'TripodBossCore/Wait.btk',
    });
  });

  it('handles absolute, Windows and doubled separators', () => {
    assert.deepStrictEqual(splitArchivePath('/data/x.arc/Root/a.bck', files('/data/x.arc')), { archivePath: '/data/x.arc', innerPath: 'Root/a.bck' });
    assert.deepStrictEqual(splitArchivePath('C:\\mods\\x.szs\\Root\\a.bck', files('C:\\mods\\x.szs')), { archivePath: 'C:\\mods\\x.szs', innerPath: 'Root/a.bck' });
    assert.deepStrictEqual(splitArchivePath('x.arc//Root//a.bck', files('x.arc')), { archivePath: 'x.arc', innerPath: 'Root/a.bck' });
  });

  it('returns undefined for plain paths and for the archive itself', () => {
    assert.strictEqual(splitArchivePath('a/b/c.bck', files()), undefined);
    assert.strictEqual(splitArchivePath('a/x.arc', files('a/x.arc')), undefined);
    assert.strictEqual(splitArchivePath('a/x.arc/', files('a/x.arc')), undefined);
  });

  it('takes the shortest file prefix (nested archive paths stay in the inner path)', () => {
    const split = splitArchivePath('w/outer.arc/Outer/inner.szs/Inner/f.bck', files('w/outer.arc'));
    assert.deepStrictEqual(split, { archivePath: 'w/outer.arc', innerPath: 'Outer/inner.szs/Inner/f.bck' });
  });

  it('has an async variant', async () => {
    const split = await splitArchivePathAsync('w/x.arc/R/f.bck', async (p) => p === 'w/x.arc');
    assert.deepStrictEqual(split, { archivePath: 'w/x.arc', innerPath: 'R/f.bck' });
  });
});

function nestedFixture(): { outer: Uint8Array; innerFile: Uint8Array } {
  const innerFile = new Uint8Array(200).map((_, i) => i & 0xff);
  const inner: WriterFolder = { name: 'Inner', children: [{ name: 'Anim', children: [{ name: 'f.bck', data: innerFile }] }] };
  const innerBytes = encodeYaz0(buildRarc(inner).bytes);
  const outer: WriterFolder = {
    name: 'Outer', children: [
      { name: 'Dir', children: [{ name: 'inner.szs', data: innerBytes }, { name: 'plain.bin', data: new Uint8Array(8) }] },
    ],
  };
  return { outer: buildRarc(outer).bytes, innerFile };
}

describe('archive paths: resolving', () => {
  it('resolves in the real archive, case-insensitively and without the root name', () => {
    const bytes = readSample('archives/TripodBossCore.arc');
    const loose = readSample('j3d/smg/TripodBossCore/Wait.btk');
    for (const p of ['TripodBossCore/Wait.btk', 'tripodbosscore/WAIT.BTK', 'Wait.btk', '/TripodBossCore//Wait.btk']) {
      const sink = new DiagnosticSink();
      assert.deepStrictEqual(resolveInArchive(bytes, p, sink), loose, p);
      assert.deepStrictEqual(sink.list.filter((d) => d.severity === 'error'), []);
    }
    const sink = new DiagnosticSink();
    assert.strictEqual(resolveInArchive(bytes, 'TripodBossCore/Missing.btk', sink), undefined);
    assert.ok(sink.list.some((d) => d.code === 'ARC_PATH_NOT_FOUND'));
    assert.strictEqual(resolveInArchive(bytes, 'TripodBossCore', new DiagnosticSink()), undefined, 'a folder has no bytes');
  });

  it('prefers an exact match over a case-insensitive one', () => {
    const tree: WriterFolder = { name: 'R', children: [{ name: 'a.bck', data: new Uint8Array([1]) }, { name: 'A.bck', data: new Uint8Array([2]) }] };
    const { bytes } = buildRarc(tree);
    const a = openArchive(bytes, new DiagnosticSink());
    assert.strictEqual(findEntry(a.entries, 'R/A.bck')!.name, 'A.bck');
    assert.strictEqual(findEntry(a.entries, 'R/a.bck')!.name, 'a.bck');
    assert.strictEqual(findEntry(a.entries, 'r/A.BCK')!.name, 'a.bck');
  });

  it('resolves through nested (Yaz0) archives', () => {
    const { outer, innerFile } = nestedFixture();
    const sink = new DiagnosticSink();
    const hit = locateInArchive(outer, 'Outer/Dir/inner.szs/Inner/Anim/f.bck', sink);
    assert.ok(hit);
    assert.deepStrictEqual(hit.bytes, innerFile);
    assert.deepStrictEqual(hit.via.map((e) => e.path), ['Outer/Dir/inner.szs']);
    assert.strictEqual(hit.entry.path, 'Inner/Anim/f.bck');
    assert.deepStrictEqual(sink.list, []);
    assert.deepStrictEqual(resolveInArchive(encodeYaz0(outer), 'outer/dir/INNER.SZS/inner/anim/F.BCK', new DiagnosticSink()), innerFile);
    // Full path with the split.
    const split = splitArchivePath('mods/outer.arc/Outer/Dir/inner.szs/Inner/Anim/f.bck', files('mods/outer.arc'))!;
    assert.deepStrictEqual(resolveInArchive(outer, split.innerPath, new DiagnosticSink()), innerFile);
  });

  it('reports a path through a non-archive file', () => {
    const { outer } = nestedFixture();
    const sink = new DiagnosticSink();
    assert.strictEqual(resolveInArchive(outer, 'Outer/Dir/plain.bin/x', sink), undefined);
    assert.deepStrictEqual(sink.list.map((d) => d.code), ['ARC_PATH_NOT_FOUND']);
  });

  it('stops at the nesting limit', () => {
    let bytes = buildRarc({ name: 'L', children: [{ name: 'f', data: new Uint8Array(4) }] }).bytes;
    let p = 'L/f';
    for (let i = 0; i < 10; i++) {
      bytes = buildRarc({ name: 'L', children: [{ name: 'n.arc', data: bytes }] }).bytes;
      p = `L/n.arc/${p}`;
    }
    const sink = new DiagnosticSink();
    assert.strictEqual(resolveInArchive(bytes, p, sink), undefined);
    assert.ok(sink.list.some((d) => d.code === 'ARC_NESTING'));
    assert.ok(locateInArchive(bytes, p, new DiagnosticSink(), { maxDepth: 20 }));
  });

  it('node wrapper reads a real archive path', () => {
    const full = path.join(SAMPLES_DIR, 'archives/TripodBoss.arc/TripodBoss/EndDemo.bck');
    const result = readArchivePathSync(full, new DiagnosticSink());
    assert.ok(result?.split);
    assert.strictEqual(result.split.archivePath, samplePath('archives/TripodBoss.arc'));
    assert.deepStrictEqual(result.bytes, readSample('j3d/smg/TripodBoss/EndDemo.bck'));
    assert.deepStrictEqual(readArchivePathSync(samplePath('j3d/smg/TripodBoss/EndDemo.bck'), new DiagnosticSink())?.bytes, result.bytes);
  });
});

describe('safeExtractPath', () => {
  it('accepts ordinary inner paths', () => {
    assert.strictEqual(safeExtractPath('TripodBossCore/Wait.btk'), 'TripodBossCore/Wait.btk');
    assert.strictEqual(safeExtractPath('a/.hidden/b..c.bck'), 'a/.hidden/b..c.bck');
  });

  it('rejects hostile names', () => {
    const hostile = [
      '', '/etc/passwd', '../up.bck', 'a/../../b', 'a/./b', 'a//b', 'a/', '..', '.', 'C:/x', 'c:x', 'C:\\x',
      'a\\..\\b', 'a\\b', 'nul\u0000.bck', 'bell\u0007', 'a/b:stream', 'CON', 'a/nul.txt', 'com1', 'trail.', 'trail ',
      'q?.bck', 'a/<b>', '\\\\server\\share',
    ];
    for (const h of hostile) assert.strictEqual(safeExtractPath(h), undefined, JSON.stringify(h));
  });

  it('rejects every suspicious entry path of a hostile archive', () => {
    const tree: WriterFolder = { name: 'Root', children: [{ name: '../evil', data: new Uint8Array(1) }, { name: 'ok.bck', data: new Uint8Array(1) }] };
    const a = openArchive(buildRarc(tree).bytes, new DiagnosticSink());
    const safe = a.entries.filter((e) => e.kind === 'file').map((e) => safeExtractPath(e.path));
    assert.deepStrictEqual(safe, [undefined, 'Root/ok.bck']);
  });
});
