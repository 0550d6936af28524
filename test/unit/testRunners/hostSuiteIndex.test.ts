/**
 * The in-host suite's runner (test/host/suite/index.ts) counts honestly: a skipped test is a failure,
 * a pass after a retry is counted as one. It runs here in a child Node process on a folder of small
 * tdd test files (the runner adds every *.test.js beside it), without VS Code: it needs only mocha.
 */
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PROJECT_ROOT } from '../../paths';
import type { SuiteResult } from '../../host/suite/index';

const INDEX = path.join(PROJECT_ROOT, 'out', 'test', 'host', 'suite', 'index.js');

/** Runs the suite runner on `files` (name → tdd source); its exit code and the result file it wrote. */
function runSuite(files: Record<string, string>): { code: number; result: SuiteResult } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-suite-index-'));
  try {
    fs.copyFileSync(INDEX, path.join(dir, 'index.js'));
    for (const [name, source] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), source);
    const script = `require(${JSON.stringify(path.join(dir, 'index.js'))}).run().then(() => process.exit(0), () => process.exit(1));`;
    let code = 0;
    try {
      // mocha is resolved from the project (NODE_PATH), as it is from out/ in the host
      execFileSync(process.execPath, ['-e', script], {
        stdio: 'pipe', env: { ...process.env, ANIMSCOPE_HOST_DATA: dir, NODE_PATH: path.join(PROJECT_ROOT, 'node_modules') },
      });
    } catch (e) {
      code = (e as { status?: number }).status ?? -1;
    }
    return { code, result: JSON.parse(fs.readFileSync(path.join(dir, 'mocha-result.json'), 'utf8')) as SuiteResult };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the in-host suite runner (test/host/suite/index.ts)', () => {
  it('counts a test that skips itself as a failure, and fails the run', () => {
    const { code, result } = runSuite({
      'a.test.js': `suite('s', () => { test('runs', () => {}); test('skips', function () { this.skip(); }); });`,
    });
    assert.strictEqual(code, 1);
    assert.deepStrictEqual([result.passed, result.failed], [1, 1]);
    assert.deepStrictEqual(result.tests.map((t) => [t.title, t.state]), [['s runs', 'passed'], ['s skips', 'failed']]);
  });

  it('counts a pass after a retry as a pass that needed one (the run still passes)', () => {
    const { code, result } = runSuite({
      'b.test.js': `let n = 0; suite('s', () => { test('flaky', () => { if (n++ === 0) throw new Error('first try'); }); test('steady', () => {}); });`,
    });
    assert.strictEqual(code, 0);
    assert.deepStrictEqual([result.passed, result.failed, result.retried], [2, 0, 1]);
    assert.deepStrictEqual(result.tests.map((t) => [t.title, t.retries]), [['s flaky', 1], ['s steady', 0]]);
  });
});
