/**
 * `npm run bench`: decode and sampling speed on the real samples, motion.bin and a generated
 * worst-case BCK. Prints numbers; never fails on them.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { describeTracks } from '../src/kinds/describe';
import { sampleFile } from '../src/kinds/sample';
import { DiagnosticSink } from '../src/formats/binary/diagnostics';
import { resolvePath } from '../src/formats/binary/fields';
import { decompressYaz0 } from '../src/formats/archive/yaz0';
import { decode } from '../src/formats/index';
import { listSamples, samplePath } from '../test/unit/helpers';
import { writeWorstCaseBck } from '../test/fixtures/j3d-writer';
import { benchInflate } from './inflate';
import { fmt, heading, mbPerSecond, row, time } from './timing';
import { decodeModel } from '../src/formats/model';
import { readPathInput } from '../src/cli/input';
import { run as runCli } from '../src/cli/main';
import type { CliIO } from '../src/cli/output';
import { benchTargets } from './targets';
import { benchGltf } from './gltf';
import { benchImport } from './import';
import { benchIssue30 } from './issue30';
import { benchBuild, benchKeysBuild } from './build';
import { benchArchiveSave } from './archiveSave';
import { benchMotnKeysBuild } from './buildMotn';

function benchDecodeSamples(): void {
  heading('Decode: real samples (median of repeated runs)', 'bytes', 'ms/file', 'MB/s');
  const files = listSamples('j3d');
  let totalBytes = 0, totalMs = 0;
  for (const rel of files) {
    const bytes = new Uint8Array(fs.readFileSync(samplePath(rel)));
    const t = time(() => decode(bytes, rel), { budgetMs: 60 });
    totalBytes += bytes.length;
    totalMs += t.medianMs;
    row(rel.replace('j3d/smg/', ''), bytes.length, t.medianMs, mbPerSecond(bytes.length, t.medianMs));
  }
  row(`all ${files.length} J3D samples`, totalBytes, totalMs / files.length, mbPerSecond(totalBytes, totalMs));

  const motion = new Uint8Array(fs.readFileSync(samplePath('motn/motion.bin')));
  const t = time(() => decode(motion, 'motion.bin'), { budgetMs: 1500 });
  row('motn/motion.bin (target < 30 ms)', motion.length, t.medianMs, mbPerSecond(motion.length, t.medianMs));
}

function benchArchives(): void {
  heading('Yaz0 decompression (shared archives)', 'in bytes', 'ms', 'MB/s out');
  for (const rel of listSamples('archives')) {
    const bytes = new Uint8Array(fs.readFileSync(samplePath(rel)));
    let out = 0;
    const t = time(() => { out = decompressYaz0(bytes, new DiagnosticSink()).length; }, { budgetMs: 300 });
    row(rel, bytes.length, t.medianMs, mbPerSecond(out, t.medianMs));
  }
}

function benchWorstCase(): void {
  const written = writeWorstCaseBck();
  const bytes = written.bytes;
  const file = decode(bytes, 'worst-case.bck');
  const keys = file.anim?.format === 'bck'
    ? file.anim.joints.reduce((n, j) => n + [j.x, j.y, j.z].reduce((m, a) => m + a.scale.count + a.rotation.count + a.translation.count, 0), 0)
    : 0;
  heading(`Worst-case BCK (FORMATS.md §7): ${fmt(bytes.length)} bytes, 65,535 joints, ${fmt(keys)} keys`, 'ms', 'MB/s', 'errors');
  const t = time(() => decode(bytes, 'worst-case.bck'), { budgetMs: 2000 });
  row('decode (spans available on demand)', t.medianMs, mbPerSecond(bytes.length, t.medianMs),
    file.diagnostics.filter((d) => d.severity === 'error').length);

  const paths = Array.from({ length: 10_000 }, (_, i) => `ANK1/jointTable[${(i * 6553) % 65535}]/rotationY.count`);
  const spans = time(() => { for (const p of paths) resolvePath(file.root, p, bytes); }, { budgetMs: 300 });
  row('resolve 10,000 element spans by path', spans.medianMs, '', '');

  if (file.anim) {
    const tracks = describeTracks(file.anim).slice(0, 9 * 2000);
    let sink = 0;
    const frames = 60;
    const s = time(() => {
      for (const track of tracks) for (let f = 0; f < frames; f++) sink += track.evaluate(f + 0.5);
    }, { budgetMs: 800 });
    heading('Sampler', 'samples', 'ms', 'samples/s');
    row('worst-case BCK: 18,000 keyed tracks × 60 frames', tracks.length * frames, s.medianMs, (tracks.length * frames) / (s.medianMs / 1000));
    if (sink === 42) console.log('');
  }
}

function benchSampleMotion(): void {
  const motion = new Uint8Array(fs.readFileSync(samplePath('motn/motion.bin')));
  const file = decode(motion, 'motion.bin');
  let samples = 0;
  const t = time(() => {
    const r = sampleFile(file);
    samples = r.animations.reduce((n, a) => n + a.tracks.reduce((m, tr) => m + tr.values.length, 0), 0);
  }, { budgetMs: 2000, minRuns: 3 });
  row('motion.bin: sampleFile, every sequence', samples, t.medianMs, samples / (t.medianMs / 1000));
}

/** Median of `runs` timed calls, with a full GC before each when node runs with --expose-gc. */
function medianWithGc(fn: () => void, runs = 15): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc?.();
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

const SHARED_MODELS = [
  'archives/Kuribo.arc/Kuribo/Kuribo.bdl', 'archives/PowerStar.arc/PowerStar/PowerStar.bdl',
  'archives/TripodBossCore.arc/TripodBossCore/TripodBossCore.bdl', 'archives/Mogu.arc/Mogu/Mogu.bdl',
  'archives/CrystalSwitch.arc/CrystalSwitch/CrystalSwitch.bdl', 'mkdd/objects/mariotree1.bmd',
];

function benchModels(): void {
  const gc = typeof (globalThis as { gc?: unknown }).gc === 'function';
  heading(`Models: decode (all chunks, no texels) and \`animscope pose\` (median${gc ? ', gc between runs' : '; run node with --expose-gc for gc between runs'})`, 'bytes', 'decode ms', 'pose ms');
  const quiet: CliIO = { out: () => undefined, err: () => undefined, writeFile: () => undefined };
  for (const rel of SHARED_MODELS) {
    const bytes = readPathInput(samplePath(rel), 'a model').bytes;
    const decodeMs = medianWithGc(() => decodeModel(bytes, new DiagnosticSink()));
    const poseMs = medianWithGc(() => runCli(['pose', samplePath(rel)], quiet), 9);
    row(path.basename(rel), bytes.length, decodeMs, poseMs);
  }
}

function main(): void {
  console.log(`AnimScope benchmarks — node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${path.basename(process.cwd())}`);
  benchTargets();
  benchIssue30();
  benchDecodeSamples();
  benchArchives();
  benchInflate();
  benchWorstCase();
  benchSampleMotion();
  benchModels();
  benchBuild();
  benchKeysBuild();
  benchArchiveSave();
  benchMotnKeysBuild();
  benchImport();
}

main();
void benchGltf().catch((e) => { console.error(e); process.exitCode = 1; });
