/**
 * Runs INSIDE the VS Code extension host. Editing (issue 28): an edit applied the way the page's
 * `edit` message applies it (animscope._test.applyEdit), VS Code's own undo, redo and save, the
 * archive written back with every other entry byte-identical, revert, and the read-only reasons.
 * Expected values come from the files' bytes (FORMATS.md §1–§2, §5), read back with decode().
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { describeTracks } from '../../../src/anim/describe';
import { decompressEntry, extractAny, openAnyArchive } from '../../../src/formats/archive/archive';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decode } from '../../../src/formats/index';
import type { EditRequest } from '../../../src/wire/protocol';
import { closeAll, copySample, openWith, setUp, tempDir, waitFor, waitForRender } from './helpers';

const APPLY_EDIT = 'animscope._test.applyEdit';
const EDIT_STATE = 'animscope._test.editState';

interface EditState { dirty: boolean; readOnly: string | null; version: number; byteLength: number }

const editState = (uri: vscode.Uri): Thenable<EditState | undefined> => vscode.commands.executeCommand<EditState | undefined>(EDIT_STATE, uri);
const applyEdit = (uri: vscode.Uri, label: string, edits: EditRequest[]): Thenable<string | undefined> =>
  vscode.commands.executeCommand<string | undefined>(APPLY_EDIT, uri, label, edits);

/** The archive's files, decompressed, by inner path. */
function entries(file: string): Map<string, Buffer> {
  const archive = openAnyArchive(new Uint8Array(fs.readFileSync(file)), new DiagnosticSink(), { detectEntries: false });
  return new Map(archive.entries.filter((e) => e.kind === 'file')
    .map((e) => [e.path, Buffer.from(decompressEntry(extractAny(archive, e), new DiagnosticSink()))]));
}

/** Walk.bck's ANK1 duration: the s16 at 0x2A (chunk at 0x20, +0x0A). */
const durationOf = (walk: Buffer): number => walk.readInt16BE(0x2a);

async function waitForState(uri: vscode.Uri, what: string, accept: (s: EditState) => boolean): Promise<EditState> {
  return waitFor(what, async () => {
    const s = await editState(uri);
    return s && accept(s) ? s : undefined;
  }, 10000);
}

