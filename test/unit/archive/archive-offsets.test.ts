/**
 * An archive's diagnostics lie inside the bytes they are about (issue 26, item 10): a listing's
 * diagnostics refer to the archive's bytes (`AnyArchive.bytes`, decompressed when the file is
 * Yaz0 / gzip), so neither a decompressor's offset in the compressed file nor a table field past a
 * truncated end may point outside them (the fuzz scan found INFLATE / Yaz0 errors past 0–59
 * decompressed bytes, ARC_BAD_OFFSET and TRUNCATED past a 7-byte RARC).
 */
import * as assert from 'assert';
import * as zlib from 'zlib';
import type { Diagnostic } from '../../../src/formats/binary/diagnostics';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { listArchiveTree, openAnyArchive } from '../../../src/formats/archive/archive';
import { buildPks } from '../../fixtures/pks-writer';
import { buildRarc } from '../../fixtures/archive-writer';
import { prng } from '../../fixtures/prng';

function opened(input: Uint8Array): { bytes: Uint8Array; diagnostics: Diagnostic[] } {
  const archive = openAnyArchive(input, new DiagnosticSink());
  return { bytes: archive.bytes, diagnostics: archive.diagnostics };
}

function assertInside(diagnostics: readonly Diagnostic[], size: number): void {
  for (const d of diagnostics) {
    assert.ok(Number.isInteger(d.offset) && d.offset >= 0 && d.offset <= size, `${d.code} at ${d.offset}, outside the ${size} bytes: ${d.message}`);
  }
}

const rarc = (): Uint8Array => buildRarc({ name: 'root', children: [{ name: 'a.bin', data: new Uint8Array(40).fill(7) }] }).bytes;

describe('archive diagnostics lie inside the archive\'s bytes', () => {
  it('a gzip PKS whose first DEFLATE block has the reserved type: the error is at the end of the 0 decompressed bytes', () => {
    const gz = new Uint8Array(zlib.gzipSync(buildPks([{ name: 'A.BIN', data: new Uint8Array(16) }]).bytes));
    // RFC 1952: a 10-byte header without optional fields; byte 10 starts the DEFLATE data.
    // 0x07 = BFINAL 1, BTYPE 11 (reserved, RFC 1951 §3.2.3): nothing is decompressed.
    gz[10] = 0x07;
    const { bytes, diagnostics } = opened(gz);
    assert.strictEqual(bytes.length, 0);
    const bad = diagnostics.find((d) => d.code === 'INFLATE_BAD_BLOCK');
    assert.ok(bad, JSON.stringify(diagnostics));
    assert.strictEqual(bad.offset, 0);
    assert.match(bad.message, /compressed file offset 0xA/);
    assertInside(diagnostics, bytes.length);
  });

  it('a Yaz0 RARC whose first item is a back reference: YAZ0_BAD_REFERENCE is at the end of the 0 decompressed bytes', () => {
    // Yaz0 header (16 bytes: magic, u32 BE size, 8 reserved), then group byte 0x00 (eight
    // references); the first, 0x10 0x00, reaches 1 byte back when nothing was produced.
    const yaz0 = new Uint8Array(0x20);
    yaz0.set([0x59, 0x61, 0x7a, 0x30, 0, 0, 0, 0x40]);
    yaz0.set([0x00, 0x10, 0x00], 0x10);
    const { bytes, diagnostics } = opened(yaz0);
    const bad = diagnostics.find((d) => d.code === 'YAZ0_BAD_REFERENCE');
    assert.ok(bad, JSON.stringify(diagnostics));
    assert.strictEqual(bad.offset, bytes.length);
    assertInside(diagnostics, bytes.length);
  });

  it('a RARC cut to 7 bytes: TRUNCATED header fields and ARC_BAD_OFFSET (string table offset, field at 0x34) are inside the 7 bytes', () => {
    const cut = rarc().slice(0, 7);
    const { bytes, diagnostics } = opened(cut);
    assert.ok(diagnostics.some((d) => d.code === 'TRUNCATED'), JSON.stringify(diagnostics));
    assert.ok(diagnostics.some((d) => d.code === 'ARC_BAD_OFFSET'), JSON.stringify(diagnostics));
    assertInside(diagnostics, bytes.length);
  });

  it('a gzip PKS cut short, nested in a PKS: the nested level\'s diagnostics lie inside its own decompressed bytes', () => {
    // Random bytes do not compress: the compressed offset where the cut stream ends lies past
    // the bytes it decompresses to (the headers and the dictionary come first, so it is listed as an archive).
    const random = prng(26);
    const noise = Uint8Array.from({ length: 256 * 1024 }, () => Math.floor(random() * 256));
    const whole = new Uint8Array(zlib.gzipSync(buildPks([{ name: 'A.BIN', data: noise }]).bytes));
    const inner = whole.slice(0, 150_000);
    const outer = buildPks([{ name: 'IN.PKS', data: inner }]).bytes;
    const tree = listArchiveTree(outer);
    assert.strictEqual(tree.archives.length, 2);
    const nested = tree.archives[1];
    assert.ok(nested.diagnostics.some((d) => d.code === 'INFLATE_TRUNCATED'), JSON.stringify(nested.diagnostics));
    assert.ok(nested.archive.bytes.length < inner.length);
    for (const node of tree.archives) assertInside(node.diagnostics, node.archive.bytes.length);
  });
});
