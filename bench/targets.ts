/**
 * The performance targets of issue 12, one figure per fresh process: `npm run bench` starts
 * `node --expose-gc out/bench/targets.js FIGURE` for each, the child prints its samples as JSON
 * (gc() before every timed sample), and the parent prints median, spread and the target next to
 * each other. Nothing here fails on time.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { sampleCurveInto } from '../src/anim/curve';
import { planTracks } from '../src/kinds/describe';
import { sampleFile } from '../src/kinds/sample';
import { decode } from '../src/formats/index';
import { loadedFileOf } from '../src/wire/loadedFile';
import { listSamples, samplePath } from '../test/unit/helpers';
import { writeBck, writeWorstCaseBck } from '../test/fixtures/j3d-writer';
import { figureInFreshProcess, fmt, gcSamples } from './timing';
import { realJ3dAnimations } from './corpus';

/**
 * 500 joints, every track keyed with 240 keys, 600 frames; the 4,500 tracks read 64 runs of keys
 * in each bank, as exporters share them (192 readings; sampleFile samples each once).
 */
function manyKeysBck(): Uint8Array {
  const keys = 240, distinct = 64, duration = 600;
  const bank: number[] = [];
  for (let c = 0; c < distinct; c++) {
    for (let k = 0; k < keys; k++) bank.push((k * duration) / (keys - 1), Math.sin(c + k / 7) * 100, Math.cos(c + k / 5));
  }
  const raw = (j: number, a: number) => ({ raw: { count: keys, index: (((j * 3 + a) % distinct) * keys * 3), tangentMode: 0 } });
  const axis = (j: number, a: number) => ({ scale: raw(j, a), rotation: raw(j + 1, a), translation: raw(j + 2, a) });
  return writeBck({
    duration,
    joints: Array.from({ length: 500 }, (_, j) => ({ x: axis(j, 0), y: axis(j, 1), z: axis(j, 2) })),
    banks: { scale: bank, rotation: bank.map((v) => Math.round(v)), translation: bank },
  }).bytes;
}

/** Figures measured in a child process: name → samples (ms unless said). */
const FIGURES: Record<string, () => number[]> = {
  'editor-worst': () => {
    const bytes = writeWorstCaseBck().bytes;
    return gcSamples(() => loadedFileOf(decode(bytes, 'worst-case.bck'), { fileByteLength: bytes.length }), 15);
  },
  'editor-motion': () => {
    const bytes = new Uint8Array(fs.readFileSync(samplePath('motn/motion.bin')));
    return gcSamples(() => loadedFileOf(decode(bytes, 'motion.bin'), { fileByteLength: bytes.length }), 15);
  },
  'decode-worst': () => {
    const bytes = writeWorstCaseBck().bytes;
    return gcSamples(() => decode(bytes, 'worst-case.bck'), 25);
  },
  'decode-small': () => {
    // µs per file: all real animation files decoded back to back, 15 samples.
    const files = realJ3dAnimations();
    for (let w = 0; w < 100; w++) for (const f of files) decode(f.bytes, f.name);
    const rounds = 100;
    return gcSamples(() => { for (let r = 0; r < rounds; r++) for (const f of files) decode(f.bytes, f.name); }, 15)
      .map((ms) => (ms * 1000) / (rounds * files.length));
  },
  'sample-worst': () => {
    const file = decode(writeWorstCaseBck().bytes, 'worst-case.bck');
    return gcSamples(() => sampleFile(file, { maxSamples: 1e9 }), 3);
  },
  'sample-240-file': () => {
    const file = decode(manyKeysBck(), 'keys240.bck');
    return gcSamples(() => sampleFile(file, { maxSamples: 1e9 }), 9);
  },
  'sample-240': () => {
    // The sampler's core: every planned curve, none shared, into one buffer (2.7 M samples).
    const file = decode(manyKeysBck(), 'keys240.bck');
    const planned = file.anim ? planTracks(file.anim) : [];
    const frames = 601;
    const out = new Float64Array(frames);
    return gcSamples(() => { for (const t of planned) if (t.curve) sampleCurveInto(t.curve, out, 0, 0, frames); }, 25);
  },
  'sample-240-result': () => {
    // What sampleFile's result costs before any value is computed: 4,500 arrays of 601 numbers, kept.
    const tracks = 4500, frames = 601;
    let kept: number[][] = [];
    const out = gcSamples(() => {
      kept = [];
      for (let t = 0; t < tracks; t++) {
        const values = new Array<number>(frames);
        for (let f = 0; f < frames; f++) values[f] = f + 0.5;
        kept.push(values);
      }
    }, 9);
    return kept.length === tracks ? out : [];
  },
  'decode-motion': () => {
    const bytes = new Uint8Array(fs.readFileSync(samplePath('motn/motion.bin')));
    return gcSamples(() => decode(bytes, 'motion.bin'), 25);
  },
  'decode-motion-rss': () => {
    // MiB: peak resident size of a process that loads only the decoder, reads motion.bin the way the
    // CLI does (readFileBytes: no copy) and decodes it once (nine such processes: the figure varies by
    // ±1.5 MiB): this bench's own modules (fixtures, sampler) are not the decoder's memory.
    const script = `const { decode } = require(${JSON.stringify(path.join(__dirname, '../src/formats/index.js'))});` +
      `const { readFileBytes } = require(${JSON.stringify(path.join(__dirname, '../src/formats/archive/node.js'))});` +
      `decode(readFileBytes(${JSON.stringify(samplePath('motn/motion.bin'))}), 'motion.bin');` +
      'process.stdout.write(String(process.resourceUsage().maxRSS / 1024));';
    return Array.from({ length: 9 }, () => Number(spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' }).stdout));
  },
};

/** A figure with its target, or (no target) one printed beside them to explain a floor. */
interface Target { figure: string; label: string; target?: number; unit: string }

const TARGETS: Target[] = [
  { figure: 'editor-worst', label: 'editor path, worst-case BCK (decode+summary+load)', target: 40, unit: 'ms' },
  { figure: 'editor-motion', label: 'editor path, motion.bin', target: 60, unit: 'ms' },
  { figure: 'decode-worst', label: 'decode, worst-case BCK', target: 8, unit: 'ms' },
  { figure: 'decode-small', label: 'decode, real animation files, per file', target: 20, unit: 'µs' },
  { figure: 'sample-worst', label: 'sampleFile, worst-case BCK', target: 1500, unit: 'ms' },
  // 9b661c7: the code before issue 12, measured by this same figure (the issue asks for 5× that).
  { figure: 'sample-240-file', label: 'sampleFile, 240 keys/track (9b661c7: 64 ms)', target: 13, unit: 'ms' },
  { figure: 'sample-240', label: '  were no two tracks alike: sampling, 2.7 M samples', unit: 'ms' },
  { figure: 'sample-240-result', label: '  and 4,500 result arrays, no values computed', unit: 'ms' },
  { figure: 'decode-motion', label: 'decode, motion.bin (gc between runs)', target: 30, unit: 'ms' },
  { figure: 'decode-motion-rss', label: 'peak RSS decoding motion.bin', target: 67, unit: 'MiB' },
];

function stats(values: number[]): { median: number; min: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], min: s[0], max: s[s.length - 1] };
}

