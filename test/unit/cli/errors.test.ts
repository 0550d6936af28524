/**
 * What a new user hits first: every failure is one line `animscope CMD: …` on stderr, with the
 * exit code of the table in `animscope --help` (0 ok, 1 errors found, 2 nothing done, 3 bug),
 * the same for every command. No stack trace, ever, unless ANIMSCOPE_DEBUG is set.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EXIT_CODES_HELP, EXIT_ERRORS, EXIT_INTERNAL, EXIT_OK, EXIT_UNREADABLE, OutputClosed } from '../../../src/cli/output';
import { PROJECT_ROOT, samplePath, SAMPLES_DIR } from '../helpers';
import { cli, cliWith, CliResult } from './capture';

const CORE = samplePath('j3d/smg/TripodBossCore');
const BCK = path.join(CORE, '2ndDemo.bck');
const COMMANDS = ['info', 'validate', 'export', 'sample', 'ls', 'extract'];

let tmp: string;
before(() => { tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-cli-errors-')); });
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** One line on stderr, from animscope, no stack frame (`    at f (file:1:2)`). */
function assertOneErrorLine(r: CliResult, command: string): void {
  assert.ok(r.stderr.length > 0, 'an error line was expected');
  assert.ok(!r.stderr.includes('\n'), `one line expected:\n${r.stderr}`);
  assert.ok(r.stderr.startsWith(`animscope ${command}: `) || r.stderr.startsWith('animscope: '), r.stderr);
  assert.doesNotMatch(r.stderr, /\bat .+:\d+:\d+\)?$|node:internal|^\w*Error: /, r.stderr);
}

