/**
 * Runs INSIDE the VS Code extension host (code-server), loaded by suite/index.ts.
 * The archive file system (`animscope-archive:`), the archive overview editor (`animscope.archive`)
 * and `animscope.browseArchive`: listing TripodBossCore.arc exactly, reading an entry byte for byte,
 * opening it in the AnimScope editor, refusing writes, corrupt and nested archives, PKS.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { openAnyArchive } from '../../../src/formats/archive/archive';
import { decode } from '../../../src/formats/index';
import { buildRarc, encodeYaz0 } from '../../fixtures/archive-writer';
import { buildPks } from '../../fixtures/pks-writer';
import {
  assertActiveCustomEditor, assertRenderedMatches, closeAll, codeOf, SAMPLES, setUp, sleep, tempDir, VIEW_TYPE, waitFor,
  waitForProblems, waitForRender,
} from './helpers';

const SCHEME = 'animscope-archive';
const ARCHIVE_VIEW_TYPE = 'animscope.archive';
const BROWSE = 'animscope.browseArchive';
const T = {
  state: 'animscope._test.archiveState',
  listing: 'animscope._test.archiveListing',
  openRow: 'animscope._test.archiveOpenRow',
  viewRoots: 'animscope._test.archiveViewRoots',
  cache: 'animscope._test.archiveCache',
};

interface ArchiveState { fileName: string; rows: number; diagnostics: number; banner: boolean; sentRows: number; sentDiagnostics: number; renderedAt: number; listMs: number; renderedMs?: number }
interface Listing {
  fileName: string;
  rows: { path: string; name: string; kind: string; depth: number; size: number; dataOffset: number; format: string; compression: string }[];
  levels: { path: string; kind: string; isArchive: boolean; diagnostics: { code: string }[] }[];
  notArchive?: { detected: string; animation: boolean };
  lessTested: boolean;
  uris: string[];
}

const CORE = 'archives/TripodBossCore.arc';
const WAIT_BTK = 'j3d/smg/TripodBossCore/Wait.btk';

function rootOf(file: vscode.Uri): vscode.Uri {
  return vscode.Uri.from({ scheme: SCHEME, path: '/', query: file.toString() });
}

function inner(file: vscode.Uri, innerPath: string): vscode.Uri {
  return vscode.Uri.from({ scheme: SCHEME, path: '/' + innerPath, query: file.toString() });
}

function sample(relative: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.join(SAMPLES, relative)));
}

async function archiveState(uri: vscode.Uri, since: number): Promise<ArchiveState> {
  return waitFor(`the archive webview's 'rendered' for ${uri.toString()}`, async () => {
    const s = await vscode.commands.executeCommand<ArchiveState | undefined>(T.state, uri);
    return s && s.renderedAt >= since ? s : undefined;
  }, 30000);
}

async function openOverview(file: vscode.Uri): Promise<{ state: ArchiveState; listing: Listing }> {
  const since = Date.now();
  await vscode.commands.executeCommand('vscode.openWith', file, ARCHIVE_VIEW_TYPE);
  assertActiveCustomEditor(ARCHIVE_VIEW_TYPE, file);
  const state = await archiveState(file, since);
  const listing = await vscode.commands.executeCommand<Listing>(T.listing, file);
  assert.ok(listing, 'the overview has a listing');
  assert.strictEqual(state.rows, state.sentRows, 'the webview rendered every row the host sent');
  assert.strictEqual(state.diagnostics, state.sentDiagnostics, 'the webview listed every diagnostic the host sent');
  return { state, listing };
}

/** outer.arc: Outer/{readme.txt, inner.szs (Yaz0 RARC: Inner/anim/Wait.btk), Wait.btk} */
function nestedArchive(): { bytes: Uint8Array; btk: Uint8Array } {
  const btk = sample(WAIT_BTK);
  const innerRarc = buildRarc({ name: 'Inner', children: [{ name: 'anim', children: [{ name: 'Wait.btk', data: btk }] }] }).bytes;
  const outer = buildRarc({
    name: 'Outer', children: [
      { name: 'readme.txt', data: new TextEncoder().encode('hello') },
      { name: 'inner.szs', data: encodeYaz0(innerRarc) },
      { name: 'Wait.btk', data: btk },
    ],
  }).bytes;
  return { bytes: encodeYaz0(outer), btk };
}

