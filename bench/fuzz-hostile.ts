/**
 * `npm run hostile`: every file of ../shared/hostile, and the README's recipes built from the
 * samples into a temporary folder, through `animscope ls`, `validate`, `info`, `sample`, `export`
 * and `gltf` (a model alone; anything else on a real model, Mogu), each in its own process: CPU time (user + system of the whole process, node start-up
 * included), wall time, peak RSS, exit code, output size, first error line. Targets: every run
 * within 2 s of CPU time and 256 MB, no uncaught exception (exit 99). The 2 s are checked on CPU
 * time because the machine may be shared (the wall time is shown next to it, as in `npm run fuzz`).
 * Exit code 1 when a target is missed.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { SAMPLES_DIR } from '../test/unit/helpers';

export const HOSTILE_DIR = path.join(SAMPLES_DIR, '..', 'hostile');
const COMMANDS = ['ls', 'validate', 'info', 'sample', 'export', 'gltf'];
/** The model a hostile animation is exported on by `gltf` (envelopes, two shapes, textures). */
const GLTF_MODEL = path.join(SAMPLES_DIR, 'archives', 'Mogu.arc', 'Mogu', 'Mogu.bdl');

/** The command's arguments: `gltf` writes a GLB into `outDir` (removed with it). */
function argsFor(command: string, file: string, outDir: string): string[] {
  if (command !== 'gltf') return [command, file];
  const out = path.join(outDir, 'out.glb');
  return /\.(bdl|bmd)$/i.test(file) ? ['gltf', file, '-o', out] : ['gltf', GLTF_MODEL, file, '-o', out];
}

/** The README's recipes: a sample and the change that makes it hostile (built here, never kept in the project). */
const RECIPES: { name: string; sample: string; change(bytes: Uint8Array): void }[] = [
  // the u32 at 0x00 set to the u32 at 0x04: the sequence table read from the name offset table
  { name: 'motion-seq-at-names.bin', sample: 'motn/motion.bin', change: (b) => b.copyWithin(0, 4, 8) },
];

/** The recipes written to a fresh temporary folder (removed after the runs). */
function writeRecipes(dir: string): string[] {
  return RECIPES.map((r) => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(SAMPLES_DIR, r.sample)));
    r.change(bytes);
    const file = path.join(dir, r.name);
    fs.writeFileSync(file, bytes);
    return file;
  });
}
export const TIME_LIMIT_MS = 2000;
export const RSS_LIMIT_KB = 256 * 1024;

export interface CliRun {
  file: string;
  command: string;
  ms: number;
  /** CPU time of the child process (-1 when it did not report). */
  cpuMs: number;
  rssKB: number;
  code: number;
  outBytes: number;
  outLines: number;
  firstError: string;
}

/** Runs one command in a child process (bench/fuzz-cli.js), killed after `timeoutMs`. */
export function runCli(command: string, file: string, timeoutMs = 20_000, outDir = os.tmpdir()): CliRun {
  const child = path.join(__dirname, 'fuzz-cli.js');
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [child, ...argsFor(command, file, outDir)], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t0;
  const last = (r.stderr ?? '').trim().split('\n').pop() ?? '';
  let info: { code: number; outBytes: number; outLines: number; firstError: string; maxRssKB: number; cpuMs: number } | undefined;
  try { info = JSON.parse(last); } catch { info = undefined; }
  if (!info) {
    return { file, command, ms, cpuMs: -1, rssKB: -1, code: r.status ?? -1, outBytes: 0, outLines: 0, firstError: r.error ? `killed: ${r.error.message}` : last.slice(0, 160) };
  }
  return { file, command, ms, cpuMs: info.cpuMs, rssKB: info.maxRssKB, code: info.code, outBytes: info.outBytes, outLines: info.outLines, firstError: info.firstError };
}

export function hostileTable(): { rows: CliRun[]; missed: number } {
  const recipes = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-recipes-'));
  const files = [...fs.readdirSync(HOSTILE_DIR).filter((n) => n !== 'README.md').sort().map((n) => path.join(HOSTILE_DIR, n)), ...writeRecipes(recipes)];
  const rows: CliRun[] = [];
  let missed = 0;
  console.log(`\nHostile files (${HOSTILE_DIR}, and ${RECIPES.length} built from the recipes): every command within ${TIME_LIMIT_MS / 1000} s of CPU time and ${RSS_LIMIT_KB / 1024} MB`);
  console.log(`${'file'.padEnd(26)}${'command'.padEnd(10)}${'CPU'.padStart(8)}${'wall'.padStart(8)}${'RSS'.padStart(9)}${'exit'.padStart(6)}${'output'.padStart(16)}  first error line`);
  for (const file of files) {
    const name = path.basename(file);
    for (const command of COMMANDS) {
      const r = runCli(command, file, undefined, recipes);
      rows.push(r);
      const bad = r.cpuMs < 0 || r.cpuMs > TIME_LIMIT_MS || r.ms > 10 * TIME_LIMIT_MS || r.rssKB < 0 || r.rssKB > RSS_LIMIT_KB || r.code === 99;
      if (bad) missed++;
      // Names from files may hold control characters: shown escaped.
      const err = JSON.stringify(r.firstError).slice(1, -1).slice(0, 90);
      console.log(`${name.padEnd(26)}${command.padEnd(10)}${(r.cpuMs / 1000).toFixed(2).padStart(7)}s${(r.ms / 1000).toFixed(2).padStart(7)}s${(r.rssKB / 1024).toFixed(0).padStart(6)} MB${String(r.code).padStart(6)}` +
        `${`${r.outLines} l/${r.outBytes < 1e6 ? `${(r.outBytes / 1e3).toFixed(1)} kB` : `${(r.outBytes / 1e6).toFixed(1)} MB`}`.padStart(16)}  ${err}${bad ? '   <-- MISSED' : ''}`);
    }
  }
  fs.rmSync(recipes, { recursive: true, force: true });
  console.log(`${rows.length} runs, ${missed} over ${TIME_LIMIT_MS / 1000} s of CPU / ${RSS_LIMIT_KB / 1024} MB or uncaught`);
  return { rows, missed };
}

if (require.main === module) {
  const { missed } = hostileTable();
  process.exitCode = missed > 0 ? 1 : 0;
}
