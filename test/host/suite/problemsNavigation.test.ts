/**
 * Runs INSIDE the extension host: a Problems entry opens the AnimScope editor at its bytes, whichever
 * tab was active. The Problems panel opens an entry as openEditor({ resource, options: { selection } });
 * showTextDocument(resource, { selection }) is that same call (the clicks themselves: e2e/problemsNavigation.e2e.ts).
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { problemsUri } from '../../../src/extension/problemsUri';
import {
  assertActiveCustomEditor, closeAll, codeOf, copySample, corruptBck, lastSelection, openWith, setUp, tempDir, VIEW_TYPE, waitFor,
  waitForProblems, waitForRender,
} from './helpers';

const tabsOf = (uri: vscode.Uri): vscode.Tab[] => vscode.window.tabGroups.all.flatMap((g) => g.tabs)
  .filter((t) => (t.input instanceof vscode.TabInputText || t.input instanceof vscode.TabInputCustom) && t.input.uri.toString() === uri.toString());

async function waitForSelection(uri: vscode.Uri, offset: number, length: number): Promise<void> {
  let last: unknown;
  await waitFor(`the bytes ${offset}+${length} selected in ${uri.path}`, async () => {
    const s = await lastSelection(uri);
    last = s && [s.offset, s.length];
    return s?.offset === offset && s.length === length ? true : undefined;
  }).catch((e: Error) => { throw new Error(`${e.message}; last selection ${JSON.stringify(last)}`); });
}

suite('AnimScope Problems entries select their bytes (in the VS Code extension host)', () => {
  let dir: string;
  suiteSetup(async () => {
    await setUp();
    dir = tempDir('problems-nav');
  });
  teardown(closeAll);

  test('an animation\'s entries are listed under its stand-in resource, at their hex-dump positions', async () => {
    const bad = corruptBck(dir, 'stand-in.bck');
    await openWith(bad.uri);
    const entries = await waitForProblems(bad.uri, 'the problems', (d) => d.length === bad.decoded.diagnostics.length);
    assert.deepStrictEqual(vscode.languages.getDiagnostics(bad.uri).filter((d) => d.source === 'AnimScope'), [], 'none under the file itself');
    assert.deepStrictEqual(vscode.languages.getDiagnostics(problemsUri(bad.uri)).map(codeOf), entries.map(codeOf));
  });

  test('opening an entry (as the Problems panel does) from another tab selects its bytes in AnimScope; no text tab is left', async () => {
    const bad = corruptBck(dir, 'from-other-tab.bck');
    const since = Date.now();
    await openWith(bad.uri);
    await waitForRender(bad.uri, since);
    const entries = await waitForProblems(bad.uri, 'the problems', (d) => d.length === bad.decoded.diagnostics.length);
    const d = bad.decoded.diagnostics[bad.decoded.diagnostics.length - 1];
    const entry = entries[entries.length - 1];
    const other = copySample(dir, 'j3d/smg/TripodBossCore/Wait.btk', 'other.btk');
    await openWith(other.uri);
    await vscode.window.showTextDocument(problemsUri(bad.uri), { selection: entry.range, preview: true });
    await waitForSelection(bad.uri, d.offset, Math.max(1, d.length));
    await waitFor('the stand-in text tab to close', () => (tabsOf(problemsUri(bad.uri)).length === 0 ? true : undefined));
    assertActiveCustomEditor(VIEW_TYPE, bad.uri);
  });

  test('the code link (animscope.revealOffset) opens a file that is not open and selects the bytes', async () => {
    const bad = corruptBck(dir, 'not-open.bck');
    assert.strictEqual(tabsOf(bad.uri).length, 0);
    const d = bad.decoded.diagnostics[0];
    assert.strictEqual(await vscode.commands.executeCommand('animscope.revealOffset', bad.uri.toString(), d.offset, d.length), true);
    await waitForSelection(bad.uri, d.offset, Math.max(1, d.length));
    assertActiveCustomEditor(VIEW_TYPE, bad.uri);
  });

  test('the code link from another tab brings the file\'s hidden editor forward and selects the bytes', async () => {
    const bad = corruptBck(dir, 'hidden.bck');
    const since = Date.now();
    await openWith(bad.uri);
    await waitForRender(bad.uri, since);
    await openWith(copySample(dir, 'j3d/smg/TripodBossCore/Wait.btk', 'other-2.btk').uri);
    const d = bad.decoded.diagnostics[1];
    await vscode.commands.executeCommand('animscope.revealOffset', bad.uri.toString(), d.offset, d.length);
    await waitForSelection(bad.uri, d.offset, Math.max(1, d.length));
    assertActiveCustomEditor(VIEW_TYPE, bad.uri);
  });

  test('Go to Next / Previous Problem (F8 / Shift+F8) step through the file\'s entries by offset, wrapping around', async () => {
    const bad = corruptBck(dir, 'f8.bck');
    const since = Date.now();
    await openWith(bad.uri);
    await waitForRender(bad.uri, since);
    await waitForProblems(bad.uri, 'the problems', (d) => d.length === bad.decoded.diagnostics.length);
    // the entries by offset (stable: decoder order at one offset); F8 goes to the first entry past the selected offset
    const byOffset = [...bad.decoded.diagnostics].sort((x, y) => x.offset - y.offset).map((d) => ({ offset: d.offset, length: Math.max(1, d.length) }));
    const firstAt = byOffset.filter((d, i) => i === 0 || byOffset[i - 1].offset !== d.offset);
    assert.ok(firstAt.length >= 2, 'at least two offsets to step through');
    for (const d of firstAt) {
      await vscode.commands.executeCommand('animscope.nextProblem');
      await waitForSelection(bad.uri, d.offset, d.length);
    }
    await vscode.commands.executeCommand('animscope.nextProblem');
    await waitForSelection(bad.uri, firstAt[0].offset, firstAt[0].length);
    // before the first offset there is nothing: Shift+F8 wraps to the last entry
    await vscode.commands.executeCommand('animscope.previousProblem');
    const last = byOffset[byOffset.length - 1];
    await waitForSelection(bad.uri, last.offset, last.length);
  });
});
