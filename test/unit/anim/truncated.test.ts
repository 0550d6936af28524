/**
 * A truncated file shows no value it does not hold (issue 26.2): tracks whose bank elements lie
 * past the end sample as missing (NaN in sampleFile, `null` in `animscope sample`), and the
 * summary says how many of the declared joints are readable.
 *
 * TripodBossCore/2ndDemo.bck (480 bytes): ANK1 at 0x20, jointCount 5 (0x2C), the joint table at
 * 0x60 (5 × 54 bytes), scaleBank at 0x180 (1 f32: 1.0), rotationBank at 0x1A0 (13 s16),
 * translationBank at 0x1C0 (1 f32). Every key table entry has count 1 index 0, except joint 1
 * rotation Y (entry at 0xAE: 0004 0001 0000): 4 keys × 3 elements from rotationBank[1].
 */
import * as assert from 'assert';
import { decode } from '../../../src/formats';
import { summarize } from '../../../src/kinds/summary';
import { formatSummary } from '../../../src/cli/summaryText';
import { sampleFile } from '../../../src/kinds/sample';
import { readSample, realFiles } from '../helpers';
import { syntheticKindFiles } from '../../fixtures/j3d-kinds-writer';

const FULL = readSample('j3d/smg/TripodBossCore/2ndDemo.bck');

function cut(length: number) {
  const file = decode(FULL.slice(0, length), '2ndDemo.bck');
  const values = (path: string): number[] => sampleFile(file).animations[0].tracks.find((t) => t.path === path)!.values;
  return { file, values };
}

describe('anim: a truncated BCK shows no values it does not hold', () => {
  it('cut inside the joint table (268 bytes = 0x60 + 3 × 54 + 10): 3 joints read, every bank empty → every track missing', () => {
    const { file, values } = cut(268);
    const tracks = sampleFile(file).animations[0].tracks;
    assert.strictEqual(tracks.length, 3 * 9);
    // Before: scale tracks sampled as 1, rotations and translations as 0 (the channel defaults).
    for (const t of tracks) assert.ok(t.values.every(Number.isNaN), t.path);
    assert.strictEqual(values('joints/0/scale/x').length, 90); // duration 0x59 = 89 → frames 0…89
  });

  it('the summary says 3 of 5 joints are readable (CLI info and the counts the editor shows)', () => {
    const { file } = cut(268);
    const s = summarize(file);
    assert.deepStrictEqual(s.counts.find((c) => c[0] === 'joints'), ['joints', 3, 5]);
    assert.match(formatSummary(s, '2ndDemo.bck'), /joints:\s+3 of 5 readable\n/);
    // The whole file declares and holds 5: no "readable" note.
    assert.deepStrictEqual(summarize(decode(FULL, '2ndDemo.bck')).counts.find((c) => c[0] === 'joints'), ['joints', 5]);
  });

  it('cut inside the rotation bank (0x1AE: 7 of 13 elements): the keyed track keeps its 2 readable keys, then is missing', () => {
    const { values } = cut(0x1AE);
    // rotationBank[1…6] = (time 0, value 0, tangent 0x170), (time 0x57 = 87, value 0x7D1F, tangent 0x170);
    // key 3 (elements 7…9) is past the end, so from the last readable key's time (87) on nothing is known.
    const rotY = values('joints/1/rotation/y');
    assert.strictEqual(rotY.length, 90);
    for (let f = 0; f < 87; f++) assert.ok(Number.isFinite(rotY[f]), `frame ${f}`);
    for (let f = 87; f <= 89; f++) assert.ok(Number.isNaN(rotY[f]), `frame ${f}`); // before: held 351.9°
    assert.strictEqual(rotY[0], 0);
    // A value the file still holds is unchanged: scaleBank[0] = 0x3F800000 = 1.0.
    assert.ok(values('joints/0/scale/x').every((v) => v === 1));
    // translationBank at 0x1C0 is gone: a constant from it is missing, not 0.
    assert.ok(values('joints/0/translation/x').every(Number.isNaN));
  });
});

describe('summary: a count the file holds fewer of than its header declares says so, every J3D kind', () => {
  // Every synthetic J3D kind and every real BCK/BTK/BRK/BCA, cut at each length: wherever the summary
  // counts fewer groups (joints, entries, shapes …) than the whole file, it names the declared count.
  const inputs = [
    ...syntheticKindFiles(),
    ...realFiles().filter((f) => !f.path.includes('.arc/') && /\.(bck|btk|brk|bca)$/.test(f.name)).map((f) => ({ name: f.name, bytes: f.bytes })),
  ];

  it('"k of n readable" for every cut that loses groups, no note when none is lost', () => {
    const kinds = new Set<string>();
    for (const input of inputs) {
      const whole = summarize(decode(input.bytes, input.name));
      const groups = whole.counts.filter(([label]) => !/^(tracks|keyed tracks|constant tracks|stepped tracks|empty tracks|keys|values)$|bank$/.test(label));
      assert.ok(groups.length > 0 && groups.every((c) => c.length === 2), input.name);
      for (let length = 0x20; length < input.bytes.length; length++) {
        const cut = summarize(decode(input.bytes.subarray(0, length), input.name));
        for (const [label, n] of groups) {
          const c = cut.counts.find((x) => x[0] === label);
          // Cuts that leave none are skipped: they include those inside the chunk header, where the declared count is not read.
          if (!c || c[1] >= n || c[1] === 0) continue;
          assert.strictEqual(c[2], n, `${input.name} cut at ${length}: ${label} ${c[1]} of ${c[2]}`);
          kinds.add(whole.format);
        }
      }
    }
    // Each kind with an input of 2 groups or more had a cut that kept some and lost others (so each was checked).
    const checkable = inputs.filter((i) => summarize(decode(i.bytes, i.name)).counts.some(([label, n]) => n >= 2 && !/^(tracks|keyed tracks|constant tracks|stepped tracks|empty tracks|keys|values)$|bank$/.test(label)));
    assert.deepStrictEqual([...kinds].sort(), [...new Set(checkable.map((i) => decode(i.bytes, i.name).format))].sort());
  });
});
