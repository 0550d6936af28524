import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { decode } from '../../../src/formats/index';
import { buildRarc, encodeYaz0 } from '../../fixtures/archive-writer';
import { buildPks } from '../../fixtures/pks-writer';
import { readSample, samplePath } from '../helpers';
import { cli } from './capture';

/**
 * Listings checked by hand against the bytes: decompressed with a separate throwaway Python
 * script, entry and string tables read with struct.unpack. [name, size, absolute data offset
 * in the decompressed archive].
 */
const EXPECTED: Record<string, { root: string; files: [string, number, number][] }> = {
  'TripodBoss.arc': {
    root: 'TripodBoss', files: [
      ['EndDemo.bck', 2208, 0x1a0], ['EndDemo.canm', 2036, 0xa40], ['PadAndCameraCtrl.bcsv', 832, 0x1240],
      ['StartDemo.bck', 7232, 0x1580], ['StartDemo.canm', 3092, 0x31c0], ['TripodBoss.banmt', 128, 0x3de0],
      ['TripodBoss.bdl', 2688, 0x3e60],
    ],
  },
  'TripodBossCore.arc': {
    root: 'TripodBossCore', files: [
      ['2ndDemo.bck', 480, 0x1e0], ['2ndDemo.brk', 416, 0x3c0], ['2ndDemo.btk', 288, 0x560],
      ['TripodBossCore.bdl', 375392, 0x680], ['TripodBossCore.kcl', 25470, 0x5c0e0], ['TripodBossCore.pa', 1536, 0x62460],
      ['Wait.bck', 480, 0x1e0], ['Wait.brk', 224, 0x62a60], ['Wait.btk', 320, 0x62b40],
    ],
  },
  'TripodBossFoot.arc': {
    root: 'TripodBossFoot', files: [
      ['TripodBossFoot.bdl', 63648, 0x180], ['TripodBossFoot.kcl', 41776, 0xfa20], ['TripodBossFoot.pa', 2144, 0x19d60],
      ['Wait.brk', 288, 0x1a5c0], ['Warning.brk', 288, 0x1a6e0],
    ],
  },
};

// what each extension of the TripodBoss archives is listed as: animations by magic, the model by J3D2, the rest by name
const FORMAT: Record<string, string> = { bck: 'bck', btk: 'btk', brk: 'brk', bdl: 'model', kcl: 'kcl', pa: 'pa', canm: 'canm', bcsv: 'bcsv', banmt: 'banmt' };
const hex8 = (n: number): string => '0x' + n.toString(16).toUpperCase().padStart(8, '0');

let tmp: string;
function tempDir(name: string): string {
  const d = path.join(tmp, name);
  fs.mkdirSync(d, { recursive: true });
  return d;
}
function listTree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) { out.push(r + '/'); walk(path.join(d, e.name), r); } else out.push(r);
    }
  };
  walk(dir, '');
  return out;
}

