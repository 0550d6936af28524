/**
 * The decoder's and the sampler's optimized code must survive a full GC (src/runtime/shapes.ts):
 * V8 throws away code specialised on a hidden class that a GC collected, and their working
 * objects (builders, sinks, checkers; plans, shared values) and their output all die with each
 * decode or sampling. A child process with V8's test natives optimizes the hot functions on real
 * files (a full GC after each warm-up round, as a long session has), runs full GCs with nothing
 * of the work alive, and reports whether each function is still optimized.
 *
 * The child runs with --no-allocation-site-pretenuring: V8 also drops code when it decides
 * to allocate some object literals in the old generation, at a GC whose timing varies from run
 * to run (1 run in 10 failed that way in CI); that is V8 adapting, not a shape dying.
 */
import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as path from 'path';
import { samplePath } from '../helpers';

const OUT_SRC = path.join(__dirname, '../../../src');

/** [label, module under out/src, expression giving the function from that module's exports]. */
type Hot = [string, string, string][];

const DECODER: Hot = [
  ['TrackChecker.check (BCK/BTK/BRK key tracks)', 'formats/jsystem/keytable.js', 'm.TrackChecker.prototype.check'],
  ['StructBuilder.scalar (every header field)', 'formats/binary/builder.js', 'm.StructBuilder.prototype.scalar'],
  ['StructBuilder.array (every table and bank)', 'formats/binary/builder.js', 'm.StructBuilder.prototype.array'],
  ['ChunkContext.table (J3D tables)', 'formats/jsystem/container.js', 'm.ChunkContext.prototype.table'],
  ['FullTrackChecker.check (BCA/BTP/BVA/BLA)', 'formats/jsystem/fulltrack.js', 'm.FullTrackChecker.prototype.check'],
  ['decodeSequence (MOTN)', 'formats/motn/sequence.js', 'm.decodeSequence'],
];

const WIRE: Hot = [
  ['packTree (the load message\'s field tree)', 'wire/packedTree.js', 'm.packTree'],
];

const SAMPLER: Hot = [
  ['samplePlan (every J3D track)', 'kinds/sample.js', 'm.samplePlan'],
  ['sampleCurveInto (the Hermite per frame)', 'anim/curve.js', 'm.sampleCurveInto'],
  ['SharedValues.of (tracks that read the same keys)', 'anim/sharedValues.js', 'm.SharedValues.prototype.of'],
];

const FILES = [
  'j3d/smg/TripodBoss/StartDemo.bck',
  'j3d/smg/TripodBossCore/2ndDemo.btk',
  'j3d/smg/TripodBossCore/2ndDemo.brk',
  'mkdd/objects/mariotree1_wait.bca',
  'motn/motion.bin',
];

const CHILD_FLAGS = ['--allow-natives-syntax', '--expose-gc', '--no-allocation-site-pretenuring'];

/** `work`: a statement run per round over `files` ([bytes, name] pairs; `decode` and `sampleFile` in scope). */
function childScript(hotList: Hot, work: string): string {
  return `
const fs = require('fs');
const { decode } = require(${JSON.stringify(path.join(OUT_SRC, 'formats/index.js'))});
const { sampleFile } = require(${JSON.stringify(path.join(OUT_SRC, 'kinds/sample.js'))});
const { packTree } = require(${JSON.stringify(path.join(OUT_SRC, 'wire/packedTree.js'))});
const files = ${JSON.stringify(FILES.map((f) => samplePath(f)))}.map((p) => [new Uint8Array(fs.readFileSync(p)), p]);
const hot = ${JSON.stringify(hotList)}.map(([label, mod, expr]) => {
  const m = require(${JSON.stringify(OUT_SRC)} + '/' + mod);
  return [label, eval(expr)];
});
const run = () => { ${work} };
for (const [, fn] of hot) %PrepareFunctionForOptimization(fn);
for (let i = 0; i < 5; i++) { run(); gc(); }
for (const [, fn] of hot) %OptimizeFunctionOnNextCall(fn);
run();
const optimized = (fn) => (%GetOptimizationStatus(fn) & 16) !== 0;
const before = hot.map(([label, fn]) => [label, optimized(fn)]);
gc(); gc(); gc();
const after = hot.map(([label, fn]) => [label, optimized(fn)]);
process.stdout.write(JSON.stringify({ before, after }));
`;
}

function survivesGc(hotList: Hot, work: string): void {
  const r = spawnSync(process.execPath, [...CHILD_FLAGS, '-e', childScript(hotList, work)], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const { before, after } = JSON.parse(r.stdout) as { before: [string, boolean][]; after: [string, boolean][] };
  // The test is only meaningful if V8 optimized them in the first place.
  assert.deepEqual(before.filter(([, ok]) => !ok).map(([label]) => label), [], 'not optimized before the GCs');
  assert.deepEqual(after.filter(([, ok]) => !ok).map(([label]) => label), [], 'thrown away by the GCs');
}

describe('decoder, load message and sampler code survive a full GC (kept shapes)', function () {
  this.timeout(60000);

  it('the hot decode functions, optimized on real files, are still optimized after full GCs with no decode alive', () => {
    survivesGc(DECODER, 'for (const [bytes, name] of files) decode(bytes, name);');
  });

  it('packTree, optimized on real files, is still optimized after full GCs with nothing packed alive', () => {
    survivesGc(WIRE, 'for (const [bytes, name] of files) packTree(decode(bytes, name).root);');
  });

  it('the hot sampling functions, optimized on real files, are still optimized after full GCs with nothing sampled alive', () => {
    // The decoded files stay alive (the sampler's input), decoded once.
    survivesGc(SAMPLER, 'for (const d of (globalThis.decoded ??= files.map(([b, n]) => decode(b, n)))) sampleFile(d, { maxSamples: 1e9 });');
  });
});
