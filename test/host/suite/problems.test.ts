/**
 * Runs INSIDE the extension host: decoder diagnostics in the Problems panel, the two diagnostics
 * settings, and the entries' lifetime (file deleted, editor closed).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  closeAll, codeOf, copySample, corruptBck, openWith, problems, setUp, sleep, tempDir, updateSetting, waitForProblems, waitForRender,
} from './helpers';

const EXPECTED = new Map<string, vscode.DiagnosticSeverity>([
  ['J3D_FILE_SIZE', vscode.DiagnosticSeverity.Error],
  ['J3D_UNKNOWN_CHUNK', vscode.DiagnosticSeverity.Information],
  ['J3D_CHUNK_MISSING', vscode.DiagnosticSeverity.Error],
]);

suite('AnimScope Problems panel (in the VS Code extension host)', () => {
  let dir: string;
  suiteSetup(async () => {
    await setUp();
    dir = tempDir('problems');
  });

  teardown(async () => {
    await updateSetting('diagnostics.enabled', undefined);
    await updateSetting('diagnostics.severityOverrides', undefined);
    await closeAll();
  });

  test('a corrupt BCK puts its decoder diagnostics in the Problems panel (source, code, offset, severity)', async () => {
    const bad = corruptBck(dir, 'corrupt-1.bck');
    assert.deepStrictEqual(bad.decoded.diagnostics.map((d) => d.code).sort(), [...EXPECTED.keys()].sort(), 'decode() finds the expected codes');
    await openWith(bad.uri);
    const entries = await waitForProblems(bad.uri, 'the corrupt file\'s problems', (d) => d.length === bad.decoded.diagnostics.length);
    for (const [i, d] of bad.decoded.diagnostics.entries()) {
      const entry = entries[i];
      assert.strictEqual(entry.source, 'AnimScope');
      assert.strictEqual(codeOf(entry), d.code);
      assert.strictEqual(entry.severity, EXPECTED.get(d.code), `${d.code} severity`);
      assert.ok(entry.message.startsWith(`[0x${d.offset.toString(16).toUpperCase().padStart(8, '0')}] `), entry.message);
      assert.ok(entry.message.includes(d.message));
      // the position is the byte's place in a 16-byte hex dump
      assert.deepStrictEqual([entry.range.start.line, entry.range.start.character], [Math.floor(d.offset / 16), d.offset % 16], `${d.code} position`);
      // the code is a link that reveals the bytes: command:animscope.revealOffset?[uri, offset, length]
      const target = typeof entry.code === 'object' ? entry.code.target : undefined;
      assert.ok(target && target.scheme === 'command' && target.path === 'animscope.revealOffset', String(target));
      assert.deepStrictEqual(JSON.parse(decodeURIComponent(target.query)), [bad.uri.toString(), d.offset, d.length]);
    }
  });

  test('a file larger than any animation is not read: the page and the Problems panel say FILE_TOO_LARGE', async () => {
    const huge = vscode.Uri.file(path.join(dir, 'huge.bck'));
    fs.writeFileSync(huge.fsPath, Buffer.from('J3D1bck1'));
    fs.truncateSync(huge.fsPath, 100 * 1024 * 1024); // sparse: 100 MiB on paper
    const since = Date.now();
    await openWith(huge);
    const state = await waitForRender(huge, since);
    assert.strictEqual(state.format, 'unknown');
    assert.strictEqual(state.byteLength, 0, 'no bytes were sent to the page');
    assert.strictEqual(state.counts.diagnostics, 1);
    const entries = await waitForProblems(huge, 'FILE_TOO_LARGE', (d) => d.some((x) => codeOf(x) === 'FILE_TOO_LARGE'));
    assert.match(entries[0].message, /^\[0x00000000\] The file is 104857600 bytes \(100\.0 MiB\)/);
    assert.strictEqual(entries[0].severity, vscode.DiagnosticSeverity.Error);
  });

  test('a clean sample has no Problems entries', async () => {
    const good = copySample(dir, 'j3d/smg/TripodBossCore/Wait.btk', 'clean.btk');
    assert.strictEqual(good.decoded.diagnostics.length, 0);
    await openWith(good.uri);
    await sleep(300);
    assert.deepStrictEqual(problems(good.uri), []);
  });

  test('animscope.diagnostics.severityOverrides changes severities and "off" hides a code', async () => {
    const bad = corruptBck(dir, 'corrupt-2.bck');
    await openWith(bad.uri);
    await waitForProblems(bad.uri, 'the default problems', (d) => d.length === 3);
    await updateSetting('diagnostics.severityOverrides', { J3D_UNKNOWN_CHUNK: 'error', J3D_FILE_SIZE: 'off', J3D_CHUNK_MISSING: 'hint', NOT_A_CODE: 'bogus' });
    const entries = await waitForProblems(bad.uri, 'the overridden problems', (d) => d.length === 2);
    const byCode = new Map(entries.map((e) => [codeOf(e), e.severity]));
    assert.strictEqual(byCode.get('J3D_UNKNOWN_CHUNK'), vscode.DiagnosticSeverity.Error);
    assert.strictEqual(byCode.get('J3D_CHUNK_MISSING'), vscode.DiagnosticSeverity.Hint);
    assert.ok(!byCode.has('J3D_FILE_SIZE'));
    await updateSetting('diagnostics.severityOverrides', undefined);
    await waitForProblems(bad.uri, 'the default problems again', (d) => d.length === 3);
  });

  test('animscope.diagnostics.enabled = false keeps the Problems panel empty (and true brings the entries back)', async () => {
    const bad = corruptBck(dir, 'corrupt-3.bck');
    await updateSetting('diagnostics.enabled', false);
    await openWith(bad.uri);
    await sleep(500);
    assert.deepStrictEqual(problems(bad.uri), [], 'nothing is published while disabled');
    await updateSetting('diagnostics.enabled', true);
    await waitForProblems(bad.uri, 'the problems after enabling', (d) => d.length === 3);
    await updateSetting('diagnostics.enabled', false);
    await waitForProblems(bad.uri, 'the problems removed after disabling', (d) => d.length === 0);
  });

  test('deleting the file clears its Problems entries', async () => {
    const bad = corruptBck(dir, 'corrupt-4.bck');
    await openWith(bad.uri);
    await waitForProblems(bad.uri, 'the problems', (d) => d.length === 3);
    fs.rmSync(bad.file);
    await waitForProblems(bad.uri, 'the problems to be cleared after the delete', (d) => d.length === 0);
  });

  test('a file repaired on disk updates its Problems entries', async () => {
    const bad = corruptBck(dir, 'corrupt-5.bck');
    await openWith(bad.uri);
    await waitForProblems(bad.uri, 'the problems', (d) => d.length === 3);
    fs.copyFileSync(copySample(dir, 'j3d/smg/TripodBossCore/2ndDemo.bck', 'repaired-source.bck').file, bad.file);
    await waitForProblems(bad.uri, 'no problems after the repair', (d) => d.length === 0);
  });

  test('closing the editor removes its Problems entries', async () => {
    const bad = corruptBck(dir, 'corrupt-6.bck');
    await openWith(bad.uri);
    await waitForProblems(bad.uri, 'the problems', (d) => d.length === 3);
    await closeAll();
    await waitForProblems(bad.uri, 'the problems to be removed on close', (d) => d.length === 0);
  });
});
