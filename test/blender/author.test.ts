/**
 * Blender as the author (issue 29): author.py imports Kuribo's exported GLB with Blender's own
 * importer, keys new rotations on the Body and Head bones over 60 frames (Bezier), exports glTF
 * with Blender's own exporter and evaluates the bone heads and skinned vertices at every 5th
 * frame; `animscope import` turns the GLB into a BCK, and `animscope pose` of it at those frames
 * agrees with Blender: every joint origin with its bone's head, and the vertices as point sets
 * both ways, within 1e-3 × the bind-pose box diagonal.
 * Needs Blender (test/blender/setup.sh installs it).
 */
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runAsync } from '../../src/cli/main';
import { readModel } from '../../src/cli/modelCommands';
import { decode } from '../../src/formats/index';
import { bboxDiagonal, oneWayDistance, posed } from '../unit/gltf/sharedModels';
import { PROJECT_ROOT } from '../paths';
import { SAMPLES_DIR } from '../unit/helpers';

const KURIBO = path.join(SAMPLES_DIR, 'archives/Kuribo.arc/Kuribo/Kuribo.bdl');

interface Result { blender: string; frames: { frame: number; heads: Record<string, number[]>; vertices: number[][] }[] }

describe('Blender as the author: its glTF animation comes back as a BCK that poses as Blender does', function () {
  this.timeout(900_000);
  let dir: string;
  before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-author-')); });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('Kuribo, Body and Head keyed in Blender: heads and vertices at every 5th frame of 60', async () => {
    const quiet = { out: () => undefined, err: (s: string) => { throw new Error(s); } };
    const src = path.join(dir, 'k.glb'), nod = path.join(dir, 'nod.glb'), json = path.join(dir, 'r.json'), out = path.join(dir, 'out');
    assert.strictEqual(await runAsync(['gltf', KURIBO, '-o', src], quiet as never), 0);
    execFileSync('blender', ['-b', '--factory-startup', '--python', path.join(PROJECT_ROOT, 'test/blender/author.py'), '--', src, nod, json],
      { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 << 20 });
    const result: Result = JSON.parse(fs.readFileSync(json, 'utf8'));
    assert.strictEqual(await runAsync(['import', nod, '--model', KURIBO, '-o', out, '--fps', '60'], quiet as never), 0);
    const bck = path.join(out, 'Nod.bck');
    const anim = decode(new Uint8Array(fs.readFileSync(bck)), 'Nod.bck').anim;
    assert.ok(anim && anim.format === 'bck');
    const model = readModel(KURIBO).model;
    const rest = posed(model, undefined, 0);
    const tol = 1e-3 * bboxDiagonal(rest.vertices);
    assert.strictEqual(result.frames.length, 13);
    const problems: string[] = [];
    let moved = 0;
    for (const f of result.frames) {
      const ref = posed(model, anim, f.frame);
      model.joints.forEach((j, i) => {
        const head = f.heads[j.name];
        const origin = [ref.world[i * 12 + 3], ref.world[i * 12 + 7], ref.world[i * 12 + 11]];
        if (!head) { problems.push(`frame ${f.frame}: Blender has no bone ${j.name}`); return; }
        const d = Math.hypot(head[0] - origin[0], head[1] - origin[1], head[2] - origin[2]);
        if (!(d <= tol)) problems.push(`frame ${f.frame}: ${j.name} head ${head} vs ${origin} (${d} > ${tol})`);
      });
      const blender = f.vertices.flat();
      const a = oneWayDistance(blender, ref.vertices, tol), b = oneWayDistance(ref.vertices, blender, tol);
      if (!(a <= tol && b <= tol)) problems.push(`frame ${f.frame}: vertices ${a} / ${b} > ${tol}`);
      // the keyed bones move the mesh: not the rest pose again
      if (oneWayDistance(ref.vertices, rest.vertices, 100 * tol) > 10 * tol) moved++;
    }
    assert.deepStrictEqual(problems, [], `Blender ${result.blender}`);
    assert.ok(moved >= 8, `${moved} of 13 frames differ from the rest pose`);
  });
});
