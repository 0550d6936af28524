/**
 * The archive file system's writeEntry (src/extension/archive/archiveFileSystemProvider.ts) in Node
 * against the `vscode` stub: a URI naming no entry in an existing folder adds the file (then a
 * second write replaces it), through Yaz0 and a nested archive; a missing folder, a file as the
 * folder and a bad name are refused and leave the archive file as it was (a name that exists in
 * another case replaces that entry, as before);
 * the cache is invalidated (the new file lists and reads) and no temporary file is left behind.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { extractAny, openAnyArchive } from '../../../src/formats/archive/archive';
import { isYaz0 } from '../../../src/formats/archive/yaz0';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { buildRarc, encodeYaz0 } from '../../fixtures/archive-writer';
import { SAMPLES_DIR } from '../helpers';
import { installVscodeStub, vscodeStub } from './vscode-stub';

installVscodeStub();
/* eslint-disable @typescript-eslint/no-require-imports */
const afs = {
  ...(require('../../../src/extension/archive/archiveFileSystemProvider') as typeof import('../../../src/extension/archive/archiveFileSystemProvider')),
  ...(require('../../../src/extension/archive/archiveUri') as typeof import('../../../src/extension/archive/archiveUri')),
};
/* eslint-enable @typescript-eslint/no-require-imports */

const fileUri = (p: string): never => vscodeStub.Uri.file(p) as never;

/** The stored bytes of `inner` in the archive file `file` (undefined when absent), and the reader's errors. */
function entryOf(file: string, inner: string): { bytes?: Buffer; errors: string[]; yaz0: boolean } {
  const raw = new Uint8Array(fs.readFileSync(file));
  const sink = new DiagnosticSink();
  const archive = openAnyArchive(raw, sink, { detectEntries: false });
  const e = archive.entries.find((x) => x.path === inner);
  return { bytes: e && Buffer.from(extractAny(archive, e)), errors: sink.list.filter((d) => d.severity !== 'info').map((d) => d.code), yaz0: isYaz0(raw) };
}

describe('archive file system: writeEntry adds a file when its folder exists (vscode stub)', () => {
  let dir: string;
  beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-afs-add-')); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('Kuribo.arc (a copy in a temporary folder): added, listed, read, then replaced; refusals leave the file alone', async () => {
    const file = path.join(dir, 'Kuribo.arc');
    fs.copyFileSync(path.join(SAMPLES_DIR, 'archives', 'Kuribo.arc'), file);
    const provider = new afs.ArchiveFileSystemProvider();
    try {
      const outer = fileUri(file);
      await provider.readDirectory(afs.archiveUri(outer, 'Kuribo/ActorInfo')); // cached before the write
      const data = Uint8Array.from({ length: 123 }, (_, i) => (i * 31) & 0xff);
      const uri = afs.archiveUri(outer, 'Kuribo/ActorInfo/New.bcsv');
      await provider.writeEntry(uri, data);
      let now = entryOf(file, 'Kuribo/ActorInfo/New.bcsv');
      assert.ok(now.bytes?.equals(Buffer.from(data)), 'added');
      assert.deepStrictEqual(now.errors, []);
      assert.ok(now.yaz0, 'still Yaz0');
      const listed = (await provider.readDirectory(afs.archiveUri(outer, 'Kuribo/ActorInfo'))).map(([n]) => n);
      assert.ok(listed.includes('New.bcsv'), 'the cache was invalidated: the new file lists');
      assert.ok(Buffer.from(await provider.readFile(uri)).equals(Buffer.from(data)));

      await provider.writeEntry(uri, Uint8Array.of(9, 8, 7));
      now = entryOf(file, 'Kuribo/ActorInfo/New.bcsv');
      assert.ok(now.bytes?.equals(Buffer.of(9, 8, 7)), 'written again: replaced');

      const before = fs.readFileSync(file);
      const refused = async (inner: string, code: string): Promise<void> => {
        await assert.rejects(provider.writeEntry(afs.archiveUri(outer, inner), Uint8Array.of(1)), (e: { code?: string }) => e.code === code, inner);
        assert.ok(fs.readFileSync(file).equals(before), `${inner}: the archive file is unchanged`);
      };
      await refused('Kuribo/Nope/New.bck', 'FileNotFound');
      await refused('Kuribo/Walk.bck/New.bck', 'FileNotADirectory');
      await refused('Kuribo/ActorInfo/a..b', 'NoPermissions');
      // a name that exists in another case names that entry (as reading does): replaced, not added twice
      const count = (): number => openAnyArchive(new Uint8Array(fs.readFileSync(file)), new DiagnosticSink(), { detectEntries: false }).entries.length;
      const entries = count();
      await provider.writeEntry(afs.archiveUri(outer, 'Kuribo/walk.BCK'), Uint8Array.of(5));
      assert.strictEqual(count(), entries);
      assert.ok(entryOf(file, 'Kuribo/Walk.bck').bytes?.equals(Buffer.of(5)));
      assert.deepStrictEqual(fs.readdirSync(dir), ['Kuribo.arc'], 'no temporary file left');
    } finally {
      provider.dispose();
    }
  });

  it('a file added inside a nested Yaz0 archive', async () => {
    const inner = buildRarc({ name: 'Inner', children: [{ name: 'a.bin', data: new Uint8Array(500).fill(7) }] }).bytes;
    const file = path.join(dir, 'outer.arc');
    fs.writeFileSync(file, buildRarc({ name: 'Outer', children: [{ name: 'inner.szs', data: encodeYaz0(inner) }] }).bytes);
    const provider = new afs.ArchiveFileSystemProvider();
    try {
      const uri = afs.archiveUri(fileUri(file), 'Outer/inner.szs/Inner/b.bin');
      await provider.writeEntry(uri, Uint8Array.of(1, 2, 3, 4));
      const stored = entryOf(file, 'Outer/inner.szs').bytes!;
      assert.ok(isYaz0(stored), 'the nested archive is Yaz0 again');
      const nested = openAnyArchive(new Uint8Array(stored), new DiagnosticSink(), { detectEntries: false });
      const b = nested.entries.find((e) => e.path === 'Inner/b.bin')!;
      assert.ok(Buffer.from(extractAny(nested, b)).equals(Buffer.of(1, 2, 3, 4)));
      assert.ok(Buffer.from(await provider.readFile(uri)).equals(Buffer.of(1, 2, 3, 4)));
    } finally {
      provider.dispose();
    }
  });
});
