/**
 * `animscope gltf` as a command: the output file appears only whole (temporary + rename), the
 * names and the rate, and hostile inputs (the fuzz campaign's) export or refuse with one line per
 * file, within a bounded number of joint samples.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runAsync } from '../../../src/cli/main';
import { animationName } from '../../../src/gltf/names';
import { PROJECT_ROOT, SAMPLES_DIR } from '../helpers';

const HOSTILE = path.resolve(SAMPLES_DIR, '../hostile');
const KURIBO = path.join(SAMPLES_DIR, 'archives/Kuribo.arc/Kuribo/Kuribo.bdl');

async function cli(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [], err: string[] = [];
  const code = await runAsync(args, { out: (s: string) => out.push(s), err: (s: string) => err.push(s) } as never);
  return { code, out, err };
}

describe('animscope gltf (CLI)', () => {
  let dir: string;
  beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-gltf-')); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('names animations after the file (Walk.bck → Walk, Yaz0 suffix too)', () => {
    assert.strictEqual(animationName('Kuribo.arc/Kuribo/Walk.bck'), 'Walk');
    assert.strictEqual(animationName('a/b/Wait.btk.szs'), 'Wait');
  });

  it('writes OUT.glb with the archive animation, at Galaxy\'s 60 fps, and leaves no temporary file', async () => {
    const out = path.join(dir, 'k.glb');
    const r = await cli(['gltf', KURIBO, path.join(SAMPLES_DIR, 'archives/Kuribo.arc/Kuribo/Walk.bck'), '-o', out]);
    assert.strictEqual(r.code, 0, r.err.join('\n'));
    assert.deepStrictEqual(fs.readdirSync(dir), ['k.glb']);
    const glb = fs.readFileSync(out);
    assert.strictEqual(glb.toString('latin1', 0, 4), 'glTF');
    const jsonLength = glb.readUInt32LE(12);
    const json = JSON.parse(glb.toString('utf8', 20, 20 + jsonLength));
    assert.deepStrictEqual(json.animations.map((a: { name: string }) => a.name), ['Walk']);
    assert.match(r.out.join('\n'), /at 60 fps \(Super Mario Galaxy/);
  });

  it('--fps sets the times: the last Walk sample sits at duration / fps', async () => {
    const out = path.join(dir, 'k.gltf');
    const r = await cli(['gltf', KURIBO, path.join(SAMPLES_DIR, 'archives/Kuribo.arc/Kuribo/Walk.bck'), '--fps', '25', '-o', out]);
    assert.strictEqual(r.code, 0, r.err.join('\n'));
    const json = JSON.parse(fs.readFileSync(out, 'utf8'));
    const input = json.accessors[json.animations[0].samplers[0].input];
    const duration = json.animations[0].extras.j3d.duration;
    assert.ok(Math.abs(input.max[0] - duration / 25) < 1e-5, `${input.max[0]} vs ${duration}/25`);
    assert.ok(fs.existsSync(path.join(dir, 'k.bin')));
  });

  it('refuses a bad output name and a non-model in one line', async () => {
    const a = await cli(['gltf', KURIBO, '-o', path.join(dir, 'k.obj')]);
    assert.strictEqual(a.code, 2);
    assert.strictEqual(a.err.length, 1);
    const b = await cli(['gltf', path.join(HOSTILE, 'keybomb_joints8.bck'), '-o', path.join(dir, 'x.glb')]);
    assert.notStrictEqual(b.code, 0);
    assert.strictEqual(b.err.length, 1);
    assert.deepStrictEqual(fs.readdirSync(dir), []);
  });

  for (const file of ['joints2000_dur32767.bck', 'keybomb_joints300.bck', 'mogu-truncated-11520.bdl']) {
    it(`hostile ${file}: exports with at most one line per file`, async () => {
      const args = file.endsWith('.bdl') ? ['gltf', path.join(HOSTILE, file)] : ['gltf', KURIBO, path.join(HOSTILE, file)];
      const r = await cli([...args, '-o', path.join(dir, 'h.glb')]);
      assert.ok(r.code === 0 || r.code === 1, `${r.code}: ${r.err.join('\n')}`);
      assert.ok(r.err.length <= 2, r.err.join('\n'));
      assert.ok(fs.existsSync(path.join(dir, 'h.glb')));
    });
  }
});

describe('animscope gltf: material and shape animations in extras', () => {
  it('PowerStar --all: every animation is there, BRK/BTK/BTP/BVA as per-frame extras (README shapes)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-gltf-'));
    try {
      const out = path.join(dir, 'p.gltf');
      const r = await cli(['gltf', path.join(SAMPLES_DIR, 'archives/PowerStar.arc/PowerStar/PowerStar.bdl'), '--all', '-o', out]);
      assert.strictEqual(r.code, 0, r.err.join('\n'));
      const json = JSON.parse(fs.readFileSync(out, 'utf8'));
      const byName = new Map<string, { extras: { j3d: { format: string; duration: number; frames?: number[]; materials?: unknown[]; shapeVisible?: { visible: boolean[] }[] } } }>(
        json.animations.map((a: { name: string }) => [a.name, a]));
      // PowerStarColor.{brk,btk,btp,bva} share a base name: the first keeps it, the others take their kind.
      for (const [name, format] of [['PowerStarColor', 'brk'], ['PowerStarColor.btk', 'btk'], ['PowerStarColor.btp', 'btp'], ['PowerStarColor.bva', 'bva']]) {
        const a = byName.get(name);
        assert.ok(a, `${name} in ${[...byName.keys()].join(', ')}`);
        assert.strictEqual(a.extras.j3d.format, format);
        assert.strictEqual(a.extras.j3d.frames?.length, a.extras.j3d.duration + 1);
      }
      assert.ok(byName.get('PowerStarColor')!.extras.j3d.materials!.length > 0, 'BRK changes a material');
      const vis = byName.get('PowerStarColor.bva')!.extras.j3d.shapeVisible!;
      assert.ok(vis.length > 0 && vis.some((v) => v.visible.includes(false)), 'BVA hides a shape');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('animscope gltf as a process (bin/animscope.js, code-cached)', () => {
  it('writes the GLB (glTF-Transform must not need a dynamic import there)', () => {
    const { spawnSync } = require('child_process') as typeof import('child_process');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-gltf-'));
    try {
      const out = path.join(dir, 't.glb');
      const r = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'bin/animscope.js'), 'gltf', path.join(SAMPLES_DIR, 'mkdd/objects/mariotree1.bmd'), '--all', '-o', out], { encoding: 'utf8' });
      assert.strictEqual(r.status, 0, r.stderr);
      assert.match(r.stdout, /1 animation\(s\) at 30 fps \(default\)/);
      assert.strictEqual(fs.readFileSync(out).toString('latin1', 0, 4), 'glTF');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
