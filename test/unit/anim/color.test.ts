import * as assert from 'assert';
import { sampleFile } from '../../../src/kinds/sample';
import { brk, brkEntry, file, kt } from './fixtures';

// Register R bank: [1000 ramp][−2000 ramp][10→11][flat 3][constant 2000]
const REG_R = new Int16Array([
  0, 1000, 0, 10, 1100, 0, // 0: keys (0, 1000) → (10, 1100)
  0, -2000, 0, 10, -1000, 0, // 6: keys (0, −2000) → (10, −1000)
  0, 10, 0, 10, 11, 0, // 12: 10 → 11
  0, 3, 0, 11, 3, 0, // 18: flat 3 over 11 frames
  2000, // 24: constant
  0, -10, 0, 10, -11, 0, // 25: −10 → −11
]);
const K_R = new Int16Array([0, -230, 0, 10, 300, 0, -230]);

function anim() {
  return brk({
    duration: 10,
    register: [
      brkEntry({ r: kt(2, 0), g: kt(2, 6), b: kt(2, 12), a: kt(2, 18) }),
      brkEntry({ r: kt(1, 24), g: kt(2, 25), b: kt(0, 0), a: kt(1, 99) }),
    ],
    konstant: [brkEntry({ r: kt(2, 0), g: kt(1, 6), b: kt(0, 0), a: kt(1, 0) })],
    registerBanks: { r: REG_R, g: REG_R, b: REG_R, a: REG_R },
    konstantBanks: { r: K_R, g: K_R, b: K_R, a: K_R },
  });
}

describe('anim/color: BRK clamping and truncation', () => {
  const result = sampleFile(file(anim(), 'Test.brk'));
  const track = (p: string) => result.animations[0].tracks.find((t) => t.path === p)!.values;

  it('paths: register entries then konstant entries, r g b a', () => {
    assert.deepStrictEqual(
      result.animations[0].tracks.map((t) => t.path),
      ['register/0/r', 'register/0/g', 'register/0/b', 'register/0/a', 'register/1/r', 'register/1/g', 'register/1/b', 'register/1/a', 'konstant/0/r', 'konstant/0/g', 'konstant/0/b', 'konstant/0/a'],
    );
  });

  it('keyed register colours clamp to −1024..1023', () => {
    assert.strictEqual(track('register/0/r')[0], 1000);
    assert.strictEqual(track('register/0/r')[5], 1023); // 1050
    assert.strictEqual(track('register/0/r')[10], 1023); // key value 1100
    assert.strictEqual(track('register/0/g')[0], -1024); // key value −2000
    assert.strictEqual(track('register/0/g')[10], -1000);
  });

  it('keyed colours truncate toward zero, with the 1e-6 snap', () => {
    assert.strictEqual(track('register/0/b')[5], 10); // 10.5
    assert.strictEqual(track('register/1/g')[5], -10); // −10.5
    assert.strictEqual(track('register/0/a')[2], 3); // 2.9999999999999996 before the snap
  });

  it('keyed konstant colours clamp to 0..255', () => {
    const k = track('konstant/0/r');
    assert.strictEqual(k[0], 0); // −230
    assert.strictEqual(k[5], 35); // (−230 + 300) / 2
    assert.strictEqual(k[10], 255); // 300
  });

  it('constants are not clamped; count 0 is 0; a constant past the bank (index 99 of 31) is missing', () => {
    assert.deepStrictEqual(track('register/1/r'), new Array(11).fill(2000));
    assert.deepStrictEqual(track('konstant/0/g'), new Array(11).fill(-230));
    assert.deepStrictEqual(track('register/1/b'), new Array(11).fill(0));
    assert.deepStrictEqual(track('register/1/a'), new Array(11).fill(NaN));
  });
});
