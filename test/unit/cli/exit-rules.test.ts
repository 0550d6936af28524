/**
 * The CLI's rules (README "Command line": exit codes and messages), checked the same way for
 * every command: a file missing, a folder (on disk or inside an archive), a file that is not what
 * the command takes, an `-o` that cannot be written, a wrong option. Every stderr line starts with
 * `animscope COMMAND:`, no raw errno code (`EISDIR`) reaches the user, and a failed `-o` leaves
 * nothing behind.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE } from '../../../src/cli/output';
import { nodeIO, run, runAsync } from '../../../src/cli/main';
import { writeOutputFile } from '../../../src/cli/outputFile';
import type { CliIO } from '../../../src/cli/output';
import { samplePath } from '../helpers';
import { cli, CliResult } from './capture';

const KURIBO_ARC = samplePath('archives/Kuribo.arc');
const KURIBO = `${KURIBO_ARC}/Kuribo/Kuribo.bdl`;
const WALK = `${KURIBO_ARC}/Kuribo/Walk.bck`;
const ARCHIVE_FOLDER = `${KURIBO_ARC}/Kuribo`;
const POWER_STAR = samplePath('archives/PowerStar.arc/PowerStar/PowerStar.bdl');
const CORE_BRK = samplePath('j3d/smg/TripodBossCore/2ndDemo.brk');
const DIR = samplePath('j3d');

/** Every command `animscope --help` lists: a new one must be added to each table below. */
const COMMANDS = ['info', 'validate', 'export', 'sample', 'keys', 'build', 'ls', 'extract', 'textures', 'pose'];
/** The asynchronous ones (they write through glTF-Transform): their own table, through runAsync. */
const ASYNC_COMMANDS = ['gltf', 'import'];

let tmp: string;
let junk: string;
before(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-cli-rules-'));
  junk = path.join(tmp, 'junk.bin');
  fs.writeFileSync(junk, 'plain text, no format AnimScope reads');
});
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs with the process's own IO for files (atomic -o writes), capturing stdout and stderr. */
function cliReal(...argv: string[]): CliResult {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { ...nodeIO, out: (t) => out.push(t), err: (t) => err.push(t), write: (t) => out.push(t) };
  const code = run(argv, io);
  return { code, stdout: out.join('\n'), stderr: err.join('\n'), files: new Map() };
}

/** The message rules: every stderr line from the command, in words. */
function assertMessages(r: CliResult, command: string, label: string): void {
  for (const line of r.stderr.split('\n').filter((l) => l !== '')) {
    assert.ok(line.startsWith(`animscope ${command}: `), `${label}: stderr line does not start with "animscope ${command}: ": ${line}`);
    assert.doesNotMatch(line, /\bE(NOENT|ISDIR|EXIST|NOTDIR|ACCES|PERM)\b/, `${label}: raw errno code: ${line}`);
    assert.doesNotMatch(line, /internal error/, `${label}: ${line}`);
  }
}

function check(argv: string[], code: number, stderr?: RegExp, realFiles = false): CliResult {
  const label = argv.join(' ');
  const r = realFiles ? cliReal(...argv) : cli(...argv);
  assert.equal(r.code, code, `${label}: exit ${r.code}, expected ${code}\n${r.stderr}`);
  assertMessages(r, argv[0], label);
  if (stderr) assert.match(r.stderr, stderr, label);
  if (code === EXIT_UNREADABLE) assert.ok(!r.stderr.includes('\n'), `${label}: one line expected:\n${r.stderr}`);
  return r;
}

