/**
 * MOTN keys form → build (src/write/motn): motion.bin's keys build a file that samples exactly like
 * motion.bin and gives back the same keys form; how many sequences come out byte-identical is
 * measured in the bench (`npm run bench`), not asserted.
 */
import { strict as assert } from 'assert';
import { sampleStream } from '../../../src/kinds/sample';
import { decode } from '../../../src/formats/index';
import { buildMotnFromKeys } from '../../../src/write/motn/layout';
import { keysDocument } from '../../../src/write/keysForm';
import { readSample } from '../helpers';

describe('write: MOTN keys → build on motion.bin', () => {
  const bytes = readSample('motn/motion.bin');
  const source = decode(bytes, 'motion.bin');
  // through JSON text, as `animscope keys -o` and `build` pass it
  const keys = JSON.parse(JSON.stringify(keysDocument(source.anim!, bytes)));
  const builtBytes = buildMotnFromKeys(keys);
  const built = decode(builtBytes, 'motion.bin');

  it('decodes without errors or warnings and keeps every sequence, name and alias', () => {
    assert.deepEqual(built.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning'), []);
    const shape = (f: typeof source) => f.anim!.format === 'motn' ? f.anim!.sequences.map((s) => [s.name, s.aliases, s.frames, s.unknown, s.standard]) : [];
    assert.equal(shape(built).length, 1559);
    assert.deepEqual(shape(built), shape(source));
  });

  it('samples identically, every sequence (as `animscope sample` prints them)', () => {
    const a = sampleStream(source), b = sampleStream(built);
    const left = [...a.animations()], right = [...b.animations()];
    assert.equal(right.length, left.length);
    assert.ok(left.length > 1500);
    assert.deepEqual(b.skipped, a.skipped);
    for (let i = 0; i < left.length; i++) {
      assert.equal(right[i].name, left[i].name);
      assert.equal(JSON.stringify([...right[i].tracks()]), JSON.stringify([...left[i].tracks()]), left[i].name);
    }
  });

  it('keys → build → keys is the identity (layout included)', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(keysDocument(built.anim!, builtBytes))), keys);
  });

  it('keeps what the keys form carries opaque: the extra data, the raw sequences and the build date', () => {
    // FORMATS.md §5: the extra data sits between the sequence table (0x20 + 8 × 1559 = 0x30D8)
    // and the name offset table (0x12294 in motion.bin): 61,884 bytes
    const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
    const region = (b: Uint8Array) => b.subarray(0x20 + 8 * 1559, view(b).getUint32(4, true));
    assert.equal(region(bytes).length, 61884);
    assert.deepEqual(region(builtBytes), region(bytes));
    assert.equal(Buffer.from(builtBytes.subarray(builtBytes.length - 32)).toString('latin1'), Buffer.from(bytes.subarray(bytes.length - 32)).toString('latin1'));
    const raw = (f: typeof source) => f.anim!.format === 'motn' ? f.anim!.sequences.filter((s) => !s.standard).length : 0;
    assert.equal(raw(built), 28);
  });
});
