/**
 * Loaded by the extension host as extensionTestsPath (same contract as with @vscode/test-electron):
 * export run(): Promise<void>; a rejection => exit code 1, reported to the workbench (codeAutomationExit).
 * The per-test result also goes to $ANIMSCOPE_HOST_DATA/mocha-result.json (env inherited from code-server)
 * so that the runner can count tests.
 */
import * as fs from 'fs';
import * as path from 'path';
import Mocha = require('mocha');

export interface SuiteResult {
  /** Passed, retries included (`retried` says how many of them needed one). */
  passed: number;
  /** Failed, and pending or skipped (a test that did not run proves nothing). */
  failed: number;
  /** Passed only after a retry. */
  retried: number;
  tests: { title: string; state: 'passed' | 'failed'; durationMs: number; retries: number; error?: string }[];
}

export function run(): Promise<void> {
  // One retry: code-server now and then leaves a fresh webview silent (see src/extension/renderWatchdog.ts);
  // a test that fails twice is a real failure, and a pass after a retry is reported as one (run.ts prints and counts it).
  // A skipped or pending test fails the run: it proves nothing.
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60000, reporter: 'spec', retries: 1, forbidOnly: true, forbidPending: true });
  const grep = process.env.ANIMSCOPE_HOST_GREP;
  if (grep) mocha.grep(grep);
  for (const f of fs.readdirSync(__dirname).sort()) if (f.endsWith('.test.js')) mocha.addFile(path.join(__dirname, f));
  const result: SuiteResult = { passed: 0, failed: 0, retried: 0, tests: [] };
  const resultFile = process.env.ANIMSCOPE_HOST_DATA ? path.join(process.env.ANIMSCOPE_HOST_DATA, 'mocha-result.json') : undefined;
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      if (resultFile) fs.writeFileSync(resultFile, JSON.stringify(result, null, 2));
      if (failures) reject(new Error(`${failures} tests failed.`));
      else resolve();
    });
    const retriesOf = new Map<string, number>();
    runner.on('retry', (t) => retriesOf.set(t.fullTitle(), (retriesOf.get(t.fullTitle()) ?? 0) + 1));
    runner.on('pass', (t) => {
      const retries = retriesOf.get(t.fullTitle()) ?? 0;
      result.passed++;
      if (retries > 0) result.retried++;
      result.tests.push({ title: t.fullTitle(), state: 'passed', durationMs: t.duration ?? 0, retries });
    });
    runner.on('fail', (t, err: unknown) => {
      result.failed++;
      result.tests.push({ title: t.fullTitle(), state: 'failed', durationMs: t.duration ?? 0, retries: retriesOf.get(t.fullTitle()) ?? 0,
        error: err instanceof Error ? err.stack ?? err.message : String(err) });
    });
    // forbidPending turns this.skip() and body-less tests into failures; should one still come through as pending, it fails here
    runner.on('pending', (t) => {
      result.failed++;
      result.tests.push({ title: t.fullTitle(), state: 'failed', durationMs: 0, retries: 0, error: 'pending or skipped: a test that does not run is a failure' });
    });
  });
}
