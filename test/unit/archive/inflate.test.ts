import * as assert from 'assert';
import * as zlib from 'zlib';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { crc32, gunzip, inflateMaxOutput, inflateRaw, INFLATE_CODES, isGzip } from '../../../src/formats/archive/inflate';
import { readSample } from '../helpers';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function codes(sink: DiagnosticSink): string[] {
  return sink.list.map((d) => d.code);
}

const KNOWN = new Set(INFLATE_CODES.map((c) => c.code).concat(['TOO_MANY_DIAGNOSTICS']));
function allKnown(sink: DiagnosticSink): void {
  for (const d of sink.list) assert.ok(KNOWN.has(d.code), `unlisted code ${d.code}`);
}

/** Inputs with different statistics: empty, tiny, random, runs, text, structured binary, long matches. */
function corpus(): [string, Uint8Array][] {
  const r = rng(7);
  const random = new Uint8Array(70000).map(() => (r() * 256) | 0);
  const runs = new Uint8Array(100000);
  for (let i = 0; i < runs.length;) { const v = (r() * 4) | 0; const n = 1 + ((r() * 300) | 0); runs.fill(v, i, i + n); i += n; }
  const text = new TextEncoder().encode('The quick brown fox jumps over the lazy dog. '.repeat(2000) + 'ÄÖÜ ✓ '.repeat(50));
  const skewed = new Uint8Array(50000).map(() => (r() < 0.9 ? 65 : (r() * 256) | 0));
  const motion = readSample('motn/motion.bin');
  const bck = readSample('j3d/smg/TripodBoss/StartDemo.bck');
  const zeros = new Uint8Array(300000);
  const periodic = new Uint8Array(40000).map((_, i) => (i * 7) % 251);
  return [
    ['empty', new Uint8Array(0)], ['one byte', new Uint8Array([42])], ['two bytes', new Uint8Array([1, 2])],
    ['random', random], ['runs', runs], ['text', text], ['skewed', skewed], ['zeros', zeros], ['periodic', periodic],
    ['motion.bin (first 300 KB)', motion.subarray(0, 300000)], ['StartDemo.bck', bck],
  ];
}

/** LSB-first bit writer for hand-made DEFLATE streams. */
class Bits {
  private out: number[] = [];
  private acc = 0;
  private n = 0;
  put(value: number, count: number): this {
    for (let i = 0; i < count; i++) {
      this.acc |= ((value >> i) & 1) << this.n;
      if (++this.n === 8) { this.out.push(this.acc); this.acc = 0; this.n = 0; }
    }
    return this;
  }
  /** A Huffman code, most significant bit first. */
  huff(code: number, len: number): this {
    for (let i = len - 1; i >= 0; i--) this.put((code >> i) & 1, 1);
    return this;
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.n ? [...this.out, this.acc] : this.out);
  }
}

function gzipWrap(raw: Uint8Array, data: Uint8Array, flags = 0, extra: number[] = []): Uint8Array {
  const header = [0x1f, 0x8b, 8, flags, 0, 0, 0, 0, 0, 3, ...extra];
  const trailer = new Uint8Array(8);
  new DataView(trailer.buffer).setUint32(0, crc32(data), true);
  new DataView(trailer.buffer).setUint32(4, data.length, true);
  return Uint8Array.from([...header, ...raw, ...trailer]);
}

