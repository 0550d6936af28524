/**
 * Runs INSIDE the VS Code extension host. Model binding: a BCK/BTK next to its model (extracted from
 * the shared TripodBossCore.arc) binds automatically; "AnimScope: Bind Model…" with arguments binds
 * another model (MDL_JOINT_COUNT in the Problems panel), remembers it across close/reopen, goes back
 * to automatic, clears; BTK material bindings; export JSON carries the joint names; and, when the
 * archive file system provider is registered, the same from inside the archive.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ExportDocument } from '../../../src/export/json';
import { resolveInArchive } from '../../../src/formats/archive/archive-path';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decode } from '../../../src/formats/index';
import { decodeModel } from '../../../src/formats/model/index';
import { specFor } from '../../../src/kinds/registry';
import {
  closeAll, codeOf, openWith, problems, SAMPLES, setUp, tempDir, waitForProblems, waitForRender,
} from './helpers';

const BIND = 'animscope.bindModel';
const CORE_JOINTS = ['TriPodBossCore', 'CoreLight', 'HeadLightCone', 'HeadLight', 'MetalBody1'];

function extract(archive: string, inner: string, target: string): vscode.Uri {
  const bytes = resolveInArchive(new Uint8Array(fs.readFileSync(path.join(SAMPLES, 'archives', archive))), inner, new DiagnosticSink());
  assert.ok(bytes, `${inner} is in ${archive}`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, bytes);
  return vscode.Uri.file(target);
}

suite('Model binding (BMD/BDL beside the animation)', () => {
  let bck: vscode.Uri;
  let btk: vscode.Uri;
  let foot: vscode.Uri;

  suiteSetup(async () => {
    await setUp();
    const dir = tempDir('model');
    // the game's layout: the object's folder holds <Folder>.bdl and its animations
    extract('TripodBossCore.arc', 'TripodBossCore/TripodBossCore.bdl', path.join(dir, 'TripodBossCore', 'TripodBossCore.bdl'));
    bck = extract('TripodBossCore.arc', 'TripodBossCore/2ndDemo.bck', path.join(dir, 'TripodBossCore', '2ndDemo.bck'));
    btk = extract('TripodBossCore.arc', 'TripodBossCore/Wait.btk', path.join(dir, 'TripodBossCore', 'Wait.btk'));
    foot = extract('TripodBossFoot.arc', 'TripodBossFoot/TripodBossFoot.bdl', path.join(dir, 'TripodBossFoot', 'TripodBossFoot.bdl'));
  });

  teardown(closeAll);

  suiteTeardown(async () => {
    // leave no remembered choice behind for other suites
    for (const uri of [bck, btk]) if (uri) await vscode.commands.executeCommand(BIND, uri, 'auto');
  });

  test('each real kind beyond BCK/BTK/BRK opens beside its model with every group offered and the first one drawn', async () => {
    const dir = tempDir('kinds');
    const kinds: [archive: string, folder: string, anim: string, model: string][] = [
      ['CrystalSwitch.arc', 'CrystalSwitch', 'On.bpk', 'CrystalSwitch.bdl'],
      ['Kuribo.arc', 'Kuribo', 'Blink.btp', 'Kuribo.bdl'],
      ['PowerStar.arc', 'PowerStar', 'PowerStarColor.bva', 'PowerStar.bdl'],
      ['PowerStar.arc', 'PowerStar', 'PowerStarColor.btp', 'PowerStar.bdl'],
    ];
    for (const [archive, folder, anim, model] of kinds) {
      extract(archive, `${folder}/${model}`, path.join(dir, folder, model));
      const uri = extract(archive, `${folder}/${anim}`, path.join(dir, folder, anim));
      const decoded = decode(new Uint8Array(fs.readFileSync(uri.fsPath)), anim);
      const groups = specFor(decoded.anim!).groups.count(decoded.anim!);
      const since = Date.now();
      await openWith(uri);
      const state = await waitForRender(uri, since, (s) => s.counts.model !== undefined);
      assert.strictEqual(state.counts.model?.fileName, model, `${anim}: bound to the model beside it`);
      assert.strictEqual(state.counts.groups, groups, `${anim}: the picker offers every group`);
      assert.ok(state.counts.tracks > 0, `${anim}: the first group's curves are drawn`);
      await closeAll();
    }
  });

  test('opening 2ndDemo.bck finds TripodBossCore.bdl beside it: 5 named joints, a 4-bone skeleton', async () => {
    const since = Date.now();
    await openWith(bck);
    const state = await waitForRender(bck, since, (s) => s.counts.model !== undefined);
    assert.strictEqual(state.counts.model?.fileName, 'TripodBossCore.bdl');
    assert.deepStrictEqual(state.counts.model?.jointNames, CORE_JOINTS);
    assert.strictEqual(state.counts.model?.skeletonBones, 4, 'bones drawn by the skeleton view');
    assert.ok(state.consistent, 'the echo matches what the host sent (diagnostics included)');
    assert.ok(!problems(bck).some((d) => codeOf(d)?.startsWith('MDL_')), 'no binding problem with the right model');
  });

  test('Bind Model… with a 1-joint model reports MDL_JOINT_COUNT; the choice is remembered after close and reopen', async () => {
    let since = Date.now();
    await openWith(bck);
    await waitForRender(bck, since, (s) => s.counts.model?.fileName === 'TripodBossCore.bdl');
    since = Date.now();
    const bound = await vscode.commands.executeCommand<string | null>(BIND, bck, foot);
    assert.strictEqual(bound, foot.toString());
    const state = await waitForRender(bck, since, (s) => s.counts.model?.fileName === 'TripodBossFoot.bdl');
    const names = state.counts.model!.jointNames;
    assert.ok(names[0].length > 0, 'joint 0 is named from the foot model');
    assert.deepStrictEqual(names.slice(1), ['', '', '', ''], 'BCK joints 1…4 have no joint in a 1-joint model');
    const entries = await waitForProblems(bck, 'MDL_JOINT_COUNT', (d) => d.some((x) => codeOf(x) === 'MDL_JOINT_COUNT'));
    const entry = entries.find((x) => codeOf(x) === 'MDL_JOINT_COUNT')!;
    assert.strictEqual(entry.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(entry.message, /^\[0x0000002C\] The animation drives 5 joint\(s\) but the model has 1/);

    await closeAll();
    since = Date.now();
    await openWith(bck);
    const again = await waitForRender(bck, since, (s) => s.counts.model !== undefined);
    assert.strictEqual(again.counts.model?.fileName, 'TripodBossFoot.bdl', 'the binding is remembered per animation');
    await waitForProblems(bck, 'MDL_JOINT_COUNT after reopening', (d) => d.some((x) => codeOf(x) === 'MDL_JOINT_COUNT'));

    // Clear binding: no model at all (not even the one beside it), then back to automatic
    since = Date.now();
    assert.strictEqual(await vscode.commands.executeCommand(BIND, bck, null), null);
    const cleared = await waitForRender(bck, since, (s) => s.counts.model === undefined);
    assert.strictEqual(cleared.counts.groups, 5);
    await waitForProblems(bck, 'no MDL_ problems once cleared', (d) => !d.some((x) => codeOf(x)?.startsWith('MDL_')));
    since = Date.now();
    const auto = await vscode.commands.executeCommand<string | null>(BIND, bck, 'auto');
    assert.ok(auto?.endsWith('/TripodBossCore/TripodBossCore.bdl'), `automatic again: ${auto}`);
    await waitForRender(bck, since, (s) => s.counts.model?.fileName === 'TripodBossCore.bdl');
  });

  test('a bound model written again on disk re-binds the open animation (and again when it is restored)', async () => {
    const dir = tempDir('model-watch');
    const model = extract('TripodBossCore.arc', 'TripodBossCore/TripodBossCore.bdl', path.join(dir, 'TripodBossCore', 'TripodBossCore.bdl'));
    const anim = extract('TripodBossCore.arc', 'TripodBossCore/2ndDemo.bck', path.join(dir, 'TripodBossCore', '2ndDemo.bck'));
    const original = fs.readFileSync(model.fsPath);
    let since = Date.now();
    await openWith(anim);
    await waitForRender(anim, since, (s) => s.counts.model?.jointNames.join() === CORE_JOINTS.join());

    since = Date.now();
    fs.writeFileSync(model.fsPath, fs.readFileSync(foot.fsPath)); // "exported again", now with 1 joint
    const changed = await waitForRender(anim, since, (s) => s.counts.model?.jointNames[1] === '');
    assert.strictEqual(changed.counts.model?.fileName, 'TripodBossCore.bdl', 'still the same file');
    assert.strictEqual(changed.counts.model?.skeletonBones, 0, 'one joint: no bone');
    await waitForProblems(anim, 'MDL_JOINT_COUNT after the model changed', (d) => d.some((x) => codeOf(x) === 'MDL_JOINT_COUNT'));

    since = Date.now();
    fs.writeFileSync(model.fsPath, original);
    const restored = await waitForRender(anim, since, (s) => s.counts.model?.jointNames.join() === CORE_JOINTS.join());
    assert.strictEqual(restored.counts.model?.skeletonBones, 4);
    await waitForProblems(anim, 'no MDL_ problem once restored', (d) => !d.some((x) => codeOf(x)?.startsWith('MDL_')));
  });

  test('a damaged model binds as far as it decodes and the page lists its problems; a remembered model that is gone is said to be', async () => {
    const dir = tempDir('model-damaged');
    const anim = extract('TripodBossCore.arc', 'TripodBossCore/2ndDemo.bck', path.join(dir, 'TripodBossCore', '2ndDemo.bck'));
    const whole = extract('TripodBossCore.arc', 'TripodBossCore/TripodBossCore.bdl', path.join(dir, 'whole.bdl'));
    const damaged = vscode.Uri.file(path.join(dir, 'damaged.bdl'));
    const bytes = fs.readFileSync(whole.fsPath);
    fs.writeFileSync(damaged.fsPath, bytes.subarray(0, bytes.length >> 1)); // cut in half: JNT1 and INF1 survive
    let since = Date.now();
    await openWith(anim);
    await waitForRender(anim, since);
    since = Date.now();
    await vscode.commands.executeCommand(BIND, anim, damaged);
    const state = await waitForRender(anim, since, (s) => s.counts.model?.fileName === 'damaged.bdl');
    assert.deepStrictEqual(state.counts.model?.jointNames, CORE_JOINTS, 'the joints decoded before the cut name the animation');
    const cut = new DiagnosticSink();
    decodeModel(new Uint8Array(bytes.subarray(0, bytes.length >> 1)), cut);
    const found = cut.finish();
    assert.ok(found.some((d) => d.code === 'J3D_FILE_SIZE') && found.some((d) => d.code === 'J3D_CHUNK_SIZE'), 'the cut model reports its size');
    assert.strictEqual(state.counts.model?.fileDiagnostics, found.length, 'every problem the decoder finds in the cut model is listed');

    await closeAll();
    fs.rmSync(damaged.fsPath);
    since = Date.now();
    await openWith(anim);
    const gone = await waitForRender(anim, since);
    assert.strictEqual(gone.counts.model, undefined);
    assert.match(gone.counts.modelError ?? '', /damaged\.bdl, cannot be used: damaged\.bdl is not there any more/);
    await vscode.commands.executeCommand(BIND, anim, 'auto');
  });

  test('Bind Model… offers the models beside the animation, then the related ones of the workspace (inside TripodBossCore.arc for a loose TripodBossCore/ folder)', async () => {
    const dir = tempDir('choices');
    const loose = extract('TripodBossCore.arc', 'TripodBossCore/Wait.brk', path.join(dir, 'TripodBossCore', 'Wait.brk'));
    fs.copyFileSync(path.join(SAMPLES, 'archives', 'TripodBossCore.arc'), path.join(dir, 'TripodBossCore.arc'));
    fs.copyFileSync(path.join(SAMPLES, 'archives', 'TripodBossFoot.arc'), path.join(dir, 'TripodBossFoot.arc'));
    const choices = await vscode.commands.executeCommand<{ beside: string[]; elsewhere: string[] }>('animscope._test.modelChoices', loose);
    assert.deepStrictEqual(choices.beside, [], 'no model beside the loose copy');
    const names = choices.elsewhere.map((u) => decodeURIComponent(vscode.Uri.parse(u).path.split('/').pop() ?? ''));
    const inArchive = choices.elsewhere.findIndex((u) => u.startsWith('animscope-archive:') && u.includes('TripodBossCore.bdl'));
    assert.ok(inArchive >= 0, `TripodBossCore.bdl inside TripodBossCore.arc is offered: ${names.join(', ')}`);
    assert.strictEqual(names[0], 'TripodBossCore.bdl', `the related model comes first: ${names.join(', ')}`);
    assert.ok(!choices.elsewhere.some((u) => u.includes('TripodBossFoot.arc')), 'an unrelated archive is not opened');
  });

  test('Bind Model… refuses a file that is not a model', async () => {
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand(BIND, bck, btk)), /not a J3D model/);
  });

  test('Wait.btk binds entry 0 (EyeLight_v_x) to material 1 through TEXMTX0', async () => {
    const since = Date.now();
    await openWith(btk);
    const state = await waitForRender(btk, since, (s) => s.counts.model !== undefined);
    assert.strictEqual(state.counts.model?.fileName, 'TripodBossCore.bdl');
    assert.strictEqual(state.counts.model?.materialBindings, 1);
    assert.ok(!problems(btk).some((d) => codeOf(d) === 'MDL_MATERIAL_MISSING'), 'the model has the material');
    const target = vscode.Uri.file(btk.fsPath + '.model.json');
    await vscode.commands.executeCommand('animscope.exportJson', btk, target);
    const doc = JSON.parse(fs.readFileSync(target.fsPath, 'utf8')) as ExportDocument;
    assert.deepStrictEqual(doc.model?.materialBindings, [
      { group: 'entries', entry: 0, materialName: 'EyeLight_v_x', materialIndex: 1, texMtxSlot: 'TEXMTX0' },
    ]);
  });

  test('Export to JSON of the bound BCK adds the model section with the joint names', async () => {
    const since = Date.now();
    await openWith(bck);
    await waitForRender(bck, since, (s) => s.counts.model?.fileName === 'TripodBossCore.bdl');
    const target = vscode.Uri.file(bck.fsPath + '.model.json');
    await vscode.commands.executeCommand('animscope.exportJson', bck, target);
    const doc = JSON.parse(fs.readFileSync(target.fsPath, 'utf8')) as ExportDocument;
    assert.strictEqual(doc.schemaVersion, 3);
    assert.strictEqual(doc.model?.file, 'TripodBossCore.bdl');
    assert.strictEqual(doc.model?.jointCount, 5);
    assert.deepStrictEqual(doc.model?.jointNames, CORE_JOINTS);
    assert.strictEqual(doc.model?.materials.length, 5);
  });

  test('inside TripodBossCore.arc (archive file system), 2ndDemo.bck binds TripodBossCore.bdl of the same archive folder', async () => {
    const dir = tempDir('model-arc');
    const arc = path.join(dir, 'TripodBossCore.arc');
    fs.copyFileSync(path.join(SAMPLES, 'archives', 'TripodBossCore.arc'), arc);
    fs.chmodSync(arc, 0o644);
    const inner = vscode.Uri.from({ scheme: 'animscope-archive', path: '/TripodBossCore/2ndDemo.bck', query: vscode.Uri.file(arc).toString() });
    // a broken or unregistered archive file system provider fails here (it must not hide the test)
    const stat = await vscode.workspace.fs.stat(inner).then((x) => x, (e: unknown) => assert.fail(`stat ${inner.toString()}: ${String(e)}`));
    assert.strictEqual(stat.type, vscode.FileType.File);
    const since = Date.now();
    await openWith(inner);
    const state = await waitForRender(inner, since, (s) => s.counts.model !== undefined);
    assert.strictEqual(state.counts.model?.fileName, 'TripodBossCore.bdl');
    assert.deepStrictEqual(state.counts.model?.jointNames, CORE_JOINTS);
    assert.strictEqual(state.counts.model?.skeletonBones, 4);
  });
});
