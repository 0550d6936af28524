/**
 * Yaz0 output grows as data is produced: the declared size (untrusted, bytes 4..7) never decides
 * the allocation on its own. Measured deterministically as the byte length of the buffer behind
 * the returned view.
 */
import * as assert from 'assert';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decompressYaz0, yaz0MaxOutput } from '../../../src/formats/archive/yaz0';
import { encodeYaz0 } from '../../fixtures/archive-writer';
import { readSample } from '../helpers';

function header(size: number): number[] {
  return [0x59, 0x61, 0x7a, 0x30, (size >>> 24) & 0xff, (size >>> 16) & 0xff, (size >>> 8) & 0xff, size & 0xff, 0, 0, 0, 0, 0, 0, 0, 0];
}

/** A literal-only stream: 9 input bytes per 8 output bytes. */
function literalStream(data: Uint8Array, declared: number): Uint8Array {
  const body: number[] = [];
  for (let i = 0; i < data.length; i += 8) {
    body.push(0xff);
    for (let j = i; j < Math.min(data.length, i + 8); j++) body.push(data[j]);
  }
  return Uint8Array.from([...header(declared), ...body]);
}

describe('Yaz0 allocation', () => {
  it('a 64 KiB literal stream declaring 512 MiB allocates about what it produces, not 87× its input', () => {
    const data = Uint8Array.from({ length: 65536 }, (_, i) => (i * 7) & 0xff);
    const bytes = literalStream(data, 512 * 1024 * 1024);
    const sink = new DiagnosticSink();
    const out = decompressYaz0(bytes, sink);
    assert.deepStrictEqual(out, data);
    // 512 MiB declared from 73,744 bytes: over 32:1 past the first MiB, a bomb (YAZ0_SIZE before the bomb limit existed).
    assert.ok(sink.list.some((d) => d.code === 'YAZ0_BOMB'));
    // Before: the buffer was min(declared, what the input could produce) = 5.6 MiB.
    assert.ok(out.buffer.byteLength <= 8 * bytes.length, `buffer ${out.buffer.byteLength} for ${out.length} bytes produced`);
  });

  it('a 2 KiB stream declaring 4 GiB allocates at most 64 KiB', () => {
    const bytes = literalStream(new Uint8Array(2000).fill(3), 0xffffffff);
    const out = decompressYaz0(bytes, new DiagnosticSink());
    assert.strictEqual(out.length, 2000);
    assert.ok(out.buffer.byteLength <= 64 * 1024, `buffer ${out.buffer.byteLength}`);
  });

  it('the expansion bound is 8 × 273 output bytes per 25 input bytes (≈ 87×)', () => {
    assert.strictEqual(yaz0MaxOutput(16), 0);
    assert.strictEqual(yaz0MaxOutput(16 + 25), 8 * 273);
    assert.strictEqual(yaz0MaxOutput(16 + 25 * 1000), 8 * 273 * 1000);
    // The bound is reached: groups of eight longest references (length 0x111, distance 1).
    const groups = 100;
    const body: number[] = [0x80, 0x41];
    for (let k = 0; k < 7; k++) body.push(0x00, 0x00, 0xff);
    for (let g = 0; g < groups; g++) { body.push(0x00); for (let k = 0; k < 8; k++) body.push(0x00, 0x00, 0xff); }
    const bytes = Uint8Array.from([...header(0x7fffffff), ...body]);
    const out = decompressYaz0(bytes, new DiagnosticSink());
    assert.strictEqual(out.length, 1 + 7 * 273 + groups * 8 * 273);
    assert.ok(out.length <= yaz0MaxOutput(bytes.length));
    assert.ok(out.every((b) => b === 0x41));
  });

  it('grows through many doublings and still decompresses the real archives exactly', () => {
    for (const name of ['TripodBoss.arc', 'TripodBossCore.arc', 'TripodBossFoot.arc']) {
      const full = readSample(`archives/${name}`);
      const out = decompressYaz0(full, new DiagnosticSink());
      const declared = new DataView(full.buffer, full.byteOffset).getUint32(4);
      assert.strictEqual(out.length, declared);
      const again = decompressYaz0(encodeYaz0(out, 'greedy'), new DiagnosticSink());
      assert.deepStrictEqual(again, out);
    }
    // Runs of 17 equal bytes: about 6:1, like a padded real file (a single repeated byte is 87:1, a bomb).
    const runs = Uint8Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (Math.floor(i / 17) * 31) & 0xff);
    const sink = new DiagnosticSink();
    const out = decompressYaz0(encodeYaz0(runs, 'greedy'), sink);
    assert.deepStrictEqual(sink.list, []);
    assert.ok(Buffer.from(out).equals(Buffer.from(runs)));
  });
});