function row(label: string, median: number, spread: string, target: string, met?: boolean): void {
  console.log(label.padEnd(52) + fmt(median).padStart(10) + spread.padStart(20) + target.padStart(12) + (met === undefined ? '' : met ? '  met' : '  not met'));
}

/** Cold `animscope info` processes interleaved with `node -e 0` (wall ms each). */
function coldCli(runs: number): { empty: number[]; small: number[]; motion: number[] } {
  const bin = path.join(__dirname, '../../bin/animscope.js');
  const small = samplePath(listSamples('j3d').find((f) => f.endsWith('.bck')) ?? listSamples('j3d')[0]);
  const motion = samplePath('motn/motion.bin');
  const wall = (args: string[]): number => {
    const t0 = performance.now();
    spawnSync(process.execPath, args, { stdio: 'ignore' });
    return performance.now() - t0;
  };
  const out = { empty: [] as number[], small: [] as number[], motion: [] as number[] };
  wall([bin, 'info', small]); // writes the launcher's code cache, as any first run does
  for (let i = 0; i < runs; i++) {
    out.empty.push(wall(['-e', '0']));
    out.small.push(wall([bin, 'info', small]));
    out.motion.push(wall([bin, 'info', motion]));
  }
  return out;
}

/** Prints every target of issue 12 with its figure (each figure from a fresh process). */
export function benchTargets(): void {
  console.log('\nTargets (issue 12): a fresh process per figure, --expose-gc, gc() before each timed sample; median, [min–max]');
  console.log(''.padEnd(52) + 'median'.padStart(10) + 'spread'.padStart(20) + 'target'.padStart(12));
  for (const t of TARGETS) {
    const values = figureInFreshProcess(__filename, t.figure);
    if (!values.length) continue;
    const s = stats(values);
    const target = t.target === undefined ? '' : `≤ ${fmt(t.target)}`;
    row(`${t.label} (${t.unit})`, s.median, `[${fmt(s.min)}–${fmt(s.max)}]`, target, t.target === undefined ? undefined : s.median <= t.target);
  }
  const cli = coldCli(9);
  const empty = stats(cli.empty), small = stats(cli.small), motion = stats(cli.motion);
  const diffs = cli.small.map((v, i) => v - cli.empty[i]);
  const d = stats(diffs);
  row('`node -e 0`, cold (ms, for reference)', empty.median, `[${fmt(empty.min)}–${fmt(empty.max)}]`, '');
  row('`animscope info` small file − `node -e 0` (ms)', d.median, `[${fmt(d.min)}–${fmt(d.max)}]`, '≤ 15', d.median <= 15);
  row('`animscope info motion.bin`, cold (ms wall)', motion.median, `[${fmt(motion.min)}–${fmt(motion.max)}]`, '≤ 250', motion.median <= 250);
  console.log(`(small file: median ${fmt(small.median)} ms; bin/animscope.js runs dist/cli.js, bundled by \`npm run bench\` just before, from its code cache)`);
}

if (require.main === module) {
  const figure = process.argv[2];
  const measure = figure ? FIGURES[figure] : undefined;
  if (measure) console.log(JSON.stringify(measure()));
  else benchTargets();
}
