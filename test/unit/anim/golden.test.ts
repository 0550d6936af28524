/**
 * Golden values on the real samples, through decode(). These need the real decoders
 * (src/formats/jsystem, src/formats/motn); with the decoder stubs they fail.
 */
import * as assert from 'assert';
import { decode } from '../../../src/formats';
import { sampleFile, SampleResult } from '../../../src/anim/sample';
import { describeTracks } from '../../../src/anim/describe';
import { readSample, realFiles } from '../helpers';

function sample(rel: string, name = rel): SampleResult {
  return sampleFile(decode(readSample(rel), name));
}

function values(r: SampleResult, path: string): number[] {
  const t = r.animations[0].tracks.find((x) => x.path === path);
  assert.ok(t, `track ${path}`);
  return t.values;
}

describe('anim golden: real samples through decode()', () => {
  it('j3d/smg/TripodBossCore/2ndDemo.bck', () => {
    const r = sample('j3d/smg/TripodBossCore/2ndDemo.bck');
    assert.strictEqual(r.format, 'bck');
    const a = r.animations[0];
    assert.deepStrictEqual([a.name, a.duration, a.loopMode, a.tracks.length], ['2ndDemo', 89, 'loop', 45]);
    const ry = values(r, 'joints/1/rotation/y');
    assert.strictEqual(ry.length, 90);
    assert.strictEqual(ry[0], 0);
    assert.strictEqual(ry[1], 4.04296875);
    assert.strictEqual(ry[87], 351.903076171875);
  });

  it('j3d/smg/TripodBossCore/Wait.btk (archive path name)', () => {
    const r = sample('j3d/smg/TripodBossCore/Wait.btk', 'TripodBossCore.arc/TripodBossCore/Wait.btk');
    const a = r.animations[0];
    assert.deepStrictEqual([a.name, a.duration], ['Wait', 2400]);
    assert.strictEqual(a.tracks.length % 15, 0);
    assert.strictEqual(values(r, 'entries/0/rotation/q')[1199], 359.989013671875);
    assert.ok(Math.abs(values(r, 'entries/0/matrix/m02')[600] - 0.9987520884896568) < 1e-9);
    const q = describeTracks(decode(readSample('j3d/smg/TripodBossCore/Wait.btk'), 'Wait.btk').anim!).find((t) => t.path === 'entries/0/rotation/q')!;
    assert.ok(q.keys.length >= 2);
    assert.ok(q.keys.toArray().every((k) => /^TTK1\/rotationBank\[\d+\]$/.test(k.valuePath ?? '')));
  });

  it('j3d/smg/TripodBossCore/Wait.brk', () => {
    const r = sample('j3d/smg/TripodBossCore/Wait.brk');
    assert.strictEqual(r.animations[0].name, 'Wait');
    assert.deepStrictEqual(['r', 'g', 'b', 'a'].map((c) => values(r, `register/0/${c}`)[0]), [21, 49, 83, 0]);
  });

  it('motn/motion.bin', function () {
    const file = decode(readSample('motn/motion.bin'), 'motion.bin');
    assert.ok(file.anim && file.anim.format === 'motn', 'decoded as MOTN');
    const names = new Set<string>();
    for (const s of file.anim.sequences) [s.name, ...s.aliases].forEach((n) => names.add(n));
    assert.strictEqual(names.size, 1559, 'sequence names in the file');
    const r = sampleFile(file);
    assert.strictEqual(r.skipped!.length, 28);
    assert.strictEqual(r.animations.length, file.anim.sequences.filter((s) => s.standard).length);
    const spk = r.animations.find((x) => x.name === 'SPK_2_WARMING');
    assert.ok(spk, 'SPK_2_WARMING');
    assert.deepStrictEqual([spk.duration, spk.loopMode, spk.tracks.length], [410, 'loop', 63]);
    const py = spk.tracks.find((t) => t.path === 'bones/0/position/y')!;
    assert.deepStrictEqual(py.keys!.slice(0, 2), [[0, 1.0595703125], [9, 1.1494140625]]);
    assert.strictEqual(py.values[0], 1.0595703125);
    assert.strictEqual(py.values[9], 1.1494140625);
    assert.strictEqual(py.values.length, 411);
    const one = sampleFile(file, { animation: 'SPK_2_WARMING' });
    assert.deepStrictEqual(one.animations, [spk]);
  });
});

describe('anim/describe: sample() of every real track', () => {
  it('gives evaluate() at each pixel-column frame, J3D kinds and every MOTN sequence', () => {
    let tracks = 0;
    for (const file of realFiles()) {
      const result = decode(file.bytes, file.name);
      if (!result.anim) continue;
      const sequences = result.anim.format === 'motn' ? (result.anim.sequences ?? []).length : 1;
      for (let sequence = 0; sequence < sequences; sequence++) {
        for (const t of describeTracks(result.anim, sequence)) {
          // A view from before frame 0 to past the end: 301 columns over 120 frames.
          const first = -4.5, step = 120 / 300;
          const out = new Float64Array(301);
          t.sample(out, first, step);
          for (let j = 0; j < out.length; j++) {
            const want = t.evaluate(first + j * step);
            if (!Object.is(out[j], want)) assert.fail(`${file.path} ${t.path} column ${j}: ${out[j]} vs ${want}`);
          }
          tracks++;
        }
      }
    }
    assert.ok(tracks > 5000, `${tracks} tracks`);
  });
});