before(() => { tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-cli-')); });
after(() => { fs.rmSync(tmp, { recursive: true, force: true }); });

describe('animscope ls', () => {
  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`lists ${name} exactly: names, sizes, offsets, formats`, () => {
      const file = samplePath(`archives/${name}`);
      const r = cli('ls', file);
      assert.strictEqual(r.code, 0, r.stderr);
      const lines = r.stdout.split('\n');
      assert.match(lines[0], new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: RARC, yaz0 \\d+ → \\d+ bytes$`));
      assert.match(lines[1], /SIZE\s+OFFSET\s+COMP\s+FORMAT\s+PATH/);
      const rows = lines.slice(2, 3 + expected.files.length);
      assert.deepStrictEqual(rows[0].trim().split(/\s+/), ['-', '-', '-', 'folder', `${expected.root}/`]);
      assert.deepStrictEqual(rows.slice(1).map((l) => l.trim().split(/\s+/)), expected.files.map(([n, size, off]) => {
        const ext = n.split('.').pop()!;
        return [String(size), hex8(off), 'none', FORMAT[ext] ?? 'unknown', `${expected.root}/${n}`];
      }));
      assert.match(lines[lines.length - 1], new RegExp(`^${expected.files.length} files, 1 folder, 0 nested archives: 0 errors, 0 warnings$`));
    });
  }

  it('--json gives entries and archives', () => {
    const r = cli('ls', '--json', samplePath('archives/TripodBossCore.arc'));
    assert.strictEqual(r.code, 0);
    const json = JSON.parse(r.stdout);
    assert.deepStrictEqual(json.archives, [{ path: '', depth: 0, kind: 'rarc', container: 'yaz0', size: 404608, compressedSize: fs.statSync(samplePath('archives/TripodBossCore.arc')).size }]);
    const files = json.entries.filter((e: { kind: string }) => e.kind === 'file');
    assert.deepStrictEqual(files.map((e: { name: string; size: number; dataOffset: number }) => [e.name, e.size, e.dataOffset]),
      EXPECTED['TripodBossCore.arc'].files);
    assert.deepStrictEqual(json.diagnostics.map((d: { code: string }) => d.code), ['ARC_SHARED_DATA']);
  });

  it('lists nested archives with full paths and per-archive diagnostics', () => {
    const inner = encodeYaz0(buildRarc({ name: 'Inner', children: [{ name: 'f.bck', data: readSample('j3d/smg/TripodBoss/EndDemo.bck') }] }).bytes);
    const outer = buildRarc({ name: 'Outer', children: [{ name: 'inner.szs', data: inner }, { name: '../evil.bck', data: new Uint8Array(4) }] }).bytes;
    const file = path.join(tempDir('nested'), 'outer.arc');
    fs.writeFileSync(file, outer);
    const r = cli('ls', file);
    const rows = r.stdout.split('\n').filter((l) => /^\s+(-|\d+)\s/.test(l)).map((l) => l.trim().split(/\s+/));
    assert.deepStrictEqual(rows.map((x) => [x[2], x[3], x[4]]), [
      ['-', 'folder', 'Outer/'], ['yaz0', 'archive', 'Outer/inner.szs'], ['-', 'folder', 'Outer/inner.szs/Inner/'],
      ['none', 'bck', 'Outer/inner.szs/Inner/f.bck'], ['none', 'unknown', 'Outer/../evil.bck'],
    ]);
    assert.ok(r.stdout.includes(`${file} 0x`) && r.stdout.includes('warning ARC_SUSPICIOUS_NAME'));
    assert.strictEqual(r.code, 0);
    // An archive path may name the nested archive itself.
    const r2 = cli('ls', `${file}/Outer/inner.szs`);
    assert.strictEqual(r2.code, 0, r2.stderr);
    assert.ok(r2.stdout.includes('Inner/f.bck'));
  });

  it('exits 1 with diagnostics for a corrupt archive, 2 for a missing file', () => {
    const { bytes, layout } = buildPks([{ name: 'A.BIN', data: new Uint8Array(10) }]);
    new DataView(bytes.buffer).setUint32(layout.entries[0].record + 16, 0xffffffff, true);
    const file = path.join(tempDir('corrupt'), 'bad.pks');
    fs.writeFileSync(file, bytes);
    const r = cli('ls', file);
    assert.strictEqual(r.code, 1);
    assert.match(r.stdout, new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} 0x[0-9A-F]{8} error PKS_ENTRY_PAST_END `));
    const missing = cli('ls', path.join(tmp, 'nope.arc'));
    assert.strictEqual(missing.code, 2);
    assert.match(missing.stderr, /no such file/);
    const junk = path.join(tempDir('corrupt'), 'junk.arc');
    fs.writeFileSync(junk, new Uint8Array(100));
    // No RARC/PKS magic: refused as not an archive (it used to be listed as a RARC full of errors).
    const notArchive = cli('ls', junk);
    assert.strictEqual(notArchive.code, 2);
    assert.match(notArchive.stderr, /^animscope ls: .*junk\.arc is not an archive: .* starts with 00 00 00 00$/);
  });
});

