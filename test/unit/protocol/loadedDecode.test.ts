import { strict as assert } from 'assert';
import { decode } from '../../../src/formats/index';
import type { DecodedFile } from '../../../src/formats/types';
import { decodeLoaded } from '../../../src/loadedDecode';
import { isLoadedFile, LoadedFile } from '../../../src/protocol';
import { summarize } from '../../../src/export/summary';
import { encodeYaz0 } from '../../fixtures/archive-writer';
import { writeWorstCaseBck } from '../../fixtures/j3d-writer';
import { listSamples, readSample } from '../helpers';

/** What the host posts for a decode (src/extension/editorProvider.ts loadedFile), through structured clone. */
function posted(host: DecodedFile, fileByteLength = host.bytes.length): LoadedFile {
  return structuredClone({
    fileName: host.fileName, format: host.format, bytes: host.bytes, fileByteLength, container: host.container,
    diagnostics: host.diagnostics, summary: summarize(host),
  });
}

/** The webview's decode must be the host's: same field tree, same animation (lazy parts included). */
function assertSameDecode(webview: DecodedFile, host: DecodedFile): void {
  assert.equal(webview.format, host.format);
  assert.deepEqual(webview.root, host.root);
  assert.deepEqual(JSON.parse(JSON.stringify(webview.anim ?? null)), JSON.parse(JSON.stringify(host.anim ?? null)));
}

describe('the webview decodes what the host sends (load message)', () => {
  for (const rel of [...listSamples('j3d'), 'motn/motion.bin']) {
    it(`${rel}: same field tree and animation on both sides; the message validates`, () => {
      const host = decode(readSample(rel), rel.split('/').pop());
      const file = posted(host);
      assert.ok(isLoadedFile(file));
      assertSameDecode(decodeLoaded(file), host);
    });
  }

  it('a Yaz0-compressed BCK: the webview gets the decompressed bytes and does not unwrap them again', () => {
    const inner = readSample('j3d/smg/TripodBossCore/2ndDemo.bck');
    const host = decode(encodeYaz0(inner), '2ndDemo.bck.szs');
    assert.equal(host.container?.kind, 'yaz0');
    assertSameDecode(decodeLoaded(posted(host)), host);

    // decompressed data that itself starts with "Yaz0" stays as it is
    const twice = decode(encodeYaz0(encodeYaz0(inner)), 'twice.szs');
    assert.equal(twice.format, 'unknown');
    const again = decodeLoaded(posted(twice));
    assert.equal(again.bytes.length, twice.bytes.length, 'not decompressed a second time');
    assertSameDecode(again, twice);
  });

  it('a file decoded by name (MOTN has no magic) keeps its format under another display name', () => {
    const host = decode(readSample('motn/motion.bin'), 'motion.bin');
    const file = { ...posted(host), fileName: 'Root/renamed.dat' };
    assert.equal(decodeLoaded(file).format, 'motn');
  });

  it('the worst-case BCK (65,535 joints) crosses as bytes only: the message holds no field tree or joints', () => {
    const host = decode(writeWorstCaseBck().bytes, 'worst.bck');
    const file = posted(host);
    assert.ok(!('root' in file) && !('anim' in file));
    const webview = decodeLoaded(file);
    assert.equal(webview.anim?.format, 'bck');
    assert.deepEqual(webview.anim?.format === 'bck' && webview.anim.joints[65534], host.anim?.format === 'bck' && host.anim.joints[65534]);
  });
});
