/**
 * Runs INSIDE the extension host: the export commands write exactly what the CLI writes
 * (`animscope export FILE -o OUT`, `animscope sample FILE [--animation NAME] -o OUT`), and the CSV layout.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { SampleResult } from '../../../src/kinds/sample';
import { closeAll, copySample, corruptBck, openWith, runCli, setUp, tempDir } from './helpers';

function assertSameBytes(actual: string, expected: string, what: string): void {
  const a = fs.readFileSync(actual);
  const e = fs.readFileSync(expected);
  assert.ok(a.equals(e), `${what}: ${path.basename(actual)} (${a.length} bytes) differs from the CLI's ${path.basename(expected)} (${e.length} bytes)`);
}

function parseCsv(file: string): { header: string[]; rows: string[][] } {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  assert.strictEqual(lines.pop(), '', 'the CSV ends with a newline');
  const [header, ...rows] = lines.map((l) => l.split(','));
  return { header, rows };
}

suite('AnimScope exports (in the VS Code extension host)', () => {
  let dir: string;
  suiteSetup(async () => {
    await setUp();
    dir = tempDir('export');
  });

  teardown(closeAll);

  for (const sample of ['j3d/smg/TripodBossCore/2ndDemo.bck', 'j3d/smg/TripodBossCore/Wait.btk', 'j3d/smg/TripodBossFoot/Warning.brk', 'motn/motion.bin']) {
    test(`Export to JSON of ${sample} is byte-identical to \`animscope export -o\``, async () => {
      const copied = copySample(dir, sample);
      const name = path.basename(copied.file);
      await openWith(copied.uri);
      const target = vscode.Uri.file(path.join(dir, `${name}.editor.json`));
      const written = await vscode.commands.executeCommand<vscode.Uri>('animscope.exportJson', copied.uri, target);
      assert.strictEqual(written?.toString(), target.toString());
      runCli(['export', name, '-o', `${name}.cli.json`], dir);
      assertSameBytes(target.fsPath, path.join(dir, `${name}.cli.json`), 'export');
    });
  }

  test('Export to JSON works for a file that is not open, and for a corrupt file', async () => {
    const bad = corruptBck(dir, 'broken.bck');
    const target = vscode.Uri.file(path.join(dir, 'broken.editor.json'));
    await vscode.commands.executeCommand('animscope.exportJson', bad.uri, target);
    runCli(['export', 'broken.bck', '-o', 'broken.cli.json'], dir);
    assertSameBytes(target.fsPath, path.join(dir, 'broken.cli.json'), 'export of a corrupt file');
  });

  for (const sample of ['j3d/smg/TripodBoss/StartDemo.bck', 'j3d/smg/TripodBossCore/2ndDemo.btk', 'j3d/smg/TripodBossCore/2ndDemo.brk']) {
    test(`Export Sampled Curves (JSON) of ${sample} equals \`animscope sample -o\`; CSV has duration + 1 rows`, async () => {
      const copied = copySample(dir, sample, `curves-${path.basename(sample)}`);
      const name = path.basename(copied.file);
      await openWith(copied.uri);
      const json = vscode.Uri.file(path.join(dir, `${name}.curves.json`));
      await vscode.commands.executeCommand('animscope.exportCurves', copied.uri, json, { format: 'json' });
      runCli(['sample', name, '-o', `${name}.cli-sample.json`], dir);
      assertSameBytes(json.fsPath, path.join(dir, `${name}.cli-sample.json`), 'sample');

      const sampled = JSON.parse(fs.readFileSync(json.fsPath, 'utf8')) as SampleResult;
      const anim = sampled.animations[0];
      const csv = vscode.Uri.file(path.join(dir, `${name}.curves.csv`));
      await vscode.commands.executeCommand('animscope.exportCurves', copied.uri, csv); // format from the extension
      const { header, rows } = parseCsv(csv.fsPath);
      assert.deepStrictEqual(header, ['frame', ...anim.tracks.map((t) => t.path)]);
      assert.strictEqual(rows.length, anim.duration + 1, 'one row per frame 0…duration');
      for (const f of [0, Math.floor(anim.duration / 2), anim.duration]) {
        assert.strictEqual(rows[f][0], String(f));
        anim.tracks.forEach((t, i) => assert.strictEqual(Number(rows[f][i + 1]), t.values[f], `${t.path} at frame ${f}`));
      }
    });
  }

  test('MOTN: one sequence as JSON equals `sample --animation NAME -o`, and as CSV', async () => {
    const copied = copySample(dir, 'motn/motion.bin');
    await openWith(copied.uri);
    const anim = copied.decoded.anim;
    assert.ok(anim?.format === 'motn');
    const seq = anim.sequences.find((s) => s.standard && s.frames > 10 && s.tracks.length > 0);
    assert.ok(seq, 'a standard sequence');
    const json = vscode.Uri.file(path.join(dir, 'motion.seq.json'));
    await vscode.commands.executeCommand('animscope.exportCurves', copied.uri, json, { format: 'json', animation: seq.name });
    runCli(['sample', 'motion.bin', '--animation', seq.name, '-o', 'motion.seq.cli.json'], dir);
    assertSameBytes(json.fsPath, path.join(dir, 'motion.seq.cli.json'), 'MOTN sample --animation');

    const csv = vscode.Uri.file(path.join(dir, 'motion.seq.csv'));
    await vscode.commands.executeCommand('animscope.exportCurves', copied.uri, csv, { format: 'csv', animation: seq.name });
    const { header, rows } = parseCsv(csv.fsPath);
    assert.strictEqual(header.length, 1 + seq.tracks.length);
    assert.strictEqual(header[1], `bones/${seq.tracks[0].bone}/${seq.tracks[0].channel}/${seq.tracks[0].axis}`);
    assert.strictEqual(rows.length, Math.floor(seq.frames) + 1);
  });

  /**
   * Runs `run` with window.withProgress observed: every task's options and reports; when `cancelAfter`
   * is set, the task's token is cancelled after that many reports (as the notification's Cancel does).
   */
  async function withProgressObserved<T>(run: () => Thenable<T>, cancelAfter?: number):
    Promise<{ result: T; calls: { options: vscode.ProgressOptions; reports: { increment?: number; message?: string }[] }[] }> {
    const original = vscode.window.withProgress;
    const calls: { options: vscode.ProgressOptions; reports: { increment?: number; message?: string }[] }[] = [];
    (vscode.window as { withProgress: typeof original }).withProgress = (options, task) => {
      const reports: { increment?: number; message?: string }[] = [];
      calls.push({ options, reports });
      const source = new vscode.CancellationTokenSource();
      return original(options, (progress, token) => {
        token.onCancellationRequested(() => source.cancel());
        return task({
          report: (value) => {
            reports.push(value);
            progress.report(value);
            if (cancelAfter !== undefined && reports.length >= cancelAfter) source.cancel();
          },
        }, source.token);
      });
    };
    try {
      return { result: await run(), calls };
    } finally {
      (vscode.window as { withProgress: typeof original }).withProgress = original;
    }
  }

  test('Export to JSON of motion.bin (100 MB) shows cancellable progress and writes the document; cancelled, it leaves nothing', async () => {
    const copied = copySample(dir, 'motn/motion.bin', 'progress-motion.bin');
    const target = vscode.Uri.file(path.join(dir, 'progress-motion.json'));
    const { result, calls } = await withProgressObserved(() => vscode.commands.executeCommand<vscode.Uri>('animscope.exportJson', copied.uri, target));
    assert.strictEqual(result?.toString(), target.toString());
    assert.strictEqual(calls.length, 1, 'one progress notification');
    assert.strictEqual(calls[0].options.location, vscode.ProgressLocation.Notification);
    assert.strictEqual(calls[0].options.cancellable, true);
    const percents = calls[0].reports.map((r) => Number(/^(\d+)%/.exec(r.message ?? '')?.[1]));
    assert.ok(percents.length >= 10, `${percents.length} progress reports`);
    assert.ok(percents.every((p, i) => p > (percents[i - 1] ?? 0)), `percentages rise: ${percents.join(' ')}`);
    assert.ok(calls[0].reports.reduce((n, r) => n + (r.increment ?? 0), 0) <= 100);
    // a valid document: its start and end (the CLI's byte-for-byte equality is the test above)
    const size = fs.statSync(target.fsPath).size;
    assert.ok(size > 50_000_000, `${size} bytes`);
    const fd = fs.openSync(target.fsPath, 'r');
    const head = Buffer.alloc(200);
    const tail = Buffer.alloc(16);
    fs.readSync(fd, head, 0, head.length, 0);
    fs.readSync(fd, tail, 0, tail.length, size - tail.length);
    fs.closeSync(fd);
    assert.match(head.toString('utf8'), /^\{\n "schemaVersion": \d+,\n "generator": "animscope /);
    // schema 3: the raw bytes' runs close the document, after the animation
    assert.match(tail.toString('utf8'), /\n \]\n\}\n$/, 'the rawBytes list and the document are closed');

    const cancelled = vscode.Uri.file(path.join(dir, 'cancelled-motion.json'));
    const before = fs.readdirSync(dir).sort();
    const second = await withProgressObserved(() => vscode.commands.executeCommand<vscode.Uri>('animscope.exportJson', copied.uri, cancelled), 3);
    assert.strictEqual(second.result, undefined, 'a cancelled export returns nothing');
    assert.ok(second.calls[0].reports.length < percents.length, 'the writing stopped early');
    assert.deepStrictEqual(fs.readdirSync(dir).sort(), before, 'no file and no partial file left');
  });
});
