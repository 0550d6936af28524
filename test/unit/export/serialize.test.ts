/**
 * The chunked JSON writer: with `openDepth` (how Export to JSON writes motion.bin's 100 MB) the
 * text is still exactly JSON.stringify's, and the progress count (`onWhole`) reaches the total
 * counted beforehand. The chunked file writer leaves nothing behind when cancelled or failing.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { WriteCancelled, writeChunkedFile } from '../../../src/export/chunkedFile';
import { countWholeValues, jsonChunks, StreamedArray } from '../../../src/export/serialize';
import { prng } from '../../fixtures/prng';

/** A random nested value of plain objects and arrays (holes, undefined, typed arrays, toJSON, non-finite numbers). */
function nested(r: () => number, depth: number): unknown {
  const leaves: unknown[] = [0, -0, 2.5, NaN, -Infinity, 'a"\n\u2028', null, true, undefined, () => 1, new Float32Array([1.5, -2]),
    { toJSON: () => 'custom' }, new StreamedArray(() => [1, 'two', undefined])];
  if (depth > 5 || r() < 0.25) return leaves[Math.floor(r() * leaves.length)];
  const n = Math.floor(r() * 6);
  if (r() < 0.5) {
    const a: unknown[] = new Array(n);
    for (let i = 0; i < n; i++) if (r() < 0.9) a[i] = nested(r, depth + 1);
    return a;
  }
  const o: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) o[['k', 'tracks', 'x"y', `n${i}`][Math.floor(r() * 4)] + i] = nested(r, depth + 1);
  return o;
}

describe('export: chunked JSON', () => {
  it('jsonChunks with openDepth 0…5 writes exactly JSON.stringify(value, null, indent); onWhole counts countWholeValues', () => {
    const r = prng(909);
    let opened = 0;
    for (let i = 0; i < 300; i++) {
      const value = nested(r, 0);
      for (const indent of [0, 1]) {
        const want = JSON.stringify(value, null, indent);
        for (let openDepth = 0; openDepth <= 5; openDepth++) {
          let whole = 0;
          const got = [...jsonChunks(value, { indent, openDepth, onWhole: () => { whole++; } })].join('');
          assert.strictEqual(got, want ?? '', `value ${i}, indent ${indent}, openDepth ${openDepth}`);
          assert.strictEqual(whole, countWholeValues(value, openDepth), `value ${i}: progress units at depth ${openDepth}`);
          if (openDepth > 0 && whole > 1) opened++;
        }
      }
    }
    assert.ok(opened > 100, `${opened} cases opened containers`);
  });

  it('a large opened document comes in chunks of about 64 KiB, none holding the document', () => {
    const doc = { rows: Array.from({ length: 2000 }, (_, i) => ({ i, values: Array.from({ length: 100 }, (_, j) => i * j) })) };
    const sizes = [...jsonChunks(doc, { indent: 1, openDepth: 2 })].map((c) => c.length);
    const total = sizes.reduce((a, b) => a + b, 0);
    assert.strictEqual(total, JSON.stringify(doc, null, 1).length);
    assert.ok(sizes.length > 10, `${sizes.length} chunks`);
    assert.ok(Math.max(...sizes) < 65536 + 4096, `largest chunk ${Math.max(...sizes)}`);
  });
});

describe('export: chunked file', () => {
  let dir: string;
  beforeEach(() => { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-chunked-')); });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes every chunk, reports progress, and leaves no temporary file', async () => {
    const target = path.join(dir, 'out.json');
    const seen: number[] = [];
    const n = await writeChunkedFile(target, ['{"a":', '[1,2]', '}\n'], { progress: (w) => seen.push(w) });
    assert.strictEqual(fs.readFileSync(target, 'utf8'), '{"a":[1,2]}\n');
    assert.strictEqual(n, 12);
    assert.deepStrictEqual(seen, [5, 10, 12]);
    assert.deepStrictEqual(fs.readdirSync(dir), ['out.json']);
  });

  it('cancelled midway: WriteCancelled, the partial file removed, an existing target untouched', async () => {
    const target = path.join(dir, 'out.json');
    fs.writeFileSync(target, 'before');
    let chunks = 0;
    function* many(): Iterable<string> { for (;;) { chunks++; yield 'x'.repeat(1000); } }
    await assert.rejects(writeChunkedFile(target, many(), { cancelled: () => chunks >= 5 }), WriteCancelled);
    assert.deepStrictEqual(fs.readdirSync(dir), ['out.json']);
    assert.strictEqual(fs.readFileSync(target, 'utf8'), 'before');
  });

  it('a failing document (its generator throws) removes the partial file; a missing folder fails before writing', async () => {
    function* failing(): Iterable<string> { yield '['; throw new Error('sampling failed'); }
    await assert.rejects(writeChunkedFile(path.join(dir, 'x.json'), failing()), /sampling failed/);
    assert.deepStrictEqual(fs.readdirSync(dir), []);
    await assert.rejects(writeChunkedFile(path.join(dir, 'no', 'such', 'x.json'), ['x']), (e: NodeJS.ErrnoException) => e.code === 'ENOENT');
  });
});