describe('animscope extract', () => {
  for (const name of Object.keys(EXPECTED)) {
    it(`extracts ${name} byte-identical to the loose samples`, () => {
      const out = tempDir(`x-${name}`);
      const r = cli('extract', samplePath(`archives/${name}`), '-o', out);
      assert.strictEqual(r.code, 0, r.stderr);
      const { root, files } = EXPECTED[name];
      assert.deepStrictEqual(listTree(out), [`${root}/`, ...files.map(([n]) => `${root}/${n}`).sort((a, b) => a.localeCompare(b))]);
      for (const [n, size] of files) assert.strictEqual(fs.statSync(path.join(out, root, n)).size, size, n);
      let compared = 0;
      for (const [n] of files) {
        const loose = samplePath(`j3d/smg/${root}/${n}`);
        if (!fs.existsSync(loose)) continue;
        assert.ok(fs.readFileSync(path.join(out, root, n)).equals(fs.readFileSync(loose)), n);
        compared++;
      }
      assert.ok(compared >= 2);
      assert.ok(r.stdout.includes(`wrote ${path.join(out, root, files[0][0])} (${files[0][1]} bytes)`));
      assert.match(r.stdout, new RegExp(`${files.length} files \\(\\d+ bytes\\) written to `));
    });
  }

  it('extracts named inner paths (case-insensitive, folders, nested archives)', () => {
    const inner = encodeYaz0(buildRarc({ name: 'Inner', children: [{ name: 'Anim', children: [{ name: 'f.bck', data: new Uint8Array([1, 2, 3]) }] }] }).bytes);
    const outer = buildRarc({ name: 'Outer', children: [{ name: 'Dir', children: [{ name: 'inner.szs', data: inner }, { name: 'p.bin', data: new Uint8Array(7) }] }] }).bytes;
    const file = path.join(tempDir('named'), 'outer.arc');
    fs.writeFileSync(file, outer);
    const out = path.join(tmp, 'named-out');
    const r = cli('extract', file, 'outer/dir/INNER.SZS/inner/anim/F.BCK', 'Outer/Dir/p.bin', '-o', out);
    assert.strictEqual(r.code, 0, r.stderr + r.stdout);
    assert.deepStrictEqual(listTree(out), ['Outer/', 'Outer/Dir/', 'Outer/Dir/inner.szs/', 'Outer/Dir/inner.szs/Inner/', 'Outer/Dir/inner.szs/Inner/Anim/',
      'Outer/Dir/inner.szs/Inner/Anim/f.bck', 'Outer/Dir/p.bin']);
    const out2 = path.join(tmp, 'named-out2');
    const r2 = cli('extract', samplePath('archives/TripodBossCore.arc'), 'TripodBossCore', '-o', out2);
    assert.strictEqual(r2.code, 0);
    assert.strictEqual(listTree(out2).length, 10);
    const r3 = cli('extract', file, 'Outer/Nope.bck', '-o', out2);
    assert.strictEqual(r3.code, 1);
    assert.match(r3.stderr, /not found/);
    // --decompress unwraps the Yaz0 entry.
    const out4 = path.join(tmp, 'named-out4');
    assert.strictEqual(cli('extract', file, 'Outer/Dir/inner.szs', '--decompress', '-o', out4).code, 0);
    assert.strictEqual(fs.readFileSync(path.join(out4, 'Outer/Dir/inner.szs')).subarray(0, 4).toString('latin1'), 'RARC');
  });

  it('refuses hostile names from a synthetic RARC: nothing is written outside DIR', () => {
    const base = tempDir('hostile');
    const work = path.join(base, 'a', 'b');
    fs.mkdirSync(work, { recursive: true });
    const tree = {
      name: 'Root', children: [
        { name: '../evil.bck', data: new Uint8Array([1]) }, { name: '/abs.bck', data: new Uint8Array([2]) }, { name: 'a\\b.bck', data: new Uint8Array([3]) },
        { name: '..', children: [{ name: 'up.bck', data: new Uint8Array([4]) }] },
        { name: 'ok.bck', data: new Uint8Array([5]) },
      ],
    };
    const file = path.join(base, 'hostile.arc');
    fs.writeFileSync(file, buildRarc(tree).bytes);
    const out = path.join(work, 'out');
    const before = listTree(base);
    const r = cli('extract', file, '-o', out);
    assert.strictEqual(r.code, 1);
    const refusals = r.stderr.split('\n').filter((l) => l.includes('refusing unsafe path'));
    assert.ok(refusals.length >= 3, r.stderr);
    for (const n of ['/../evil.bck"', '//abs.bck"', '/a\\b.bck"']) assert.ok(r.stderr.includes(n), n);
    assert.deepStrictEqual(listTree(out), ['Root/', 'Root/ok.bck']);
    assert.deepStrictEqual(listTree(base).filter((p) => !p.startsWith('a/b/out/')), before);
    assert.ok(!fs.existsSync(path.join(work, 'evil.bck')) && !fs.existsSync(path.join(base, 'a', 'evil.bck')) && !fs.existsSync('/abs.bck'));
  });

  it('refuses to follow a symlink under DIR that leads outside', () => {
    const base = tempDir('symlink');
    const outside = path.join(base, 'outside');
    fs.mkdirSync(outside);
    const out = path.join(base, 'out');
    fs.mkdirSync(out);
    // no skip where symlinks cannot be made: a test that does not run is a failure
    fs.symlinkSync(outside, path.join(out, 'Root'), 'dir');
    fs.symlinkSync(path.join(outside, 'target.bck'), path.join(out, 'file.bck'));
    const file = path.join(base, 'a.arc');
    fs.writeFileSync(file, buildRarc({ name: 'Root', children: [{ name: 'x.bck', data: new Uint8Array([9]) }] }).bytes);
    const r = cli('extract', file, '-o', out);
    assert.strictEqual(r.code, 1);
    assert.match(r.stderr, /symlink that leads outside/);
    assert.deepStrictEqual(fs.readdirSync(outside), []);
    // A file symlink pointing outside (dangling) is not written through either.
    const pks = path.join(base, 'b.pks');
    fs.writeFileSync(pks, buildPks([{ name: 'file.bck', data: new Uint8Array([7]) }]).bytes);
    const r2 = cli('extract', pks, '-o', out);
    assert.strictEqual(r2.code, 1);
    assert.deepStrictEqual(fs.readdirSync(outside), []);
    // A symlink that stays inside DIR is fine.
    const inside = path.join(out, 'real');
    fs.mkdirSync(inside);
    const out2 = path.join(base, 'out2');
    fs.mkdirSync(out2);
    fs.mkdirSync(path.join(out2, 'real'));
    fs.symlinkSync(path.join(out2, 'real'), path.join(out2, 'Root'), 'dir');
    const r3 = cli('extract', file, '-o', out2);
    assert.strictEqual(r3.code, 0, r3.stderr);
    assert.deepStrictEqual(fs.readFileSync(path.join(out2, 'real', 'x.bck')), Buffer.from([9]));
  });

  it('exits 2 without -o or for a missing archive', () => {
    assert.strictEqual(cli('extract', samplePath('archives/TripodBoss.arc')).code, 2);
    assert.strictEqual(cli('extract', path.join(tmp, 'none.arc'), '-o', tmp).code, 2);
  });
});

