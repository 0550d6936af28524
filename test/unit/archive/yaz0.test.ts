import * as assert from 'assert';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decompressYaz0, isYaz0, yaz0MaxOutput } from '../../../src/formats/archive/yaz0';
import { encodeYaz0 } from '../../fixtures/archive-writer';
import { readSample } from '../helpers';

const ARCHIVES = ['TripodBoss.arc', 'TripodBossCore.arc', 'TripodBossFoot.arc'];
// Decompressed sizes, read by hand from the Yaz0 headers (xxd: bytes 4..7).
const DECLARED: Record<string, number> = { 'TripodBoss.arc': 0x48e0, 'TripodBossCore.arc': 0x62c80, 'TripodBossFoot.arc': 0x1a800 };

function codes(sink: DiagnosticSink): string[] {
  return sink.list.map((d) => d.code);
}

function header(size: number): number[] {
  return [0x59, 0x61, 0x7a, 0x30, (size >>> 24) & 0xff, (size >>> 16) & 0xff, (size >>> 8) & 0xff, size & 0xff, 0, 0, 0, 0, 0, 0, 0, 0];
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('Yaz0', () => {
  it('recognises the magic', () => {
    assert.strictEqual(isYaz0(readSample('archives/TripodBoss.arc')), true);
    assert.strictEqual(isYaz0(new Uint8Array([0x59, 0x61, 0x7a, 0x30])), false);
    assert.strictEqual(isYaz0(new Uint8Array(16)), false);
  });

  for (const name of ARCHIVES) {
    it(`decompresses ${name} to its declared size, as a RARC, without diagnostics`, () => {
      const sink = new DiagnosticSink();
      const out = decompressYaz0(readSample(`archives/${name}`), sink);
      assert.deepStrictEqual(sink.list, []);
      assert.strictEqual(out.length, DECLARED[name]);
      assert.strictEqual(String.fromCharCode(...out.subarray(0, 4)), 'RARC');
      // RARC header file size (0x04) equals the decompressed size.
      assert.strictEqual(new DataView(out.buffer, out.byteOffset).getUint32(4), DECLARED[name]);
    });
  }

  it('round trips with the test encoder (literal and greedy)', () => {
    const r = rng(7);
    const inputs: Uint8Array[] = [
      new Uint8Array(0),
      new Uint8Array([1]),
      new Uint8Array(1000).fill(0xab),
      Uint8Array.from({ length: 5000 }, () => Math.floor(r() * 256)),
      Uint8Array.from({ length: 20000 }, (_, i) => (i % 37) ^ ((i >> 9) & 3)),
      Uint8Array.from({ length: 9000 }, () => Math.floor(r() * 4)),
    ];
    for (const data of inputs) {
      for (const mode of ['literal', 'greedy'] as const) {
        const sink = new DiagnosticSink();
        const out = decompressYaz0(encodeYaz0(data, mode), sink);
        assert.deepStrictEqual(sink.list, [], `${mode} ${data.length}`);
        assert.deepStrictEqual(out, data);
      }
    }
  });

  it('greedy encoder uses back references (both 2- and 3-byte forms)', () => {
    const data = new Uint8Array(4000).fill(7);
    const enc = encodeYaz0(data);
    assert.ok(enc.length < 100, `encoded ${enc.length}`);
    const mixed = Uint8Array.from({ length: 3000 }, (_, i) => [1, 2, 3, 4, 5][i % 5] + (i % 40 === 0 ? 9 : 0));
    assert.deepStrictEqual(decompressYaz0(encodeYaz0(mixed), new DiagnosticSink()), mixed);
  });

  it('re-encoding the real archives round trips', () => {
    for (const name of ARCHIVES) {
      const plain = decompressYaz0(readSample(`archives/${name}`), new DiagnosticSink());
      const sink = new DiagnosticSink();
      assert.deepStrictEqual(decompressYaz0(encodeYaz0(plain), sink), plain);
      assert.deepStrictEqual(sink.list, []);
    }
  });

  it('reports a header shorter than 16 bytes', () => {
    const sink = new DiagnosticSink();
    assert.strictEqual(decompressYaz0(new Uint8Array([0x59, 0x61, 0x7a, 0x30, 0, 0]), sink).length, 0);
    assert.deepStrictEqual(codes(sink), ['YAZ0_TRUNCATED']);
  });

  it('caps a hostile declared size (4 GiB) by what the input can produce', () => {
    const bytes = Uint8Array.from([...header(0xffffffff), 0x00, 0x00, 0x00, 0xff]);
    const sink = new DiagnosticSink();
    const out = decompressYaz0(bytes, sink);
    assert.ok(out.length <= yaz0MaxOutput(bytes.length));
    assert.ok(yaz0MaxOutput(bytes.length) < 1024);
    assert.ok(codes(sink).includes('YAZ0_SIZE'));
    assert.strictEqual(sink.list.find((d) => d.code === 'YAZ0_SIZE')!.offset, 4);
  });

  it('caps by the maxSize option', () => {
    const data = new Uint8Array(10000).fill(1);
    const sink = new DiagnosticSink();
    const out = decompressYaz0(encodeYaz0(data), sink, { maxSize: 100 });
    assert.strictEqual(out.length, 100);
    assert.deepStrictEqual(codes(sink), ['YAZ0_SIZE']);
  });

  it('reports a reference before the start with its compressed offset', () => {
    // group: literal, then a reference of distance 5 after 1 byte.
    const bytes = Uint8Array.from([...header(10), 0x80, 0x41, 0x10, 0x04]);
    const sink = new DiagnosticSink();
    const out = decompressYaz0(bytes, sink);
    assert.deepStrictEqual(Array.from(out), [0x41]);
    assert.deepStrictEqual(codes(sink), ['YAZ0_BAD_REFERENCE']);
    assert.strictEqual(sink.list[0].offset, 0x12);
  });

  it('reports a reference that overruns the declared size and cuts it', () => {
    // 2 literals then a 3-byte reference of length 0x12 + 0x10, declared size 6.
    const bytes = Uint8Array.from([...header(6), 0xc0, 1, 2, 0x00, 0x01, 0x10]);
    const sink = new DiagnosticSink();
    const out = decompressYaz0(bytes, sink);
    assert.deepStrictEqual(Array.from(out), [1, 2, 1, 2, 1, 2]);
    assert.deepStrictEqual(codes(sink), ['YAZ0_OVERRUN']);
    assert.strictEqual(sink.list[0].offset, 0x13);
  });

  it('reports truncation at every cut of a real stream, never throws', () => {
    const full = readSample('archives/TripodBoss.arc');
    const plain = decompressYaz0(full, new DiagnosticSink());
    for (let cut = 0; cut < full.length; cut += 7) {
      const sink = new DiagnosticSink();
      const out = decompressYaz0(full.subarray(0, cut), sink);
      // A cut inside the final padding still yields everything.
      if (out.length === plain.length) assert.deepStrictEqual(sink.list.filter((d) => d.severity === 'error'), []);
      else assert.ok(codes(sink).includes('YAZ0_TRUNCATED'), `cut ${cut}`);
      // What was produced is a correct prefix.
      assert.deepStrictEqual(out, plain.subarray(0, out.length));
    }
  });

  it('survives random corruption', () => {
    const r = rng(99);
    const base = readSample('archives/TripodBossFoot.arc');
    for (let round = 0; round < 300; round++) {
      const bytes = base.slice(0, 16 + Math.floor(r() * (base.length - 16)));
      for (let k = 0; k < 10; k++) bytes[16 + Math.floor(r() * (bytes.length - 16))] = Math.floor(r() * 256);
      if (r() < 0.3) new DataView(bytes.buffer).setUint32(4, Math.floor(r() * 2 ** 32));
      const out = decompressYaz0(bytes, new DiagnosticSink());
      assert.ok(out.length <= yaz0MaxOutput(bytes.length));
    }
  });
});
