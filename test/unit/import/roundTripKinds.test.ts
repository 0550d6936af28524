/**
 * Issue 29's round trip for the kinds that are not BCK, on the shared real files: every material,
 * shape and BCA animation beside a shared model goes out through the glTF export and comes back
 * as its own kind (BTK, BRK, BPK, BTP, BVA from their tracks in `extras.j3d`; the BCA from its
 * joint channels as full tracks). The imported file, sampled at every frame (`animscope sample`'s
 * tracks), equals the original within the tolerance of each unit: 0.01° or one raw rotation unit,
 * 0.001 units, 0.0001 scale, one colour step of 255 (colours are whole numbers the game
 * truncates), exact for step tracks (texture indices, visibility); and holds at most twice the
 * original's keys (runs for a step track).
 */
import * as assert from 'assert';
import { describeTracks } from '../../../src/kinds/describe';
import { rotationScale } from '../../../src/anim/rotation';
import { decode } from '../../../src/formats/index';
import { specFor } from '../../../src/kinds/registry';
import type { AnimData } from '../../../src/kinds/registry';
import { readGltf } from '../../../src/import/gltfRead';
import { bindJointNodes, DEFAULT_TOLERANCES, importJoints } from '../../../src/import/importJoints';
import { hasTrackExtras, importTracks } from '../../../src/import/importTracks';
import { keysDocument } from '../../../src/write/keysForm';
import { exportShared, SHARED_MODELS } from '../gltf/sharedModels';

function keyCount(anim: AnimData): number {
  let n = 0;
  for (const t of keysDocument(anim).targets) for (const tr of t.tracks) n += tr.keys?.length ?? tr.step?.length ?? 0;
  return n;
}

/** Every track of `imported` against `original` at every frame 0 … duration, within its unit's limit. */
function compareTracks(original: AnimData, imported: AnimData, duration: number, limit: (unit: string) => number, where: string): void {
  const mine = new Map(describeTracks(imported).map((t) => [t.path, t]));
  for (const t of describeTracks(original)) {
    const back = mine.get(t.path);
    assert.ok(back, `${where}: ${t.path} comes back`);
    for (let f = 0; f <= duration; f++) {
      const want: number = t.evaluate(f), got: number = back.evaluate(f);
      if (!(Math.abs(got - want) <= limit(t.unit)) && !(Number.isNaN(want) && Number.isNaN(got))) {
        assert.fail(`${where}: ${t.path} at frame ${f}: ${got} vs ${want} (limit ${limit(t.unit)})`);
      }
    }
  }
}

describe('animscope import: the other kinds come back as themselves (issue 29)', function () {
  this.timeout(600000);
  let covered: string[] = [];
  for (const shared of SHARED_MODELS) {
    it(`${shared.label}: every material, shape and BCA animation comes back within the tolerance, with at most 2× the keys`, async () => {
      const { inputs, glb } = await exportShared(shared.label, shared.path);
      const model = inputs.input.model;
      const gltf = await readGltf(glb, true, () => { throw new Error('no external buffers in a .glb'); });
      for (const a of inputs.animations) {
        const format = a.anim.format;
        if (format === 'bck') continue;
        // two animations of one name (Hit.bck, Hit.btp) are `Hit` and `Hit.btp` in the glTF
        const back = gltf.animations.find((g) => (g.name === a.name || g.name === `${a.name}.${format}`) && g.j3d?.format === format);
        assert.ok(back, `${a.name} is in the glTF`);
        const duration = Math.max(0, (a.anim as { duration?: number }).duration ?? 0);
        const where = `${shared.label} ${a.name}.${format}`;
        let bytes: Uint8Array;
        if (specFor(a.anim).model.target === 'joints') {
          const binding = bindJointNodes(model, gltf, new Set(back.channels.map((c) => c.node)), false);
          bytes = importJoints(model, gltf, back, binding.nodeOf, { fps: inputs.fps, loopMode: 0, tolerances: DEFAULT_TOLERANCES, format: 'bca' }).bytes;
        } else {
          assert.ok(hasTrackExtras(back.j3d), `${where}: its tracks are in extras.j3d`);
          const r = importTracks(a.name, back.j3d!, model, { loopMode: 0, tolerances: DEFAULT_TOLERANCES });
          assert.deepStrictEqual(r.notes, [], `${where}: binds to the model`);
          bytes = r.bytes;
        }
        const imported = decode(bytes, `${a.name}.${format}`);
        assert.strictEqual(imported.format, format, `${where}: the same kind`);
        assert.deepStrictEqual(imported.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code), [], `${where}: no errors`);
        const fraction = (imported.anim as { rotationFraction?: number }).rotationFraction ?? 0;
        const limit = (unit: string): number => unit === 'degrees' ? Math.max(DEFAULT_TOLERANCES.rotation, format === 'bca' ? 180 / 32768 : rotationScale(fraction)) + 1e-4
          : unit === 'color' ? 1 : unit === 'scale' ? DEFAULT_TOLERANCES.scale + 1e-6 : unit === 'units' ? DEFAULT_TOLERANCES.translation + 1e-4 : unit === 'matrix' ? 2e-3 : 0;
        compareTracks(a.anim, imported.anim!, duration, limit, where);
        assert.ok(keyCount(imported.anim!) <= 2 * Math.max(1, keyCount(a.anim)), `${where}: ${keyCount(imported.anim!)} keys vs the original's ${keyCount(a.anim)}`);
        covered.push(format);
      }
    });
  }
  it('covered BTK, BRK, BPK, BTP, BVA and BCA', () => {
    covered = [...new Set(covered)].sort();
    assert.deepStrictEqual(covered, ['bca', 'bpk', 'brk', 'btk', 'btp', 'bva']);
  });
});