describe('CLI errors: one line, documented exit codes', () => {
  it('export -o into a folder that does not exist: one line naming the folder, exit 2', () => {
    const target = path.join(tmp, 'no-such-dir', 'x.json');
    const r = cliWith({ realFiles: true }, 'export', BCK, '-o', target);
    assert.equal(r.code, EXIT_UNREADABLE);
    assertOneErrorLine(r, 'export');
    assert.equal(r.stderr, `animscope export: cannot write ${target}: the folder ${path.dirname(target)} does not exist`);
    assert.equal(r.stdout, '');
  });

  it('export -o onto a folder: says it is a folder, exit 2', () => {
    const r = cliWith({ realFiles: true }, 'export', BCK, '-o', tmp);
    assert.equal(r.code, EXIT_UNREADABLE);
    assertOneErrorLine(r, 'export');
    assert.match(r.stderr, /it is a folder; give a file name$/);
  });

  it('extract -o onto a file: says it is a file, writes nothing, exit 2', () => {
    const file = path.join(tmp, 'a-file');
    fs.writeFileSync(file, 'keep');
    const r = cli('extract', samplePath('archives/TripodBossCore.arc'), '-o', file);
    assert.equal(r.code, EXIT_UNREADABLE);
    assertOneErrorLine(r, 'extract');
    assert.equal(r.stderr, `animscope extract: ${file} is a file, not a folder: -o names the folder to extract into`);
    assert.equal(fs.readFileSync(file, 'utf8'), 'keep');
  });

  it('a folder given to info/export/sample/ls/extract: "is a folder", what to do instead, exit 2', () => {
    const dir = samplePath('j3d');
    for (const args of [['info', dir], ['export', dir], ['sample', dir], ['ls', dir], ['extract', dir, '-o', path.join(tmp, 'x')]]) {
      const r = cli(...args);
      assert.equal(r.code, EXIT_UNREADABLE, args.join(' '));
      assertOneErrorLine(r, args[0]);
      assert.ok(r.stderr.includes(`${dir} is a folder, not a file: `), r.stderr);
      assert.ok(r.stderr.includes(`\`animscope validate ${dir}\``), r.stderr);
      assert.doesNotMatch(r.stderr, /no such file/);
    }
  });

  it('unknown options and missing values: one line with balanced quotes, the options and --help', () => {
    const cases: [string[], string][] = [
      [['info', '--frob', BCK], 'animscope info: unknown option --frob (this command has none); see `animscope info --help`'],
      [['export', '-z', BCK], 'animscope export: unknown option -z (options: -o/--output); see `animscope export --help`'],
      [['ls', '--recursive', BCK], 'animscope ls: unknown option --recursive (options: --json); see `animscope ls --help`'],
      [['export', BCK, '-o'], 'animscope export: --output needs a value; see `animscope export --help`'],
      [['validate', '--json=yes', BCK], 'animscope validate: --json takes no value; see `animscope validate --help`'],
      [['sample', BCK, '--animation'], 'animscope sample: --animation needs a value; see `animscope sample --help`'],
    ];
    for (const [args, expected] of cases) {
      const r = cli(...args);
      assert.equal(r.code, EXIT_UNREADABLE, args.join(' '));
      assert.equal(r.stderr, expected);
      assert.equal(r.stderr.split("'").length % 2, 1, `unbalanced ' in ${r.stderr}`);
      assert.equal(r.stderr.split('"').length % 2, 1, `unbalanced " in ${r.stderr}`);
    }
  });

  it('wrong argument counts and unknown commands are usage errors (exit 2) pointing at --help', () => {
    for (const args of [['export'], ['export', BCK, BCK], ['sample'], ['info'], ['validate'], ['ls'], ['extract', BCK], ['frobnicate'], ['help', 'frobnicate']]) {
      const r = cli(...args);
      assert.equal(r.code, EXIT_UNREADABLE, args.join(' '));
      assertOneErrorLine(r, args[0]);
      assert.match(r.stderr, /; see `animscope( \w+)? --help`$/);
    }
    assert.match(cli('frobnicate').stderr, /the commands are info, validate, export, sample, keys, build, ls, extract/);
  });

  it('ls of a BCK: refused as "a BCK file, not an archive" before any listing, exit 2', () => {
    const r = cli('ls', BCK);
    assert.equal(r.code, EXIT_UNREADABLE);
    assert.equal(r.stdout, '', 'nothing listed (it used to print "RARC, 480 bytes")');
    assertOneErrorLine(r, 'ls');
    assert.equal(r.stderr, `animscope ls: ${BCK} is a BCK file, not an archive (\`animscope info ${BCK}\` describes it)`);
    const x = cli('extract', BCK, '-o', path.join(tmp, 'never'));
    assert.equal(x.code, EXIT_UNREADABLE);
    assert.match(x.stderr, /is a BCK file, not an archive/);
    assert.ok(!fs.existsSync(path.join(tmp, 'never')));
  });

  it('a truncated BCK: info, export, sample and validate all exit 1; export/sample say so in one line', () => {
    // The first 100 bytes of 2ndDemo.bck: the header declares 0x1E0 bytes (xxd: 0x08 = 00 00 01 E0)
    // and the joint table at 0x60 no longer fits.
    const file = path.join(tmp, 'truncated.bck');
    fs.writeFileSync(file, fs.readFileSync(BCK).subarray(0, 100));
    const errors: unknown[] = JSON.parse(cli('validate', '--json', file).stdout).files[0].diagnostics
      .filter((d: { severity: string }) => d.severity === 'error');
    assert.ok(errors.length > 0);
    for (const command of ['info', 'export', 'sample', 'validate']) {
      const r = cli(command, file);
      assert.equal(r.code, EXIT_ERRORS, `${command}: ${r.stderr}`);
    }
    for (const command of ['export', 'sample']) {
      const r = cli(command, file);
      assert.doesNotThrow(() => JSON.parse(r.stdout), `${command} still writes what it decoded`);
      assertOneErrorLine(r, command);
      assert.equal(r.stderr, `animscope ${command}: ${file} has ${errors.length} errors (first: J3D_FILE_SIZE at 0x8); ` +
        `\`animscope validate ${file}\` lists them`);
    }
  });

  it('a file without errors exits 0 for every reading command, with nothing on stderr', () => {
    for (const args of [['info', BCK], ['export', BCK], ['sample', BCK], ['validate', BCK], ['ls', samplePath('archives/TripodBossCore.arc')]]) {
      const r = cli(...args);
      assert.equal(r.code, EXIT_OK, `${args[0]}: ${r.stderr}`);
      assert.equal(r.stderr, '');
    }
  });

  it('a missing file: one line "no such file", exit 2, for every command', () => {
    const missing = path.join(SAMPLES_DIR, 'does-not-exist.bck');
    for (const args of [['info', missing], ['export', missing], ['sample', missing], ['ls', missing], ['extract', missing, '-o', tmp]]) {
      const r = cli(...args);
      assert.equal(r.code, EXIT_UNREADABLE, args[0]);
      assertOneErrorLine(r, args[0]);
      assert.equal(r.stderr, `animscope ${args[0]}: no such file: ${missing}`);
    }
  });

  describe('an unexpected exception (a bug)', () => {
    const debug = process.env.ANIMSCOPE_DEBUG;
    afterEach(() => {
      if (debug === undefined) delete process.env.ANIMSCOPE_DEBUG;
      else process.env.ANIMSCOPE_DEBUG = debug;
    });
    // The injected writer throws what no command expects, the way a bug would.
    const failingOut = (): void => { throw new TypeError('boom'); };

    it('is one line saying it is an internal error and where to report it, exit 3, no stack', () => {
      delete process.env.ANIMSCOPE_DEBUG;
      const r = cliWith({ out: failingOut }, 'info', BCK);
      assert.equal(r.code, EXIT_INTERNAL);
      assertOneErrorLine(r, 'info');
      const bugs = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')).bugs.url;
      assert.match(r.stderr, /^animscope info: internal error \(a bug in animscope [\d.]+\): TypeError: boom\. /);
      assert.ok(r.stderr.includes(`report it at ${bugs} `), r.stderr);
      assert.ok(r.stderr.includes('ANIMSCOPE_DEBUG=1 prints the stack'), r.stderr);
    });

    it('prints the stack after that line with ANIMSCOPE_DEBUG=1', () => {
      process.env.ANIMSCOPE_DEBUG = '1';
      const r = cliWith({ out: failingOut }, 'info', BCK);
      assert.equal(r.code, EXIT_INTERNAL);
      const lines = r.stderr.split('\n');
      assert.match(lines[0], /internal error/);
      assert.match(lines[1], /^TypeError: boom$/);
      assert.match(lines[2], /^ {4}at /);
    });
  });

  it('a closed standard output (EPIPE) ends the command at once with 0 and nothing on stderr', () => {
    let writes = 0;
    const brokenPipe = (): void => {
      writes++;
      throw new OutputClosed(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    };
    // A file with errors would otherwise exit 1 and print a line about them.
    const file = path.join(tmp, 'truncated-epipe.bck');
    fs.writeFileSync(file, fs.readFileSync(BCK).subarray(0, 100));
    for (const args of [['export', file], ['info', file, BCK], ['ls', samplePath('archives/TripodBossCore.arc')], ['validate', samplePath('j3d')]]) {
      writes = 0;
      const r = cliWith({ out: brokenPipe }, ...args);
      assert.equal(r.code, EXIT_OK, args[0]);
      assert.equal(r.stderr, '', args[0]);
      assert.equal(writes, 1, `${args[0]} stops at the first failed write`);
    }
    const full = cliWith({ out: () => { throw new OutputClosed(Object.assign(new Error('write ENOSPC'), { code: 'ENOSPC' })); } }, 'info', BCK);
    assert.equal(full.code, EXIT_UNREADABLE);
    assert.equal(full.stderr, 'animscope: cannot write to standard output: no space left on the device');
  });

  it('README documents the exit codes exactly as --help prints them', () => {
    const readme = fs.readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8');
    assert.ok(readme.includes(EXIT_CODES_HELP), 'README.md must contain the EXIT_CODES_HELP block of src/cli/output.ts verbatim');
    assert.ok(cli('--help').stdout.includes(EXIT_CODES_HELP));
    for (const c of COMMANDS) assert.ok(cli(c, '--help').stdout.includes(EXIT_CODES_HELP), c);
  });
});
