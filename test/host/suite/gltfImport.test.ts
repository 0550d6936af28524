/**
 * Runs INSIDE the extension host: "AnimScope: Import Animation from glTF…" (animscope.importGltf,
 * issue 29) on a model inside an archive and on a loose model, given the glTF and the animations so
 * that no dialog opens. The glTF is what `animscope gltf` wrote; each animation comes back as its
 * own kind, into the archive (the entries it replaces; every other entry byte-identical) or beside
 * the loose model, and samples like the original (`animscope sample`: step tracks exactly, keyed
 * ones within the import's tolerance).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { describeTracks } from '../../../src/kinds/describe';
import { decode } from '../../../src/formats/index';
import type { RenderState } from '../../../src/extension/editorProvider';
import { archiveEntries, closeAll, copySample, decodeFile, openWith, runCli, setUp, tempDir, waitForRender } from './helpers';


/** Every track of b within `limit(unit)` of a's at every frame 0 … duration. */
function samplesAgree(a: Uint8Array, b: Uint8Array, name: string, limit: (unit: string) => number): void {
  const [x, y] = [decode(a, name).anim!, decode(b, name).anim!];
  const mine = new Map(describeTracks(y).map((t) => [t.path, t]));
  const duration = (x as { duration: number }).duration;
  for (const t of describeTracks(x)) {
    for (let f = 0; f <= duration; f++) {
      let d = Math.abs(t.evaluate(f) - mine.get(t.path)!.evaluate(f));
      // a rotation is the same rotation a whole turn away
      if (t.unit === 'degrees') d = Math.min(d % 360, 360 - (d % 360));
      assert.ok(d <= limit(t.unit), `${name} ${t.path} at frame ${f}: off by ${d}`);
    }
  }
}

