/**
 * A small deterministic slice of the fuzz campaign (bench/fuzz-targets.ts): the same corpus,
 * mutations and targets as `npm run fuzz`, in process, for fixed seeds. No exception may escape.
 */
import * as assert from 'assert';
import { Corpus, isExpected, loadCorpus, makeInput, runTarget, Target, TARGETS } from '../../../bench/fuzz-targets';

describe('fuzz campaign: deterministic slice', function () {
  this.timeout(120_000);
  let corpus: Corpus;
  before(() => { corpus = loadCorpus(); });

  it('the corpus holds every kind: animations, archives, PKS (plain and gzip), models, the hostile files', () => {
    const kinds = new Set(corpus.members.map((m) => m.kind));
    assert.deepStrictEqual([...kinds].sort(), ['anim', 'archive', 'model', 'pks']);
    assert.ok(corpus.members.some((m) => m.name === 'synthetic-gzip.pks'));
    assert.ok(corpus.members.some((m) => m.name.startsWith('hostile/selfnest')));
    assert.ok(corpus.members.filter((m) => m.fields.length > 0).length > corpus.members.length / 2, 'field offsets for extreme values');
  });

  it('an input is a function of its seed', () => {
    const a = makeInput(corpus, 123456);
    const b = makeInput(corpus, 123456);
    assert.deepStrictEqual([a.member.name, a.target, a.mutation, Buffer.from(a.bytes).toString('base64')], [b.member.name, b.target, b.mutation, Buffer.from(b.bytes).toString('base64')]);
  });

  it('600 seeded inputs through every target: no exception escapes', () => {
    const hit = new Map<Target, number>();
    const mutations = new Set<string>();
    const escaped: string[] = [];
    for (let seed = 900_001; seed <= 900_600; seed++) {
      const input = makeInput(corpus, seed);
      hit.set(input.target, (hit.get(input.target) ?? 0) + 1);
      mutations.add(input.mutation);
      try {
        runTarget(corpus, input);
      } catch (e) {
        if (!isExpected(e)) escaped.push(`seed ${seed} ${input.target} ${input.member.name}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    assert.deepStrictEqual(escaped, []);
    assert.deepStrictEqual(TARGETS.filter((t) => !hit.has(t)), [], 'every target ran');
    assert.deepStrictEqual([...mutations].sort(), ['extreme', 'flip', 'none', 'splice', 'truncate']);
  });
});
