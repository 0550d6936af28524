/**
 * Names from files never reach the terminal raw. ../shared/hostile/names-badhash.arc holds RARC
 * names with control characters: `xxd` of its string table shows `ctl` 01 07 1b `[31mred` 1b
 * `[0m` and `new` 0a `line.bck`, and their stored name hashes are 0 (ARC_NAME_HASH quotes them).
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { escapeControls } from '../../../src/formats/binary/text';
import { jsonForTerminal } from '../../../src/cli/format';
import { PROJECT_ROOT } from '../helpers';
import { cli } from './capture';

const HOSTILE = path.resolve(PROJECT_ROOT, '../shared/hostile/names-badhash.arc');
const CTL_NAME = 'ctl\x01\x07\x1b[31mred\x1b[0m';
const NEWLINE_NAME = 'new\nline.bck';

/** Bytes a terminal would act on: C0 controls but the line ends, DEL, and the C1 controls (UTF-8 C2 80..C2 9F). */
function terminalControls(text: string): string[] {
  const bad: string[] = [];
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if ((b < 0x20 && b !== 0x0a) || b === 0x7f) bad.push(`0x${b.toString(16)} at ${i}`);
    if (b === 0xc2 && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9f) bad.push(`U+00${bytes[i + 1].toString(16)} at ${i}`);
  }
  return bad;
}

describe('CLI output escapes control characters from files', () => {
  let tmp: string;
  before(() => { tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-cli-escape-')); });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('escapeControls: C0, DEL, C1, line separators and bidi overrides become visible escapes', () => {
    assert.equal(escapeControls(CTL_NAME), 'ctl\\x01\\x07\\x1b[31mred\\x1b[0m');
    assert.equal(escapeControls('a\nb\tc\rd'), 'a\\x0ab\\x09c\\x0dd');
    assert.equal(escapeControls('\x7f\x9b\u2028\u202e\u2066'), '\\x7f\\x9b\\u2028\\u202e\\u2066');
    // Text a modder expects to read stays as it is: Japanese names, accents, quotes, backslashes.
    const plain = 'マリオ_Wait.bck é "q" C:\\x';
    assert.equal(escapeControls(plain), plain);
  });

  it('jsonForTerminal: the same JSON value, with DEL/C1/bidi escaped too', () => {
    const value = { name: CTL_NAME + '\x7f\x9b\u202e' };
    const text = jsonForTerminal(value);
    assert.deepEqual(terminalControls(text), []);
    assert.ok(!/[\u202e]/.test(text));
    assert.deepEqual(JSON.parse(text), value);
  });

  const commands: [string, string[]][] = [
    ['ls', ['ls', HOSTILE]],
    ['ls --json', ['ls', '--json', HOSTILE]],
    ['validate', ['validate', HOSTILE]],
    ['validate --json', ['validate', '--json', HOSTILE]],
    ['info of an entry', ['info', `${HOSTILE}/root/ok.bck`]],
    ['export of an entry', ['export', `${HOSTILE}/root/ok.bck`]],
    ['sample of an entry', ['sample', `${HOSTILE}/root/ok.bck`]],
    ['info of the control-character entry', ['info', `${HOSTILE}/root/${CTL_NAME}`]],
    ['ls of a missing entry with a control character', ['ls', `${HOSTILE}/root/\x1b[2Jnope`]],
  ];
  for (const [label, args] of commands) {
    it(`${label}: no terminal control byte on stdout or stderr`, () => {
      const r = cli(...args);
      assert.ok(r.code <= 2, `${label} exit ${r.code}: ${r.stderr}`);
      assert.deepEqual(terminalControls(r.stdout), [], `stdout of ${label}`);
      assert.deepEqual(terminalControls(r.stderr), [], `stderr of ${label}`);
    });
  }

  it('extract: skipped names are escaped in its lines too', () => {
    const r = cli('extract', HOSTILE, '-o', path.join(tmp, 'out'));
    assert.equal(r.code, 1);
    assert.deepEqual(terminalControls(r.stdout), []);
    assert.deepEqual(terminalControls(r.stderr), []);
    assert.ok(r.stderr.includes(escapeControls(CTL_NAME)), r.stderr);
  });

  it('ls shows the names escaped, one entry per line, and ARC_NAME_HASH quotes them escaped', () => {
    const r = cli('ls', HOSTILE);
    const lines = r.stdout.split('\n');
    assert.ok(lines.some((l) => l.endsWith(`  root/${escapeControls(CTL_NAME)}`)), r.stdout);
    // The newline inside a name does not start a forged line: the entry stays on one.
    assert.ok(lines.some((l) => l.endsWith('  root/new\\x0aline.bck')), r.stdout);
    assert.ok(!lines.some((l) => l.startsWith('line.bck')), r.stdout);
    const hash = lines.filter((l) => / ARC_NAME_HASH /.test(l));
    assert.ok(hash.some((l) => l.includes(`"${escapeControls(CTL_NAME)}"`)), hash.join('\n'));
    assert.ok(hash.some((l) => l.includes('"new\\x0aline.bck"')), hash.join('\n'));
  });

  it('ls --json keeps the real names (JSON-escaped, parsed back intact)', () => {
    const doc = JSON.parse(cli('ls', '--json', HOSTILE).stdout);
    const names = doc.entries.map((e: { name: string }) => e.name);
    assert.ok(names.includes(CTL_NAME), names.join(' | '));
    assert.ok(names.includes(NEWLINE_NAME), names.join(' | '));
  });
});
