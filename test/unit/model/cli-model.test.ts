/** `animscope pose` and `animscope textures` through the in-process CLI harness. */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { PNG } from 'pngjs';
import { cli } from '../cli/capture';
import { textureFileName } from '../../../src/cli/modelCommands';
import { samplePath } from '../helpers';
import { readAnimationInput } from '../../../src/cli/input';
import { decode } from '../../../src/formats/index';
import { sampleFile } from '../../../src/kinds/sample';

const KURIBO = samplePath('archives/Kuribo.arc/Kuribo/Kuribo.bdl');
const WALK = samplePath('archives/Kuribo.arc/Kuribo/Walk.bck');
const CORE = samplePath('archives/TripodBossCore.arc/TripodBossCore/TripodBossCore.bdl');

describe('cli: pose and textures', function () {
  this.timeout(60000);

  it('pose MODEL prints the documented shape: joints with 3×4 worlds, shapes with every display-list vertex, materials', () => {
    const r = cli('pose', KURIBO);
    assert.strictEqual(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    assert.deepStrictEqual(Object.keys(out), ['model', 'frame', 'joints', 'shapes', 'materials']);
    assert.strictEqual(out.model, 'Kuribo.bdl');
    assert.strictEqual(out.frame, 0);
    assert.deepStrictEqual(out.joints.map((j: { name: string }) => j.name), ['Root', 'Center', 'Body', 'Head', 'LFoot', 'RFoot']);
    for (const j of out.joints) assert.strictEqual(j.world.length, 12);
    // Bind pose: Center sits at its JNT1 translation (0, 78.745…, 0).
    assert.ok(Math.abs(out.joints[1].world[7] - 78.745361) < 1e-5);
    assert.strictEqual(out.shapes.length, 1);
    assert.strictEqual(out.shapes[0].visible, true);
    assert.strictEqual(out.shapes[0].positions.length, 858);
    const mat = out.materials[0];
    assert.deepStrictEqual(Object.keys(mat), ['name', 'color0', 'texNumbers', 'tevColors', 'konstColors', 'texMatrices']);
    assert.strictEqual(mat.texNumbers.length, 8);
    assert.strictEqual(mat.texNumbers[0], 4);
    assert.strictEqual(mat.texNumbers[1], null);
    assert.strictEqual(mat.tevColors.length, 4);
    assert.strictEqual(mat.konstColors.length, 4);
    assert.deepStrictEqual(mat.texMatrices, new Array(10).fill(null));
  });

  it('pose MODEL BCK --frame F moves the joints; a later BCK of the same joints wins', () => {
    const bind = JSON.parse(cli('pose', KURIBO).stdout);
    const walk = JSON.parse(cli('pose', KURIBO, WALK, '--frame', '12').stdout);
    assert.strictEqual(walk.frame, 12);
    assert.notDeepStrictEqual(walk.joints[3].world, bind.joints[3].world);
    assert.notDeepStrictEqual(walk.shapes[0].positions, bind.shapes[0].positions);
    const run = samplePath('archives/Kuribo.arc/Kuribo/Run.bck');
    const both = JSON.parse(cli('pose', KURIBO, WALK, run, '--frame', '12').stdout);
    const runOnly = JSON.parse(cli('pose', KURIBO, run, '--frame', '12').stdout);
    assert.deepStrictEqual(both.joints, runOnly.joints);
  });

  it('pose with BTK and BRK: texMatrices[slot] and tevColors[colorId] are the sampler\'s values at frame F', () => {
    const dir = 'archives/TripodBossCore.arc/TripodBossCore/';
    const btk = samplePath(`${dir}2ndDemo.btk`), brk = samplePath(`${dir}2ndDemo.brk`);
    const r = cli('pose', CORE, btk, brk, '--frame', '45');
    assert.strictEqual(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    const sampled = (file: string, track: string): number => {
      const input = readAnimationInput(file);
      const s = sampleFile(decode(input.bytes, input.name));
      return s.animations[0].tracks.find((t) => t.path === track)!.values[45];
    };
    // 2ndDemo.brk register entry 0 drives Core_v C0; entry 1 EyeLight_v_x C0.
    const core = out.materials.find((m: { name: string }) => m.name === 'Core_v');
    assert.deepStrictEqual(core.tevColors[0], ['r', 'g', 'b', 'a'].map((c) => sampled(brk, `register/0/${c}`)));
    // 2ndDemo.btk entry 0 (EyeLight_v_x, TEXMTX0): the §3 matrix; the other nine slots stay null.
    const eye = out.materials.find((m: { name: string }) => m.name === 'EyeLight_v_x');
    const matrix = ['m00', 'm01', 'm02', 'm10', 'm11', 'm12'].map((e) => sampled(btk, `entries/0/matrix/${e}`));
    eye.texMatrices[0].forEach((v: number, i: number) => assert.ok(Math.abs(v - matrix[i]) < 1e-5, `${v} vs ${matrix[i]}`));
    assert.deepStrictEqual(eye.texMatrices.slice(1), new Array(9).fill(null));
    assert.deepStrictEqual(core.texMatrices, new Array(10).fill(null));
  });

  it('pose: bad usage and non-models exit 2', () => {
    assert.strictEqual(cli('pose').code, 2);
    assert.strictEqual(cli('pose', KURIBO, '--frame', 'x').code, 2);
    assert.strictEqual(cli('pose', WALK).code, 2);
  });

  it('textures MODEL -o DIR writes every texture as a PNG whose pixels are the decoded texels', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-tex-'));
    try {
      const r = cli('textures', KURIBO, '-o', dir);
      assert.strictEqual(r.code, 0, r.stderr);
      const files = fs.readdirSync(dir).sort();
      assert.deepStrictEqual(files, ['0_KuriboAll.0.png', '1_KuriboAll.1.png', '2_KuriboAll.2.png', '3_KuriboAll.3.png', '4_KuriboAll.2.png']);
      const png = PNG.sync.read(fs.readFileSync(path.join(dir, files[0])));
      assert.deepStrictEqual([png.width, png.height], [64, 128]);
      // Texel (0, 0): the uniform CMPR sub-block at 0x4160 (c0 0x9264) → (148, 77, 33, 255); see mesh.test.ts.
      assert.deepStrictEqual(Array.from(png.data.subarray(0, 4)), [148, 77, 33, 255]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('texture file names from the model cannot leave DIR', () => {
    // Separators → '_', then leading/trailing dots → '_'; the index prefix keeps it from starting with a dot.
    assert.strictEqual(textureFileName(3, '../../etc/passwd'), '3___.._etc_passwd.png');
    assert.strictEqual(textureFileName(0, '..'), '0__.png');
    assert.strictEqual(textureFileName(1, 'a\\b/c:d'), '1_a_b_c_d.png');
    assert.strictEqual(textureFileName(2, ''), '2_texture.png');
    for (const n of ['../x', '/abs', 'C:\\x', '\u0000', 'a/../../b']) {
      const f = textureFileName(7, n);
      assert.ok(!f.includes('/') && !f.includes('\\') && path.basename(f) === f && !f.startsWith('.'), f);
    }
  });
});