suite('AnimScope: Import Animation from glTF… (in the VS Code extension host)', () => {
  let dir: string;
  suiteSetup(async () => {
    await setUp();
    dir = tempDir('gltf-import');
  });
  teardown(closeAll);

  test('onto a model inside an archive: Walk.bck and Blink.btp come back into Kuribo.arc; every other entry is byte-identical', async () => {
    const archive = copySample(dir, 'archives/Kuribo.arc');
    runCli(['gltf', 'Kuribo.arc/Kuribo/Kuribo.bdl', 'Kuribo.arc/Kuribo/Walk.bck', 'Kuribo.arc/Kuribo/Blink.btp', '-o', 'Kuribo.glb'], dir);
    const before = archiveEntries(archive.file);
    const model = vscode.Uri.from({ scheme: 'animscope-archive', path: '/Kuribo/Kuribo.bdl', query: archive.uri.toString() });
    await openWith(model);
    const written = await vscode.commands.executeCommand<vscode.Uri[]>('animscope.importGltf', model, vscode.Uri.file(path.join(dir, 'Kuribo.glb')),
      { animations: ['Walk', 'Blink'], replace: true, open: false });
    assert.deepStrictEqual(written?.map((u) => u.path), ['/Kuribo/Walk.bck', '/Kuribo/Blink.btp']);
    const after = archiveEntries(archive.file);
    assert.deepStrictEqual([...after.keys()], [...before.keys()], 'the same entries in the same order');
    for (const [name, bytes] of before) {
      if (name === 'Kuribo/Walk.bck' || name === 'Kuribo/Blink.btp') continue;
      assert.ok(after.get(name)!.equals(bytes), `${name} is byte-identical`);
    }
    samplesAgree(before.get('Kuribo/Blink.btp')!, after.get('Kuribo/Blink.btp')!, 'Blink.btp', () => 0);
    samplesAgree(before.get('Kuribo/Walk.bck')!, after.get('Kuribo/Walk.bck')!, 'Walk.bck', (u) => (u === 'degrees' ? 0.1 : u === 'units' ? 0.01 : 1e-3));
  });

  test('a new animation goes into the archive as a new entry beside the model; every other entry is byte-identical', async () => {
    const sub = fs.mkdtempSync(path.join(dir, 'add-'));
    const archive = copySample(sub, 'archives/Kuribo.arc');
    // Walk.bck under another name, exported with the model: its glTF animation is "Stroll", which the archive does not hold
    runCli(['extract', 'Kuribo.arc', 'Kuribo/Kuribo.bdl', 'Kuribo/Walk.bck', '-o', 'loose'], sub);
    fs.renameSync(path.join(sub, 'loose/Kuribo/Walk.bck'), path.join(sub, 'loose/Kuribo/Stroll.bck'));
    runCli(['gltf', 'loose/Kuribo/Kuribo.bdl', 'loose/Kuribo/Stroll.bck', '-o', 'Stroll.glb'], sub);
    const before = archiveEntries(archive.file);
    assert.ok(!before.has('Kuribo/Stroll.bck'));
    const model = vscode.Uri.from({ scheme: 'animscope-archive', path: '/Kuribo/Kuribo.bdl', query: archive.uri.toString() });
    const written = await vscode.commands.executeCommand<vscode.Uri[]>('animscope.importGltf', model, vscode.Uri.file(path.join(sub, 'Stroll.glb')),
      { animations: ['Stroll'], open: false });
    assert.deepStrictEqual(written?.map((u) => u.path), ['/Kuribo/Stroll.bck']);
    const after = archiveEntries(archive.file);
    assert.deepStrictEqual([...after.keys()].filter((k) => k !== 'Kuribo/Stroll.bck'), [...before.keys()], 'the old entries, in their order');
    for (const [name, bytes] of before) assert.ok(after.get(name)!.equals(bytes), `${name} is byte-identical`);
    samplesAgree(before.get('Kuribo/Walk.bck')!, after.get('Kuribo/Stroll.bck')!, 'Stroll.bck', (u) => (u === 'degrees' ? 0.1 : u === 'units' ? 0.01 : 1e-3));
    // the archive's file system lists it, and the editor opens it
    const entry = vscode.Uri.from({ scheme: 'animscope-archive', path: '/Kuribo/Stroll.bck', query: archive.uri.toString() });
    assert.strictEqual((await vscode.workspace.fs.stat(entry)).type, vscode.FileType.File);
    await openWith(entry);
  });

  test('a preview first: the imported animation plays on a copy of the model in a temporary folder; Cancel writes nothing and leaves no folder, Write writes', async () => {
    const sub = fs.mkdtempSync(path.join(dir, 'preview-'));
    const model = copySample(sub, 'mkdd/objects/mariotree1.bmd');
    const source = copySample(sub, 'mkdd/objects/mariotree1_wait.bca', 'source.bca');
    runCli(['gltf', 'mariotree1.bmd', 'source.bca', '-o', 'tree.glb'], sub);
    const previews = (): string[] => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('animscope-import-'));
    const before = previews();
    const glb = vscode.Uri.file(path.join(sub, 'tree.glb'));
    // the existing source.bca is compared with the import: the question says by how much they
    // differ, and its curves are drawn under the imported ones (every track of the group shown)
    let shown: RenderState | undefined;
    const since = Date.now();
    const cancelled = await vscode.commands.executeCommand<vscode.Uri[] | undefined>('animscope.importGltf', model.uri, glb, {
      animations: ['source'], preview: true,
      confirm: async ([previewed]: vscode.Uri[]) => {
        shown = await waitForRender(previewed, since, (s) => s.counts.tracks > 0);
        return 'Cancel';
      },
    });
    assert.ok(shown && shown.counts.tracks > 0, 'the preview shows curves');
    assert.strictEqual(shown.counts.referenceTracks, shown.counts.tracks, 'source.bca drawn under every track of the group shown');
    assert.strictEqual(cancelled, undefined);
    assert.deepStrictEqual(fs.readdirSync(sub).sort(), ['mariotree1.bmd', 'source.bca', 'tree.glb'], 'nothing written beside the model');
    assert.ok(fs.readFileSync(source.file).equals(Buffer.from(source.decoded.bytes)), 'the existing file untouched');
    fs.rmSync(source.file);
    assert.deepStrictEqual(previews(), before, 'the preview folder is gone');
    let alone: RenderState | undefined;
    const written = await vscode.commands.executeCommand<vscode.Uri[]>('animscope.importGltf', model.uri, glb, {
      animations: ['source'], preview: true, open: false,
      confirm: async ([previewed]: vscode.Uri[]) => {
        alone = await waitForRender(previewed, Date.now() - 1, (s) => s.counts.tracks > 0);
        return 'Write';
      },
    });
    assert.strictEqual(alone?.counts.referenceTracks, undefined, 'no file to replace: no pale curves');
    assert.deepStrictEqual(written?.map((u) => path.basename(u.fsPath)), ['source.bca']);
    assert.strictEqual(decodeFile(path.join(sub, 'source.bca')).format, 'bca');
    assert.deepStrictEqual(previews(), before);
  });

  test('onto a loose model: the BCA comes back as a BCA beside it, and opens in the editor', async () => {
    const sub = fs.mkdtempSync(path.join(dir, 'tree-'));
    const model = copySample(sub, 'mkdd/objects/mariotree1.bmd');
    const original = copySample(sub, 'mkdd/objects/mariotree1_wait.bca', 'source.bca');
    runCli(['gltf', 'mariotree1.bmd', 'source.bca', '-o', 'tree.glb'], sub);
    const written = await vscode.commands.executeCommand<vscode.Uri[]>('animscope.importGltf', model.uri, vscode.Uri.file(path.join(sub, 'tree.glb')), { animations: ['source'], replace: true });
    assert.deepStrictEqual(written?.map((u) => path.basename(u.fsPath)), ['source.bca']);
    const back = decodeFile(path.join(sub, 'source.bca'));
    assert.strictEqual(back.format, 'bca');
    samplesAgree(new Uint8Array(fs.readFileSync(path.join(sub, 'source.bca'))), original.decoded.bytes, 'source.bca', (u) => (u === 'degrees' ? 180 / 32768 + 1e-6 : 1e-4));
    assert.strictEqual(vscode.window.tabGroups.activeTabGroup.activeTab?.label, 'source.bca', 'the imported file is open');
  });
});
