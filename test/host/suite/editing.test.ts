/**
 * Runs INSIDE the VS Code extension host. Editing with VS Code's own undo, redo, save and revert:
 * edits are sent as the page sends them (animscope._test.applyEdit → the provider's edit handler),
 * then the workbench's commands act on the custom editor. Expected values follow from the BCK
 * layout (FORMATS.md: ANK1 at 0x20, duration s16 at ANK1+0x0A, big-endian).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { describeGroup, describeTracks } from '../../../src/kinds/describe';
import { decode } from '../../../src/formats/index';
import { realFiles } from '../../unit/helpers';
import {
  archiveEntries, closeAll, copySample, openWith, setUp, tempDir, VIEW_TYPE, VIEW_TYPE_ANY_FILE, waitFor, waitForRender,
} from './helpers';

const APPLY_EDIT = 'animscope._test.applyEdit';
const EDIT_STATE = 'animscope._test.editState';

interface EditState { editable: boolean; reason?: string; dirty: boolean; keyEdits: boolean; bytes: number[] }
const editState = (uri: vscode.Uri): Thenable<EditState | undefined> => vscode.commands.executeCommand<EditState | undefined>(EDIT_STATE, uri);
const applyEdit = (uri: vscode.Uri, label: string, edits: unknown[]): Thenable<{ ok: boolean; message?: string } | undefined> =>
  vscode.commands.executeCommand(APPLY_EDIT, uri, label, edits);
const s16At = (bytes: ArrayLike<number>, at: number): number => (((bytes[at] << 8) | bytes[at + 1]) << 16) >> 16;

/** Walk.bck of Kuribo.arc, written loose into `dir` (duration 40; joints/2/rotation/z key 1 = 93.05419921875°). */
function writeWalk(dir: string, name: string): { uri: vscode.Uri; file: string; bytes: Uint8Array } {
  const bytes = realFiles().find((f) => f.path === 'archives/Kuribo.arc/Kuribo/Walk.bck')!.bytes;
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return { uri: vscode.Uri.file(file), file, bytes };
}

async function waitForBytes(uri: vscode.Uri, what: string, accept: (s: EditState) => boolean): Promise<EditState> {
  return waitFor(what, async () => {
    const s = await editState(uri);
    return s && accept(s) ? s : undefined;
  });
}

