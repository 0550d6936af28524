/**
 * The import preview's difference to the file it would replace (src/import/compareSamples.ts):
 * a file against itself samples the same; a copy with one rotation key moved by 10° differs by
 * that much in degrees and nothing else; two kinds are not compared.
 */
import * as assert from 'assert';
import { describeGroup } from '../../../src/kinds/describe';
import { applyEdits } from '../../../src/edit/applyEdits';
import { decode } from '../../../src/formats/index';
import { compareSamples, describeDifference } from '../../../src/import/compareSamples';
import { readSample, realFiles } from '../helpers';

describe('import preview: the difference to an existing file', () => {
  const walk = realFiles().find((f) => f.path === 'archives/Kuribo.arc/Kuribo/Walk.bck')!.bytes;

  it('a file against itself samples the same', () => {
    const d = compareSamples(walk, walk, 'Walk.bck')!;
    assert.strictEqual(describeDifference(d, 'Walk.bck'), 'samples the same as Walk.bck');
  });

  it('one rotation key 10° off: about 10 degrees, nothing else', () => {
    const track = describeGroup(decode(walk, 'Walk.bck').anim!, 2).findIndex((t) => t.path === 'joints/2/rotation/z');
    const value = describeGroup(decode(walk, 'Walk.bck').anim!, 2)[track].keys.value(1);
    const edited = applyEdits(walk, 'Walk.bck', [{ kind: 'key', group: 2, track, key: 1, value: value + 10 }]);
    assert.ok(edited.ok);
    const d = compareSamples(edited.bytes, walk, 'Walk.bck')!;
    // the key lands on the nearest step of 0.010986328125° and the game truncates between keys: within two steps
    assert.ok(Math.abs(d.perUnit.degrees - 10) <= 0.023, String(d.perUnit.degrees));
    assert.deepStrictEqual(Object.entries(d.perUnit).filter(([u, v]) => u !== 'degrees' && v > 0), []);
    assert.match(describeDifference(d, 'Walk.bck'), /^differs from Walk\.bck by at most 10 degrees$/);
  });

  it('two kinds are not compared', () => {
    assert.strictEqual(compareSamples(walk, readSample('j3d/smg/TripodBossCore/Wait.btk'), 'Walk.bck'), undefined);
  });
});