suite('AnimScope editing: undo, redo, save, inside archives (in the VS Code extension host)', () => {
  let dir: string;
  let autoSave: unknown;
  suiteSetup(async () => {
    await setUp();
    dir = tempDir('editing');
    // code-server saves edited files after a delay: these tests save themselves
    const files = vscode.workspace.getConfiguration('files');
    autoSave = files.inspect('autoSave')?.globalValue;
    await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', autoSave, vscode.ConfigurationTarget.Global);
  });
  teardown(async () => {
    // an editor with unsaved changes would ask before closing
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await closeAll();
  });

  test('Walk.bck inside Kuribo.arc: edit, undo, redo, save; the archive holds the value and every other entry is byte-identical', async () => {
    const arc = copySample(dir, 'archives/Kuribo.arc');
    const before = entries(arc.file);
    assert.strictEqual(durationOf(before.get('Kuribo/Walk.bck')!), 40);
    const uri = vscode.Uri.from({ scheme: 'animscope-archive', path: '/Kuribo/Walk.bck', query: arc.uri.toString() });
    const since = Date.now();
    await openWith(uri);
    await waitForRender(uri, since);
    assert.deepStrictEqual(await editState(uri), { dirty: false, readOnly: null, version: 1, byteLength: before.get('Kuribo/Walk.bck')!.length });

    const edited = Date.now();
    assert.strictEqual(await applyEdit(uri, 'Edit ANK1/duration', [{ kind: 'field', path: 'ANK1/duration', value: 60 }]), undefined);
    let state = await waitForState(uri, 'the edit', (s) => s.dirty);
    const rendered = await waitForRender(uri, edited, (s) => s.documentVersion === state.version);
    assert.ok(rendered.consistent, 'the page rendered the edited file');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab!;
    assert.ok(tab.isDirty, 'the tab shows unsaved changes');

    await vscode.commands.executeCommand('undo');
    state = await waitForState(uri, 'undo', (s) => !s.dirty);
    await vscode.commands.executeCommand('redo');
    state = await waitForState(uri, 'redo', (s) => s.dirty);

    // a refused edit changes nothing and says why
    const refusal = await applyEdit(uri, 'Edit ANK1/duration', [{ kind: 'field', path: 'ANK1/duration', value: 70000 }]);
    assert.match(refusal ?? '', /70000 does not fit in s16/);
    assert.strictEqual((await editState(uri))!.version, state.version);

    await vscode.commands.executeCommand('workbench.action.files.save');
    await waitForState(uri, 'the save', (s) => !s.dirty);
    const after = entries(arc.file);
    assert.deepStrictEqual([...after.keys()], [...before.keys()], 'the same entries in the same order');
    for (const [p, bytes] of before) {
      if (p === 'Kuribo/Walk.bck') assert.strictEqual(durationOf(after.get(p)!), 60, 'the saved value');
      else assert.ok(after.get(p)!.equals(bytes), `${p} is byte-identical`);
    }
    const walkBefore = before.get('Kuribo/Walk.bck')!;
    const walkAfter = after.get('Kuribo/Walk.bck')!;
    assert.deepStrictEqual([...walkAfter.keys()].filter((i) => walkAfter[i] !== walkBefore[i]), [0x2b], 'only the duration byte changed');

    // reopened: the value is there
    await closeAll();
    const reopened = Date.now();
    await openWith(uri);
    await waitForRender(uri, reopened);
    const shown = await vscode.workspace.fs.readFile(uri);
    assert.strictEqual((decode(shown, 'Walk.bck').anim as { duration?: number }).duration, 60);
  });

  test('motion.bin: a MOTN key value (f16) edited and saved; nothing else in the file changes', async () => {
    const motion = copySample(dir, 'motn/motion.bin');
    const original = fs.readFileSync(motion.file);
    const since = Date.now();
    await openWith(motion.uri);
    await waitForRender(motion.uri, since);
    // bones/0/position/x of the first sequence: key 1 is stored from 1182742 (two halves); its value is the
    // second, the f16 sequences[0]/block5[1] at 1182744 (-0.0184326171875)
    const key = describeTracks(motion.decoded.anim!, 0).find((t) => t.path === 'bones/0/position/x')!.keys.at(1);
    assert.strictEqual(key.valueOffset, 1182742);
    assert.strictEqual(key.value, -0.0184326171875);
    assert.strictEqual(await applyEdit(motion.uri, 'Edit key', [{ kind: 'field', path: 'sequences[0]/block5[1]', value: 0.5 }]), undefined);
    await waitForState(motion.uri, 'the edit', (s) => s.dirty);
    await vscode.commands.executeCommand('workbench.action.files.save');
    await waitForState(motion.uri, 'the save', (s) => !s.dirty);
    const saved = fs.readFileSync(motion.file);
    const changed = [...saved.keys()].filter((i) => saved[i] !== original[i]);
    assert.ok(changed.length > 0 && changed.every((i) => i === 1182744 || i === 1182745), `only the key's two bytes changed (${changed.join(', ')})`);
    assert.strictEqual(saved.readUInt16LE(1182744), 0x3800, 'f16 0.5 is 0x3800, little-endian');
    const reread = describeTracks(decode(new Uint8Array(saved), 'motion.bin').anim!, 0).find((t) => t.path === 'bones/0/position/x')!;
    assert.strictEqual(reread.keys.at(1).value, 0.5);
  });

  test('revert drops the changes; an unedited save writes the same bytes', async () => {
    const walk = copySample(dir, 'j3d/smg/TripodBoss/StartDemo.bck');
    const original = fs.readFileSync(walk.file);
    const since = Date.now();
    await openWith(walk.uri);
    await waitForRender(walk.uri, since);
    assert.strictEqual(await applyEdit(walk.uri, 'Edit ANK1/duration', [{ kind: 'field', path: 'ANK1/duration', value: 7 }]), undefined);
    await waitForState(walk.uri, 'the edit', (s) => s.dirty);
    const t = vscode.window.tabGroups.activeTabGroup.activeTab;
    console.log('DEBUG before revert', t?.label, t?.isDirty, JSON.stringify(await editState(walk.uri)));
    await vscode.commands.executeCommand('workbench.action.files.revert');
    console.log('DEBUG after revert', JSON.stringify(await editState(walk.uri)));
    await waitForState(walk.uri, 'the revert', (s) => !s.dirty);
    await vscode.commands.executeCommand('workbench.action.files.save');
    assert.ok(fs.readFileSync(walk.file).equals(original), 'the file is as it was');
    assert.deepStrictEqual(fs.readdirSync(path.dirname(walk.file)).filter((n) => n.includes('.tmp')), [], 'no temporary file left');
  });

  test('a model and a file that is not an animation are read-only, with the reason', async () => {
    const model = copySample(dir, 'mkdd/objects/mariotree1.bmd');
    const since = Date.now();
    await openWith(model.uri);
    await waitForRender(model.uri, since);
    const state = await editState(model.uri);
    assert.match(state?.readOnly ?? '', /Models are not edited here/);
    assert.match(await applyEdit(model.uri, 'x', [{ kind: 'field', path: 'INF1/size', value: 1 }]) ?? '', /Models are not edited here/);
  });
});
