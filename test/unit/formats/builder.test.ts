import { strict as assert } from 'assert';
import { byOffsetEmptyLast, classifyGap, fillGaps, sortInPlace } from '../../../src/formats/binary/builder';
import { FieldNode, fieldNode } from '../../../src/formats/binary/fields';

/** A deterministic pseudo-random sequence (xorshift32). */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    return x / 0x100000000;
  };
}

const node = (name: string, offset: number, size: number): FieldNode => fieldNode(name, offset, size, 'u8');

/** fillGaps as it was first written: gaps between the children by offset, then one stable sort of all. */
function reference(children: FieldNode[], bytes: Uint8Array, start: number, end: number): string[] {
  const sorted = [...children].sort((a, b) => a.offset - b.offset);
  const gaps: FieldNode[] = [];
  let pos = start;
  const limit = Math.min(end, bytes.length);
  for (const c of sorted) {
    if (c.offset > pos && pos < limit) gaps.push(node(`${classifyGap(bytes, pos, Math.min(c.offset, limit))}@${pos}`, pos, Math.min(c.offset, limit) - pos));
    pos = Math.max(pos, c.offset + c.size);
  }
  if (pos < limit) gaps.push(node(`${classifyGap(bytes, pos, limit)}@${pos}`, pos, limit - pos));
  return [...sorted, ...gaps].sort(byOffsetEmptyLast).map((n) => `${n.offset}+${n.size}:${n.role ?? n.name.split('@')[0]}`);
}

describe('the field tree builder', () => {
  it('sortInPlace leaves an ordered list alone and sorts (stably) one that is not', () => {
    const ordered = [node('a', 0, 1), node('b', 1, 1), node('empty', 0, 0)];
    assert.equal(sortInPlace(ordered, byOffsetEmptyLast), ordered);
    assert.deepEqual(ordered.map((n) => n.name), ['a', 'b', 'empty']);
    const mixed = [node('empty', 0, 0), node('b', 4, 1), node('a', 0, 2), node('a2', 0, 2)];
    assert.deepEqual(sortInPlace(mixed, byOffsetEmptyLast).map((n) => n.name), ['a', 'a2', 'b', 'empty']);
  });

  it('fillGaps puts gaps and empty tables where one stable sort of all would (2,000 random layouts)', () => {
    const next = random(0x5eed);
    const bytes = new Uint8Array(256).map((_, i) => (i % 7 === 0 ? 0x41 : 0));
    for (let round = 0; round < 2000; round++) {
      const children: FieldNode[] = [];
      const count = Math.floor(next() * 8);
      for (let i = 0; i < count; i++) {
        const offset = Math.floor(next() * 240);
        const size = next() < 0.2 ? 0 : 1 + Math.floor(next() * 24); // overlaps and empty tables too
        children.push(node(`c${i}`, offset, size));
      }
      const start = Math.floor(next() * 16), end = start + Math.floor(next() * 260);
      const want = reference(children, bytes, start, end);
      const got = fillGaps(Object.assign(fieldNode('n', start, end - start, 'T'), { children: [...children] }), bytes, start, end)
        .children!.map((n) => `${n.offset}+${n.size}:${n.role ?? n.name.split('@')[0]}`);
      assert.deepEqual(got, want, `round ${round}`);
    }
  });
});
