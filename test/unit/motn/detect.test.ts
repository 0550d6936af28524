/** looksLikeMotn: a header plausibility check, since MOTN has no magic. */
import * as assert from 'assert';
import { looksLikeMotn } from '../../../src/formats/motn/motn';
import { detect } from '../../../src/formats/index';
import { listSamples, readSample } from '../helpers';
import { sampleSequences, writeMotn } from '../../fixtures/motn-writer';

describe('MOTN: looksLikeMotn', () => {
  it('accepts motion.bin and synthetic files', () => {
    assert.strictEqual(looksLikeMotn(readSample('motn/motion.bin')), true);
    assert.strictEqual(detect(readSample('motn/motion.bin'), 'anything.dat'), 'motn');
    assert.strictEqual(looksLikeMotn(writeMotn(sampleSequences()).bytes), true);
  });

  it('rejects every J3D sample and the Yaz0/RARC archives', () => {
    const files = [...listSamples('j3d'), ...listSamples('archives')];
    assert.ok(files.length > 10);
    for (const f of files) assert.strictEqual(looksLikeMotn(readSample(f)), false, f);
  });

  it('rejects random bytes, empty and short input', () => {
    let seed = 12345;
    const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
    for (let i = 0; i < 500; i++) {
      const bytes = new Uint8Array(16 + (i * 37) % 4096);
      for (let j = 0; j < bytes.length; j++) bytes[j] = next();
      assert.strictEqual(looksLikeMotn(bytes), false);
    }
    assert.strictEqual(looksLikeMotn(new Uint8Array(0)), false);
    assert.strictEqual(looksLikeMotn(readSample('motn/motion.bin').subarray(0, 0x20)), false);
  });

  it('rejects a header whose file size differs from the length', () => {
    const bytes = readSample('motn/motion.bin').slice(0, 0x20000);
    assert.strictEqual(looksLikeMotn(bytes), false);
  });
});
