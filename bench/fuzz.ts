/**
 * `npm run fuzz [-- SECONDS]`: the long robustness run. Every sample (archives included) is cut at
 * every byte offset, then mutated with random byte flips until the time budget is spent. A
 * decode that throws, or takes longer than a second, is printed and makes the exit code 1.
 */
import * as fs from 'fs';
import { DiagnosticSink } from '../src/formats/binary/diagnostics';
import { openArchive } from '../src/formats/archive/rarc';
import { decode } from '../src/formats/index';
import { sampleFile } from '../src/anim';
import { listSamples, samplePath } from '../test/unit/helpers';
import { prng } from '../test/fixtures/prng';

const seconds = Number(process.argv[2] ?? 60);
const SLOW_MS = 1000;

let failures = 0;
let runs = 0;

function attempt(label: string, name: string, bytes: Uint8Array): void {
  runs++;
  const t0 = performance.now();
  try {
    if (name.endsWith('.arc')) {
      openArchive(bytes, new DiagnosticSink());
    } else {
      const file = decode(bytes, name);
      if (file.anim && file.anim.format !== 'motn') sampleFile(file);
    }
  } catch (e) {
    failures++;
    console.log(`THROW ${label}: ${e instanceof Error ? e.stack : String(e)}`);
    return;
  }
  const ms = performance.now() - t0;
  if (ms > SLOW_MS) {
    failures++;
    console.log(`SLOW  ${label}: ${ms.toFixed(0)} ms`);
  }
}

function main(): void {
  const deadline = Date.now() + seconds * 1000;
  const samples = listSamples('', (n) => !n.endsWith('.md'));
  const files = samples.map((rel) => ({ rel, bytes: new Uint8Array(fs.readFileSync(samplePath(rel))) }));

  for (const { rel, bytes } of files) {
    // motion.bin and the archives are large: cut them at a stride, the small files everywhere.
    const stride = bytes.length > 16384 ? Math.ceil(bytes.length / 256) : 1;
    const t0 = Date.now();
    for (let cut = 0; cut < bytes.length; cut += stride) attempt(`${rel} cut at ${cut}`, rel, bytes.subarray(0, cut));
    console.log(`  ${rel}: cut at every ${stride === 1 ? "byte" : stride + " bytes"} (${Date.now() - t0} ms)`);
  }
  console.log(`truncations: ${runs} decodes, ${failures} failures`);

  let seed = 1;
  while (Date.now() < deadline) {
    const { rel, bytes } = files[seed % files.length];
    const random = prng(seed);
    const mutated = bytes.slice();
    const flips = 1 + Math.floor(random() * 16);
    for (let i = 0; i < flips; i++) mutated[Math.floor(random() * mutated.length)] = Math.floor(random() * 256);
    attempt(`${rel} seed ${seed}`, rel, mutated);
    seed++;
  }
  console.log(`fuzz: ${runs} decodes in ${seconds} s, ${failures} failures (last seed ${seed - 1})`);
  process.exitCode = failures > 0 ? 1 : 0;
}

main();
