/**
 * The Yaz0 encoder: every real file and generated data decode back to themselves, the encoded
 * items follow FORMATS.md §6 (golden bytes derived by hand below), and each real archive is
 * recompressed to its very bytes in the style detected from it.
 */
import * as assert from 'assert';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decompressYaz0 } from '../../../src/formats/archive/yaz0';
import { encodeYaz0, yaz0EncodedBound, YAZ0_STYLES } from '../../../src/write/archive/yaz0Encode';
import { detectYaz0Style, yaz0StreamEnd } from '../../../src/write/archive/yaz0Style';
import { prng } from '../../fixtures/prng';
import { listSamples, readSample, realFiles } from '../helpers';

function roundTrip(data: Uint8Array, label: string): Uint8Array {
  const encoded = encodeYaz0(data);
  assert.ok(encoded.length <= yaz0EncodedBound(data.length), `${label}: ${encoded.length} bytes over the bound`);
  const sink = new DiagnosticSink();
  const decoded = decompressYaz0(encoded, sink);
  assert.deepStrictEqual(sink.list, [], `${label}: diagnostics`);
  assert.ok(Buffer.from(decoded).equals(Buffer.from(data)), `${label}: decoded bytes differ`);
  return encoded;
}

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const archives = listSamples('archives');

describe('Yaz0 encoder', () => {
  it('writes the header and items of FORMATS.md §6 (hand-derived bytes)', () => {
    // "abcabcabcabc": three literals (flag bits 1,1,1), then 9 bytes from 3 back: 2-byte item
    // ((9 − 2) << 4 | (3 − 1) >> 8, (3 − 1) & 0xFF) = 70 02; flag byte 1110 0000 = E0.
    const abc = new TextEncoder().encode('abcabcabcabc');
    assert.strictEqual(hex(encodeYaz0(abc)), '59617a30' + '0000000c' + '0000000000000000' + 'e0' + '616263' + '7002');
    // 300 zeros: one literal, then 0x111 bytes from 1 back (3-byte item 00 00 FF: length FF + 0x12),
    // then the 26 left from the farthest place that holds them, 0 (274 back: 274 − 1 = 0x111):
    // 01 11 08 (26 − 0x12 = 8). Flag 1000 0000.
    const zeros = new Uint8Array(300);
    assert.strictEqual(hex(encodeYaz0(zeros)), '59617a30' + '0000012c' + '0000000000000000' + '80' + '00' + '0000ff' + '011108');
    // Empty input: the header alone.
    assert.strictEqual(hex(encodeYaz0(new Uint8Array(0))), '59617a30' + '00000000' + '0000000000000000');
  });

  it('takes the farthest of equally long matches and defers a match for one 2 bytes longer (Nintendo)', () => {
    // "pqrABpqrCDpqrEF": at 5 "pqr" matches 3 bytes 5 back; at 10 "pqr" matches 3 bytes both 10
    // and 5 back → the farther (10). Items: p q r A B M(3, 5) C D | M(3, 10) E F.
    // Group 1 flags 1111 1011 = FB; M(3, 5) = (3 − 2) << 4, 5 − 1 = 10 04.
    // Group 2 flags 0110 0000 = 60; M(3, 10) = 10 09 (the nearest would be 10 04 again).
    const text = new TextEncoder().encode('pqrABpqrCDpqrEF');
    const items = encodeYaz0(text).subarray(16);
    assert.strictEqual(hex(items), 'fb' + '7071724142' + '1004' + '4344' + '60' + '1009' + '4546');
    // Lazy: "abcXbcdefYabcdefZ": at 10 "abc" matches 3 bytes (10 back), at 11 "bcdef" 5 bytes (7
    // back) ≥ 3 + 2 → 'a' goes out as a literal, then M(5, 7) = 30 06. Group 2: f Y a M Z, flags
    // 1110 1000 = E8. Without lazy matching: f Y M(3, 10) M(3, 7) Z, flags 1100 1000 = C8.
    const lazy = new TextEncoder().encode('abcXbcdefYabcdefZ');
    const group1 = 'ff' + hex(lazy.subarray(0, 8));
    assert.strictEqual(hex(encodeYaz0(lazy).subarray(16)), group1 + 'e8' + '665961' + '3006' + '5a');
    assert.strictEqual(hex(encodeYaz0(lazy, { style: { lazyGain: 1000, lazyRepeat: false, align: 1 } }).subarray(16)),
      group1 + 'c8' + '6659' + '1009' + '1006' + '5a');
  });

  it('decodes back to every real file (archives, their entries, loose files, motion.bin)', function () {
    this.timeout(300000);
    let count = 0;
    for (const rel of archives) {
      roundTrip(decompressYaz0(readSample(rel), new DiagnosticSink()), rel);
      count++;
    }
    for (const file of realFiles()) {
      roundTrip(file.bytes, file.path);
      count++;
    }
    assert.ok(count > 100, `only ${count} real files`);
  });

  it('decodes back to generated data: random, low-entropy, runs, periods, sizes around the limits', () => {
    const random = prng(28);
    const sizes = [0, 1, 2, 3, 4, 17, 0x111, 0x112, 0x1000, 0x1001, 70000];
    const fills: [string, (i: number) => number][] = [
      ['random', () => (random() * 256) | 0],
      ['two values', () => (random() * 2) | 0],
      ['zeros', () => 0],
      ['period 4 (a float)', (i) => [0x3f, 0x80, 0, 0][i & 3]],
      ['period 37', (i) => (i % 37) * 7],
      ['200 zeros then a byte', (i) => (i % 201 === 200 ? 1 + ((i / 201) | 0) % 250 : 0)],
      ['blocks of 64 of four kinds', (i) => ((((i >> 6) * 2654435761) >>> 24) & 3) * 50],
    ];
    for (const [name, fill] of fills) {
      for (const size of sizes) {
        const data = new Uint8Array(size);
        for (let i = 0; i < size; i++) data[i] = fill(i);
        for (const style of Object.values(YAZ0_STYLES)) {
          const e = encodeYaz0(data, { style });
          assert.strictEqual(e.length % style.align, 0, `${name} × ${size}: padding`);
          const back = decompressYaz0(e, new DiagnosticSink());
          assert.ok(Buffer.from(back).equals(Buffer.from(data)), `${name} × ${size} (${JSON.stringify(style)})`);
        }
        roundTrip(data, `${name} × ${size}`);
      }
    }
    // A short chain still decodes back (it only finds fewer matches).
    const data = new Uint8Array(20000).map(() => (random() * 4) | 0);
    assert.ok(Buffer.from(decompressYaz0(encodeYaz0(data, { maxChain: 1 }), new DiagnosticSink())).equals(Buffer.from(data)));
  });

  it('recompresses every shared archive to its original bytes in the style it was written in', () => {
    assert.ok(archives.length >= 7);
    for (const rel of archives) {
      const original = readSample(rel);
      const decompressed = decompressYaz0(original, new DiagnosticSink());
      const detected = detectYaz0Style(original, decompressed);
      const again = encodeYaz0(decompressed, { style: detected.style, reserved: detected.reserved });
      assert.ok(Buffer.from(again).equals(Buffer.from(original)), `${rel} (${detected.name}): ${again.length} bytes vs ${original.length}`);
      // The style matters: Nintendo's own (the default) does not reproduce the PowerStar and TripodBoss files.
      if (detected.name !== 'nintendo') {
        assert.ok(!Buffer.from(encodeYaz0(decompressed)).equals(Buffer.from(original)), `${rel}: the default style reproduces it too`);
      }
    }
  });

  it('finds where the items end before the padding', () => {
    const data = new TextEncoder().encode('abcabcabcabc');
    const padded = encodeYaz0(data, { style: { ...YAZ0_STYLES.nintendo, align: 32 } });
    assert.strictEqual(padded.length, 32);
    // 16 header + 1 flag + 3 literals + 2 = 22 (the golden bytes of the first test).
    assert.strictEqual(yaz0StreamEnd(padded, data.length), 22);
    assert.strictEqual(detectYaz0Style(padded, data).style.align, 32);
    assert.strictEqual(detectYaz0Style(encodeYaz0(data), data).style.align, 1);
    // A stream cut short ends at its length.
    assert.strictEqual(yaz0StreamEnd(padded.subarray(0, 19), data.length), 19);
  });
});
