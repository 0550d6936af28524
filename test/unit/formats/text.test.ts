import { strict as assert } from 'assert';
import { grouped, readable } from '../../../src/formats/binary/text';
import { hex } from '../../../src/formats/binary/diagnostics';
import { decode } from '../../../src/formats/index';
import { writeBck } from '../../fixtures/j3d-writer';

describe('numbers in messages are rounded for people', () => {
  it('readable(): integers as they are, four decimals, three significant digits below 0.001', () => {
    assert.equal(readable(12), '12');
    assert.equal(readable(-0.012899999693036079), '-0.0129');
    assert.equal(readable(Math.fround(0.67)), '0.67');
    assert.equal(readable(1.2345e-7), '1.23e-7');
    assert.equal(readable(NaN), 'NaN');
  });

  it('grouped(): thousands separators, the same text as en-US toLocaleString', () => {
    assert.equal(grouped(0), '0');
    assert.equal(grouped(999), '999');
    assert.equal(grouped(1000), '1,000');
    assert.equal(grouped(50_000_000), '50,000,000');
    assert.equal(grouped(-1234567), '-1,234,567');
    for (const n of [1, 12, 123, 1234, 12345, 123456, 1234567, 589815, 2 ** 32, Number.MAX_SAFE_INTEGER]) {
      assert.equal(grouped(n), n.toLocaleString('en-US'), String(n));
    }
  });

  it('key time diagnostics name f32 times as written (0.67), not as stored (0.6700000166893005)', () => {
    // scale keys (f32 times) at 2.5 then 0.67: the order decreases, and the first key is after frame 0
    const bytes = writeBck({
      duration: 10,
      joints: [{ x: { scale: { keys: [{ time: 2.5, value: 1 }, { time: 0.67, value: 2 }] } } }],
    }).bytes;
    const messages = decode(bytes, 'x.bck').diagnostics.map((d) => d.message).join('\n');
    assert.match(messages, /key 1 time 0\.67 /);
    assert.match(messages, /first key at frame 2\.5 /);
    assert.doesNotMatch(messages, /0\.67000/);
  });
});

describe('hex(): offsets in names and messages', () => {
  it('0x and upper-case digits, zero-padded to the width; non-integers and negatives as toString(16) writes them', () => {
    assert.equal(hex(0), '0x0');
    assert.equal(hex(-0), '0x0');
    assert.equal(hex(255), '0xFF');
    assert.equal(hex(0x1A, 4), '0x001A');
    assert.equal(hex(0xABCDE, 2), '0xABCDE');
    assert.equal(hex(0x80000000), '0x80000000');
    assert.equal(hex(0xFFFFFFFF, 8), '0xFFFFFFFF');
    assert.equal(hex(2 ** 32), '0x100000000');
    assert.equal(hex(-1), '0x-1');
    assert.equal(hex(1.5), '0x1.8');
    assert.equal(hex(NaN), '0xNAN');
  });
});