describe('inflate: against zlib', () => {
  it('gunzips zlib.gzipSync output for every level and strategy, byte-identical, without diagnostics', function () {
    const strategies = [zlib.constants.Z_DEFAULT_STRATEGY, zlib.constants.Z_FILTERED, zlib.constants.Z_HUFFMAN_ONLY, zlib.constants.Z_RLE, zlib.constants.Z_FIXED];
    let runs = 0;
    for (const [name, data] of corpus()) {
      for (const level of [0, 1, 3, 6, 9]) {
        for (const strategy of strategies) {
          const gz = new Uint8Array(zlib.gzipSync(data, { level, strategy }));
          const sink = new DiagnosticSink();
          const out = gunzip(gz, sink);
          assert.deepStrictEqual(sink.list, [], `${name} level ${level} strategy ${strategy}`);
          assert.ok(Buffer.from(out).equals(Buffer.from(data)), `${name} level ${level} strategy ${strategy}`);
          runs++;
        }
      }
    }
    assert.ok(runs >= 250);
  });

  it('inflates raw DEFLATE (deflateRawSync) with small windows and memLevels, reporting where the stream ends', () => {
    for (const [name, data] of corpus()) {
      for (const windowBits of [9, 12, 15]) {
        for (const memLevel of [1, 9]) {
          const raw = new Uint8Array(zlib.deflateRawSync(data, { windowBits, memLevel }));
          const padded = Uint8Array.from([0xaa, ...raw, 0x55, 0x66]);
          const sink = new DiagnosticSink();
          const result = inflateRaw(padded, 1, sink);
          assert.deepStrictEqual(sink.list, [], `${name} ${windowBits}/${memLevel}`);
          assert.ok(result.complete);
          assert.strictEqual(result.end, 1 + raw.length, `${name}: end`);
          assert.ok(Buffer.from(result.data).equals(Buffer.from(data)), name);
        }
      }
    }
  });

  it('decodes the whole real motion.bin (1.8 MB), feeding fflate each compressed byte once', () => {
    const motion = readSample('motn/motion.bin');
    const gz = new Uint8Array(zlib.gzipSync(motion));
    // Work counted, not timed (time is `npm run bench`): bytes given to fflate and steps.
    const fflate = require('fflate') as typeof import('fflate');
    const push = fflate.Inflate.prototype.push;
    let fed = 0;
    let steps = 0;
    fflate.Inflate.prototype.push = function (chunk: Uint8Array, final?: boolean) {
      fed += chunk.length;
      steps++;
      return push.call(this, chunk, final);
    };
    let out: Uint8Array;
    try {
      out = gunzip(gz, new DiagnosticSink());
    } finally {
      fflate.Inflate.prototype.push = push;
    }
    assert.ok(Buffer.from(out).equals(Buffer.from(motion)));
    // The DEFLATE data lies between the 10-byte header and the 8-byte trailer: at most that much, in 8 KiB steps.
    assert.ok(fed <= gz.length - 10, `${fed} of ${gz.length}`);
    assert.ok(steps <= Math.ceil((gz.length - 10) / 8192), `${steps} steps`);
  });

  it('random inputs of random sizes round trip (dynamic blocks with varied tables)', () => {
    const r = rng(99);
    for (let k = 0; k < 60; k++) {
      const n = (r() * 20000) | 0;
      const alphabet = 1 + ((r() * 255) | 0);
      const data = new Uint8Array(n).map(() => ((r() * r() * alphabet) | 0) & 0xff);
      const gz = new Uint8Array(zlib.gzipSync(data, { level: 1 + ((r() * 9) | 0) }));
      const sink = new DiagnosticSink();
      assert.ok(Buffer.from(gunzip(gz, sink)).equals(Buffer.from(data)), `case ${k}`);
      assert.deepStrictEqual(sink.list, []);
    }
  });

  it('computes CRC-32 like the gzip trailer', () => {
    for (const [, data] of corpus()) {
      const gz = zlib.gzipSync(data);
      assert.strictEqual(crc32(data), gz.readUInt32LE(gz.length - 8));
    }
    assert.strictEqual(crc32(new TextEncoder().encode('123456789')), 0xcbf43926);
  });

  it('reads optional header fields (FEXTRA, FNAME, FCOMMENT, FHCRC) and concatenated members', () => {
    const data = new TextEncoder().encode('hello hello hello hello');
    const raw = new Uint8Array(zlib.deflateRawSync(data));
    const extra = [4, 0, 1, 2, 3, 4, ...new TextEncoder().encode('name.bin'), 0, ...new TextEncoder().encode('a comment'), 0];
    const headerNoCrc = [0x1f, 0x8b, 8, 4 | 8 | 16 | 2, 0, 0, 0, 0, 0, 3, ...extra];
    const hcrc = crc32(Uint8Array.from(headerNoCrc)) & 0xffff;
    const gz = gzipWrap(raw, data, 4 | 8 | 16 | 2, [...extra, hcrc & 0xff, hcrc >> 8]);
    const sink = new DiagnosticSink();
    assert.deepStrictEqual(gunzip(gz, sink), data);
    assert.deepStrictEqual(sink.list, []);

    const bad = gz.slice();
    bad[10 + extra.length] ^= 1;
    const sink2 = new DiagnosticSink();
    assert.deepStrictEqual(gunzip(bad, sink2), data);
    assert.deepStrictEqual(codes(sink2), ['GZIP_HEADER_CRC']);

    const two = Uint8Array.from([...zlib.gzipSync(Buffer.from('abc')), ...zlib.gzipSync(Buffer.from('def')), 0, 0, 0, 0]);
    const sink3 = new DiagnosticSink();
    assert.deepStrictEqual(new TextDecoder().decode(gunzip(two, sink3)), 'abcdef');
    assert.deepStrictEqual(sink3.list, []);
    const junk = Uint8Array.from([...zlib.gzipSync(Buffer.from('abc')), 1, 2, 3]);
    const sink4 = new DiagnosticSink();
    assert.deepStrictEqual(new TextDecoder().decode(gunzip(junk, sink4)), 'abc');
    assert.deepStrictEqual(codes(sink4), ['GZIP_TRAILING_DATA']);
  });
});

