/**
 * Runs INSIDE the VS Code extension host (code-server), loaded by suite/index.ts.
 * Opens every shared sample in the custom editor and checks what the webview reports it rendered
 * against what decode() returns here; file changes on disk; commands that need a rendered webview.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  assertActiveCustomEditor, assertRenderedMatches, closeAll, copySample, EXTENSION_ID, lastSelection, openAndCheck, openWith,
  renderState, SAMPLES, setUp, sharedSamples, STATE_COMMAND, STATUS_BAR_COMMAND, tempDir, timings, VIEW_TYPE, VIEW_TYPE_ANY_FILE,
  waitFor, waitForRender,
} from './helpers';
import { ANIMATION_PAGE, ARCHIVE_PAGE, webviewPage } from '../../../src/extension/webviewHtml';
import { VIEW3D_SCRIPT, view3dMessage } from '../../../src/extension/view3dScript';

suite('AnimScope custom editor (in the VS Code extension host)', () => {
  let dir: string;
  suiteSetup(async () => {
    await setUp();
    dir = tempDir('editor');
  });

  teardown(closeAll);

  suiteTeardown(async () => {
    // resolveCustomEditor → first `rendered`, for the benchmark and the report
    const rows = (await timings()).filter((t) => t.renderedMs !== undefined);
    for (const t of rows) {
      console.log(`    timing ${t.fileName.padEnd(28)} ${t.format.padEnd(5)} ${String(t.byteLength).padStart(8)} B  ` +
        `open ${t.openMs} ms  ready ${t.readyMs} ms  load posted ${t.loadPostedMs} ms  rendered ${t.renderedMs} ms`);
    }
  });

  test('the test commands are registered but not contributed to the palette', async () => {
    const all = await vscode.commands.getCommands(true);
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes?: { commands?: { command: string }[] } };
    for (const c of [STATE_COMMAND, 'animscope._test.lastSelection', 'animscope._test.timings', 'animscope.revealOffset']) {
      assert.ok(all.includes(c), `${c} is registered`);
      assert.ok(!(pkg.contributes?.commands ?? []).some((x) => x.command === c), `${c} is not contributed`);
    }
  });

  test('the pages fetch nothing: script and stylesheets inline under the CSP nonce, no font, the toolbar icons as SVG', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const webview = {
      cspSource: 'https://resource.test',
      asWebviewUri: (uri: vscode.Uri) => vscode.Uri.parse(`https://resource.test${uri.path}`),
    } as unknown as vscode.Webview;
    for (const page of [ANIMATION_PAGE, ARCHIVE_PAGE]) {
      const html = webviewPage(webview, ext.extensionUri, page);
      const nonce = /script-src 'nonce-([^']+)'/.exec(html)?.[1];
      assert.ok(nonce, `${page.script}: the CSP names a script nonce`);
      // the page's own markup, without the inline code (a bundle may well contain "<link" in a string)
      const markup = html.replace(/(<(script|style) nonce="[^"]+">)[\s\S]*?<\/\2>/g, '$1</$2>');
      assert.ok(!/<script[^>]*\ssrc=/.test(markup) && !/<link\b/.test(markup), `${page.script}: nothing linked`);
      const bundle = fs.readFileSync(path.join(ext.extensionPath, 'dist', page.script), 'utf8');
      assert.ok(html.includes(`<script nonce="${nonce}">${bundle.slice(0, 200)}`), `${page.script} is inline with the nonce`);
      assert.strictEqual((html.match(/<script/g) ?? []).length, 1, 'one script');
      for (const style of html.match(/<style[^>]*>/g) ?? []) assert.strictEqual(style, `<style nonce="${nonce}">`);
    }
    const html = webviewPage(webview, ext.extensionUri, ANIMATION_PAGE);
    assert.ok(!/@font-face|font-src/.test(html), 'no font: the page carries no icon font');
    // the toolbar's icons travel in the script as SVG text (webview/app/toolbarIcons.ts)
    assert.ok(html.includes('viewBox="0 0 16 16"'), 'the icons are SVG in the script');
    assert.ok(!html.includes('resource.test/'), 'no URL of the extension is left in the page');
  });

  test('the 3D view\'s script goes by message: the text of dist/view3d.js (read again when it changes), else its webview URI', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const webview = { asWebviewUri: (uri: vscode.Uri) => vscode.Uri.parse(`https://resource.test${uri.path}`) } as unknown as vscode.Webview;
    const shipped = view3dMessage(webview, ext.extensionUri);
    assert.strictEqual(shipped.code, fs.readFileSync(path.join(ext.extensionPath, 'dist', VIEW3D_SCRIPT), 'utf8'));
    // a rebuild while VS Code runs: the new text
    const extension = tempDir('view3d');
    const file = path.join(extension, 'dist', VIEW3D_SCRIPT);
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, 'first');
    assert.strictEqual(view3dMessage(webview, vscode.Uri.file(extension)).code, 'first');
    fs.writeFileSync(file, 'second');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    assert.strictEqual(view3dMessage(webview, vscode.Uri.file(extension)).code, 'second');
    // not a file: extension (dist/ cannot be read): linked, as the page's own script then is
    const remote = view3dMessage(webview, vscode.Uri.parse('vscode-remote://host/ext'));
    assert.deepStrictEqual([remote.code, remote.src], [undefined, `https://resource.test/ext/dist/${VIEW3D_SCRIPT}`]);
  });

  test('package.json contributes the commands, menus and settings', () => {
    interface Contributes {
      commands: { command: string; title: string; category?: string; icon?: string }[];
      menus: Record<string, { command: string; when?: string }[]>;
      configuration: { properties: Record<string, { default?: unknown; minimum?: number; maximum?: number }> };
    }
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: Contributes; activationEvents: string[] };
    const when = 'activeCustomEditorId == animscope.animation || activeCustomEditorId == animscope.animation.anyFile';
    const ids = ['animscope.exportJson', 'animscope.exportCurves', 'animscope.goToOffset', 'animscope.reopenAsHex'];
    for (const id of ids) {
      const c = pkg.contributes.commands.find((x) => x.command === id);
      assert.ok(c && c.category === 'AnimScope' && c.icon?.startsWith('$('), `${id} has the AnimScope category and an icon`);
      // Export Sampled Curves is not offered on a model (which has no curves).
      const expected = id === 'animscope.exportCurves' ? `(${when}) && !(resourceFilename =~ /\\.(bmd|bdl)(\\.(szs|yaz0))?$/i)` : when;
      assert.strictEqual(pkg.contributes.menus.commandPalette.find((m) => m.command === id)?.when, expected, `${id} palette when-clause`);
      assert.strictEqual(pkg.contributes.menus['editor/title'].find((m) => m.command === id)?.when, expected, `${id} editor/title when-clause`);
    }
    const props = pkg.contributes.configuration.properties;
    assert.strictEqual(props['animscope.diagnostics.enabled'].default, true);
    assert.deepStrictEqual(props['animscope.diagnostics.severityOverrides'].default, {});
    const rate = props['animscope.playback.frameRate'];
    assert.deepStrictEqual([rate.default, rate.minimum, rate.maximum], [30, 1, 240]);
  });

  for (const sample of sharedSamples()) {
    test(`${sample} opens and renders what decode() returns`, async () => {
      const copied = copySample(dir, sample, sample.replace(/[\\/]/g, '_').replace(/^j3d_smg_/, ''));
      const state = await openAndCheck(copied);
      assert.strictEqual(state.documentVersion, 1);
    });
  }

  test('a J3D name opens in AnimScope by default (vscode.open); the status bar shows it', async () => {
    const copied = copySample(dir, 'j3d/smg/TripodBossCore/Wait.brk');
    const since = Date.now();
    await vscode.commands.executeCommand('vscode.open', copied.uri);
    assertActiveCustomEditor(VIEW_TYPE, copied.uri);
    assertRenderedMatches(await waitForRender(copied.uri, since), copied.decoded);
    const anim = copied.decoded.anim;
    assert.ok(anim && anim.format === 'brk');
    const status = await waitFor('the status bar item', async () => {
      const s = await vscode.commands.executeCommand<{ visible: boolean; text: string }>(STATUS_BAR_COMMAND);
      return s?.visible ? s : undefined;
    });
    assert.ok(status.text.startsWith(`BRK · ${anim.duration} frame${anim.duration === 1 ? '' : 's'} · `), status.text);
    await closeAll();
    await waitFor('the status bar item to hide', async () =>
      (await vscode.commands.executeCommand<{ visible: boolean }>(STATUS_BAR_COMMAND))?.visible ? undefined : true);
  });

  test('any file can be opened with the "any file" editor (Reopen With…)', async () => {
    const copied = copySample(dir, 'j3d/smg/TripodBossCore/2ndDemo.bck', 'renamed-animation.dat');
    const state = await openAndCheck(copied, VIEW_TYPE_ANY_FILE);
    assert.strictEqual(state.fileName, 'renamed-animation.dat');
  });

  test('reopening the same document renders again', async () => {
    const copied = copySample(dir, 'j3d/smg/TripodBossCore/Wait.btk', 'reopen.btk');
    const first = await openAndCheck(copied);
    await closeAll();
    const second = await openAndCheck(copied);
    assert.ok(second.renderedAt >= first.renderedAt);
  });

  test('a file changed on disk is decoded again and re-rendered', async () => {
    const copied = copySample(dir, 'j3d/smg/TripodBossCore/2ndDemo.bck', 'changing.bck');
    const first = await openAndCheck(copied);
    const replacement = fs.readFileSync(path.join(SAMPLES, 'j3d/smg/TripodBoss/StartDemo.bck'));
    assert.notStrictEqual(replacement.length, first.byteLength, 'the replacement has another length');
    const since = Date.now();
    fs.writeFileSync(copied.file, replacement);
    const state = await waitForRender(copied.uri, since, (s) => s.byteLength === replacement.length);
    assert.strictEqual(state.documentVersion, 2);
    assert.ok(state.renderCount > first.renderCount);
    assert.ok(state.consistent);
  });

  test('Go to Offset reveals the bytes in the webview (its selection follows)', async () => {
    const copied = copySample(dir, 'j3d/smg/TripodBossCore/Wait.btk', 'goto.btk');
    await openAndCheck(copied);
    assert.strictEqual(await vscode.commands.executeCommand('animscope.goToOffset', copied.uri, '0x1C'), 0x1c);
    const selection = await waitFor('the webview selection at 0x1C', async () => {
      const s = await lastSelection(copied.uri);
      return s?.offset === 0x1c ? s : undefined;
    });
    assert.strictEqual(selection.uri, copied.uri.toString());
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand('animscope.goToOffset', copied.uri, copied.decoded.bytes.length)),
      /outside/);
  });

  test('animscope.revealOffset (the Problems code link) opens the editor and reveals the offset', async () => {
    const copied = copySample(dir, 'j3d/smg/TripodBossCore/Wait.brk', 'reveal.brk');
    const since = Date.now();
    assert.strictEqual(await vscode.commands.executeCommand('animscope.revealOffset', copied.uri.toString(), 0x20, 4), true);
    assertActiveCustomEditor(VIEW_TYPE, copied.uri);
    await waitForRender(copied.uri, since);
    await waitFor('the webview selection at 0x20', async () => ((await lastSelection(copied.uri))?.offset === 0x20 ? true : undefined));
  });

  test('motion.bin (over 1 MiB) opens in two loads, its start first; a reveal past the start waits for the whole file', async () => {
    const copied = copySample(dir, 'motn/motion.bin', 'reveal-motion.bin');
    const since = Date.now();
    assert.strictEqual(await vscode.commands.executeCommand('animscope.revealOffset', copied.uri.toString(), 0x100000, 4), true);
    await waitForRender(copied.uri, since);
    // clamped to the start's 64 KiB, it would select 0xFFFF
    await waitFor('the webview selection at 0x100000', async () => ((await lastSelection(copied.uri))?.offset === 0x100000 ? true : undefined));
    const timing = (await timings()).filter((t) => t.uri === copied.uri.toString()).pop();
    assert.ok(timing?.firstScreenMs !== undefined && timing.renderedMs !== undefined && timing.firstScreenMs <= timing.renderedMs,
      `the start rendered before the whole file: ${JSON.stringify(timing)}`);
  });

  test('Open as Hex without the Hex Editor keeps AnimScope (its hex view gets the focus); "Open as Text" replaces it', async () => {
    const copied = copySample(dir, 'j3d/smg/TripodBossCore/Wait.btk', 'hex.btk');
    await openWith(copied.uri);
    const tabs = (): vscode.Tab[] => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
    const ours = (): boolean => tabs().some((t) => t.input instanceof vscode.TabInputCustom && t.input.viewType === VIEW_TYPE);
    assert.strictEqual(vscode.extensions.getExtension('ms-vscode.hexeditor'), undefined, 'the test host has no Hex Editor');
    const stayed = await vscode.commands.executeCommand<string>('animscope.reopenAsHex', copied.uri);
    assert.strictEqual(stayed, 'animscope');
    assert.ok(ours(), 'the AnimScope tab stays');
    await waitFor('the page to select byte 0 (its hex view has the focus)', async () => ((await lastSelection(copied.uri))?.offset === 0 ? true : undefined));
    const viewType = await vscode.commands.executeCommand<string>('animscope.reopenAsHex', copied.uri, 'text');
    assert.strictEqual(viewType, 'default');
    assert.ok(!ours(), 'the AnimScope tab is closed');
    assert.ok(tabs().some((t) => (t.input as { uri?: vscode.Uri } | undefined)?.uri?.toString() === copied.uri.toString()), 'the file is open');
  });

  test('render states are forgotten with the document', async () => {
    const copied = copySample(dir, 'j3d/smg/TripodBossCore/Wait.btk', 'forget.btk');
    await openAndCheck(copied);
    await closeAll();
    await waitFor('the render state to be dropped', async () => ((await renderState(copied.uri)) ? undefined : true));
  });
});
