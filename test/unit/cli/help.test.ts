import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { PROJECT_ROOT } from '../helpers';
import { cli } from './capture';

const COMMANDS = ['info', 'validate', 'export', 'sample', 'ls', 'extract'];

describe('CLI help', () => {
  it('--help, -h and help print the overview with every command, exit 0', () => {
    const overview = cli('--help');
    assert.equal(overview.code, 0);
    assert.equal(overview.stderr, '');
    for (const c of COMMANDS) assert.match(overview.stdout, new RegExp(`^  animscope ${c} `, 'm'), c);
    assert.match(overview.stdout, /animscope help COMMAND/);
    assert.equal(cli('-h').stdout, overview.stdout);
    assert.equal(cli('help').stdout, overview.stdout);
  });

  it('no arguments: the overview on stderr, exit 2 (nothing was asked)', () => {
    const r = cli();
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, cli('--help').stdout);
  });

  it('every command has its own usage text, the same for --help, -h and help CMD', () => {
    const texts = new Set<string>();
    for (const c of COMMANDS) {
      const long = cli(c, '--help');
      assert.equal(long.code, 0, c);
      assert.equal(long.stderr, '', c);
      assert.ok(long.stdout.startsWith(`Usage: animscope ${c} `), long.stdout);
      assert.match(long.stdout, /-h, --help/);
      assert.equal(cli(c, '-h').stdout, long.stdout, `${c} -h`);
      assert.equal(cli('help', c).stdout, long.stdout, `help ${c}`);
      texts.add(long.stdout);
    }
    assert.equal(texts.size, COMMANDS.length, 'each command has its own text');
  });

  it('each command help lists exactly the options the command accepts', () => {
    const expected: Record<string, string[]> = {
      info: [], validate: ['--json'], export: ['--output'], sample: ['--animation', '--max-samples', '--output'], ls: ['--json'], extract: ['--output', '--decompress', '--force'],
    };
    for (const [c, options] of Object.entries(expected)) {
      const help = cli(c, '--help').stdout;
      const listed = [...help.matchAll(/^ {2}(?:-\w, )?(--[a-z-]+)/gm)].map((m) => m[1]).filter((o) => o !== '--help');
      assert.deepEqual(listed.sort(), [...options].sort(), c);
      // …and each is really accepted (no "unknown option").
      for (const o of options) assert.doesNotMatch(cli(c, o, 'x').stderr, /unknown option/, `${c} ${o}`);
    }
  });

  it('--help wins over other arguments, but not after --', () => {
    const r = cli('export', 'whatever.bck', '--help');
    assert.equal(r.code, 0);
    assert.ok(r.stdout.startsWith('Usage: animscope export '));
    const literal = cli('info', '--', '--help');
    assert.equal(literal.code, 2);
    assert.match(literal.stderr, /no such file: --help/);
  });

  it('--version prints the package version', () => {
    const r = cli('--version');
    assert.equal(r.code, 0);
    assert.equal(r.stdout, JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')).version);
  });
});
