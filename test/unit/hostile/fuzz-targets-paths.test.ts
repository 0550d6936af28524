/**
 * Issue 26, item 10: the fuzz campaign runs pose, textures, the load message and export, takes
 * every animation kind of the samples as input, and treats a diagnostic outside its data, a load
 * the page refuses or has to repair as findings: mogu-truncated-11520.bdl is one for it.
 */
import * as assert from 'assert';
import { Corpus, Input, loadCorpus, runTarget, Target, TARGETS } from '../../../bench/fuzz-targets';
import { detect } from '../../../src/formats/index';
import { isAnimFormat } from '../../../src/kinds/registry';
import { readSample, realFiles } from '../helpers';
import { readHostile } from './files';

describe('fuzz campaign: the paths it covers', function () {
  this.timeout(120_000);
  let corpus: Corpus;
  before(() => { corpus = loadCorpus(); });

  const run = (target: Target, name: string, bytes: Uint8Array): void => {
    const member = corpus.members.find((m) => m.name.endsWith(name)) ?? { name, kind: 'model' as const, bytes, fields: [] };
    const input: Input = { seed: 0, member, target, mutation: 'none', bytes };
    runTarget(corpus, input);
  };

  it('targets pose, textures, the load message and export besides decode, sample, describe, binding, archive, PKS/gzip, model', () => {
    for (const t of ['pose', 'textures', 'load', 'export'] as const) assert.ok((TARGETS as readonly string[]).includes(t), t);
  });

  it('every animation kind among the real files is an animation input (BPK, BTP, BVA were left out)', () => {
    const kinds = (files: { name: string; bytes: Uint8Array }[]): string[] =>
      [...new Set(files.map((f) => detect(f.bytes, f.name)).filter(isAnimFormat))].sort();
    const inSamples = kinds(realFiles());
    assert.ok(['bpk', 'btp', 'bva'].every((k) => inSamples.includes(k)), `the samples hold ${inSamples.join(', ')}`);
    assert.deepStrictEqual(kinds(corpus.members.filter((m) => m.kind === 'anim').map((m) => ({ name: m.name.split('/').pop() ?? '', bytes: m.bytes }))), inSamples);
  });

  for (const target of ['model', 'binding', 'pose', 'textures', 'load', 'export'] as const) {
    it(`mogu-truncated-11520.bdl through ${target}: no finding (diagnostics inside the file, the load accepted whole)`, () => {
      run(target, 'hostile/mogu-truncated-11520.bdl', readHostile('mogu-truncated-11520.bdl'));
    });
  }

  for (const target of ['decode', 'load', 'export'] as const) {
    it(`a BCK whose rotation bank offset is flipped to 0xFF0000D8 through ${target}: no finding`, () => {
      const bytes = readSample('j3d/smg/TripodBossCore/2ndDemo.bck');
      // ANK1 at 0x20; its u32 at +0x1C is the rotation bank offset (FORMATS.md §2)
      new DataView(bytes.buffer, bytes.byteOffset).setUint32(0x20 + 0x1C, 0xFF0000D8, false);
      run(target, '2ndDemo.bck', bytes);
    });
  }
});
