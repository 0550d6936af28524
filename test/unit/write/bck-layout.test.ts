/**
 * BCK keys form → build (the converter's layout, src/write/j3d/kinds/bck.ts): on every real BCK the
 * built file samples exactly like the original and gives back the same keys form; how many are
 * byte-identical is measured in the bench, not asserted. Bad keys are refused with their path.
 */
import { strict as assert } from 'assert';
import { sampleFile } from '../../../src/kinds/sample';
import { decode } from '../../../src/formats/index';
import { buildBckFromKeys } from '../../../src/write/j3d/kinds/bck';
import { BuildInputError } from '../../../src/write/input';
import { keysDocument } from '../../../src/write/keysForm';
import { realFiles } from '../helpers';

function distinctBcks() {
  const seen = new Set<string>();
  return realFiles().filter((f) => {
    if (!/\.bck$/i.test(f.name)) return false;
    const key = Buffer.from(f.bytes).toString('base64');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

describe('write: BCK keys → build on every real BCK', () => {
  for (const f of distinctBcks()) {
    it(`${f.path}: samples identically, keys → build → keys is the identity`, () => {
      const source = decode(f.bytes, f.name);
      const keys = JSON.parse(JSON.stringify(keysDocument(source.anim!)));
      const built = decode(buildBckFromKeys(keys), f.name);
      // as `animscope sample` prints them (JSON: −0 and 0 are both 0)
      assert.deepEqual(JSON.parse(JSON.stringify(sampleFile(built))), JSON.parse(JSON.stringify(sampleFile(source))));
      assert.deepEqual(JSON.parse(JSON.stringify(keysDocument(built.anim!))), keys);
      assert.deepEqual(built.diagnostics.filter((d) => d.severity === 'error'), []);
    });
  }

  it('refuses keys out of order and a rotation the fraction cannot store, naming the path', () => {
    const source = decode(distinctBcks()[0].bytes, 'a.bck');
    const keys = JSON.parse(JSON.stringify(keysDocument(source.anim!)));
    const keyed = keys.targets.flatMap((t: { tracks: { channel: string; keys: { frame: number; value: number }[] }[] }) => t.tracks)
      .find((t: { channel: string; keys: unknown[] }) => t.channel === 'rotation' && t.keys.length >= 2);
    assert.ok(keyed, 'a keyed rotation track');
    const [a, b] = [keyed.keys[0].frame, keyed.keys[1].frame];
    keyed.keys[0].frame = b + 1;
    const refusal = (doc: unknown): BuildInputError => {
      try { buildBckFromKeys(doc); } catch (e) { if (e instanceof BuildInputError) return e; throw e; }
      return assert.fail('not refused');
    };
    assert.match(refusal(keys).message, /^targets\[\d+\]\.tracks\[\d+\]\.keys\[1\]\.frame: keys out of order/);
    keyed.keys[0].frame = a;
    keyed.keys[0].value += 0.001;
    assert.match(refusal(keys).message, /keys\[0\]\.value: .* is not a multiple of/);
  });
});
