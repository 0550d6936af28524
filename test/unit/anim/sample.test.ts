import * as assert from 'assert';
import { j3dAnimationName, sampleFile, SampleError } from '../../../src/kinds/sample';
import { describeTracks } from '../../../src/kinds/describe';
import { bck, brk, brkEntry, btk, btkEntry, file, kt, mkey, motn, mseq, mtrack, srt } from './fixtures';

const DEG = 180 / 32768;

function twoJoints() {
  return bck({
    loopMode: 2,
    rotationFraction: 1,
    duration: 4,
    joints: [
      { x: srt({ scale: kt(1, 1) }), y: srt(), z: srt({ translation: kt(2, 0, 1) }) },
      { x: srt(), y: srt({ rotation: kt(2, 1, 0) }), z: srt({ rotation: kt(1, 0) }) },
    ],
    scaleBank: new Float32Array([1, 2.5]),
    // rotation keys (0, 100, 0), (4, 200, 0) from element 1; element 0 is a constant 8192
    rotationBank: new Int16Array([8192, 0, 100, 0, 4, 200, 0]),
    // translation keys (0, 0, in 0, out 1), (4, 4, in 1, out 0): exactly linear
    translationBank: new Float32Array([0, 0, 0, 1, 4, 4, 1, 0]),
  });
}

