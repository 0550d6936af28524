/**
 * Runs INSIDE the VS Code extension host (code-server), loaded by suite/index.ts.
 * Opens real samples in the custom editor and checks what the webview reports it rendered
 * against what decode() returns here.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { decode } from '../../../src/formats/index';
import type { DecodedFile } from '../../../src/formats/types';
import type { RenderState } from '../../../src/extension/editorProvider';

const EXTENSION_ID = 'animscope.animscope';
const VIEW_TYPE = 'animscope.animation';
const VIEW_TYPE_ANY_FILE = 'animscope.animation.anyFile';
const STATE_COMMAND = 'animscope._test.lastRenderState';

/** out/test/host/suite → project root. */
const PROJECT_ROOT = path.resolve(__dirname, '../../../..');
const SAMPLES = path.resolve(process.env.ANIMSCOPE_SAMPLES ?? path.join(PROJECT_ROOT, '../shared/samples'));

let workDir: string;

/** Copies a shared sample into the test workspace (never into the repository) under `asName`. */
function copySample(relative: string, asName = path.basename(relative)): { uri: vscode.Uri; decoded: DecodedFile } {
  const target = path.join(workDir, asName);
  fs.copyFileSync(path.join(SAMPLES, relative), target);
  fs.chmodSync(target, 0o644);
  const decoded = decode(new Uint8Array(fs.readFileSync(target)), asName);
  return { uri: vscode.Uri.file(target), decoded };
}

async function waitForRender(uri: vscode.Uri, since: number, timeoutMs = 30000): Promise<RenderState> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const state = await vscode.commands.executeCommand<RenderState | undefined>(STATE_COMMAND, uri);
    if (state && state.renderedAt >= since) return state;
    if (Date.now() > until) throw new Error(`no 'rendered' message for ${uri.toString()} within ${timeoutMs} ms (last: ${JSON.stringify(state)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function assertActiveCustomEditor(viewType: string, uri: vscode.Uri): void {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  assert.ok(tab, 'an editor tab is active');
  assert.ok(tab.input instanceof vscode.TabInputCustom, `active tab is a custom editor (got ${tab.label})`);
  assert.strictEqual(tab.input.viewType, viewType);
  assert.strictEqual(tab.input.uri.toString(), uri.toString());
}

function assertRenderedMatches(state: RenderState, decoded: DecodedFile, viewType: string): void {
  assert.strictEqual(state.format, decoded.format, 'format');
  assert.strictEqual(state.byteLength, decoded.bytes.length, 'byte length');
  assert.strictEqual(state.fileName, decoded.fileName, 'file name');
  assert.strictEqual(state.viewType, viewType);
  assert.strictEqual(state.counts.fields, decoded.root.children?.length ?? 0, 'top-level field rows');
  assert.strictEqual(state.counts.diagnostics, Math.min(decoded.diagnostics.length, 50), 'diagnostic rows');
  assert.ok(state.consistent, 'the webview echoed what the host sent');
}

async function openWithAndCheck(relative: string, viewType = VIEW_TYPE, asName?: string): Promise<RenderState> {
  const { uri, decoded } = copySample(relative, asName);
  const since = Date.now();
  await vscode.commands.executeCommand('vscode.openWith', uri, viewType);
  assertActiveCustomEditor(viewType, uri);
  const state = await waitForRender(uri, since);
  assertRenderedMatches(state, decoded, viewType);
  return state;
}

suite('AnimScope custom editor (in the VS Code extension host)', () => {
  suiteSetup(async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} under development is loaded`);
    await ext.activate(); // like with @vscode/test-electron, the dev extension is not auto-activated
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the host opened a workspace folder');
    workDir = folder.uri.fsPath;
    assert.ok(fs.existsSync(SAMPLES), `samples at ${SAMPLES}`);
  });

  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the test command is registered but not contributed to the palette', async () => {
    assert.ok((await vscode.commands.getCommands(true)).includes(STATE_COMMAND));
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes?: { commands?: { command: string }[] } };
    assert.ok(!(pkg.contributes?.commands ?? []).some((c) => c.command === STATE_COMMAND));
  });

  test('BTK (Wait.btk) renders format and byte length equal to decode()', async () => {
    await openWithAndCheck('j3d/smg/TripodBossCore/Wait.btk');
  });

  test('BCK (2ndDemo.bck) renders format and byte length equal to decode()', async () => {
    await openWithAndCheck('j3d/smg/TripodBossCore/2ndDemo.bck');
  });

  test('MOTN (motion.bin) renders format and byte length equal to decode()', async () => {
    const state = await openWithAndCheck('motn/motion.bin');
    assert.strictEqual(state.format, 'motn');
  });

  test('a J3D name opens in AnimScope by default (vscode.open)', async () => {
    const { uri, decoded } = copySample('j3d/smg/TripodBossCore/Wait.brk');
    const since = Date.now();
    await vscode.commands.executeCommand('vscode.open', uri);
    assertActiveCustomEditor(VIEW_TYPE, uri);
    assertRenderedMatches(await waitForRender(uri, since), decoded, VIEW_TYPE);
  });

  test('any file can be opened with the "any file" editor (Reopen With…)', async () => {
    const state = await openWithAndCheck('j3d/smg/TripodBossCore/2ndDemo.bck', VIEW_TYPE_ANY_FILE, 'renamed-animation.dat');
    assert.strictEqual(state.fileName, 'renamed-animation.dat');
  });

  test('reopening the same document renders again', async () => {
    const first = await openWithAndCheck('j3d/smg/TripodBossCore/Wait.btk');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const second = await openWithAndCheck('j3d/smg/TripodBossCore/Wait.btk');
    assert.ok(second.renderedAt >= first.renderedAt);
  });
});
