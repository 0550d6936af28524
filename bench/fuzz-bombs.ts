/**
 * Compression bombs for the fuzz corpus: small files that decompress far past any real file, in
 * every place AnimScope decompresses (a whole gzip PKS, a gzip entry, concatenated gzip members,
 * a Yaz0 animation, a Yaz0 archive). Mutated like every other member, they find decompression
 * that is not bounded by ratio (the campaign's 64 MiB-over-the-input target).
 */
import * as zlib from 'zlib';
import { buildRarc } from '../test/fixtures/archive-writer';
import { buildPks } from '../test/fixtures/pks-writer';

/** A Yaz0 stream of `groups` groups of eight longest references (about 87:1), declaring `declared` bytes. */
export function yaz0Bomb(groups: number, declared: number, first = 0x41): Uint8Array {
  const body = new Uint8Array(2 + 21 + groups * 25);
  body.set([0x80, first]);
  let o = 2;
  for (let k = 0; k < 7; k++) { body.set([0, 0, 0xff], o); o += 3; }
  for (let g = 0; g < groups; g++) { o++; for (let k = 0; k < 8; k++) { body.set([0, 0, 0xff], o); o += 3; } }
  const out = new Uint8Array(16 + body.length);
  out.set([0x59, 0x61, 0x7a, 0x30, declared >>> 24, (declared >>> 16) & 0xff, (declared >>> 8) & 0xff, declared & 0xff]);
  out.set(body, 16);
  return out;
}

/** [name, bytes]: names give the fuzz corpus their kind (`.pks` → PKS targets, `.bck` → animation targets, `.arc` → archive). */
export function bombMembers(): [string, Uint8Array][] {
  const zeros = new Uint8Array(96 * 1024 * 1024);
  const gzZeros = new Uint8Array(zlib.gzipSync(zeros, { level: 9 }));
  const pksOfZeros = buildPks([{ name: 'ZERO.BIN', data: zeros }]).bytes;
  const member = new Uint8Array(zlib.gzipSync(zeros.subarray(0, 4 * 1024 * 1024), { level: 9 }));
  return [
    // The whole PKS gzip-compressed: 96 MiB from about 100 KB.
    ['bomb/whole-gzip.pks', new Uint8Array(zlib.gzipSync(pksOfZeros, { level: 9 }))],
    // One gzip entry named like an animation.
    ['bomb/gzip-entry.pks', buildPks([{ name: 'BOMB.BCK', data: gzZeros }]).bytes],
    // 64 members of 4 MiB each: each member small, together 256 MiB.
    ['bomb/gzip-members.pks', new Uint8Array(Buffer.concat(Array(64).fill(member)))],
    // A Yaz0 animation of 768 KB declaring about 69 MB.
    ['bomb/yaz0-anim.bck', yaz0Bomb(31_460, 1 + 7 * 273 + 31_460 * 8 * 273)],
    // A RARC holding a Yaz0 bomb entry.
    ['bomb/yaz0-entry.arc', buildRarc({ name: 'Root', children: [{ name: 'bomb.szs', data: yaz0Bomb(20_000, 0x7fffffff) }] }).bytes],
  ];
}