suite('AnimScope archives (in the VS Code extension host)', () => {
  let dir: string;
  let core: vscode.Uri;
  const timings: string[] = [];

  suiteSetup(async () => {
    await setUp();
    dir = tempDir('archive');
    const file = path.join(dir, 'TripodBossCore.arc');
    fs.copyFileSync(path.join(SAMPLES, CORE), file);
    fs.chmodSync(file, 0o644);
    core = vscode.Uri.file(file);
  });

  teardown(closeAll);

  suiteTeardown(() => {
    for (const t of timings) console.log(`    timing ${t}`);
  });

  test('the file system lists TripodBossCore.arc exactly (names, types, sizes)', async () => {
    const t0 = performance.now();
    const top = await vscode.workspace.fs.readDirectory(rootOf(core));
    timings.push(`list TripodBossCore.arc (cold: read + Yaz0 + parse) ${(performance.now() - t0).toFixed(1)} ms`);
    assert.deepStrictEqual(top, [['TripodBossCore', vscode.FileType.Directory]]);
    const t1 = performance.now();
    const files = await vscode.workspace.fs.readDirectory(inner(core, 'TripodBossCore'));
    timings.push(`list TripodBossCore/ (cached) ${(performance.now() - t1).toFixed(1)} ms`);
    const expected = openAnyArchive(sample(CORE), new DiagnosticSink()).entries.filter((e) => e.kind === 'file');
    assert.deepStrictEqual(files.map(([n]) => n), expected.map((e) => e.name));
    assert.deepStrictEqual(files.map(([n]) => n), ['2ndDemo.bck', '2ndDemo.brk', '2ndDemo.btk', 'TripodBossCore.bdl', 'TripodBossCore.kcl',
      'TripodBossCore.pa', 'Wait.bck', 'Wait.brk', 'Wait.btk']);
    assert.ok(files.every(([, t]) => t === vscode.FileType.File));
    for (const e of expected) {
      const s = await vscode.workspace.fs.stat(inner(core, e.path));
      assert.strictEqual(s.size, e.size, `${e.path} size`);
      assert.strictEqual(s.type, vscode.FileType.File);
      assert.ok((s.permissions ?? 0) & vscode.FilePermission.Readonly, `${e.path} is read-only`);
    }
    const rootStat = await vscode.workspace.fs.stat(rootOf(core));
    assert.strictEqual(rootStat.type, vscode.FileType.Directory);
    // case-insensitive fallback, like the game
    assert.strictEqual((await vscode.workspace.fs.stat(inner(core, 'tripodbosscore/WAIT.BTK'))).size, 320);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(inner(core, 'TripodBossCore/Missing.bck'))), (e: unknown) =>
      e instanceof vscode.FileSystemError && e.code === 'FileNotFound');
  });

  test('readFile of TripodBossCore/Wait.btk is byte-identical to the extracted sample', async () => {
    const bytes = await vscode.workspace.fs.readFile(inner(core, 'TripodBossCore/Wait.btk'));
    assert.deepStrictEqual(Buffer.from(bytes), Buffer.from(sample(WAIT_BTK)));
  });

  test('Wait.btk inside the archive opens in the AnimScope editor and renders like the loose file', async () => {
    const uri = inner(core, 'TripodBossCore/Wait.btk');
    const since = Date.now();
    const t0 = performance.now();
    await vscode.commands.executeCommand('vscode.openWith', uri, VIEW_TYPE);
    assertActiveCustomEditor(VIEW_TYPE, uri);
    const state = await waitForRender(uri, since);
    timings.push(`open TripodBossCore/Wait.btk from the archive → rendered ${(performance.now() - t0).toFixed(1)} ms`);
    const decoded = decode(sample(WAIT_BTK), 'Wait.btk');
    assertRenderedMatches(state, decoded);
    assert.strictEqual(state.format, 'btk');
    assert.strictEqual(state.byteLength, 320);
    assert.strictEqual(state.fileName, 'Wait.btk');
  });

  test('Export to JSON works for a file inside the archive (explicit target)', async () => {
    const uri = inner(core, 'TripodBossCore/Wait.btk');
    const target = vscode.Uri.file(path.join(dir, 'TripodBossCore_Wait.btk.json'));
    await vscode.commands.executeCommand('animscope.exportJson', uri, target);
    const json = JSON.parse(fs.readFileSync(target.fsPath, 'utf8')) as Record<string, unknown>;
    assert.ok(JSON.stringify(json).includes('Wait.btk'), 'the export names the inner file');
  });

  test('writes are refused with NoPermissions', async () => {
    const uri = inner(core, 'TripodBossCore/Wait.btk');
    const noPermissions = (e: unknown): boolean => e instanceof vscode.FileSystemError && e.code === 'NoPermissions';
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(uri, new Uint8Array([1]))), noPermissions);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.delete(uri)), noPermissions);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.rename(uri, inner(core, 'TripodBossCore/x.btk'))), noPermissions);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.createDirectory(inner(core, 'TripodBossCore/new'))), noPermissions);
    assert.deepStrictEqual(Buffer.from(await vscode.workspace.fs.readFile(uri)), Buffer.from(sample(WAIT_BTK)), 'unchanged');
  });

  test('the archive overview lists every entry with offsets and formats; opening Wait.btk renders it', async () => {
    const t0 = performance.now();
    const { state, listing } = await openOverview(core);
    timings.push(`archive overview TripodBossCore.arc: listed in ${state.listMs} ms, rendered ${state.renderedMs} ms after resolve (${(performance.now() - t0).toFixed(1)} ms total)`);
    assert.strictEqual(listing.fileName, 'TripodBossCore.arc');
    assert.strictEqual(listing.rows.length, 10);
    assert.deepStrictEqual(listing.rows[0], { ...listing.rows[0], path: 'TripodBossCore', kind: 'folder' });
    const row = listing.rows.findIndex((r) => r.path === 'TripodBossCore/Wait.btk');
    assert.ok(row > 0);
    assert.strictEqual(listing.rows[row].format, 'btk');
    assert.strictEqual(listing.rows[row].size, 320);
    assert.strictEqual(listing.rows[row].dataOffset, 404288);
    assert.strictEqual(listing.rows.find((r) => r.path.endsWith('.bdl'))?.format, 'model', 'the model is listed as a model (it opens in AnimScope)');
    assert.ok(listing.levels[0].diagnostics.some((d) => d.code === 'ARC_SHARED_DATA'), 'the archive\'s own diagnostics are listed');
    assert.strictEqual(state.banner, false);

    const uri = vscode.Uri.parse(listing.uris[row]);
    const since = Date.now();
    const how = await vscode.commands.executeCommand<string>(T.openRow, core, row);
    assert.strictEqual(how, VIEW_TYPE);
    assertActiveCustomEditor(VIEW_TYPE, uri);
    assertRenderedMatches(await waitForRender(uri, since), decode(sample(WAIT_BTK), 'Wait.btk'));
  });

  test('opened the usual way (vscode.open), a Yaz0 .szs archive shows the overview and Wait.btk.szs the animation editor', async () => {
    const szs = vscode.Uri.file(path.join(dir, 'TripodBossCore.szs'));
    fs.copyFileSync(core.fsPath, szs.fsPath); // the shared .arc is Yaz0-compressed RARC, as .szs files are
    let since = Date.now();
    await vscode.commands.executeCommand('vscode.open', szs);
    assertActiveCustomEditor('animscope.archive.szs', szs);
    assert.strictEqual((await archiveState(szs, since)).rows, 10);
    await closeAll();

    const btkSzs = vscode.Uri.file(path.join(dir, 'Wait.btk.szs'));
    const btkSzsBytes = encodeYaz0(sample(WAIT_BTK));
    fs.writeFileSync(btkSzs.fsPath, btkSzsBytes);
    since = Date.now();
    await vscode.commands.executeCommand('vscode.open', btkSzs);
    assertActiveCustomEditor(VIEW_TYPE, btkSzs);
    assertRenderedMatches(await waitForRender(btkSzs, since), decode(btkSzsBytes, 'Wait.btk.szs'));
    await closeAll();

    // a .szs that holds one animation, not an archive: the overview says what it is and offers the editor
    const single = vscode.Uri.file(path.join(dir, 'single.szs'));
    fs.writeFileSync(single.fsPath, encodeYaz0(sample(WAIT_BTK)));
    since = Date.now();
    await vscode.commands.executeCommand('vscode.open', single);
    assertActiveCustomEditor('animscope.archive.szs', single);
    await archiveState(single, since);
    const listing = await vscode.commands.executeCommand<Listing>(T.listing, single);
    assert.deepStrictEqual(listing.notArchive, { detected: 'btk', animation: true });
  });

  test('a corrupt archive (bad magic, truncated) gives an empty/partial tree and diagnostics, never an error', async () => {
    const bad = sample(CORE).slice();
    bad[0] = 0x58; // 'Yaz0' → 'Xaz0': not Yaz0, not RARC
    const badFile = vscode.Uri.file(path.join(dir, 'badmagic.arc'));
    fs.writeFileSync(badFile.fsPath, bad);
    assert.deepStrictEqual(await vscode.workspace.fs.readDirectory(rootOf(badFile)), []);
    const badView = await openOverview(badFile);
    assert.strictEqual(badView.listing.rows.length, 0);
    assert.ok(badView.state.diagnostics >= 1);
    assert.ok(badView.listing.levels[0].diagnostics.some((d) => d.code === 'ARC_MAGIC'));
    assert.ok(badView.listing.notArchive, 'said not to be an archive');
    await closeAll();

    const truncatedFile = vscode.Uri.file(path.join(dir, 'truncated.arc'));
    fs.writeFileSync(truncatedFile.fsPath, sample(CORE).subarray(0, 2000));
    const t0 = performance.now();
    const top = await vscode.workspace.fs.readDirectory(rootOf(truncatedFile));
    assert.ok(performance.now() - t0 < 5000, 'no hang');
    assert.ok(top.length <= 1);
    const cut = await openOverview(truncatedFile);
    assert.ok(cut.state.diagnostics >= 1, 'diagnostics for the truncated archive');
    assert.ok(cut.listing.rows.length <= 10, 'at most the entries of the whole archive');
    assert.ok(cut.listing.levels[0].diagnostics.some((d) => /YAZ0|ARC_/.test(d.code)), JSON.stringify(cut.listing.levels[0].diagnostics.map((d) => d.code)));
    // an entry whose data was cut reads as what is there, not more
    for (const r of cut.listing.rows.filter((x) => x.kind === 'file')) {
      const bytes = await vscode.workspace.fs.readFile(inner(truncatedFile, r.path));
      assert.ok(bytes.length <= r.size, `${r.path}: ${bytes.length} <= ${r.size}`);
    }

    const empty = vscode.Uri.file(path.join(dir, 'empty.arc'));
    fs.writeFileSync(empty.fsPath, new Uint8Array(0));
    assert.deepStrictEqual(await vscode.workspace.fs.readDirectory(rootOf(empty)), []);
  });

  test('the overview puts every archive\'s diagnostics in the Problems panel (a nested one named by its path) while it is open', async () => {
    // Outer/Core.arc is the shared TripodBossCore.arc (it reports ARC_SHARED_DATA); the outer archive is clean
    const file = vscode.Uri.file(path.join(dir, 'problems.arc'));
    fs.writeFileSync(file.fsPath, encodeYaz0(buildRarc({ name: 'Outer', children: [{ name: 'Core.arc', data: sample(CORE) }] }).bytes));
    await openOverview(file);
    const entries = await waitForProblems(file, 'ARC_SHARED_DATA of the nested archive', (d) => d.some((x) => codeOf(x) === 'ARC_SHARED_DATA'));
    const shared = entries.filter((x) => codeOf(x) === 'ARC_SHARED_DATA');
    for (const entry of shared) {
      assert.match(entry.message, /^\[Outer\/Core\.arc 0x[0-9A-F]{8}\] "TripodBossCore\//, 'named by the nested archive\'s path');
      assert.strictEqual(entry.severity, vscode.DiagnosticSeverity.Information);
      assert.strictEqual(typeof entry.code, 'string', 'no reveal link: the overview has no byte view');
    }
    await closeAll();
    await waitForProblems(file, 'no entries once the overview is closed', (d) => d.length === 0);

    const bad = sample(CORE).slice();
    bad[0] = 0x58; // not Yaz0, not RARC
    const badFile = vscode.Uri.file(path.join(dir, 'problems-bad.arc'));
    fs.writeFileSync(badFile.fsPath, bad);
    await openOverview(badFile);
    const magic = await waitForProblems(badFile, 'ARC_MAGIC', (d) => d.some((x) => codeOf(x) === 'ARC_MAGIC'));
    const error = magic.find((x) => codeOf(x) === 'ARC_MAGIC')!;
    assert.strictEqual(error.severity, vscode.DiagnosticSeverity.Error);
    assert.match(error.message, /^\[0x00000000\] /);
  });

  test('nested archives: an archive inside an archive is a folder; its files read and open', async () => {
    const { bytes, btk } = nestedArchive();
    const file = vscode.Uri.file(path.join(dir, 'outer.arc'));
    fs.writeFileSync(file.fsPath, bytes);
    const outerList = await vscode.workspace.fs.readDirectory(inner(file, 'Outer'));
    assert.deepStrictEqual(outerList, [['readme.txt', vscode.FileType.File], ['inner.szs', vscode.FileType.Directory], ['Wait.btk', vscode.FileType.File]]);
    assert.deepStrictEqual(await vscode.workspace.fs.readDirectory(inner(file, 'Outer/inner.szs')), [['Inner', vscode.FileType.Directory]]);
    const nested = inner(file, 'Outer/inner.szs/Inner/anim/Wait.btk');
    assert.deepStrictEqual(Buffer.from(await vscode.workspace.fs.readFile(nested)), Buffer.from(btk));
    // the "nested outer" form names the same file
    const viaOuter = vscode.Uri.from({ scheme: SCHEME, path: '/Inner/anim/Wait.btk', query: inner(file, 'Outer/inner.szs').toString() });
    assert.deepStrictEqual(Buffer.from(await vscode.workspace.fs.readFile(viaOuter)), Buffer.from(btk));

    const since = Date.now();
    await vscode.commands.executeCommand('vscode.openWith', nested, VIEW_TYPE);
    assertRenderedMatches(await waitForRender(nested, since), decode(btk, 'Wait.btk'));
    await closeAll();

    const { listing } = await openOverview(file);
    assert.deepStrictEqual(listing.rows.map((r) => [r.path, r.kind, r.depth]), [
      ['Outer', 'folder', 0], ['Outer/readme.txt', 'file', 0], ['Outer/inner.szs', 'archive', 0],
      ['Outer/inner.szs/Inner', 'folder', 1], ['Outer/inner.szs/Inner/anim', 'folder', 1], ['Outer/inner.szs/Inner/anim/Wait.btk', 'file', 1],
      ['Outer/Wait.btk', 'file', 0],
    ]);
    assert.strictEqual(listing.rows[2].compression, 'yaz0');
    assert.strictEqual(listing.levels.length, 2);
    assert.strictEqual(listing.levels[1].path, 'Outer/inner.szs');
  });

  test('a PKS archive lists its entries and the overview shows the "less tested" banner', async () => {
    const btk = sample(WAIT_BTK);
    const { bytes } = buildPks([{ name: 'WAIT.BTK', data: btk }, { name: 'NOTE.TXT', data: new TextEncoder().encode('x') }]);
    const file = vscode.Uri.file(path.join(dir, 'test.pks'));
    fs.writeFileSync(file.fsPath, bytes);
    assert.deepStrictEqual((await vscode.workspace.fs.readDirectory(rootOf(file))).map(([n]) => n), ['WAIT.BTK', 'NOTE.TXT']);
    assert.deepStrictEqual(Buffer.from(await vscode.workspace.fs.readFile(inner(file, 'WAIT.BTK'))), Buffer.from(btk));
    const { state, listing } = await openOverview(file);
    assert.strictEqual(state.banner, true);
    assert.strictEqual(listing.lessTested, true);
    assert.strictEqual(listing.rows.find((r) => r.name === 'WAIT.BTK')?.format, 'btk');
  });

  test('hostile entry names become safe path segments and still read', async () => {
    const data = new TextEncoder().encode('evil');
    const rarc = buildRarc({ name: 'Root', children: [{ name: '..', data }, { name: 'a/b', data }, { name: 'a_b', data }] }).bytes;
    const file = vscode.Uri.file(path.join(dir, 'hostile.arc'));
    fs.writeFileSync(file.fsPath, rarc);
    const names = (await vscode.workspace.fs.readDirectory(inner(file, 'Root'))).map(([n]) => n);
    for (const n of names) {
      assert.ok(!n.includes('/') && n !== '..' && n !== '.', `safe segment ${JSON.stringify(n)}`);
      assert.deepStrictEqual(Buffer.from(await vscode.workspace.fs.readFile(inner(file, `Root/${n}`))), Buffer.from(data));
    }
    assert.strictEqual(new Set(names).size, names.length, 'unique segments');
  });

  test('animscope.browseArchive: workspace folder mode gives a folder whose files open; Archive view mode shows it', async () => {
    const planned = await vscode.commands.executeCommand<{ mode: string; root: string; name: string }>(BROWSE, core, 'workspaceFolder', { dryRun: true });
    assert.strictEqual(planned.mode, 'workspaceFolder');
    assert.strictEqual(planned.name, 'TripodBossCore.arc (archive)');
    const root = vscode.Uri.parse(planned.root);
    assert.strictEqual(root.scheme, SCHEME);
    const [[folder]] = await vscode.workspace.fs.readDirectory(root);
    const file = vscode.Uri.joinPath(root, folder, 'Wait.btk');
    assert.strictEqual(file.query, root.query, 'joinPath keeps the archive');
    const since = Date.now();
    await vscode.commands.executeCommand('vscode.open', file);
    assertActiveCustomEditor(VIEW_TYPE, file); // a .btk opens in AnimScope by default, inside an archive too
    assert.strictEqual((await waitForRender(file, since)).format, 'btk');

    const shown = await vscode.commands.executeCommand<{ mode: string; root: string }>(BROWSE, core, 'archiveView');
    assert.strictEqual(shown.mode, 'archiveView');
    const roots = await vscode.commands.executeCommand<string[]>(T.viewRoots);
    assert.ok(roots.includes(core.toString()), 'the Archive view lists the archive');
  });

  test('changing the archive on disk reloads an animation open from it', async () => {
    const file = vscode.Uri.file(path.join(dir, 'changing.arc'));
    const btk = sample(WAIT_BTK);
    fs.writeFileSync(file.fsPath, buildRarc({ name: 'Root', children: [{ name: 'Wait.btk', data: btk }] }).bytes);
    const uri = inner(file, 'Root/Wait.btk');
    const since = Date.now();
    await vscode.commands.executeCommand('vscode.openWith', uri, VIEW_TYPE);
    const first = await waitForRender(uri, since);
    assert.strictEqual(first.documentVersion, 1);
    await sleep(1100); // past the provider's stat revalidation interval
    const other = sample('j3d/smg/TripodBossCore/2ndDemo.btk');
    fs.writeFileSync(file.fsPath, buildRarc({ name: 'Root', children: [{ name: 'Wait.btk', data: other }] }).bytes);
    const reloaded = await waitForRender(uri, since, (s) => s.documentVersion >= 2, 20000);
    assert.strictEqual(reloaded.byteLength, other.length);
  });

  test('the cache stays bounded', async () => {
    const stats = await vscode.commands.executeCommand<{ archives: number; bytes: number }>(T.cache);
    assert.ok(stats.archives <= 16 && stats.bytes < 768 * 1024 * 1024, JSON.stringify(stats));
  });
});
