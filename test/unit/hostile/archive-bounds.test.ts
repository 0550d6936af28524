/**
 * Archive reproducers of ../shared/hostile's second campaign (c1-names.pks, whole-gzip-190MB.pks,
 * gzip-entry-150MB.pks) and extract's safety: names with C1 controls, decompression bombs, files
 * that already exist. Work is bounded by bytes produced, never by time (time is `npm run hostile`).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { LISTING_ENTRY_HEAD, openAnyArchive, peekDecompressed } from '../../../src/formats/archive/archive';
import { gunzip, inflateBombLimit } from '../../../src/formats/archive/inflate';
import { decompressYaz0 } from '../../../src/formats/archive/yaz0';
import { MAX_ANIMATION_SIZE } from '../../../src/formats/index';
import { cli } from '../cli/capture';
import { hostilePath, readHostile } from './files';

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

describe('hostile archives: decompression bombs', () => {
  it('whole-gzip-190MB.pks: ls decompresses only the directory and the entry\'s head (was up to the bomb limit, 25.8 MB)', () => {
    const file = readHostile('whole-gzip-190MB.pks');
    // The gzip trailer's ISIZE: what the stream would decompress to.
    const isize = new DataView(file.buffer, file.byteOffset).getUint32(file.length - 4, true);
    assert.strictEqual(isize, 199229520);
    const r = cli('ls', hostilePath('whole-gzip-190MB.pks'));
    assert.strictEqual(r.code, 0);
    const produced = Number(/gzip 193715 → at least (\d+) bytes/.exec(r.stdout)?.[1]);
    // The directory ends at 0x34 and ZERO.BIN starts at 0x50: 0x50 + its 64 KiB head, read in
    // passes of 64 then 128 KiB, far below the bomb limit (1 MiB + 128 × 193,715 = 25,844,096).
    assert.ok(produced >= 0x50 + LISTING_ENTRY_HEAD && produced <= 4 * LISTING_ENTRY_HEAD, `${produced}`);
    assert.deepStrictEqual(codes(r.stdout), ['ARC_LISTING_PREFIX']);
  });

  it('whole-gzip-190MB.pks: the full open stops at the bomb limit (INFLATE_BOMB), not at the 190 MB the stream holds', () => {
    const file = readHostile('whole-gzip-190MB.pks');
    const archive = openAnyArchive(file, new DiagnosticSink());
    assert.ok(archive.bytes.length > 0 && archive.bytes.length <= inflateBombLimit(file.length), `${archive.bytes.length}`);
    assert.deepStrictEqual(archive.diagnostics.map((d) => d.code), ['INFLATE_BOMB', 'PKS_CONTENT_SIZE', 'PKS_ENTRY_PAST_END']);
  });

  it('gzip-entry-150MB.pks: validate reports the bombed BOMB.BCK (was "0 files checked")', () => {
    const r = cli('validate', hostilePath('gzip-entry-150MB.pks'));
    assert.strictEqual(r.code, 1);
    assert.ok(codes(r.stdout).includes('INFLATE_BOMB'), r.stdout);
    assert.match(r.stdout, /gzip-entry-150MB\.pks\/BOMB\.BCK 0x0000000A error INFLATE_BOMB /);
    assert.match(r.stdout.split('\n').pop()!, /^1 file checked: /);
  });

  it('sniffing 64 bytes of a gzip entry feeds fflate at most 256 compressed bytes (was 32 KiB: up to 33 MiB out)', () => {
    const entry = readHostile('gzip-entry-150MB.pks').subarray(0x50);
    const fflate = require('fflate') as typeof import('fflate');
    const push = fflate.Inflate.prototype.push;
    let fed = 0;
    fflate.Inflate.prototype.push = function (chunk: Uint8Array, final?: boolean) {
      fed += chunk.length;
      return push.call(this, chunk, final);
    };
    try {
      assert.strictEqual(peekDecompressed(entry, 64).length, 64);
    } finally {
      fflate.Inflate.prototype.push = push;
    }
    assert.ok(fed > 0 && fed <= 256, `${fed} bytes fed`);
  });

  it('concatenated gzip members share one bomb limit', () => {
    // 40 members of 1 MiB of zeros (about 1 KiB each): 40 MiB from about 41 KiB, each member below the limit on its own.
    const member = zlib.gzipSync(new Uint8Array(1024 * 1024));
    const file = new Uint8Array(Buffer.concat(Array(40).fill(member)));
    const sink = new DiagnosticSink();
    const out = gunzip(file, sink);
    assert.ok(out.length <= inflateBombLimit(file.length), `${out.length}`);
    assert.deepStrictEqual(sink.list.map((d) => d.code), ['INFLATE_BOMB']);
  });

  it('a 768 KB Yaz0 stream of longest references (87:1) allocates at most 32:1 + 1 MiB at animation decode (was 64 MiB)', () => {
    // Groups of eight 3-byte references of length 0x111 at distance 1 after one literal: 25 bytes → 2,184.
    const groups = 31_460;
    const body = new Uint8Array(2 + 21 + groups * 25);
    body.set([0x80, 0x41]);
    const declared = 1 + 7 * 273 + groups * 8 * 273;
    const header = [0x59, 0x61, 0x7a, 0x30, declared >>> 24, (declared >>> 16) & 0xff, (declared >>> 8) & 0xff, declared & 0xff, 0, 0, 0, 0, 0, 0, 0, 0];
    let o = 2;
    for (let k = 0; k < 7; k++) { body.set([0, 0, 0xff], o); o += 3; }
    for (let g = 0; g < groups; g++) { o++; for (let k = 0; k < 8; k++) { body.set([0, 0, 0xff], o); o += 3; } }
    const bytes = new Uint8Array(16 + body.length);
    bytes.set(header);
    bytes.set(body, 16);
    assert.ok(bytes.length > 768 * 1024 && declared > MAX_ANIMATION_SIZE);
    const sink = new DiagnosticSink();
    const out = decompressYaz0(bytes, sink, { maxSize: MAX_ANIMATION_SIZE });
    const limit = 1024 * 1024 + 32 * bytes.length;
    assert.strictEqual(out.length, limit);
    assert.ok(out.buffer.byteLength <= limit, `${out.buffer.byteLength}`);
    assert.deepStrictEqual(sink.list.map((d) => d.code), ['YAZ0_BOMB']);
  });
});