describe('animscope with PKS archives', () => {
  const motion = readSample('motn/motion.bin');
  const bck = readSample('j3d/smg/TripodBoss/EndDemo.bck');
  const pks = buildPks([{ name: 'MOTION.BIN', data: motion }, { name: 'ENDDEMO.BCK', data: bck }, { name: 'GZ.BIN', data: new Uint8Array(zlib.gzipSync(motion)) }]);

  for (const [label, bytes] of [['plain', pks.bytes], ['gzip', new Uint8Array(zlib.gzipSync(pks.bytes))]] as const) {
    it(`ls and extract a synthetic ${label} PKS; the extracted MOTN decodes like the loose one`, () => {
      const dir = tempDir(`pks-${label}`);
      const file = path.join(dir, 'STAGE.PKS');
      fs.writeFileSync(file, bytes);
      const r = cli('ls', file);
      assert.strictEqual(r.code, 0, r.stdout);
      assert.match(r.stdout.split('\n')[0], label === 'gzip' ? /: PKS, gzip \d+ → \d+ bytes$/ : /: PKS, \d+ bytes$/);
      const rows = r.stdout.split('\n').filter((l) => /^\s+\d+\s/.test(l)).map((l) => l.trim().split(/\s+/));
      assert.deepStrictEqual(rows, [
        [String(motion.length), hex8(pks.layout.entries[0].dataOffset), 'none', 'motn', 'MOTION.BIN'],
        [String(bck.length), hex8(pks.layout.entries[1].dataOffset), 'none', 'bck', 'ENDDEMO.BCK'],
        [String(pks.layout.entries[2].size), hex8(pks.layout.entries[2].dataOffset), 'gzip', 'motn', 'GZ.BIN'],
      ]);
      const out = path.join(dir, 'out');
      const x = cli('extract', file, '-o', out);
      assert.strictEqual(x.code, 0, x.stderr);
      assert.deepStrictEqual(listTree(out), ['ENDDEMO.BCK', 'GZ.BIN', 'MOTION.BIN']);
      const extracted = new Uint8Array(fs.readFileSync(path.join(out, 'MOTION.BIN')));
      assert.ok(Buffer.from(extracted).equals(Buffer.from(motion)));
      const a = decode(extracted, 'MOTION.BIN');
      const b = decode(motion, 'motion.bin');
      assert.strictEqual(a.format, 'motn');
      assert.deepStrictEqual(a.diagnostics, b.diagnostics);
      assert.strictEqual(JSON.stringify(a.anim), JSON.stringify(b.anim));
      // --decompress unwraps the gzip entry.
      const out2 = path.join(dir, 'out2');
      assert.strictEqual(cli('extract', file, 'gz.bin', '--decompress', '-o', out2).code, 0);
      assert.ok(fs.readFileSync(path.join(out2, 'GZ.BIN')).equals(Buffer.from(motion)));
      // Other commands reach into the PKS (gzip entries included).
      const info = cli('info', `${file}/MOTION.BIN`);
      assert.strictEqual(info.code, 0, info.stderr);
      assert.match(info.stdout, /motn|MOTN/);
      const info2 = cli('info', `${file}/GZ.BIN`);
      assert.strictEqual(info2.code, 0, info2.stderr);
      const v = cli('validate', file);
      assert.match(v.stdout, /3 files checked/);
    });
  }

  it('corrupt PKS through the CLI: diagnostics, exit 1, no throw', () => {
    const dir = tempDir('pks-corrupt');
    const r0 = buildPks([{ name: 'A.BIN', data: new Uint8Array(100).fill(1) }]).bytes;
    // Cut at 3 the magic itself is gone: not an archive (exit 2); later cuts keep it (exit 1).
    const magicCut = path.join(dir, 'cut3.pks');
    fs.writeFileSync(magicCut, r0.subarray(0, 3));
    assert.strictEqual(cli('ls', magicCut).code, 2);
    for (const cut of [8, 17, 30, 60, r0.length - 1]) {
      const file = path.join(dir, `cut${cut}.pks`);
      fs.writeFileSync(file, r0.subarray(0, cut));
      const r = cli('ls', file);
      assert.strictEqual(r.code, 1, `cut ${cut}: ${r.stdout}`);
      assert.match(r.stdout, / error [A-Z_]+ /);
      const out = path.join(dir, `out${cut}`);
      assert.strictEqual(cli('extract', file, '-o', out).code, 1);
    }
    const gz = new Uint8Array(zlib.gzipSync(r0));
    gz[gz.length - 10] ^= 0x55;
    const file = path.join(dir, 'badgz.pks');
    fs.writeFileSync(file, gz);
    const r = cli('ls', file);
    assert.strictEqual(r.code, 1);
    assert.match(r.stdout, /error (GZIP|INFLATE)_[A-Z_]+ /);
  });
});
