/**
 * `animscope import` as a command: one BCK per glTF animation in OUT_DIR, nothing else left there;
 * files already there refused without --force (nothing written, exit 2); --animation picks;
 * a wrong command line is one line and exit 2; a glTF whose nodes the model lacks is one warning
 * per item and exit 1.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runAsync } from '../../../src/cli/main';
import { SAMPLES_DIR } from '../helpers';

const ARC = path.join(SAMPLES_DIR, 'archives/Kuribo.arc/Kuribo');
const KURIBO = `${ARC}/Kuribo.bdl`;
const MOGU = path.join(SAMPLES_DIR, 'archives/Mogu.arc/Mogu/Mogu.bdl');

async function cli(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [], err: string[] = [];
  const code = await runAsync(args, { out: (s: string) => out.push(s), err: (s: string) => err.push(s) } as never);
  return { code, out, err };
}

describe('animscope import (CLI)', function () {
  this.timeout(120000);
  let dir: string;
  let glb: string;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-import-'));
    glb = path.join(dir, 'k.glb');
    const r = await cli(['gltf', KURIBO, `${ARC}/Walk.bck`, `${ARC}/Blow.bck`, '-o', glb]);
    assert.strictEqual(r.code, 0, r.err.join('\n'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes Walk.bck and Blow.bck (BCK files the decoder reads without errors) and nothing else', async () => {
    const out = path.join(dir, 'out');
    const r = await cli(['import', glb, '--model', KURIBO, '-o', out]);
    assert.strictEqual(r.code, 0, r.err.join('\n'));
    assert.deepStrictEqual(fs.readdirSync(out).sort(), ['Blow.bck', 'Walk.bck']);
    for (const f of ['Walk.bck', 'Blow.bck']) {
      const v = await cli(['validate', path.join(out, f)]);
      assert.strictEqual(v.code, 0, v.out.concat(v.err).join('\n'));
    }
    assert.match(r.out.join('\n'), /Walk\.bck: \d+ frame\(s\), \d+ key\(s\), rotation fraction \d+; largest error after quantising/);
    assert.match(r.out.join('\n'), /2 animation\(s\) at 60 fps/);
  });

  it('refuses to replace a file without --force (nothing written), replaces it with --force', async () => {
    const out = path.join(dir, 'out');
    fs.mkdirSync(out);
    fs.writeFileSync(path.join(out, 'Walk.bck'), 'mine');
    const a = await cli(['import', glb, '--model', KURIBO, '-o', out]);
    assert.strictEqual(a.code, 2);
    assert.match(a.err.join('\n'), /Walk\.bck already in .*--force/);
    assert.deepStrictEqual(fs.readdirSync(out), ['Walk.bck']);
    assert.strictEqual(fs.readFileSync(path.join(out, 'Walk.bck'), 'utf8'), 'mine');
    const b = await cli(['import', glb, '--model', KURIBO, '-o', out, '--force']);
    assert.strictEqual(b.code, 0, b.err.join('\n'));
    assert.strictEqual(fs.readFileSync(path.join(out, 'Walk.bck')).toString('latin1', 0, 8), 'J3D1bck1');
  });

  it('--animation picks one; an unknown one is exit 2 naming the ones there are', async () => {
    const out = path.join(dir, 'out');
    const a = await cli(['import', glb, '--model', KURIBO, '-o', out, '--animation', 'Blow']);
    assert.strictEqual(a.code, 0, a.err.join('\n'));
    assert.deepStrictEqual(fs.readdirSync(out), ['Blow.bck']);
    const b = await cli(['import', glb, '--model', KURIBO, '-o', path.join(dir, 'o2'), '--animation', 'Run']);
    assert.strictEqual(b.code, 2);
    assert.match(b.err.join('\n'), /no animation "Run" \(it has "Walk", "Blow"\)/);
    assert.ok(!fs.existsSync(path.join(dir, 'o2')));
  });

  it('bad usage is exit 2 in one line', async () => {
    for (const args of [[glb, '-o', dir], [glb, '--model', KURIBO], [path.join(dir, 'k.obj'), '--model', KURIBO, '-o', dir],
      [glb, '--model', KURIBO, '-o', dir, '--tolerance', '0'], [glb, '--model', KURIBO, '-o', dir, '--kinds', 'bpk']]) {
      const r = await cli(['import', ...args]);
      assert.strictEqual(r.code, 2, args.join(' '));
      assert.strictEqual(r.err.length, 1, r.err.join('\n'));
    }
  });

  it('another model: one warning per joint without a node and per animated node without a joint, exit 1', async () => {
    const r = await cli(['import', glb, '--model', MOGU, '-o', path.join(dir, 'out'), '--animation', 'Walk']);
    assert.strictEqual(r.code, 1);
    const noNode = r.err.filter((l) => /IMPORT_NO_NODE/.test(l));
    const noJoint = r.err.filter((l) => /IMPORT_NO_JOINT/.test(l));
    // Mogu has 14 joints; of their names Kuribo's glTF has only Root and Head: 12 without a node.
    assert.strictEqual(noNode.length, 12, r.err.join('\n'));
    assert.ok(noJoint.length >= 1, r.err.join('\n'));
    assert.ok(noNode.some((l) => /"AllRoot"/.test(l)));
  });
});
