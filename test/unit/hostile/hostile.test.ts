/**
 * Every reproducer of ../shared/hostile through `ls`, `validate`, `info` and `sample` (in
 * process): the bounded result each must give. Time and memory are measured by `npm run hostile`
 * (no timed assertions here).
 */
import * as assert from 'assert';
import { cli, CliResult } from '../cli/capture';
import { hostilePath, listHostile } from './files';

interface Runs { ls: CliResult; validate: CliResult; info: CliResult; sample: CliResult }

function runAll(name: string): Runs {
  const p = hostilePath(name);
  return { ls: cli('ls', p), validate: cli('validate', p), info: cli('info', p), sample: cli('sample', p) };
}

function lines(text: string): string[] {
  return text === '' ? [] : text.split('\n');
}

function codes(text: string): string[] {
  return lines(text).map((l) => / (error|warning|info|hint) ([A-Z0-9_]+) /.exec(l)?.[2]).filter((c): c is string => !!c);
}

const ARCHIVE_REFUSAL = /this is an archive: name a file inside it/;

describe('hostile files: bounded results', () => {
  it('the reproducers are all covered here', () => {
    assert.deepStrictEqual(listHostile(), [
      // the second campaign's, each covered by its own file: c1-names.pks, gzip-entry-150MB.pks and
      // whole-gzip-190MB.pks in archive-bounds.test.ts, mogu-truncated-11520.bdl in model-offsets.test.ts
      'c1-names.pks', 'gzip-entry-150MB.pks',
      'joints2000_dur32767.bck', 'joints60_dur32767.bck', 'keybomb_joints300.bck', 'keybomb_joints8.bck',
      'mogu-truncated-11520.bdl', 'motion_alias400.bin',
      'names-badhash.arc', 'pks-167.bin', 'selfnest-k2.pks', 'selfnest-k4-in-rarc.arc', 'selfnest-k4.pks', 'selfnest-k8.pks',
      'whole-gzip-190MB.pks',
    ]);
  });

  for (const [name, k] of [['selfnest-k2.pks', 2], ['selfnest-k4.pks', 4], ['selfnest-k8.pks', 8]] as const) {
    it(`${name}: ls lists ${k} entries (was ${k}^8 nested copies) with ${k} ARC_NESTED_SELF; validate checks 0 files`, () => {
      const r = runAll(name);
      assert.strictEqual(r.ls.code, 1);
      // header, column titles, k entries, k PKS_ENTRY_IN_HEADER + k ARC_NESTED_SELF, summary
      assert.strictEqual(lines(r.ls.stdout).length, 2 + k + 2 * k + 1);
      assert.deepStrictEqual(codes(r.ls.stdout).filter((c) => c.startsWith('ARC_')), Array(k).fill('ARC_NESTED_SELF'));
      assert.match(lines(r.ls.stdout).pop()!, new RegExp(`^${k} files, 0 folders, 0 nested archives: ${k} errors`));
      assert.strictEqual(r.validate.code, 1);
      assert.deepStrictEqual(codes(r.validate.stdout).filter((c) => c.startsWith('ARC_')), Array(k).fill('ARC_NESTED_SELF'));
      assert.match(lines(r.validate.stdout).pop()!, /^0 files checked: /);
      for (const c of [r.info, r.sample]) {
        assert.strictEqual(c.code, 2);
        assert.match(c.stderr, ARCHIVE_REFUSAL);
      }
    });
  }

  it('selfnest-k4-in-rarc.arc: the RARC, stage.pks once, its 4 entries not opened again', () => {
    const r = runAll('selfnest-k4-in-rarc.arc');
    assert.match(lines(r.ls.stdout).pop()!, /^5 files, 1 folder, 1 nested archive: 4 errors/);
    assert.deepStrictEqual(codes(r.ls.stdout).filter((c) => c.startsWith('ARC_')), Array(4).fill('ARC_NESTED_SELF'));
    assert.strictEqual(codes(r.validate.stdout).filter((c) => c === 'ARC_NESTED_SELF').length, 4);
    assert.match(r.info.stderr, ARCHIVE_REFUSAL);
    assert.match(r.sample.stderr, ARCHIVE_REFUSAL);
  });

  it('pks-167.bin: ls lists its 3 archives once each (was 1.93 million lines)', () => {
    const r = runAll('pks-167.bin');
    const last = lines(r.ls.stdout).pop()!;
    assert.match(last, /^428 files, 0 folders, 2 nested archives: /);
    assert.ok(lines(r.ls.stdout).length < 2000, `${lines(r.ls.stdout).length} lines`);
    assert.ok(codes(r.ls.stdout).includes('ARC_NESTED_SELF'));
    assert.ok(lines(r.validate.stdout).length < 2000);
    assert.match(r.info.stderr, ARCHIVE_REFUSAL);
    assert.match(r.sample.stderr, ARCHIVE_REFUSAL);
  });

  it('names-badhash.arc: listed and validated in a bounded number of lines', () => {
    const r = runAll('names-badhash.arc');
    assert.strictEqual(r.ls.code, 0);
    assert.ok(lines(r.ls.stdout).length < 100);
    assert.ok(codes(r.ls.stdout).includes('ARC_NAME_HASH'));
    assert.ok(lines(r.validate.stdout).length < 100);
    assert.match(r.info.stderr, ARCHIVE_REFUSAL);
  });

  for (const [name, joints] of [['joints60_dur32767.bck', 60], ['joints2000_dur32767.bck', 2000]] as const) {
    it(`${name}: info reads ${joints} joints and 32,767 frames; sample refuses ${joints * 9 * 32768} samples in one line`, () => {
      const r = runAll(name);
      assert.strictEqual(r.info.code, 0);
      assert.match(r.info.stdout, new RegExp(`joints: +${joints}\\n`));
      assert.match(r.info.stdout, /duration: +32767 frames/);
      assert.strictEqual(r.validate.code, 0);
      assert.strictEqual(r.sample.code, 2); // refused, nothing written
      assert.strictEqual(r.sample.stdout, '');
      assert.strictEqual(lines(r.sample.stderr).length, 1);
      assert.match(r.sample.stderr, new RegExp(`${(joints * 9 * 32768).toLocaleString('en-US')} samples, more than the limit of 5,000,000; pass --max-samples`));
      assert.match(r.ls.stderr + r.ls.stdout, /RARC|ARC_MAGIC|archive/);
    });
  }

  for (const [name, joints] of [['keybomb_joints8.bck', 8], ['keybomb_joints300.bck', 300]] as const) {
    it(`${name}: J3D_TRACK_RANGE per rotation track; sample writes ${joints} × 9 tracks × 11 frames`, () => {
      const r = runAll(name);
      assert.strictEqual(r.validate.code, 1);
      assert.ok(codes(r.validate.stdout).every((c) => c === 'J3D_TRACK_RANGE' || c === 'TOO_MANY_DIAGNOSTICS'));
      assert.match(r.info.stdout, new RegExp(`joints: +${joints}\\n`));
      assert.strictEqual(r.sample.code, 1, 'written in full, exit 1 for the file\'s errors (as info and validate)');
      const doc = JSON.parse(r.sample.stdout) as { animations: { duration: number; tracks: { values: number[] }[] }[] };
      assert.strictEqual(doc.animations[0].duration, 10);
      assert.strictEqual(doc.animations[0].tracks.length, joints * 9);
      assert.ok(doc.animations[0].tracks.every((t) => t.values.length === 11 && t.values.every(Number.isFinite)));
    });
  }

  it('motion_alias400.bin: 400 names of one sequence; sample refuses in one line, one alias samples', () => {
    const r = runAll('motion_alias400.bin');
    assert.match(r.info.stdout, /sequences: +400\n/);
    assert.deepStrictEqual(codes(r.validate.stdout), ['MOTN_ALIASES']);
    assert.strictEqual(r.sample.code, 2); // refused, nothing written
    assert.strictEqual(lines(r.sample.stderr).length, 1);
    assert.match(r.sample.stderr, /or --animation NAME for one sequence$/);
    const one = cli('sample', hostilePath('motion_alias400.bin'), '--animation', 'S399');
    assert.strictEqual(one.code, 0);
    assert.strictEqual((JSON.parse(one.stdout) as { animations: unknown[] }).animations.length, 1);
  });
});
