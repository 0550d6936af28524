/**
 * The archive file system (src/extension/archive/archiveFileSystemProvider.ts, its listing) run in Node against a stub
 * of the `vscode` API: the nesting bounds of the shared library reach it (a self-nesting archive
 * lists once, the overview's describe stays small), and a nested archive its parent already
 * decompressed is reused, not decompressed again.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { buildRarc, encodeYaz0 } from '../../fixtures/archive-writer';
import { hostilePath } from '../hostile/files';
import { installVscodeStub, vscodeStub } from './vscode-stub';

installVscodeStub();
/* eslint-disable @typescript-eslint/no-require-imports */
const afs = {
  ...(require('../../../src/extension/archive/archiveFileSystemProvider') as typeof import('../../../src/extension/archive/archiveFileSystemProvider')),
  ...(require('../../../src/extension/archive/archiveUri') as typeof import('../../../src/extension/archive/archiveUri')),
};
const { describeArchive } = require('../../../src/extension/archive/archiveListing') as typeof import('../../../src/extension/archive/archiveListing');
/* eslint-enable @typescript-eslint/no-require-imports */

type Uri = ReturnType<typeof vscodeStub.Uri.file>;
const fileUri = (p: string): Uri => vscodeStub.Uri.file(p);

describe('archive file system: bounds and cache (vscode stub)', () => {
  it('selfnest-k4.pks: 4 plain files (each the archive itself), 4 ARC_NESTED_SELF, no nesting', async () => {
    const provider = new afs.ArchiveFileSystemProvider();
    const root = afs.archiveRootUri(fileUri(hostilePath('selfnest-k4.pks')) as never);
    const summary = await describeArchive(provider, root);
    assert.deepStrictEqual(summary.rows.map((r) => [r.path, r.kind]), [0, 1, 2, 3].map((i) => [`SELF${i}.PKS`, 'file']));
    assert.strictEqual(summary.levels.length, 1);
    assert.deepStrictEqual(summary.levels[0].diagnostics.filter((d) => d.code.startsWith('ARC_')).map((d) => d.code), Array(4).fill('ARC_NESTED_SELF'));
    assert.strictEqual(summary.truncated, 0);
    provider.dispose();
  });

  it('selfnest-k4-in-rarc.arc: stage.pks opens once; its entries are files', async () => {
    const provider = new afs.ArchiveFileSystemProvider();
    const summary = await describeArchive(provider, afs.archiveRootUri(fileUri(hostilePath('selfnest-k4-in-rarc.arc')) as never));
    assert.deepStrictEqual(summary.rows.map((r) => [r.path, r.kind]), [
      ['root', 'folder'], ['root/stage.pks', 'archive'], ...[0, 1, 2, 3].map((i) => [`root/stage.pks/SELF${i}.PKS`, 'file']),
    ]);
    assert.strictEqual(summary.levels.length, 2);
    provider.dispose();
  });

  it('pks-167.bin: the overview lists a bounded tree', async () => {
    const provider = new afs.ArchiveFileSystemProvider();
    const summary = await describeArchive(provider, afs.archiveRootUri(fileUri(hostilePath('pks-167.bin')) as never));
    assert.ok(summary.rows.length < 2000, `${summary.rows.length} rows`);
    assert.strictEqual(summary.truncated, 0);
    provider.dispose();
  });

  it('a nested Yaz0 archive opened on its own (nested-outer URI) reuses the decompressed level', async () => {
    const inner = buildRarc({ name: 'Inner', children: [{ name: 'a.bin', data: new Uint8Array(5000).fill(7) }] }).bytes;
    const outer = buildRarc({ name: 'Outer', children: [{ name: 'inner.szs', data: encodeYaz0(inner) }] }).bytes;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-afs-'));
    const file = path.join(dir, 'outer.arc');
    fs.writeFileSync(file, outer);
    try {
      const provider = new afs.ArchiveFileSystemProvider();
      const outerUri = fileUri(file) as never;
      const flat = await describeArchive(provider, afs.archiveRootUri(outerUri));
      assert.deepStrictEqual(flat.rows.map((r) => r.path), ['Outer', 'Outer/inner.szs', 'Outer/inner.szs/Inner', 'Outer/inner.szs/Inner/a.bin']);
      const before = provider.cacheStats();
      const nested = afs.nestedRootUri(afs.archiveUri(outerUri, 'Outer/inner.szs'));
      const own = await describeArchive(provider, nested);
      assert.deepStrictEqual(own.rows.map((r) => r.path), ['Inner', 'Inner/a.bin']);
      const after = provider.cacheStats();
      assert.strictEqual(after.archives, before.archives + 1);
      // Before: the stored Yaz0 bytes were read again and decompressed into a second copy.
      assert.strictEqual(after.bytes, before.bytes, 'no second decompressed copy');
      provider.dispose();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
