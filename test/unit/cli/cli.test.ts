import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { VERSION } from '../../../src/cli/main';
import { readAnimationInput } from '../../../src/cli/input';
import { exportJsonChunks } from '../../../src/export/files';
import { decode } from '../../../src/formats/index';
import type { DecodedFile } from '../../../src/formats/types';
import { samplePath, SAMPLES_DIR } from '../helpers';
import { cli } from './capture';

const CORE = samplePath('j3d/smg/TripodBossCore');

/** The bytes the CLI and the editor decode (archive paths reach into the archive). */
function readInput(p: string): Uint8Array {
  return readAnimationInput(p).bytes;
}

function tempFile(name: string, bytes: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-cli-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

describe('animscope CLI', () => {
  describe('info', () => {
    it('summarises a BCK: format, duration, loop mode, joints', () => {
      const r = cli('info', path.join(CORE, '2ndDemo.bck'));
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /format:\s+BCK/);
      assert.match(r.stdout, /duration:\s+89 frames/);
      assert.match(r.stdout, /loop mode:\s+loop/);
      assert.match(r.stdout, /joints:\s+5\b/);
      assert.match(r.stdout, /tracks:\s+45\b/);
    });

    it('lists the material names of a BTK', () => {
      const r = cli('info', path.join(CORE, 'Wait.btk'));
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /duration:\s+2400 frames/);
      assert.match(r.stdout, /names:\s+\S/);
    });

    it('summarises a model inside an archive by the counts of FORMATS.md §10.13 (Kuribo.bdl)', () => {
      const r = cli('info', path.join(SAMPLES_DIR, 'archives/Kuribo.arc/Kuribo/Kuribo.bdl'));
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /format:\s+BMD\/BDL\n/);
      assert.match(r.stdout, /shapes:\s+1\n/);
      assert.match(r.stdout, /vertices:\s+338\n/);
      assert.match(r.stdout, /display-list vertices:\s+858\n/);
      assert.match(r.stdout, /textures:\s+5\n/);
    });

    it('reports a missing file with exit code 2', () => {
      const r = cli('info', path.join(SAMPLES_DIR, 'does-not-exist.bck'));
      assert.equal(r.code, 2);
      assert.match(r.stderr, /does-not-exist\.bck/);
    });
  });

  describe('validate', () => {
    it('recurses into a directory and exits 0 when no file has an error', () => {
      const r = cli('validate', samplePath('j3d'));
      assert.equal(r.code, 0, r.stdout);
      const files = fs.readdirSync(samplePath('j3d/smg'), { recursive: true }).filter((f) => /\.(bck|btk|brk)$/.test(String(f)));
      assert.match(r.stdout, new RegExp(`^${files.length} files checked: 0 errors`, 'm'));
    });

    it('prints one line per diagnostic with offset and code, exit 1 on errors', () => {
      const bytes = new Uint8Array(fs.readFileSync(path.join(CORE, '2ndDemo.bck')));
      const view = new DataView(bytes.buffer);
      view.setUint32(8, bytes.length + 0x40); // declared file size now disagrees with the real length
      bytes[0x20] = 0x58; // chunk id ANK1 → XNK1
      const file = tempFile('broken.bck', bytes);
      const r = cli('validate', file);
      assert.equal(r.code, 1);
      const lines = r.stdout.split('\n').filter((l) => l.startsWith(file));
      assert.ok(lines.length >= 1, r.stdout);
      for (const line of lines) assert.match(line, /^\S+ 0x[0-9A-F]{8} (error|warning|info|hint) [A-Z0-9_]+ /);
      assert.ok(lines.some((l) => / 0x00000008 \w+ \S*SIZE/.test(l)), `file size problem at 0x8 expected:\n${r.stdout}`);
    });

    it('--json gives machine-readable results', () => {
      const r = cli('validate', '--json', path.join(CORE, 'Wait.brk'));
      assert.equal(r.code, 0);
      const doc = JSON.parse(r.stdout);
      assert.equal(doc.files.length, 1);
      assert.equal(doc.files[0].format, 'brk');
      assert.ok(Array.isArray(doc.files[0].diagnostics));
    });

    it('exits 2 when a path cannot be read', () => {
      const r = cli('validate', path.join(CORE, 'nope.bck'));
      assert.equal(r.code, 2);
    });

    it('validates every animation and model inside an archive', () => {
      const r = cli('validate', '--json', samplePath('archives/TripodBossCore.arc'));
      assert.equal(r.code, 0, r.stdout);
      const doc = JSON.parse(r.stdout);
      const checked = doc.files.filter((f: { format: string }) => f.format !== 'archive');
      const names = checked.map((f: { file: string }) => f.file);
      // 2ndDemo and Wait: .bck .brk .btk each, and the model (ls: 10 entries, the rest are .kcl, .pa and folders)
      assert.equal(names.length, 7, names.join('\n'));
      assert.ok(names.some((n: string) => n.endsWith('TripodBossCore.arc/TripodBossCore/Wait.btk')), names.join('\n'));
      assert.deepStrictEqual(checked.filter((f: { format: string }) => f.format === 'model').map((f: { file: string }) => f.file.split('/').pop()), ['TripodBossCore.bdl']);
      assert.ok(names.every((n: string) => /\.(bck|btk|brk|bdl)$/i.test(n)), names.join('\n'));
    });
  });

  describe('export', () => {
    it('writes the structure with spans to -o', () => {
      const r = cli('export', path.join(CORE, '2ndDemo.bck'), '-o', 'out.json');
      assert.equal(r.code, 0, r.stderr);
      const doc = JSON.parse(r.files.get('out.json') ?? 'null');
      assert.equal(doc.schemaVersion, 3);
      assert.equal(doc.file.format, 'bck');
      const ank1 = doc.structure.children.find((c: { name: string }) => c.name === 'ANK1');
      assert.equal(ank1.offset, 0x20);
    });
  });

  describe('export ≡ the editor\'s Export to JSON', () => {
    /** What commands.ts writes: exportJsonChunks(decode(bytes, baseName(uri.path)), package version), chunk after chunk. */
    const exportJsonText = (file: DecodedFile, version: string): string => [...exportJsonChunks(file, version).chunks].join('');

    it('-o writes the same bytes as the extension\'s Export to JSON for the same file (no model bound)', () => {
      for (const sample of ['j3d/smg/TripodBossCore/2ndDemo.bck', 'j3d/smg/TripodBossCore/Wait.btk', 'archives/TripodBossCore.arc/TripodBossCore/Wait.brk']) {
        const r = cli('export', samplePath(sample), '-o', 'out.json');
        assert.equal(r.code, 0, r.stderr);
        const name = path.basename(sample);
        const editor = exportJsonText(decode(readInput(samplePath(sample)), name), VERSION);
        assert.equal(r.files.get('out.json'), editor, sample);
        assert.equal(JSON.parse(editor).file.name, name, 'file.name is the file\'s own name, not the path typed');
      }
    });

    it('standard output carries the same document on one line', () => {
      const file = samplePath('j3d/smg/TripodBossCore/2ndDemo.bck');
      const r = cli('export', file);
      assert.deepEqual(JSON.parse(r.stdout), JSON.parse(exportJsonText(decode(readInput(file), '2ndDemo.bck'), VERSION)));
      assert.ok(!r.stdout.includes('\n'));
    });
  });

  describe('sample', () => {
    it('follows the sample contract for a BCK', () => {
      const r = cli('sample', path.join(CORE, '2ndDemo.bck'));
      assert.equal(r.code, 0, r.stderr);
      const doc = JSON.parse(r.stdout);
      assert.equal(doc.format, 'bck');
      assert.equal(doc.animations.length, 1);
      assert.equal(doc.animations[0].name, '2ndDemo');
      assert.equal(doc.animations[0].duration, 89);
      assert.equal(doc.animations[0].loopMode, 'loop');
      assert.equal(doc.animations[0].tracks.length, 45);
      const ry = doc.animations[0].tracks.find((t: { path: string }) => t.path === 'joints/1/rotation/y');
      assert.equal(ry.values.length, 90);
      assert.equal(ry.values[1], 4.04296875);
    });

    it('reaches into a Yaz0 RARC archive', () => {
      const r = cli('sample', samplePath('archives/TripodBossCore.arc') + '/TripodBossCore/Wait.btk');
      assert.equal(r.code, 0, r.stderr);
      const doc = JSON.parse(r.stdout);
      assert.equal(doc.format, 'btk');
      assert.equal(doc.animations[0].name, 'Wait');
      assert.equal(doc.animations[0].duration, 2400);
    });

    it('selects one MOTN sequence with --animation', () => {
      const r = cli('sample', samplePath('motn/motion.bin'), '--animation', 'SPK_2_WARMING');
      assert.equal(r.code, 0, r.stderr);
      const doc = JSON.parse(r.stdout);
      assert.equal(doc.format, 'motn');
      assert.equal(doc.animations.length, 1);
      assert.equal(doc.animations[0].duration, 410);
      assert.equal(doc.animations[0].tracks.length, 63);
    });

    it('fails with exit 2 for an unknown animation name (nothing to sample, like a missing file)', () => {
      const r = cli('sample', samplePath('motn/motion.bin'), '--animation', 'NO_SUCH_SEQUENCE');
      assert.equal(r.code, 2);
      assert.match(r.stderr, /^animscope sample: there is no animation "NO_SUCH_SEQUENCE" in .*motion\.bin/);
    });
  });

  it('rejects an unknown command with exit 2', () => {
    assert.equal(cli('frobnicate').code, 2);
  });
});
