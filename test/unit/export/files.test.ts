/**
 * What the export commands write (src/export/files.ts): the same text as the CLI's documents,
 * with a progress fraction that rises to 1; which files are several animations (by the spec).
 */
import * as assert from 'assert';
import { sampleFile, sampleStream } from '../../../src/kinds/sample';
import { animationsOf, exportJsonChunks, sampleJsonChunks } from '../../../src/export/files';
import { exportDecoded } from '../../../src/export/json';
import { jsonFileText } from '../../../src/export/serialize';
import { decode } from '../../../src/formats/index';
import type { MotnAnim } from '../../../src/formats/motn/types';
import { readSample } from '../helpers';

function drain(text: { chunks: Iterable<string>; fraction(): number }): { text: string; fractions: number[] } {
  const parts: string[] = [];
  const fractions: number[] = [];
  for (const chunk of text.chunks) {
    parts.push(chunk);
    fractions.push(text.fraction());
  }
  return { text: parts.join(''), fractions };
}

const rising = (fractions: number[]): boolean => fractions.every((f, i) => f >= (fractions[i - 1] ?? 0) && f <= 1);

describe('export: the documents the editor writes', () => {
  it('2ndDemo.bck: Export to JSON and the curves JSON equal the whole documents; progress rises to 1', () => {
    const file = decode(readSample('j3d/smg/TripodBossCore/2ndDemo.bck'), '2ndDemo.bck');
    const exported = drain(exportJsonChunks(file, '9.9.9'));
    assert.strictEqual(exported.text, jsonFileText(exportDecoded(file, 'animscope 9.9.9')));
    assert.ok(rising(exported.fractions) && exported.fractions.at(-1) === 1, exported.fractions.join(' '));

    const curves = drain(sampleJsonChunks(sampleStream(file)));
    assert.strictEqual(curves.text, JSON.stringify(sampleFile(file)) + '\n');
    assert.ok(rising(curves.fractions) && curves.fractions.at(-1) === 1, curves.fractions.join(' '));
    assert.strictEqual(animationsOf(file.anim!), undefined, 'a BCK is one animation');
  });

  it('motion.bin: several animations, the standard sequences by name; Export to JSON in many chunks with progress between', () => {
    const file = decode(readSample('motn/motion.bin'), 'motion.bin');
    const anim = file.anim as MotnAnim;
    const several = animationsOf(anim);
    assert.ok(several);
    const standard = anim.sequences.filter((s) => s.standard);
    assert.deepStrictEqual(several.animations.map((a) => a.name), standard.map((s) => s.name));
    assert.strictEqual(several.unsampled, anim.sequences.length - standard.length);
    assert.strictEqual(several.spec.groups.noun, 'Sequence');

    const { fractions } = drain(exportJsonChunks(file, '9.9.9'));
    assert.ok(fractions.length > 100, `${fractions.length} chunks`);
    assert.ok(rising(fractions), 'progress never goes back');
    const middle = fractions.filter((f) => f > 0.2 && f < 0.8).length;
    assert.ok(middle > fractions.length / 4, `${middle} of ${fractions.length} chunks report between 20 % and 80 %`);
    assert.strictEqual(fractions.at(-1), 1);
  });
});
