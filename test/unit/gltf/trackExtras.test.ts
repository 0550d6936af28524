/**
 * Issue 27: BLK/BLA (cluster weights) and BXK/BXA (vertex colours) are not skipped: their values
 * per game frame go to the glTF animation's extras.j3d, keyed by the sample contract's paths, and
 * BXK/BXA name the colour-array indices each entry writes (FORMATS.md §9.6, §9.7). Expected
 * values come from `animscope sample` (sampleFile), the indices from the synthetic files' specs;
 * every export passes the Khronos validator.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { sampleFile } from '../../../src/kinds/sample';
import { decode } from '../../../src/formats/index';
import { syntheticKindFiles } from '../../fixtures/j3d-kinds-writer';
import { runAsync } from '../../../src/cli/main';
import { SAMPLES_DIR } from '../helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const validator = require('gltf-validator') as { validateBytes(b: Uint8Array): Promise<{ issues: { numErrors: number } }> };

interface Extras { format: string; duration: number; frames: number[]; tracks: { path: string; values: number[] }[]; colourIndices?: { channel: number; entry: number; indices: number[] }[] }

function glbJson(glb: Uint8Array): { animations: { name: string; channels: unknown[]; extras?: { j3d?: Extras } }[] } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + view.getUint32(12, true))));
}

describe('gltf: BLK, BLA, BXK and BXA values in the animation extras', () => {
  let tmp: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-gltf-extras-'));
    for (const f of syntheticKindFiles()) if (/\.(blk|bla|bxk|bxa)$/.test(f.name)) fs.writeFileSync(path.join(tmp, f.name), f.bytes);
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  for (const ext of ['blk', 'bla', 'bxk', 'bxa']) {
    it(`Synthetic.${ext} beside Kuribo.bdl: one animation whose extras hold every track per frame, as \`sample\` gives them`, async () => {
      const file = path.join(tmp, `Synthetic.${ext}`);
      const out = path.join(tmp, `${ext}.glb`);
      const err: string[] = [];
      const code = await runAsync(['gltf', path.join(SAMPLES_DIR, 'archives', 'Kuribo.arc', 'Kuribo', 'Kuribo.bdl'), file, '-o', out],
        { out: () => undefined, err: (s: string) => err.push(s) } as never);
      assert.strictEqual(code, 0, err.join('\n'));
      assert.match(err.join('\n'), new RegExp(`Synthetic: glTF has no property for .*extras\\.j3d`));
      const glb = new Uint8Array(fs.readFileSync(out));
      assert.strictEqual((await validator.validateBytes(glb)).issues.numErrors, 0);
      const json = glbJson(glb);
      assert.strictEqual(json.animations.length, 1);
      const a = json.animations[0];
      assert.strictEqual(a.name, 'Synthetic');
      assert.ok(a.channels.length >= 1, 'glTF needs a channel: the rest-pose one');
      const extras = a.extras!.j3d!;
      assert.strictEqual(extras.format, ext);
      const decoded = decode(new Uint8Array(fs.readFileSync(file)), `Synthetic.${ext}`);
      const sampled = sampleFile(decoded).animations[0];
      assert.deepStrictEqual(extras.frames, sampled.tracks[0].values.map((_, f) => f));
      assert.deepStrictEqual(extras.tracks.map((t) => t.path), sampled.tracks.map((t) => t.path));
      extras.tracks.forEach((t, i) => t.values.forEach((v, f) => assert.ok(Math.abs(v - sampled.tracks[i].values[f]) < 1e-6, `${t.path} at ${f}`)));
      if (ext === 'bxk' || ext === 'bxa') {
        const anim = decoded.anim as unknown as { channels: { indexSet: { first: number; count: number } }[][]; indexPools: Uint16Array[] };
        const want = anim.channels.flatMap((entries, channel) => entries.map((e, entry) =>
          ({ channel, entry, indices: Array.from(anim.indexPools[channel].subarray(e.indexSet.first, e.indexSet.first + e.indexSet.count)) })));
        assert.ok(want.some((w) => w.indices.length > 0), 'the synthetic file names colour indices');
        assert.deepStrictEqual(extras.colourIndices, want);
      } else {
        assert.strictEqual(extras.colourIndices, undefined);
      }
    });
  }
});
