import { strict as assert } from 'assert';
import { animFromPayload, animPayload } from '../../../src/animPayload';
import { decode } from '../../../src/formats/index';
import type { BckAnim } from '../../../src/formats/types';
import { isLoadedFile, LoadedFile } from '../../../src/protocol';
import { summarize } from '../../../src/export/summary';
import { writeWorstCaseBck } from '../../fixtures/j3d-writer';
import { listSamples, readSample } from '../helpers';

describe('animation payload (host → webview)', () => {
  for (const rel of listSamples('j3d')) {
    it(`${rel}: the webview rebuilds exactly the decoded animation`, () => {
      const file = decode(readSample(rel), rel);
      const payload = animPayload(file.anim)!;
      // what crosses must be plain data: structured clone is what postMessage does
      const crossed = structuredClone(payload);
      assert.deepEqual(animFromPayload(crossed, file.root, file.bytes), { ...file.anim });
    });
  }

  it('a BCK crosses without joint objects, and the 65,535 joints come back from the table bytes', () => {
    const file = decode(writeWorstCaseBck().bytes, 'worst.bck');
    const payload = animPayload(file.anim)!;
    assert.ok(!('joints' in payload));
    const rebuilt = animFromPayload(payload, file.root, file.bytes) as BckAnim;
    assert.equal(rebuilt.joints.length, 65535);
    assert.deepEqual(rebuilt.joints[65534], (file.anim as BckAnim).joints[65534]);
  });

  it('MOTN crosses without tracks; the message validates', () => {
    const file = decode(readSample('motn/motion.bin'), 'motion.bin');
    const payload = animPayload(file.anim)!;
    assert.equal(payload.format, 'motn');
    assert.ok(payload.format === 'motn' && payload.sequences.every((s) => !('tracks' in s)));
    const loaded: LoadedFile = {
      fileName: 'motion.bin', format: file.format, bytes: file.bytes, fileByteLength: file.bytes.length,
      root: file.root, diagnostics: file.diagnostics, summary: summarize(file), anim: payload,
    };
    assert.ok(isLoadedFile(loaded));
    assert.ok(!isLoadedFile({ ...loaded, anim: { ...payload, format: 'bck' } }), 'a payload of another format is refused');
  });
});
