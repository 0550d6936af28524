/**
 * Blender as the author (issue 29). author.py, in Blender 3.4 (Debian's, headless): imports the
 * model's exported GLB with Blender's own importer, keys new rotations on two bones over 60 frames
 * (Bezier), exports glTF with Blender's own exporter and evaluates the bone heads and skinned
 * vertices at every 5th frame; `animscope import` turns the GLB into a BCK, and `animscope pose`
 * of it at those frames agrees with Blender: every joint origin with its bone's head, and the
 * vertices as point sets both ways, within 1e-3 × the bind-pose box diagonal.
 *
 * The texture half: in Blender, a Mapping node before a material's base colour texture, its Scale
 * (1.5, 0.75) and its Location keyed at frames 0, 30, 60 (Bezier). Blender's exporter writes the
 * static KHR_texture_transform (the scale) itself, but Blender 3.4's cannot animate it (node TRS
 * and morph weights only, no KHR_animation_pointer: see author.py), so author.py's post-step, not
 * Blender, appends the KHR_animation_pointer channel on the material's KHR_texture_transform
 * offset to Blender's animation, with Blender's own evaluation at every frame converted by the
 * add-on's own texture_transform_blender_to_gltf. The GLB passes the glTF validator; `animscope
 * import` writes Nod.btk beside Nod.bck (the scale from the static transform, the offset from the
 * channel); at every 5th frame the texture matrix the game computes from it (FORMATS.md §3,
 * texmtx.ts) maps UV (0,0), (1,0), (0,1) as glTF's KHR_texture_transform with Blender's evaluated
 * transform does, within 1e-3, and the offset moves.
 * Kuribo's only material has no texture matrix (its texgen is GX_IDENTITY: the game would show no
 * BTK on it): keyed on Kuribo too, the import warns and writes the BCK alone; so the BTK is checked
 * on TripodBossCore's MetalBody_v (TEXMTX0), bones and texture in one Blender animation.
 * Needs Blender (test/blender/setup.sh installs it).
 */
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { describeTracks } from '../../src/kinds/describe';
import { runAsync } from '../../src/cli/main';
import { readModel } from '../../src/cli/modelCommands';
import { decode } from '../../src/formats/index';
import type { BtkAnim } from '../../src/formats/jsystem/btk/types';
import { mapMaterial } from '../../src/gltf/materials';
import { bboxDiagonal, oneWayDistance, posed } from '../unit/gltf/sharedModels';
import { PROJECT_ROOT } from '../paths';
import { SAMPLES_DIR } from '../unit/helpers';

const validator = require('gltf-validator') as { validateBytes(b: Uint8Array): Promise<{ issues: { numErrors: number; messages: { code: string; message: string; pointer?: string; severity: number }[] } }> };

const modelPath = (name: string): string => path.join(SAMPLES_DIR, `archives/${name}.arc/${name}/${name}.bdl`);

interface TextureTransform { offset: number[]; rotation: number; scale: number[] }
interface Result {
  blender: string;
  frames: { frame: number; heads: Record<string, number[]>; vertices: number[][] }[];
  texture: null | { material: string; gltfMaterial: number; curves: number; frames: { frame: number; location: number[]; gltf: TextureTransform }[] };
}

/** glTF's KHR_texture_transform: uv' = T(offset) · R(rotation) · S(scale) · uv (the extension's matrices). */
function gltfUv(t: TextureTransform, [u, v]: number[]): number[] {
  const c = Math.cos(t.rotation), s = Math.sin(t.rotation);
  const [su, sv] = [t.scale[0] * u, t.scale[1] * v];
  return [t.offset[0] + c * su + s * sv, t.offset[1] - s * su + c * sv];
}