describe('inflate: corrupt streams', () => {
  const data = corpus()[5][1].subarray(0, 20000); // text
  const gz = new Uint8Array(zlib.gzipSync(data));

  it('recognises the gzip magic', () => {
    assert.ok(isGzip(gz));
    assert.ok(!isGzip(new Uint8Array([0x1f, 0x8b])));
    assert.ok(!isGzip(new Uint8Array([0x1f, 0x8b, 7])));
    const sink = new DiagnosticSink();
    assert.strictEqual(gunzip(new Uint8Array([1, 2, 3, 4]), sink).length, 0);
    assert.deepStrictEqual(codes(sink), ['GZIP_HEADER']);
  });

  it('reports truncation at every cut, never throws, output never longer than the data', () => {
    for (let cut = 0; cut < gz.length; cut++) {
      const sink = new DiagnosticSink();
      const out = gunzip(gz.subarray(0, cut), sink);
      assert.ok(out.length <= data.length, `cut ${cut}`);
      assert.ok(Buffer.from(out).equals(Buffer.from(data.subarray(0, out.length))), `cut ${cut}: prefix`);
      assert.ok(sink.list.some((d) => d.severity === 'error'), `cut ${cut}: ${codes(sink)}`);
      allKnown(sink);
    }
  });

  it('survives random corruption (never throws, bounded output, only registered codes)', () => {
    const r = rng(3);
    for (let k = 0; k < 1500; k++) {
      const bad = gz.slice();
      const flips = 1 + ((r() * 4) | 0);
      for (let i = 0; i < flips; i++) bad[10 + ((r() * (bad.length - 10)) | 0)] = (r() * 256) | 0;
      const sink = new DiagnosticSink();
      const out = gunzip(bad, sink, { maxSize: 1 << 20 });
      assert.ok(out.length <= 1 << 20);
      allKnown(sink);
    }
    // Raw random garbage as DEFLATE.
    for (let k = 0; k < 500; k++) {
      const junk = new Uint8Array(1 + ((r() * 2000) | 0)).map(() => (r() * 256) | 0);
      const sink = new DiagnosticSink();
      const res = inflateRaw(junk, 0, sink);
      assert.ok(res.data.length <= inflateMaxOutput(junk.length));
      assert.ok(res.complete || sink.list.length > 0);
      allKnown(sink);
    }
  });

  it('reports a CRC mismatch and a wrong ISIZE', () => {
    const badCrc = gz.slice();
    badCrc[badCrc.length - 8] ^= 0xff;
    const s1 = new DiagnosticSink();
    assert.ok(Buffer.from(gunzip(badCrc, s1)).equals(Buffer.from(data)));
    assert.deepStrictEqual(codes(s1), ['GZIP_CRC']);
    assert.strictEqual(s1.list[0].offset, gz.length - 8);

    const badSize = gz.slice();
    new DataView(badSize.buffer).setUint32(badSize.length - 4, data.length + 1, true);
    const s2 = new DiagnosticSink();
    gunzip(badSize, s2);
    assert.deepStrictEqual(codes(s2), ['GZIP_SIZE']);

    const noTrailer = gz.subarray(0, gz.length - 8);
    const s3 = new DiagnosticSink();
    assert.ok(Buffer.from(gunzip(noTrailer, s3)).equals(Buffer.from(data)));
    assert.deepStrictEqual(codes(s3), ['GZIP_TRAILER']);
  });

  it('does not trust a huge ISIZE for allocation', () => {
    const small = new Uint8Array(zlib.gzipSync(Buffer.from('tiny')));
    new DataView(small.buffer).setUint32(small.length - 4, 0xffffffff, true);
    const sink = new DiagnosticSink();
    const out = gunzip(small, sink);
    assert.strictEqual(new TextDecoder().decode(out), 'tiny');
    assert.deepStrictEqual(codes(sink), ['GZIP_SIZE']);
    assert.ok(out.buffer.byteLength <= 0x10000 + small.length * 16, `allocated ${out.buffer.byteLength}`);
  });

  it('caps the output of a decompression bomb (INFLATE_LIMIT), with memory bounded by the cap', () => {
    const bomb = new Uint8Array(zlib.gzipSync(new Uint8Array(20 * 1024 * 1024)));
    assert.ok(bomb.length < 30000);
    const sink = new DiagnosticSink();
    const out = gunzip(bomb, sink, { maxSize: 1 << 20 });
    assert.strictEqual(out.length, 1 << 20);
    assert.ok(out.buffer.byteLength <= 1 << 20);
    assert.deepStrictEqual(codes(sink), ['INFLATE_LIMIT']);
    // Stored blocks are cut at the cap too.
    const stored = new Uint8Array(zlib.gzipSync(new Uint8Array(200000).fill(1), { level: 0 }));
    const s2 = new DiagnosticSink();
    assert.strictEqual(gunzip(stored, s2, { maxSize: 1000 }).length, 1000);
    assert.deepStrictEqual(codes(s2), ['INFLATE_LIMIT']);
    // Without a cap option, the output can never exceed what the input could produce.
    assert.ok(inflateMaxOutput(bomb.length) < 40 * 1024 * 1024);
  });

  // DEFLATE goes through fflate (see README): its four errors map to INFLATE_TRUNCATED, _BAD_BLOCK,
  // _BAD_SYMBOL and _BAD_DISTANCE. It does not check NLEN nor validate Huffman tables, so those
  // corruptions surface as other codes (or, for NLEN, only as a gzip CRC mismatch).
  it('reports hand-made corruptions with their codes', () => {
    const run = (raw: Uint8Array): string[] => {
      const sink = new DiagnosticSink();
      inflateRaw(raw, 0, sink);
      return codes(sink);
    };
    // Reserved block type 3.
    assert.deepStrictEqual(run(new Bits().put(1, 1).put(3, 2).bytes()), ['INFLATE_BAD_BLOCK']);
    // Stored block with LEN != ~NLEN: fflate reads LEN bytes and says nothing (with a right LEN the data and CRC are right).
    const badNlen = Uint8Array.from([1, 5, 0, 0, 0, 1, 2, 3, 4, 5]);
    assert.deepStrictEqual(run(badNlen), []);
    const framed = new Uint8Array(zlib.gzipSync(Uint8Array.from([1, 2, 3, 4, 5]), { level: 0 }));
    framed.set([0, 0], 10 + 3); // NLEN of the stored block, after the 10-byte header, BFINAL/BTYPE byte and LEN
    const sNlen = new DiagnosticSink();
    assert.deepStrictEqual(Array.from(gunzip(framed, sNlen)), [1, 2, 3, 4, 5]);
    assert.deepStrictEqual(codes(sNlen), []);
    // Stored block shorter than LEN.
    assert.deepStrictEqual(run(Uint8Array.from([1, 5, 0, 0xfa, 0xff, 1, 2])), ['INFLATE_TRUNCATED']);
    // Fixed block whose first item is a match (distance 1 with no output).
    assert.deepStrictEqual(run(new Bits().put(1, 1).put(1, 2).huff(1, 7).huff(0, 5).huff(0, 7).bytes()), ['INFLATE_BAD_DISTANCE']);
    // Fixed block using distance symbol 30 (invalid): fflate's "invalid distance".
    assert.deepStrictEqual(run(new Bits().put(1, 1).put(1, 2).huff(0x30 + 65, 8).huff(1, 7).huff(30, 5).bytes()), ['INFLATE_BAD_DISTANCE']);
    // Fixed block using length symbol 286 (invalid): fflate reads on and fails on the distance.
    assert.deepStrictEqual(run(new Bits().put(1, 1).put(1, 2).huff(0xc0 + 6, 8).bytes()), ['INFLATE_BAD_DISTANCE']);
    // Dynamic block: too many length codes (HLIT = 30 → 287): the stream then runs out.
    assert.deepStrictEqual(run(new Bits().put(1, 1).put(2, 2).put(30, 5).put(0, 5).put(0, 4).bytes()), ['INFLATE_TRUNCATED']);
    // Dynamic block: over-subscribed code length code (all 19 lengths 1).
    const over = new Bits().put(1, 1).put(2, 2).put(0, 5).put(0, 5).put(15, 4);
    for (let i = 0; i < 19; i++) over.put(1, 3);
    assert.deepStrictEqual(run(over.bytes()), ['INFLATE_TRUNCATED']);
    // Dynamic block: repeat (16) first.
    const rep = new Bits().put(1, 1).put(2, 2).put(0, 5).put(0, 5).put(0, 4); // 4 code-length codes: 16, 17, 18, 0
    rep.put(1, 3).put(1, 3).put(0, 3).put(0, 3); // 16 and 17 get 1-bit codes: 16 → 0, 17 → 1
    rep.huff(0, 1).put(0, 2);
    assert.deepStrictEqual(run(rep.bytes()), ['INFLATE_TRUNCATED']);
    // Missing final block: a non-final empty stored block, then nothing.
    assert.deepStrictEqual(run(Uint8Array.from([0, 0, 0, 0xff, 0xff])), ['INFLATE_TRUNCATED']);
    // Empty input.
    assert.deepStrictEqual(run(new Uint8Array(0)), ['INFLATE_TRUNCATED']);
  });

  it('terminates on endless empty blocks (each consumes input)', () => {
    const raw = new Uint8Array(100000).fill(0); // non-final stored blocks with LEN 0 (NLEN 0 is not checked by fflate)
    const sink = new DiagnosticSink();
    inflateRaw(raw, 0, sink);
    assert.deepStrictEqual(codes(sink), ['INFLATE_TRUNCATED']);
    // Non-final empty fixed blocks (10 bits each) until the input ends.
    const b = new Bits();
    for (let i = 0; i < 50000; i++) b.put(0, 1).put(1, 2).huff(0, 7);
    const s2 = new DiagnosticSink();
    const res = inflateRaw(b.bytes(), 0, s2);
    assert.strictEqual(res.data.length, 0);
    assert.deepStrictEqual(codes(s2), ['INFLATE_TRUNCATED']);
  });
});
