/**
 * The nine other J3D kinds never throw, never hang and never leave bytes unattributed: every real
 * file and every synthetic one cut at every offset, with seeded random flips, and with hostile
 * headers (every count and offset 0xFF…, or 0). What the decode gives is then planned, sampled,
 * summarised and sent through the wire without throwing either.
 */
import * as assert from 'assert';
import { sampleFile } from '../../../src/kinds/sample';
import { DiagnosticSink, MAX_DIAGNOSTICS } from '../../../src/formats/binary/diagnostics';
import { uncoveredRanges } from '../../../src/formats/binary/fields';
import { decode } from '../../../src/formats/index';
import { AnimFormat, specOf } from '../../../src/kinds/registry';
import { syntheticKindFiles } from '../../fixtures/j3d-kinds-writer';
import { prng } from '../../fixtures/prng';
import { realFiles } from '../helpers';

const KIND = /\.(bca|bpk|bpa|btp|bva|blk|bla|bxk|bxa)$/i;

interface Case { name: string; bytes: Uint8Array; format: AnimFormat }

function cases(): Case[] {
  const real = realFiles().filter((f) => KIND.test(f.name)).map((f) => ({ name: f.path, bytes: f.bytes }));
  return [...real, ...syntheticKindFiles()].map((c) => ({ ...c, format: c.name.slice(-3).toLowerCase() as AnimFormat }));
}

/** Decodes with the kind's decoder (exceptions would escape) and through decode(); uses the result. */
function check(bytes: Uint8Array, format: AnimFormat, what: string, use = false): void {
  const spec = specOf(format);
  try {
    spec.decode(bytes, new DiagnosticSink());
  } catch (e) {
    assert.fail(`${what}: decoder threw ${(e as Error).stack}`);
  }
  const r = decode(bytes, `x.${format}`, { format });
  if (r.diagnostics.some((d) => d.code === 'INTERNAL_ERROR')) assert.fail(`${what}: INTERNAL_ERROR`);
  assert.ok(r.diagnostics.length <= MAX_DIAGNOSTICS + 1, `${what}: ${r.diagnostics.length} diagnostics`);
  const gaps = uncoveredRanges(r.root, bytes.length);
  if (gaps.length) assert.fail(`${what}: uncovered ${JSON.stringify(gaps)}`);
  if (!use || !r.anim) return;
  try {
    const anim = r.anim;
    const groups = spec.groups.count(anim);
    for (let g = 0; g < Math.min(groups, 4); g++) {
      spec.groups.plan(anim, g);
      spec.groups.label(anim, g);
      if (spec.preview.kind !== 'none') spec.preview.entry(anim, g);
    }
    spec.summarize(anim);
    spec.wire.unpack(structuredClone(spec.wire.pack(anim, r.root, r.bytes)));
    // Sampling is bounded by duration × tracks: only for the small ones.
    if ('duration' in anim && anim.duration <= 512 && spec.planTracks(anim).length <= 4096) sampleFile(r);
  } catch (e) {
    assert.fail(`${what}: using the decode threw ${(e as Error).stack}`);
  }
}

describe('jsystem kinds: robustness', function () {
  this.timeout(300000);
  const all = cases();

  it('has a real or synthetic file of each of the nine kinds', () => {
    assert.deepStrictEqual([...new Set(all.map((c) => c.format))].sort(), ['bca', 'bla', 'blk', 'bpa', 'bpk', 'btp', 'bva', 'bxa', 'bxk']);
  });

  it('decodes every file cut at every byte offset', () => {
    for (const c of all) for (let n = 0; n < c.bytes.length; n++) check(c.bytes.subarray(0, n), c.format, `${c.name} cut at ${n}`, n % 16 === 0);
  });

  it('decodes every file with 200 rounds of seeded random byte flips', () => {
    const random = prng(0xB7B);
    for (const c of all) {
      for (let round = 0; round < 200; round++) {
        const bytes = c.bytes.slice();
        const flips = 1 + Math.floor(random() * 8);
        for (let f = 0; f < flips; f++) {
          const at = Math.floor(random() * bytes.length);
          bytes[at] = random() < 0.5 ? bytes[at] ^ (1 << Math.floor(random() * 8)) : Math.floor(random() * 256);
        }
        check(bytes, c.format, `${c.name} round ${round}`, true);
      }
    }
  });

  it('survives hostile headers: every count and offset 0xFF…, or 0', () => {
    for (const c of syntheticKindFiles().map((f) => ({ ...f, format: f.name.slice(-3) as AnimFormat }))) {
      const ff = c.bytes.slice();
      ff.fill(0xFF, 0x2C, 0x60);
      check(ff, c.format, `${c.name} all 0xFF`, true);
      const zero = c.bytes.slice();
      zero.fill(0, 0x2C, 0x60);
      check(zero, c.format, `${c.name} zero`, true);
    }
  });
});