describe('Blender as the author: its glTF animation comes back as a BCK (and BTK) that poses as Blender does', function () {
  this.timeout(900_000);
  let dir: string;
  before(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-author-')); });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Blender authors the animation; `animscope import` reads it back; the bones agree with Blender's. */
  async function authored(name: string, bones: string[], material?: string, warnings?: string[]): Promise<{ result: Result; out: string; glb: string }> {
    const quiet = { out: () => undefined, err: (s: string) => { if (!warnings) throw new Error(s); warnings.push(s); } };
    const model = readModel(modelPath(name)).model;
    const src = path.join(dir, `${name}.glb`), nod = path.join(dir, `${name}-nod.glb`), json = path.join(dir, `${name}.json`), out = path.join(dir, name);
    assert.strictEqual(await runAsync(['gltf', modelPath(name), '-o', src], quiet as never), 0);
    execFileSync('blender', ['-b', '--factory-startup', '--python', path.join(PROJECT_ROOT, 'test/blender/author.py'), '--', src, nod, json, bones.join(','), ...(material ? [material] : [])],
      { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 << 20 });
    const result: Result = JSON.parse(fs.readFileSync(json, 'utf8'));
    // a warning makes the exit code 1 (the files are still written)
    assert.strictEqual(await runAsync(['import', nod, '--model', modelPath(name), '-o', out, '--fps', '60'], quiet as never), warnings ? 1 : 0);
    const anim = decode(new Uint8Array(fs.readFileSync(path.join(out, 'Nod.bck'))), 'Nod.bck').anim;
    assert.ok(anim && anim.format === 'bck');
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
    return { result, out, glb: nod };
  }

  it('Kuribo, Body and Head keyed in Blender: heads and vertices at every 5th frame of 60; its texture offset is refused (no texture matrix)', async () => {
    // Kuribo's one material samples its texture through GX_IDENTITY, not a texture matrix: the game
    // shows no BTK on it, so the import says so and writes the BCK alone
    const warnings: string[] = [];
    const { result, out } = await authored('Kuribo', ['Body', 'Head'], 'KuriboAll_v', warnings);
    assert.strictEqual(result.texture?.material, 'KuriboAll_v');
    assert.deepStrictEqual(fs.readdirSync(out), ['Nod.bck']);
    assert.strictEqual(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0], /IMPORT_BINDING.*KuriboAll_v.*no texture matrix to animate/);
  });

  it('TripodBossCore, two bones and MetalBody_v\'s texture offset keyed in Blender: BCK as above, and a BTK whose texture matrix maps UVs as Blender\'s offset does', async () => {
    const material = 'MetalBody_v';
    const { result, out, glb } = await authored('TripodBossCore', ['CoreLight', 'MetalBody1'], material);
    const texture = result.texture!;
    assert.ok(texture, 'author.py keyed the texture offset');
    assert.strictEqual(texture.frames.length, 13);
    // the Mapping node's static scale (Blender's exporter writes it; the post-step animates the offset only)
    for (const f of texture.frames) assert.deepStrictEqual(f.gltf.scale, [1.5, 0.75]);
    // Blender's GLB with the post-step's channel is valid glTF
    const report = await validator.validateBytes(new Uint8Array(fs.readFileSync(glb)));
    assert.strictEqual(report.issues.numErrors, 0, report.issues.messages.filter((m) => m.severity === 0).map((m) => `${m.code} ${m.pointer} ${m.message}`).join('\n'));
    const btkPath = path.join(out, 'Nod.btk');
    assert.ok(fs.existsSync(btkPath), `${btkPath}: the pointer channel came back as a BTK beside the BCK`);
    const decoded = decode(new Uint8Array(fs.readFileSync(btkPath)), 'Nod.btk');
    assert.deepStrictEqual(decoded.diagnostics.filter((d) => d.severity === 'error'), []);
    const btk = decoded.anim as BtkAnim;
    assert.strictEqual(btk.format, 'btk');
    const model = readModel(modelPath('TripodBossCore')).model;
    const texMtx = mapMaterial(model.materialData[model.materials.indexOf(material)], model.textures.length).texMatrix;
    const entry = btk.entries.findIndex((e) => e.materialName === material);
    assert.ok(entry >= 0, `the BTK animates ${material}`);
    assert.strictEqual(btk.entries[entry].texMtxIndex, texMtx, 'the texture matrix its base colour texgen uses');
    // the texture matrix the game computes (texmtx.ts, FORMATS.md §3), per element
    const tracks = new Map(describeTracks(btk).map((t) => [t.path, t]));
    const m = (name: string, f: number): number => tracks.get(`entries/${entry}/matrix/${name}`)!.evaluate(f);
    let largest = 0;
    const offsets = new Set<string>();
    for (const f of texture.frames) {
      offsets.add(f.gltf.offset.map((x) => x.toFixed(4)).join(','));
      for (const uv of [[0, 0], [1, 0], [0, 1]]) {
        const want = gltfUv(f.gltf, uv);
        const got = [m('m00', f.frame) * uv[0] + m('m01', f.frame) * uv[1] + m('m02', f.frame), m('m10', f.frame) * uv[0] + m('m11', f.frame) * uv[1] + m('m12', f.frame)];
        const d = Math.hypot(got[0] - want[0], got[1] - want[1]);
        largest = Math.max(largest, d);
        assert.ok(d <= 1e-3, `frame ${f.frame}, uv ${uv}: BTK ${got} vs Blender ${want} (${d})`);
      }
    }
    // the keyed offset moves (the test could fail), and the largest difference is reported
    assert.ok(offsets.size >= 10, `the offset takes ${offsets.size} values over 13 frames`);
    console.log(`      largest UV difference BTK vs Blender: ${largest.toExponential(2)}`);
  });
});