suite('Editing (in the VS Code extension host)', () => {
  let dir: string;
  let autoSave: string | undefined;
  suiteSetup(async () => {
    await setUp();
    dir = tempDir('editing');
    // code-server saves edited files after a delay: these tests say when to save
    const files = vscode.workspace.getConfiguration('files');
    autoSave = files.inspect<string>('autoSave')?.globalValue;
    console.log(`    files.autoSave was ${files.get('autoSave')}`);
    await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', autoSave, vscode.ConfigurationTarget.Global);
  });
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await closeAll();
  });

  test('a key edit, undo, redo, save: the saved file has the key; the page re-renders after each', async () => {
    const walk = writeWalk(dir, 'Walk.bck');
    let since = Date.now();
    await openWith(walk.uri);
    await waitForRender(walk.uri, since);
    const initial = (await editState(walk.uri))!;
    assert.deepStrictEqual({ ...initial, bytes: undefined }, { editable: true, keyEdits: true, dirty: false, bytes: undefined });
    const track = describeGroup(decode(walk.bytes, 'Walk.bck').anim!, 2).findIndex((t) => t.path === 'joints/2/rotation/z');
    since = Date.now();
    assert.deepStrictEqual(await applyEdit(walk.uri, 'Move key 1 of joints/2/rotation/z', [{ kind: 'key', group: 2, track, key: 1, value: 100 }]), { ok: true });
    await waitForRender(walk.uri, since);
    const edited = await waitForBytes(walk.uri, 'the edited bytes', (s) => s.dirty);
    // 100° → 9102 steps of 0.010986328125° (rotation fraction 1)
    const valueOf = (bytes: ArrayLike<number>): number => describeGroup(decode(Uint8Array.from(bytes as number[]), 'Walk.bck').anim!, 2)[track].keys.value(1);
    assert.strictEqual(valueOf(edited.bytes), 99.99755859375);

    await vscode.commands.executeCommand('undo');
    const undone = await waitForBytes(walk.uri, 'undo', (s) => !s.dirty);
    assert.deepStrictEqual(undone.bytes, Array.from(walk.bytes), 'undo restores the exact bytes');
    await vscode.commands.executeCommand('redo');
    const redone = await waitForBytes(walk.uri, 'redo', (s) => s.dirty);
    assert.deepStrictEqual(redone.bytes, edited.bytes, 'redo restores the edited bytes');

    await vscode.commands.executeCommand('workbench.action.files.save');
    await waitForBytes(walk.uri, 'the save', (s) => !s.dirty);
    const saved = new Uint8Array(fs.readFileSync(walk.file));
    assert.deepStrictEqual(Array.from(saved), edited.bytes);
    assert.strictEqual(valueOf(saved), 99.99755859375);
    assert.deepStrictEqual(fs.readdirSync(dir).filter((n) => n.endsWith('.animscope-save')), [], 'no temporary file left');
  });

  test('an edit and its reverse saved: the same bytes as before', async () => {
    const walk = writeWalk(dir, 'WalkBack.bck');
    await openWith(walk.uri);
    assert.strictEqual(s16At(walk.bytes, 0x2a), 40);
    assert.deepStrictEqual(await applyEdit(walk.uri, 'Edit ANK1/duration', [{ kind: 'field', path: 'ANK1/duration', value: 60 }]), { ok: true });
    const edited = await waitForBytes(walk.uri, 'the duration edit', (s) => s.dirty);
    assert.strictEqual(s16At(edited.bytes, 0x2a), 60);
    assert.deepStrictEqual(await applyEdit(walk.uri, 'Edit ANK1/duration', [{ kind: 'field', path: 'ANK1/duration', value: 40 }]), { ok: true });
    await waitForBytes(walk.uri, 'the duration back', (s) => !s.dirty);
    await vscode.commands.executeCommand('workbench.action.files.save');
    assert.deepStrictEqual(new Uint8Array(fs.readFileSync(walk.file)), walk.bytes);
  });

  test('File: Revert drops an unsaved edit: the document has the file\'s bytes again and is not dirty', async () => {
    const walk = writeWalk(dir, 'WalkRevertCommand.bck');
    const since = Date.now();
    await openWith(walk.uri);
    await waitForRender(walk.uri, since);
    assert.deepStrictEqual(await applyEdit(walk.uri, 'Edit ANK1/duration', [{ kind: 'field', path: 'ANK1/duration', value: 60 }]), { ok: true });
    await waitForBytes(walk.uri, 'the edit', (s) => s.dirty);
    // as a user sees it: the tab shows the edit (the workbench hears of it a moment after the document)
    await waitFor('the tab to show the edit', () => vscode.window.tabGroups.activeTabGroup.activeTab?.isDirty || undefined);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    const reverted = await waitForBytes(walk.uri, 'the revert', (s) => !s.dirty);
    assert.deepStrictEqual(reverted.bytes, Array.from(walk.bytes));
    assert.deepStrictEqual(new Uint8Array(fs.readFileSync(walk.file)), walk.bytes, 'the file was not written');
    await waitFor('the tab to be clean', () => vscode.window.tabGroups.activeTabGroup.activeTab?.isDirty === false || undefined);
  });

  test('a refused edit changes nothing and says why', async () => {
    const walk = writeWalk(dir, 'WalkRevert.bck');
    await openWith(walk.uri);
    const refused = await applyEdit(walk.uri, 'Edit ANK1/duration', [{ kind: 'field', path: 'ANK1/duration', value: 40000 }]);
    assert.deepStrictEqual(refused, { ok: false, message: 'ANK1/duration (s16): 40000 does not fit in s16 (-32768..32767)' });
    assert.strictEqual((await editState(walk.uri))!.dirty, false);
    assert.deepStrictEqual(new Uint8Array(fs.readFileSync(walk.file)), walk.bytes, 'the file was not written');
  });

  test('read-only editors say why: the "any file" view; MOTN keys are offered and a refusal is one line', async () => {
    const walk = writeWalk(dir, 'WalkAnyFile.bck');
    await openWith(walk.uri, VIEW_TYPE_ANY_FILE);
    const anyFile = (await editState(walk.uri))!;
    assert.strictEqual(anyFile.editable, false);
    assert.match(anyFile.reason ?? '', /any file/);
    assert.match((await applyEdit(walk.uri, 'x', [{ kind: 'field', path: 'ANK1/duration', value: 1 }]))!.message ?? '', /any file/);
    await closeAll();

    const motn = copySample(dir, 'motn/motion.bin');
    await openWith(motn.uri, VIEW_TYPE);
    const state = (await editState(motn.uri))!;
    assert.deepStrictEqual([state.editable, state.keyEdits], [true, true]);
    // a MOTN track's first key stays at frame 0: moving it is refused in one line by the builder
    assert.match((await applyEdit(motn.uri, 'x', [{ kind: 'key', group: 0, track: 0, key: 0, frame: 3 }]))!.message ?? '', /the first key is at frame 0/);
  });

  test('Walk.bck inside Kuribo.arc: edit, undo, redo, save; the archive holds the value and every other entry is byte-identical; reopened, it is there', async () => {
    const arc = copySample(dir, 'archives/Kuribo.arc');
    const before = archiveEntries(arc.file);
    assert.strictEqual(s16At(before.get('Kuribo/Walk.bck')!, 0x2a), 40, 'ANK1 duration (s16 at 0x2A)');
    const uri = vscode.Uri.from({ scheme: 'animscope-archive', path: '/Kuribo/Walk.bck', query: arc.uri.toString() });
    let since = Date.now();
    await openWith(uri);
    await waitForRender(uri, since);
    const initial = (await editState(uri))!;
    assert.deepStrictEqual([initial.editable, initial.dirty], [true, false], initial.reason);

    since = Date.now();
    assert.deepStrictEqual(await applyEdit(uri, 'Edit ANK1/duration', [{ kind: 'field', path: 'ANK1/duration', value: 60 }]), { ok: true });
    await waitForRender(uri, since);
    await waitForBytes(uri, 'the edit', (s) => s.dirty && s16At(s.bytes, 0x2a) === 60);
    await vscode.commands.executeCommand('undo');
    await waitForBytes(uri, 'undo', (s) => !s.dirty && s16At(s.bytes, 0x2a) === 40);
    await vscode.commands.executeCommand('redo');
    await waitForBytes(uri, 'redo', (s) => s.dirty && s16At(s.bytes, 0x2a) === 60);
    await vscode.commands.executeCommand('workbench.action.files.save');
    await waitForBytes(uri, 'the save', (s) => !s.dirty);

    const after = archiveEntries(arc.file);
    assert.deepStrictEqual([...after.keys()], [...before.keys()], 'the same entries in the same order');
    for (const [p, bytes] of before) {
      if (p !== 'Kuribo/Walk.bck') assert.ok(after.get(p)!.equals(bytes), `${p} is byte-identical`);
    }
    const walkBefore = before.get('Kuribo/Walk.bck')!, walkAfter = after.get('Kuribo/Walk.bck')!;
    assert.deepStrictEqual([...walkAfter.keys()].filter((i) => walkAfter[i] !== walkBefore[i]), [0x2b], 'only the duration byte changed (00 28 → 00 3C)');
    assert.deepStrictEqual(fs.readdirSync(path.dirname(arc.file)).filter((n) => n.includes('animscope-save')), [], 'no temporary file left');

    await closeAll();
    since = Date.now();
    await openWith(uri);
    await waitForRender(uri, since);
    assert.strictEqual(s16At((await editState(uri))!.bytes, 0x2a), 60, 'reopened: the saved value');
  });

  test('motion.bin: a MOTN key value (f16, little-endian) edited in its field and saved; nothing else changes', async () => {
    const motion = copySample(dir, 'motn/motion.bin', 'motion-edit.bin');
    const original = fs.readFileSync(motion.file);
    const since = Date.now();
    await openWith(motion.uri);
    await waitForRender(motion.uri, since);
    // bones/0/position/x of the first sequence: key 1 is stored from 1182742 (two halves); its value is the
    // second, the f16 sequences[0]/block5[1] at 1182744 (-0.0184326171875)
    const key = describeTracks(motion.decoded.anim!, 0).find((t) => t.path === 'bones/0/position/x')!.keys.at(1);
    assert.deepStrictEqual([key.valueOffset, key.value], [1182742, -0.0184326171875]);
    assert.deepStrictEqual(await applyEdit(motion.uri, 'Edit key', [{ kind: 'field', path: 'sequences[0]/block5[1]', value: 0.5 }]), { ok: true });
    await vscode.commands.executeCommand('workbench.action.files.save');
    await waitFor('the save', () => { const b = fs.readFileSync(motion.file); return b.readUInt16LE(1182744) === 0x3800 ? b : undefined; });
    const saved = fs.readFileSync(motion.file);
    const changed = [...saved.keys()].filter((i) => saved[i] !== original[i]);
    assert.ok(changed.length > 0 && changed.every((i) => i === 1182744 || i === 1182745), `only the key's two bytes changed (${changed.join(', ')})`);
    const reread = describeTracks(decode(new Uint8Array(saved), 'motion.bin').anim!, 0).find((t) => t.path === 'bones/0/position/x')!;
    assert.strictEqual(reread.keys.at(1).value, 0.5, 'f16 0.5 is 0x3800');
  });

  test('motion.bin: a MOTN key moved as a key (through the keys form and the MOTN writer), undone to the exact bytes', async () => {
    const motion = copySample(dir, 'motn/motion.bin', 'motion-key.bin');
    const since = Date.now();
    await openWith(motion.uri);
    await waitForRender(motion.uri, since);
    const track = describeGroup(motion.decoded.anim!, 0).findIndex((t) => t.path === 'bones/0/position/x');
    assert.deepStrictEqual(await applyEdit(motion.uri, 'Move key 1 of bones/0/position/x', [{ kind: 'key', group: 0, track, key: 1, value: 0.1 }]), { ok: true });
    const edited = await waitForBytes(motion.uri, 'the key edit', (s) => s.dirty);
    // 0.1 is stored as the nearest half float, 0x2E66 = 0.0999755859375
    const after = describeGroup(decode(Uint8Array.from(edited.bytes), 'motion.bin').anim!, 0)[track];
    assert.strictEqual(after.keys.value(1), 0.0999755859375);
    await waitFor('the tab to show the edit', () => vscode.window.tabGroups.activeTabGroup.activeTab?.isDirty || undefined);
    await vscode.commands.executeCommand('undo');
    const undone = await waitForBytes(motion.uri, 'undo', (s) => !s.dirty);
    assert.ok(Buffer.from(undone.bytes).equals(fs.readFileSync(motion.file)), 'undo restores the exact bytes');
  });
});
