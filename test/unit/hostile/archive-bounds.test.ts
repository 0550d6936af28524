/**
 * Archive reproducers of ../shared/hostile's second campaign (c1-names.pks, whole-gzip-190MB.pks,
 * gzip-entry-150MB.pks) and extract's safety: names with C1 controls, decompression bombs, files
 * that already exist. Work is bounded by bytes produced, never by time (time is `npm run hostile`).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli } from '../cli/capture';
import { hostilePath } from './files';

let tmp: string;
before(() => { tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-bounds-')); });
after(() => { fs.rmSync(tmp, { recursive: true, force: true }); });

function freshDir(name: string): string {
  const d = path.join(tmp, name);
  fs.mkdirSync(d, { recursive: true });
  return d;
}

function codes(text: string): string[] {
  return text.split('\n').map((l) => / (error|warning|info|hint) ([A-Z0-9_]+) /.exec(l)?.[2]).filter((c): c is string => !!c);
}

describe('hostile archives: C1 control characters in names', () => {
  // c1-names.pks, dictionary at 0x20 (20 bytes per entry): entry 0 name bytes 41 9B 32 4A 9D 30 3B
  // ext "BCK" → "A\x9b2J\x9d0;.BCK" (U+009B CSI, U+009D OSC); entry 1 42 85 4E 45 4C → "B\x85NEL.BCK" (U+0085 NEL).
  it('extract refuses both names (exit 1) and writes nothing; ls and validate flag them as suspicious', () => {
    const out = freshDir('c1');
    const r = cli('extract', hostilePath('c1-names.pks'), '-o', out);
    assert.strictEqual(r.code, 1, r.stdout);
    const refusals = r.stderr.split('\n').filter((l) => l.includes('refusing unsafe path'));
    assert.deepStrictEqual(refusals.map((l) => /"(.*)"/.exec(l)?.[1]), ['A\\x9b2J\\x9d0;.BCK', 'B\\x85NEL.BCK']);
    assert.deepStrictEqual(fs.readdirSync(out), []);
    assert.match(r.stdout, /^0 files \(0 bytes\) written to /m);
    // Nothing raw reaches the terminal.
    assert.ok(!/[\x80-\x9f]/.test(r.stdout + r.stderr));
    const ls = cli('ls', hostilePath('c1-names.pks'));
    assert.deepStrictEqual(codes(ls.stdout), ['PKS_SUSPICIOUS_NAME', 'PKS_SUSPICIOUS_NAME']);
  });
});
