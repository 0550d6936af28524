import { strict as assert } from 'assert';
import { decode, MAX_ANIMATION_SIZE, tooLargeFile } from '../../../src/formats/index';

describe('decode: the size limit (no animation is larger than 64 MiB)', () => {
  it('a file over the limit is not decoded: one FILE_TOO_LARGE error, no bytes kept', () => {
    const big = new Uint8Array(MAX_ANIMATION_SIZE + 1);
    big.set([0x4A, 0x33, 0x44, 0x31, 0x62, 0x63, 0x6B, 0x31]); // "J3D1bck1": it would otherwise decode as a BCK
    const file = decode(big, 'big.bck');
    assert.equal(file.format, 'unknown');
    assert.equal(file.bytes.length, 0);
    assert.deepEqual(file.diagnostics.map((d) => [d.code, d.severity, d.offset]), [['FILE_TOO_LARGE', 'error', 0]]);
    assert.match(file.diagnostics[0].message, /67108865 bytes \(64\.0 MiB\)/);
  });

  it('a file exactly at the limit is decoded as usual', () => {
    const file = decode(new Uint8Array(MAX_ANIMATION_SIZE), 'edge.bck');
    assert.ok(!file.diagnostics.some((d) => d.code === 'FILE_TOO_LARGE'));
    assert.equal(file.bytes.length, MAX_ANIMATION_SIZE);
  });

  it('tooLargeFile names the size it was given (the editor does not read such a file)', () => {
    const file = tooLargeFile('huge.bck', 5 * 1024 ** 3);
    assert.equal(file.fileName, 'huge.bck');
    assert.deepEqual(file.root.children, []);
    assert.match(file.diagnostics[0].message, /5368709120 bytes \(5120\.0 MiB\).*not read/);
  });
});