describe('kinds/sample: sampleFile', () => {
  it('BCK: paths, order, defaults, units, frames 0..duration', () => {
    const r = sampleFile(file(twoJoints(), 'TripodBossCore.arc/TripodBossCore/Wait.bck'));
    assert.strictEqual(r.format, 'bck');
    assert.strictEqual(r.skipped, undefined);
    assert.strictEqual(r.animations.length, 1);
    const a = r.animations[0];
    assert.strictEqual(a.name, 'Wait');
    assert.strictEqual(a.duration, 4);
    assert.strictEqual(a.loopMode, 'loop');
    const expectedPaths: string[] = [];
    for (const j of [0, 1]) for (const c of ['scale', 'rotation', 'translation']) for (const x of ['x', 'y', 'z']) expectedPaths.push(`joints/${j}/${c}/${x}`);
    assert.deepStrictEqual(a.tracks.map((t) => t.path), expectedPaths);
    const v = (p: string) => a.tracks.find((t) => t.path === p)!.values;
    assert.deepStrictEqual(v('joints/0/scale/x'), [2.5, 2.5, 2.5, 2.5, 2.5]);
    assert.deepStrictEqual(v('joints/0/scale/y'), [1, 1, 1, 1, 1]);
    assert.deepStrictEqual(v('joints/0/rotation/x'), [0, 0, 0, 0, 0]);
    assert.deepStrictEqual(v('joints/0/translation/z'), [0, 1, 2, 3, 4]);
    // rotation fraction 1: raw 100 → 150 (frame 2: 150 exactly) → 200; ×2 units
    assert.strictEqual(v('joints/1/rotation/y')[0], 200 * DEG);
    assert.strictEqual(v('joints/1/rotation/y')[2], 300 * DEG);
    assert.strictEqual(v('joints/1/rotation/y')[4], 400 * DEG);
    // 8192 << 1 = 16384 → 90°
    assert.deepStrictEqual(v('joints/1/rotation/z'), [90, 90, 90, 90, 90]);
  });

  it('J3D names: base name without extension, .szs/.yaz0 stripped too', () => {
    assert.strictEqual(j3dAnimationName('a/b/2ndDemo.bck', 'bck'), '2ndDemo');
    assert.strictEqual(j3dAnimationName('C:\\x\\Wait.btk.szs', 'btk'), 'Wait');
    assert.strictEqual(j3dAnimationName('Wait.brk.yaz0', 'brk'), 'Wait');
    assert.strictEqual(j3dAnimationName('TripodBossCore.arc/TripodBossCore/Wait.btk', 'btk'), 'Wait');
    assert.strictEqual(j3dAnimationName('', 'bck'), 'bck');
  });

  it('options.animation selects the J3D animation by name', () => {
    assert.strictEqual(sampleFile(file(twoJoints(), 'x/Wait.bck'), { animation: 'Wait' }).animations.length, 1);
    assert.strictEqual(sampleFile(file(twoJoints(), 'x/Wait.bck'), { animation: 'Other' }).animations.length, 0);
  });

  it('negative duration samples frame 0 only; unknown loop mode is named', () => {
    const a = sampleFile(file(bck({ duration: -3, loopMode: 9, joints: [{ x: srt(), y: srt(), z: srt() }] }))).animations[0];
    assert.strictEqual(a.duration, 0);
    assert.strictEqual(a.loopMode, 'unknown(9)');
    assert.deepStrictEqual(a.tracks[0].values, [1]);
  });

  it('throws SampleError when nothing was decoded', () => {
    const f = file(bck());
    delete f.anim;
    assert.throws(() => sampleFile(f), SampleError);
  });

  it('BTK: 15 tracks per entry, rotation Q in degrees, matrix from the sampled SRT', () => {
    const anim = btk({
      duration: 2,
      rotationFraction: 1,
      entries: [
        btkEntry({ q: srt({ rotation: kt(1, 0) }) }),
        btkEntry({ center: [0, 0, 0], s: srt({ translation: kt(1, 0) }) }),
      ],
      rotationBank: new Int16Array([8192]), // << 1 → 16384 → 90°
      translationBank: new Float32Array([0.25]),
    });
    const a = sampleFile(file(anim, 'Foo.btk')).animations[0];
    const names: string[] = [];
    for (const e of [0, 1]) {
      for (const c of ['scale', 'rotation', 'translation']) for (const x of ['s', 't', 'q']) names.push(`entries/${e}/${c}/${x}`);
      for (const m of ['m00', 'm01', 'm02', 'm10', 'm11', 'm12']) names.push(`entries/${e}/matrix/${m}`);
    }
    assert.deepStrictEqual(a.tracks.map((t) => t.path), names);
    const v = (p: string) => a.tracks.find((t) => t.path === p)!.values;
    assert.deepStrictEqual(v('entries/0/rotation/q'), [90, 90, 90]);
    // Basic, 90°, unit scale, centre (0.5, 0.5): m00 = 0, m01 = −1, m02 = 0.5 + 0.5 = 1,
    // m10 = 1, m11 = 0, m12 = 0.5 − 0.5 = 0
    const m = ['m00', 'm01', 'm02', 'm10', 'm11', 'm12'].map((n) => v(`entries/0/matrix/${n}`)[1]);
    [0, -1, 1, 1, 0, 0].forEach((e, i) => assert.ok(Math.abs(m[i] - e) < 1e-12, `element ${i}: ${m[i]}`));
    // entry 1: identity with Ts = 0.25 → m02 = 0.25
    assert.deepStrictEqual(['m00', 'm01', 'm02', 'm10', 'm11', 'm12'].map((n) => v(`entries/1/matrix/${n}`)[2] + 0), [1, 0, 0.25, 0, 1, 0]);
  });

  it('MOTN: one animation per standard sequence, loop, keys, skipped names with aliases', () => {
    const anim = motn([
      mseq('WALK', 10, [mtrack(0, 'position', 'y', [mkey(0, [1]), mkey(10, [3])]), mtrack(2, 'rotation', 'x', [mkey(0, []), mkey(10, [0.5])])], { aliases: ['WALK2'] }),
      mseq('ODD', 5, [], { standard: false, aliases: ['ODD_B'] }),
      mseq('ODD_B', 5, [], { standard: false, aliases: ['ODD'] }),
    ]);
    const r = sampleFile(file(anim, 'motion.bin'));
    assert.strictEqual(r.format, 'motn');
    assert.deepStrictEqual(r.skipped, ['ODD', 'ODD_B']);
    assert.strictEqual(r.animations.length, 1);
    const a = r.animations[0];
    assert.deepStrictEqual([a.name, a.duration, a.loopMode], ['WALK', 10, 'loop']);
    assert.deepStrictEqual(a.tracks.map((t) => t.path), ['bones/0/position/y', 'bones/2/rotation/x']);
    assert.deepStrictEqual(a.tracks[0].keys, [[0, 1], [10, 3]]);
    assert.deepStrictEqual(a.tracks[1].keys, [[0, 0], [10, 0.5]]);
    assert.strictEqual(a.tracks[0].values.length, 11);
    assert.strictEqual(a.tracks[0].values[5], 2); // flat slopes: 0.5·1 + 0.5·3
    // selection by alias
    const b = sampleFile(file(anim, 'motion.bin'), { animation: 'WALK2' });
    assert.deepStrictEqual(b.animations.map((x) => x.name), ['WALK2']);
    assert.deepStrictEqual(b.skipped, []);
    assert.deepStrictEqual(sampleFile(file(anim, 'motion.bin'), { animation: 'ODD_B' }).skipped, ['ODD_B']);
  });
});

