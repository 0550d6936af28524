/**
 * The editor's edits (src/edit/applyEdits.ts) on real files: a field edit writes the value at its
 * span in the file's byte order and nothing else; values the type cannot hold, paths that name no
 * value and kinds of edit not offered yet are refused in one line, leaving the bytes as they were.
 * Offsets are from the files' bytes (FORMATS.md §1–§2, §5).
 */
import { strict as assert } from 'assert';
import { applyEdits, EditRefused } from '../../../src/edit/applyEdits';
import { decode } from '../../../src/formats/index';
import { readSample, realFiles } from '../helpers';

function differences(a: Uint8Array, b: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) out.push(i);
  return out;
}

describe('edit: field edits in place', () => {
  const walk = realFiles().find((f) => f.path.endsWith('Kuribo.arc/Kuribo/Walk.bck'))!;

  it('Walk.bck: ANK1/duration 40 → 60 changes the two bytes at 0x2A (s16, big-endian) and nothing else', () => {
    const file = decode(walk.bytes, 'Walk.bck');
    // ANK1 at 0x20; duration is the s16 at chunk +0x0A: bytes 00 28 (40 frames)
    assert.equal((walk.bytes[0x2a] << 8) | walk.bytes[0x2b], 40);
    const out = applyEdits(file, [{ kind: 'field', path: 'ANK1/duration', value: 60 }]);
    assert.deepEqual(differences(out, walk.bytes), [0x2b]);
    assert.equal((out[0x2a] << 8) | out[0x2b], 60);
    assert.equal((decode(out, 'Walk.bck').anim as { duration?: number }).duration, 60);
    assert.deepEqual(differences(walk.bytes, file.bytes), [], 'the decoded file is left as it was');
  });

  it('a bank value (s16) takes a negative number typed as text ("-12")', () => {
    const file = decode(walk.bytes, 'Walk.bck');
    // ANK1's rotationBankOffset (u32 at chunk +0x1C, file 0x3C) is 0x1C0 from the chunk at 0x20: the bank
    // starts at 0x1E0, so rotationBank[3] is the s16 at 0x1E6.
    assert.equal(new DataView(walk.bytes.buffer, walk.bytes.byteOffset).getUint32(0x3c), 0x1c0);
    const out = applyEdits(file, [{ kind: 'field', path: 'ANK1/rotationBank[3]', value: '-12' }]);
    assert.equal(new DataView(out.buffer, out.byteOffset).getInt16(0x1e6), -12);
    assert.ok(differences(out, walk.bytes).every((i) => i === 0x1e6 || i === 0x1e7));
  });

  it('motion.bin (little-endian): header.attributes (u32 at 0x0C, 1560) → 1561 is written low byte first', () => {
    const bytes = readSample('motn/motion.bin');
    const file = decode(bytes, 'motion.bin');
    assert.deepEqual([...bytes.subarray(0x0c, 0x10)], [0x18, 0x06, 0x00, 0x00]);
    const out = applyEdits(file, [{ kind: 'field', path: 'header.attributes', value: 1561 }]);
    assert.deepEqual([...out.subarray(0x0c, 0x10)], [0x19, 0x06, 0x00, 0x00]);
    assert.deepEqual(differences(out, bytes), [0x0c]);
  });

  it('never writes into the bytes it was given, also when they are a Node Buffer (whose slice is a view)', () => {
    const buffer = Buffer.from(walk.bytes);
    const file = decode(buffer, 'Walk.bck');
    applyEdits(file, [{ kind: 'field', path: 'ANK1/duration', value: 60 }]);
    assert.equal(buffer.readInt16BE(0x2a), 40);
  });

  it('refuses in one line: out of range, not whole, not a number, no such field, a structure, other edit kinds', () => {
    const file = decode(walk.bytes, 'Walk.bck');
    const refusal = (edits: Parameters<typeof applyEdits>[1]): string => {
      try {
        applyEdits(file, edits);
      } catch (e) {
        assert.ok(e instanceof EditRefused, String(e));
        assert.ok(!e.message.includes('\n'));
        return e.message;
      }
      assert.fail('not refused');
    };
    assert.match(refusal([{ kind: 'field', path: 'ANK1/duration', value: 70000 }]), /ANK1\/duration: 70000 does not fit in s16 \(-32768\.\.32767\)/);
    assert.match(refusal([{ kind: 'field', path: 'ANK1/duration', value: 1.5 }]), /not a whole number/);
    assert.match(refusal([{ kind: 'field', path: 'ANK1/duration', value: 'ten' }]), /"ten" is not a number/);
    assert.match(refusal([{ kind: 'field', path: 'ANK1/nope', value: 1 }]), /no such field/);
    assert.match(refusal([{ kind: 'field', path: 'ANK1', value: 1 }]), /not a single value/);
    // the first edit is fine, the second refused: nothing of either is applied (applyEdits returns nothing)
    assert.match(refusal([{ kind: 'field', path: 'ANK1/duration', value: 50 }, { kind: 'field', path: 'ANK1/duration', value: -40000 }]), /does not fit/);
    assert.deepEqual(differences(file.bytes, walk.bytes), []);
  });
});