describe('CLI rules: the same exit codes and wording for every command', () => {
  it('the tables cover every command of `animscope --help`', () => {
    const listed = [...cli('--help').stdout.matchAll(/^ {2}animscope (\w+) /gm)].map((m) => m[1]).filter((c) => c !== 'help');
    assert.deepEqual(listed, [...COMMANDS, ...ASYNC_COMMANDS]);
  });

  it('a missing file: exit 2, one line', () => {
    const missing = path.join(tmp, 'no-such.bck');
    const cases: Record<string, string[]> = {
      info: [missing], validate: [missing], export: [missing], sample: [missing], keys: [missing], build: [missing, '-o', path.join(tmp, 'x')], ls: [missing],
      extract: [missing, '-o', path.join(tmp, 'x')], textures: [missing, '-o', path.join(tmp, 'x')], pose: [missing],
    };
    assert.deepEqual(Object.keys(cases), COMMANDS);
    for (const [command, args] of Object.entries(cases)) check([command, ...args], EXIT_UNREADABLE, /no such file/);
    assert.ok(!fs.existsSync(path.join(tmp, 'x')), 'nothing is created when the input is missing');
  });

  it('a folder on disk or inside an archive where a file is expected: "is a folder", exit 2', () => {
    // validate takes folders (it searches them) and is not in this table.
    const commands = COMMANDS.filter((c) => c !== 'validate');
    for (const folder of [DIR, ARCHIVE_FOLDER]) {
      // build reads a JSON document from disk, never from inside an archive
      for (const command of commands.filter((c) => folder === DIR || c !== 'build')) {
        const args = command === 'extract' || command === 'textures' || command === 'build' ? [folder, '-o', path.join(tmp, 'out')] : [folder];
        check([command, ...args], EXIT_UNREADABLE, new RegExp(`${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is a folder`));
      }
    }
  });

  it('info on a folder inside an archive lists what it holds', () => {
    const r = check(['info', ARCHIVE_FOLDER], EXIT_UNREADABLE);
    const lines = r.stdout.split('\n');
    // Kuribo.arc's root folder: the ActorInfo folder and 41 files (`animscope ls` of the archive: 56 files, 15 in ActorInfo).
    assert.equal(lines[0], `${ARCHIVE_FOLDER}: folder in an archive, 42 entries`);
    assert.ok(lines.includes('  ActorInfo/'), r.stdout);
    assert.ok(lines.includes('  Walk.bck  (1216 bytes)'), r.stdout);
  });

  it('a file that is not what the command takes: exit 2 (validate reports it as an error diagnostic: exit 1)', () => {
    const cases: [string[], number, RegExp][] = [
      [['info', junk], EXIT_UNREADABLE, /is not a file AnimScope reads/],
      [['validate', junk], EXIT_ERRORS, /^$/],
      [['export', junk], EXIT_UNREADABLE, /is not a file AnimScope reads/],
      [['sample', junk], EXIT_UNREADABLE, /is not a file AnimScope reads/],
      [['keys', junk], EXIT_UNREADABLE, /is not an animation/],
      [['build', junk, '-o', path.join(tmp, 'x')], EXIT_UNREADABLE, /is not JSON/],
      [['ls', WALK], EXIT_UNREADABLE, /is a BCK file, not an archive/],
      [['extract', WALK, '-o', path.join(tmp, 'x')], EXIT_UNREADABLE, /is a BCK file, not an archive/],
      [['textures', WALK, '-o', path.join(tmp, 'x')], EXIT_UNREADABLE, /is a BCK file, not a BMD\/BDL model/],
      [['pose', WALK], EXIT_UNREADABLE, /is a BCK file, not a BMD\/BDL model/],
    ];
    assert.deepEqual(cases.map(([args]) => args[0]), COMMANDS);
    for (const [args, code, stderr] of cases) check(args, code, stderr);
    // The second kind of refusal: the right file in the wrong place.
    check(['sample', KURIBO], EXIT_UNREADABLE, /is a model, not an animation/);
    check(['pose', KURIBO, KURIBO], EXIT_UNREADABLE, /is a model, not an animation/);
    check(['pose', KURIBO, junk], EXIT_UNREADABLE, /is not an animation/);
    check(['textures', KURIBO_ARC, '-o', path.join(tmp, 'x')], EXIT_UNREADABLE, /is an archive, not a model/);
    assert.ok(!fs.existsSync(path.join(tmp, 'x')));
  });

  it('an unknown option: exit 2, the options it takes and a pointer to its --help', () => {
    for (const command of COMMANDS) {
      check([command, '--frob', WALK], EXIT_UNREADABLE, new RegExp(`^animscope ${command}: unknown option --frob \\(.*\\); see \`animscope ${command} --help\`$`));
    }
  });

  it('usage errors of every command point to its --help', () => {
    const cases: string[][] = [['info'], ['validate'], ['export'], ['sample'], ['keys'], ['build'], ['ls'], ['extract', KURIBO_ARC], ['textures', KURIBO], ['pose']];
    assert.deepEqual(cases.map((c) => c[0]), COMMANDS);
    for (const args of cases) check(args, EXIT_UNREADABLE, new RegExp(`; see \`animscope ${args[0]} --help\`$`));
    check(['pose', KURIBO, '--frame', 'soon'], EXIT_UNREADABLE, /--frame needs a number/);
  });

  it('-o FILE (export, sample): a folder, a missing folder, a file as folder: one line in words, exit 2, nothing left', () => {
    const plainFile = path.join(tmp, 'plain');
    fs.writeFileSync(plainFile, 'keep');
    for (const command of ['export', 'sample']) {
      check([command, WALK, '-o', tmp], EXIT_UNREADABLE, new RegExp(`cannot write ${tmp}: it is a folder; give a file name$`), true);
      const missing = path.join(tmp, 'missing', 'dir', 'x.json');
      check([command, WALK, '-o', missing], EXIT_UNREADABLE, new RegExp(`the folder ${path.dirname(missing)} does not exist$`), true);
      check([command, WALK, '-o', path.join(plainFile, 'x.json')], EXIT_UNREADABLE, /is not a folder$/, true);
    }
    assert.deepEqual(fs.readdirSync(tmp).sort(), ['junk.bin', 'plain']);
    assert.equal(fs.readFileSync(plainFile, 'utf8'), 'keep');
  });

  it('-o FILE is written whole: the target keeps its old bytes until the end, a failure leaves nothing behind', () => {
    const target = path.join(tmp, 'walk.json');
    fs.writeFileSync(target, 'older');
    const leftovers = (): string[] => fs.readdirSync(tmp).filter((f) => f.includes('walk'));
    assert.throws(() => writeOutputFile(nodeIO, target, (write) => {
      write('{"half": ');
      assert.equal(fs.readFileSync(target, 'utf8'), 'older', 'the target is untouched while it is written');
      throw new Error('stopped');
    }), /stopped/);
    assert.equal(fs.readFileSync(target, 'utf8'), 'older');
    assert.deepEqual(leftovers(), ['walk.json'], 'no temporary file is left');
    for (const command of ['export', 'sample']) {
      check([command, WALK, '-o', target], EXIT_OK, undefined, true);
      const written = JSON.parse(fs.readFileSync(target, 'utf8'));
      assert.equal(written.file?.format ?? written.format, 'bck', command);
      assert.deepEqual(leftovers(), ['walk.json'], 'no temporary file is left');
    }
    fs.rmSync(target);
  });

  it('-o DIR (textures, extract) onto a file or below one: says so, exit 2, the file untouched', () => {
    const plainFile = path.join(tmp, 'plain');
    fs.writeFileSync(plainFile, 'keep');
    const cases: [string, string][] = [['textures', KURIBO], ['extract', KURIBO_ARC]];
    for (const [command, input] of cases) {
      check([command, input, '-o', plainFile], EXIT_UNREADABLE, new RegExp(`${plainFile} is a file, not a folder: -o names the folder to `));
      check([command, input, '-o', path.join(plainFile, 'sub')], EXIT_UNREADABLE, /cannot create the folder .*: a part of the path is a file$/);
    }
    assert.equal(fs.readFileSync(plainFile, 'utf8'), 'keep');
  });

  it('sample that writes nothing says why: exit 2', () => {
    // Walk.bck: 6 joints × 9 channels × (duration + 1) frames, far above 10.
    check(['sample', WALK, '--max-samples', '10'], EXIT_UNREADABLE, /^animscope sample: nothing written: .*more than the limit of 10; pass --max-samples \d+ to write it anyway$/);
  });

  it('pose with an animation for another model says what did not bind, as the editor does: exit 1, the pose still written', () => {
    // Walk.bck drives Kuribo's 6 joints; PowerStar.bdl has 3: joints 3…5 bind to nothing (a warning).
    // MDL_JOINT_COUNT points at the ANK1 joint count, 0x20 (ANK1) + 0x0C.
    let r = check(['pose', POWER_STAR, WALK], EXIT_ERRORS, /^animscope pose: .*Walk\.bck 0x0000002C warning MDL_JOINT_COUNT /);
    assert.equal(JSON.parse(r.stdout).joints.length, 3);
    // 2ndDemo.brk animates TripodBossCore's materials; Kuribo has one material, none of those.
    r = check(['pose', KURIBO, CORE_BRK], EXIT_ERRORS, /MDL_MATERIAL_MISSING/);
    assert.ok(r.stderr.split('\n').every((l) => / warning MDL_MATERIAL_MISSING /.test(l)), r.stderr);
    // Walk.bck on its own model binds: nothing said, exit 0.
    r = check(['pose', KURIBO, WALK], EXIT_OK);
    assert.equal(r.stderr, '');
  });

  it('gltf keeps the same rules: exit 2 and one line for what it cannot take, exit 1 for what does not bind', async () => {
    const gltf = async (...args: string[]): Promise<CliResult> => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAsync(['gltf', ...args], { ...nodeIO, out: (t) => out.push(t), err: (t) => err.push(t), write: (t) => out.push(t) });
      const r = { code, stdout: out.join('\n'), stderr: err.join('\n'), files: new Map<string, string>() };
      assertMessages(r, 'gltf', args.join(' '));
      return r;
    };
    const glb = path.join(tmp, 'k.glb');
    const refusals: [string[], RegExp][] = [
      [[path.join(tmp, 'no-such.bdl'), '-o', glb], /no such file/],
      [[DIR, '-o', glb], /is a folder/],
      [[ARCHIVE_FOLDER, '-o', glb], /is a folder/],
      [[WALK, '-o', glb], /is a BCK file, not a BMD\/BDL model/],
      [[KURIBO, KURIBO, '-o', glb], /is not an animation/],
      [['--frob', KURIBO], /unknown option --frob .*; see `animscope gltf --help`$/],
      [[], /; see `animscope gltf --help`$/],
      [[KURIBO, '-o', path.join(tmp, 'missing', 'k.glb')], /the folder .* does not exist$/],
    ];
    for (const [args, stderr] of refusals) {
      const r = await gltf(...args);
      assert.equal(r.code, EXIT_UNREADABLE, `${args.join(' ')}: exit ${r.code}\n${r.stderr}`);
      assert.match(r.stderr, stderr);
      assert.ok(!r.stderr.includes('\n'), `one line: ${r.stderr}`);
    }
    assert.ok(!fs.existsSync(glb), 'nothing written');
    // Walk.bck on PowerStar's 3 joints: written, the warning said as pose says it, exit 1.
    let r = await gltf(POWER_STAR, WALK, '-o', glb);
    assert.equal(r.code, EXIT_ERRORS, r.stderr);
    assert.match(r.stderr, /Walk\.bck 0x0000002C warning MDL_JOINT_COUNT /);
    assert.ok(fs.statSync(glb).size > 0);
    r = await gltf(KURIBO, WALK, '-o', glb);
    assert.equal(r.code, EXIT_OK, r.stderr);
    assert.equal(r.stderr, '');
    fs.rmSync(glb);
  });

  it('import keeps the same rules: exit 2 and one line for what it cannot take, nothing written', async () => {
    const run = async (...args: string[]): Promise<CliResult> => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAsync(['import', ...args], { ...nodeIO, out: (t) => out.push(t), err: (t) => err.push(t), write: (t) => out.push(t) });
      const r = { code, stdout: out.join('\n'), stderr: err.join('\n'), files: new Map<string, string>() };
      assertMessages(r, 'import', args.join(' '));
      return r;
    };
    const glb = path.join(tmp, 'import.glb');
    assert.equal((await runAsync(['gltf', KURIBO, WALK, '-o', glb], { ...nodeIO, out: () => undefined, err: () => undefined })), EXIT_OK);
    const notGltf = path.join(tmp, 'junk.glb');
    fs.writeFileSync(notGltf, 'plain text, no glTF');
    const out = path.join(tmp, 'import-out');
    const refusals: [string[], RegExp][] = [
      [[path.join(tmp, 'no-such.glb'), '--model', KURIBO, '-o', out], /no such file/],
      [[notGltf, '--model', KURIBO, '-o', out], /is not a glTF file it can read/],
      [[glb, '--model', WALK, '-o', out], /is a BCK file, not a BMD\/BDL model/],
      [[glb, '--model', KURIBO, '-o', junk], /is a file, not a folder/],
      [['--frob', glb], /unknown option --frob .*; see `animscope import --help`$/],
      [[], /; see `animscope import --help`$/],
    ];
    for (const [args, stderr] of refusals) {
      const r = await run(...args);
      assert.equal(r.code, EXIT_UNREADABLE, `${args.join(' ')}: exit ${r.code}\n${r.stderr}`);
      assert.match(r.stderr, stderr);
      assert.ok(!r.stderr.includes('\n'), `one line: ${r.stderr}`);
    }
    assert.ok(!fs.existsSync(out), 'nothing written');
    const r = await run(glb, '--model', KURIBO, '-o', out);
    assert.equal(r.code, EXIT_OK, r.stderr);
    assert.equal(r.stderr, '');
  });
});