describe('kinds/describe: describeTracks', () => {
  it('J3D keys carry bank element paths; constants one key at frame 0; defaults none', () => {
    const tracks = describeTracks(twoJoints());
    const t = (p: string) => tracks.find((x) => x.path === p)!;
    const ry = t('joints/1/rotation/y');
    assert.deepStrictEqual([ry.group, ry.channel, ry.axis, ry.unit], [1, 'rotation', 'y', 'degrees']);
    assert.deepStrictEqual(ry.keys.toArray().map((k) => [k.frame, k.value, k.valuePath]), [
      [0, 200 * DEG, 'ANK1/rotationBank[2]'],
      [4, 400 * DEG, 'ANK1/rotationBank[5]'],
    ]);
    assert.deepStrictEqual(t('joints/0/scale/x').keys.toArray(), [{ frame: 0, value: 2.5, inSlope: 0, outSlope: 0, valuePath: 'ANK1/scaleBank[1]' }]);
    const tz = t('joints/0/translation/z');
    assert.deepStrictEqual(tz.keys.toArray().map((k) => [k.inSlope, k.outSlope, k.valuePath]), [
      [0, 1, 'ANK1/translationBank[1]'],
      [1, 0, 'ANK1/translationBank[5]'],
    ]);
    assert.strictEqual(tz.unit, 'units');
    assert.deepStrictEqual(t('joints/0/scale/y').keys.toArray(), []);
    assert.strictEqual(t('joints/1/rotation/y').evaluate(2), 300 * DEG);
  });

  it('BRK bank names; MOTN value offsets; BTK matrix tracks', () => {
    const brkTracks = describeTracks(
      brk({
        konstant: [brkEntry({ g: kt(1, 3) })],
        konstantBanks: { r: new Int16Array(0), g: new Int16Array([0, 0, 0, 77]), b: new Int16Array(0), a: new Int16Array(0) },
      }),
    );
    const kg = brkTracks.find((x) => x.path === 'konstant/0/g')!;
    assert.deepStrictEqual([kg.channel, kg.axis, kg.unit], ['konstant', 'g', 'color']);
    assert.deepStrictEqual(kg.keys.toArray().map((k) => [k.value, k.valuePath]), [[77, 'TRK1/konstantGBank[3]']]);

    const k0 = mkey(0, [30, 1]);
    const k1 = mkey(8, [2]);
    const m = describeTracks(motn([mseq('A', 4, []), mseq('B', 8, [mtrack(3, 'scale', 'z', [k0, k1])])]), 1);
    assert.strictEqual(m.length, 1);
    assert.deepStrictEqual([m[0].path, m[0].group, m[0].channel, m[0].axis, m[0].unit], ['bones/3/scale/z', 3, 'scale', 'z', 'scale']);
    assert.deepStrictEqual(m[0].keys.toArray(), [
      { frame: 0, value: 1, inSlope: 1, outSlope: 1, valueOffset: k0.offset, valueSize: 4 },
      { frame: 8, value: 2, inSlope: 0, outSlope: 0, valueOffset: k1.offset, valueSize: 2 },
    ]);

    const b = describeTracks(btk({ entries: [btkEntry()] }));
    assert.strictEqual(b.length, 15);
    const m00 = b.find((x) => x.path === 'entries/0/matrix/m00')!;
    assert.deepStrictEqual([m00.unit, m00.channel, m00.axis, m00.keys.length, m00.evaluate(3)], ['matrix', 'matrix', 'm00', 0, 1]);
  });
});
