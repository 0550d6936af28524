/**
 * The real process: `node bin/animscope.js …` spawned through bash, stdout into `head -c 10`.
 * Outputs are bigger than a pipe buffer (64 KiB), so the CLI is still writing when head exits
 * and the next write fails with EPIPE: it must end with status 0 and nothing on stderr.
 */
import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { buildRarc } from '../../fixtures/archive-writer';
import { writeBck } from '../../fixtures/j3d-writer';
import { PROJECT_ROOT, samplePath } from '../helpers';

const BIN = path.join(PROJECT_ROOT, 'bin/animscope.js');
const PIPE_BUFFER = 64 * 1024;

interface Spawned { status: number; stdout: Buffer; stderr: string }

/** `node bin/animscope.js ARGS | head -c 10` (or another tail), with the CLI's own status and stderr. */
function piped(args: string[], tail = 'head -c 10'): Spawned {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-pipe-'));
  const errFile = path.join(dir, 'stderr');
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const script = `node '${BIN}' ${quoted} 2>'${errFile}' | ${tail}; exit "\${PIPESTATUS[0]}"`;
  const r = spawnSync('bash', ['-c', script], { cwd: PROJECT_ROOT, maxBuffer: 64 * 1024 * 1024 });
  const stderr = fs.readFileSync(errFile, 'utf8');
  fs.rmSync(dir, { recursive: true, force: true });
  return { status: r.status ?? -1, stdout: r.stdout, stderr };
}

function run(args: string[]): Spawned {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: PROJECT_ROOT, maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr.toString('utf8') };
}

describe('animscope as a process (bin/animscope.js)', function () {
  this.timeout(60000);
  let tmp: string;
  let bigBck: string;
  let bigArc: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-process-'));
    // 120 joints with default (constant) tracks: a clean BCK whose export is > 64 KiB.
    bigBck = path.join(tmp, 'big.bck');
    fs.writeFileSync(bigBck, writeBck({ joints: Array.from({ length: 120 }, () => ({})), duration: 30 }).bytes);
    // 3000 one-byte entries: an `ls` listing of > 64 KiB, written line by line.
    bigArc = path.join(tmp, 'big.arc');
    fs.writeFileSync(bigArc, buildRarc({ name: 'Root', children: Array.from({ length: 3000 }, (_, i) => ({ name: `entry${i}.bin`, data: new Uint8Array([i & 0xff]) })) }).bytes);
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const cases: [string, () => string[]][] = [
    ['export', () => ['export', bigBck]],
    ['sample', () => ['sample', samplePath('j3d/smg/TripodBossCore/Wait.btk')]],
    ['ls', () => ['ls', bigArc]],
    ['info of 300 files', () => ['info', ...Array<string>(300).fill(samplePath('j3d/smg/TripodBossCore/2ndDemo.bck'))]],
  ];
  for (const [label, args] of cases) {
    it(`${label} | head -c 10: status 0, empty stderr`, () => {
      const full = run(args());
      assert.equal(full.status, 0, full.stderr);
      assert.ok(full.stdout.length > PIPE_BUFFER, `${label} must write more than a pipe buffer (${full.stdout.length} bytes)`);
      const r = piped(args());
      assert.equal(r.stderr, '', `${label} stderr`);
      assert.equal(r.status, 0, `${label} status`);
      assert.deepEqual(r.stdout, full.stdout.subarray(0, 10));
    });
  }

  it('a reader that is gone before the first write (| true): status 0, empty stderr', () => {
    const r = piped(['sample', samplePath('j3d/smg/TripodBossCore/Wait.btk')], 'true');
    assert.equal(r.stderr, '');
    assert.equal(r.status, 0);
  });

  it('export -o into a missing folder: one line, status 2, no stack trace', () => {
    const target = path.join(tmp, 'nonexistent', 'dir', 'x.json');
    const r = run(['export', samplePath('j3d/smg/TripodBossCore/2ndDemo.bck'), '-o', target]);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, `animscope export: cannot write ${target}: the folder ${path.dirname(target)} does not exist\n`);
    assert.equal(r.stdout.length, 0);
  });

  it('a file over 512 MiB is refused unread, by size: info and an archive path exit 2 with one line; validate lists it and goes on', () => {
    // Sparse: 600 MiB long, no block written. Read, it would be 600 MiB in memory (1.2 GiB with the copy the
    // CLI used to make) before the decoder said FILE_TOO_LARGE.
    const huge = path.join(tmp, 'huge.bck');
    fs.closeSync(fs.openSync(huge, 'w'));
    fs.truncateSync(huge, 600 * 1024 * 1024);
    const reason = 'it is 629145600 bytes (600.0 MiB); files over 512 MiB are not read';
    const info = run(['info', huge]);
    assert.equal(info.status, 2);
    assert.equal(info.stderr, `animscope info: cannot read ${huge}: ${reason}\n`);
    const hugeArc = path.join(tmp, 'huge.arc');
    fs.renameSync(huge, hugeArc);
    const inner = run(['info', `${hugeArc}/Root/Wait.btk`]);
    assert.equal(inner.status, 2);
    assert.equal(inner.stderr, `animscope info: cannot read ${hugeArc}/Root/Wait.btk: ${reason}\n`);
    const validate = run(['validate', hugeArc, samplePath('j3d/smg/TripodBossCore/Wait.btk')]);
    assert.ok(validate.stderr.includes(`animscope validate: cannot read ${hugeArc}: ${reason}\n`), validate.stderr);
    assert.equal(validate.stdout.toString(), '1 file checked: 0 errors, 0 warnings, 1 unreadable\n', 'the other file is still checked');
    assert.equal(validate.status, 2);
    fs.rmSync(hugeArc);
  });

  it('a device (Linux /dev/zero, endless if read) is refused unread as "not a regular file", not "no such file"', () => {
    for (const command of ['info', 'validate']) {
      const r = run([command, '/dev/zero']);
      assert.equal(r.status, 2);
      assert.ok(r.stderr.startsWith(`animscope ${command}: /dev/zero is not a regular file (a device, pipe or socket is not read)\n`), r.stderr);
    }
  });

  it('a full disk on stdout (Linux /dev/full): one line, status 2', () => {
    const full = spawnSync('bash', ['-c', `node '${BIN}' info '${samplePath('j3d/smg/TripodBossCore/2ndDemo.bck')}' >/dev/full`]);
    assert.equal(full.status, 2);
    assert.equal(full.stderr.toString(), 'animscope: cannot write to standard output: no space left on the device\n');
  });
});
