/**
 * Golden values on the real samples, through decode(). These need the real decoders
 * (src/formats/jsystem, src/formats/motn); with the decoder stubs they fail.
 */
import * as assert from 'assert';
import { decode } from '../../../src/formats';
import { sampleFile, SampleResult } from '../../../src/kinds/sample';
import { describeTracks } from '../../../src/kinds/describe';
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
    // From the bytes (xxd): rotationFraction u8 at 0x29 = 1, so degrees = raw · 2 · 180 / 32768 =
    // raw · 0.010986328125. Joint 1 rotation Y, key table entry at 0xAE = 0004 0001 0000: 4 keys of
    // 3 s16 (time, value, tangent; mode 0: one tangent for in and out) from rotationBank[1]; the bank
    // at 0x1A0 = 0000 | 0000 0000 0170 | 0057 7D1F 0170 | 0058 7E8F C170 | 0059 0000 0170.
    // Key 0: frame 0, value 0, tangent 0x170 = 368; key 1: frame 0x57 = 87, value 0x7D1F = 32031, tangent 368.
    const ry = values(r, 'joints/1/rotation/y');
    assert.strictEqual(ry.length, 90); // duration 0x59 = 89 at 0x2A: frames 0…89
    assert.strictEqual(ry[0], 0); // key 0's value
    // Frame 1: Hermite on u = 1/87 with m0 = m1 = 368 · 87 (FORMATS.md §1):
    // (u³ − 2u² + u) · 32016 + (−2u³ + 3u²) · 32031 + (u³ − u²) · 32016 = 368.0059 → truncated 368 → 368 · 0.010986328125.
    assert.strictEqual(ry[1], 4.04296875);
    // Frame 87 is key 1: 32031 · 0.010986328125.
    assert.strictEqual(ry[87], 351.903076171875);
  });

  it('j3d/smg/TripodBossCore/Wait.btk (archive path name)', () => {
    const r = sample('j3d/smg/TripodBossCore/Wait.btk', 'TripodBossCore.arc/TripodBossCore/Wait.btk');
    const a = r.animations[0];
    assert.deepStrictEqual([a.name, a.duration], ['Wait', 2400]);
    assert.strictEqual(a.tracks.length % 15, 0);
    // From the bytes (xxd): rotationFraction at 0x29 = 1 (degrees = raw · 360 / 32768), matrix mode 0
    // (Basic). Entry 0's Q rotation: count 4, index 16, tangent mode 1 (time, value, in, out); the
    // rotationBank at 0xE8 holds from element 16 (0x108): (0, 0, 0, 27), (1199, 32767, 27, −32768),
    // (1200, 0, −32768, 27), (2400, 32767, 27, 0). Scale S/T: scaleBank[0] = 1.0; translation:
    // translationBank[0] = 0; centre (centerTable at 0xD8) 0.5, 0.5.
    // Frame 1199 is key 1: 32767 · 360 / 32768.
    assert.strictEqual(values(r, 'entries/0/rotation/q')[1199], 359.989013671875);
    // Frame 600: Hermite on u = 600/1199 with m0 = m1 = 27 · 1199: (u³ − 2u² + u) · 32373 +
    // (−2u³ + 3u²) · 32767 + (u³ − u²) · 32373 = 16397.246 → 16397 → θ = 16397 · 360 / 32768 = 180.142822265625°.
    // Basic m02 = tS + cS − (m00 · cS + m01 · cT) with m00 = cos θ, m01 = −sin θ: 0.5 · (1 − cos θ + sin θ).
    const theta = (16397 * 360 / 32768) * Math.PI / 180;
    assert.ok(Math.abs(values(r, 'entries/0/matrix/m02')[600] - 0.5 * (1 - Math.cos(theta) + Math.sin(theta))) < 1e-9);
    const q = describeTracks(decode(readSample('j3d/smg/TripodBossCore/Wait.btk'), 'Wait.btk').anim!).find((t) => t.path === 'entries/0/rotation/q')!;
    assert.ok(q.keys.length >= 2);
    assert.ok(q.keys.toArray().every((k) => /^TTK1\/rotationBank\[\d+\]$/.test(k.valuePath ?? '')));
  });

  it('j3d/smg/TripodBossCore/Wait.brk', () => {
    const r = sample('j3d/smg/TripodBossCore/Wait.brk');
    assert.strictEqual(r.animations[0].name, 'Wait');
    // Register entry 0 (table at 0x80): r, g, b, a each count 1, index 0 — constants (not clamped);
    // the R, G, B, A banks at 0x9C, 0xA0, 0xA4, 0xA8 hold 0x0015, 0x0031, 0x0053, 0x0000.
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
    // Its first two keys' values are one IEEE half each, little-endian at 0x147BA0 (xxd: 3D3C 993C):
    // 0x3C3D = 2^0 · (1 + 0x03D / 1024) = 1 + 61/1024; 0x3C99 = 1 + 0x099 / 1024 = 1 + 153/1024.
    // Frame 0 is implied (block 3 stores only the intermediate keys' frames); 9 is the track's first stored frame.
    const py = spk.tracks.find((t) => t.path === 'bones/0/position/y')!;
    assert.deepStrictEqual(py.keys!.slice(0, 2), [[0, 1.0595703125], [9, 1.1494140625]]);
    assert.strictEqual(py.values[0], 1.0595703125);
    assert.strictEqual(py.values[9], 1.1494140625);
    assert.strictEqual(py.values.length, 411);
    const one = sampleFile(file, { animation: 'SPK_2_WARMING' });
    assert.deepStrictEqual(one.animations, [spk]);
  });
});

describe('kinds/describe: sample() of every real track', () => {
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
