/**
 * `npm run fuzz [-- --inputs N] [--workers N] [--seed S] [--batch N]`: the robustness campaign.
 * `npm run fuzz -- --replay SEED` runs one input again, in this process, and prints what happened.
 *
 * Every input is a mutation of a corpus member (shared samples, archive entries, synthetic PKS
 * plain and gzip, models, the hostile reproducers): truncation, byte flips, extreme u16/u32
 * values at the offsets the field tree reports, or a splice from another file; it runs through
 * one target (decode, sample, describe, model binding, archive list + extract + lookup, PKS/gzip,
 * model decode). Inputs run in a pool of worker processes (bench/fuzz-worker.ts); a batch that
 * overruns is re-run one input at a time so a hang is pinned to its seed and killed after the
 * per-input limit. Memory: each worker's peak RSS above its warmed-up baseline, after each input
 * (workers are restarted once their peak has grown, so an input is measured from a fresh peak).
 *
 * The summary gives per target: inputs, exceptions, inputs over 1 s of CPU time (the machine is
 * shared with other work: wall time is shown too), inputs whose peak RSS went
 * more than 64 MiB past their own size, max time, max RSS; and the targets of the campaign.
 * Exit code 1 when a target is missed. Every failure is printed with its seed.
 */
import { ChildProcess, execSync, fork } from 'child_process';
import * as os from 'os';
import * as path from 'path';
import * as fs from 'fs';
import { isExpected, loadCorpus, makeInput, runTarget, saveCorpus, Target, TARGETS } from './fuzz-targets';
import type { JobResult, WorkerMessage } from './fuzz-worker';
import { hostileTable } from './fuzz-hostile';

const SLOW_MS = 1000;
const OVER_BYTES = 64 * 1024 * 1024;
/**
 * A worker whose peak RSS grew this far past its baseline is restarted. As long as the peak stays
 * under OVER_BYTES, an input going over OVER_BYTES past its size raises the peak and is seen, so
 * restarting earlier would only cost time (each restart reloads and warms up a worker, ~0.7 s).
 */
const RECYCLE_BYTES = OVER_BYTES;
/** Per-input hard limit when a batch is re-run one input at a time. */
const INPUT_LIMIT_MS = 10_000;
const BATCH_LIMIT_MS = 60_000;

interface Options { inputs: number; workers: number; seed: number; batch: number; replay?: number; hostile: boolean }

function parseOptions(argv: string[]): Options {
  const o: Options = { inputs: 1_000_000, workers: Math.max(1, Math.min(2, os.cpus().length)), seed: 1, batch: 40, hostile: true };
  for (let i = 0; i < argv.length; i++) {
    const next = (): number => Number(argv[++i]);
    switch (argv[i]) {
      case '--inputs': o.inputs = next(); break;
      case '--workers': o.workers = next(); break;
      case '--seed': o.seed = next(); break;
      case '--batch': o.batch = next(); break;
      case '--replay': o.replay = next(); break;
      case '--no-hostile': o.hostile = false; break;
      default: throw new Error(`fuzz: unknown option ${argv[i]}`);
    }
  }
  return o;
}

interface TargetStats { inputs: number; exceptions: number; slow: number; over: number; maxMs: number; maxRss: number; maxMsSeed: number; maxRssSeed: number; maxWall?: number }

function replay(seed: number): void {
  const corpus = loadCorpus();
  const input = makeInput(corpus, seed);
  console.log(`seed ${seed}: ${input.target} on ${input.member.name} (${input.mutation}, ${input.bytes.length} bytes)`);
  const t0 = performance.now();
  try {
    runTarget(corpus, input);
    console.log(`ok in ${(performance.now() - t0).toFixed(1)} ms, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  } catch (e) {
    console.log(isExpected(e) ? `refused (expected): ${String(e)}` : `EXCEPTION after ${(performance.now() - t0).toFixed(1)} ms:\n${e instanceof Error ? e.stack : String(e)}`);
  }
}

function summary(stats: Map<Target, TargetStats>, done: number, t0: number, o: Options, restarts: number, title: string): TargetStats {
  const seconds = (Date.now() - t0) / 1000;
  console.log(`\n${title}: ${done.toLocaleString('en-US')} inputs in ${(seconds / 60).toFixed(1)} min (${(done / seconds).toFixed(0)}/s), ${o.workers} workers, ${restarts} worker restarts, seeds from ${o.seed}`);
  console.log(`${'target'.padEnd(10)}${'inputs'.padStart(10)}${'exceptions'.padStart(12)}${'> 1 s'.padStart(8)}${'> 64 MiB'.padStart(10)}${'max CPU'.padStart(12)}${'max wall'.padStart(10)}${'max RSS'.padStart(10)}  (seed of the max CPU / RSS)`);
  let total: TargetStats = { inputs: 0, exceptions: 0, slow: 0, over: 0, maxMs: 0, maxRss: 0, maxMsSeed: 0, maxRssSeed: 0 };
  for (const [t, s] of stats) {
    console.log(`${t.padEnd(10)}${s.inputs.toLocaleString('en-US').padStart(10)}${String(s.exceptions).padStart(12)}${String(s.slow).padStart(8)}${String(s.over).padStart(10)}` +
      `${`${s.maxMs.toFixed(0)} ms`.padStart(12)}${`${(s.maxWall ?? 0).toFixed(0)} ms`.padStart(10)}${`${(s.maxRss / 1048576).toFixed(0)} MB`.padStart(10)}  (${s.maxMsSeed} / ${s.maxRssSeed})`);
    total = { inputs: total.inputs + s.inputs, exceptions: total.exceptions + s.exceptions, slow: total.slow + s.slow, over: total.over + s.over,
      maxMs: Math.max(total.maxMs, s.maxMs), maxRss: Math.max(total.maxRss, s.maxRss), maxMsSeed: 0, maxRssSeed: 0, maxWall: Math.max(total.maxWall ?? 0, s.maxWall ?? 0) };
  }
  console.log(`${'all'.padEnd(10)}${total.inputs.toLocaleString('en-US').padStart(10)}${String(total.exceptions).padStart(12)}${String(total.slow).padStart(8)}${String(total.over).padStart(10)}` +
    `${`${total.maxMs.toFixed(0)} ms`.padStart(12)}${`${(total.maxWall ?? 0).toFixed(0)} ms`.padStart(10)}${`${(total.maxRss / 1048576).toFixed(0)} MB`.padStart(10)}`);
  const met = (ok: boolean): string => (ok ? 'met' : 'MISSED');
  console.log('(time: CPU time of the worker process during the input; memory: the worker\'s peak RSS over its baseline — its peak after a 40-input warm-up and a full collection —' +
    ' so it counts the input\'s own garbage and code compiled for it; a suspect counts only when it is again over 64 MiB past its size alone in a fresh worker)');
  console.log(`Targets: ≥ 1,000,000 inputs: ${met(total.inputs >= 1_000_000)} (${total.inputs.toLocaleString('en-US')}); ` +
    `0 exceptions: ${met(total.exceptions === 0)}; 0 inputs over 1 s: ${met(total.slow === 0)}; 0 inputs allocating > 64 MiB over their size: ${met(total.over === 0)}`);
  return total;
}

class Worker {
  child: ChildProcess;
  baseline = 0;
  ready: Promise<void>;
  private pending: ((m: WorkerMessage | undefined) => void) | undefined;

  constructor(corpusFile: string) {
    this.child = fork(path.join(__dirname, 'fuzz-worker.js'), [corpusFile], { execArgv: ['--expose-gc', '--max-old-space-size=2048'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    this.child.stderr?.on('data', () => undefined);
    this.ready = new Promise((resolve) => {
      this.child.once('message', (m: WorkerMessage) => {
        if (m.type === 'ready') this.baseline = m.baseline;
        resolve();
      });
    });
    this.child.on('message', (m: WorkerMessage) => {
      if (m.type === 'results') { const p = this.pending; this.pending = undefined; p?.(m); }
    });
    this.child.on('exit', () => { const p = this.pending; this.pending = undefined; p?.(undefined); });
  }

  /** Results of `seeds`, or undefined when the worker died or overran `limitMs` (it is then killed). */
  run(seeds: number[], limitMs: number): Promise<{ results: JobResult[]; peakRss: number } | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.pending = undefined; this.child.kill('SIGKILL'); resolve(undefined); }, limitMs);
      this.pending = (m) => {
        clearTimeout(timer);
        resolve(m && m.type === 'results' ? m : undefined);
      };
      this.child.send({ seeds });
    });
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }
}

/** The commit the campaign runs on (a failure's seed is replayed on it), `+` when the work tree differs. */
function commit(): string {
  try {
    const head = execSync('git rev-parse --short HEAD', { cwd: path.join(__dirname, '..', '..'), stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const dirty = execSync('git status --porcelain --untracked-files=no', { cwd: path.join(__dirname, '..', '..'), stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    return head + (dirty ? '+' : '');
  } catch {
    return 'unknown';
  }
}

async function campaign(o: Options): Promise<number> {
  const cpu = os.cpus()[0]?.model ?? 'cpu';
  console.log(`AnimScope fuzz campaign — node ${process.version}, ${cpu} × ${os.cpus().length}; ${o.inputs.toLocaleString('en-US')} inputs from seed ${o.seed}, ${o.workers} worker processes; commit ${commit()}`);
  if (o.hostile) hostileTable();
  const corpus = loadCorpus();
  const corpusFile = path.join(os.tmpdir(), `animscope-fuzz-corpus-${process.pid}.bin`);
  saveCorpus(corpus, corpusFile);
  const kinds: Record<string, number> = {};
  for (const m of corpus.members) kinds[m.kind] = (kinds[m.kind] ?? 0) + 1;
  console.log(`\ncorpus: ${corpus.members.length} members (${Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(', ')})`);

  const stats = new Map<Target, TargetStats>(TARGETS.map((t) => [t, { inputs: 0, exceptions: 0, slow: 0, over: 0, maxMs: 0, maxRss: 0, maxMsSeed: 0, maxRssSeed: 0 }]));
  const failures: string[] = [];
  const fail = (line: string): void => {
    failures.push(line);
    if (failures.length <= 200) console.log(line);
  };
  let done = 0;
  let next = 0;
  let restarts = 0;
  let unconfirmed = 0;
  const t0 = Date.now();
  let lastReport = t0;

  const record = (r: JobResult, baseline: number, previousOver: number): void => {
    const s = stats.get(r.target)!;
    s.inputs++;
    done++;
    if (r.cpuMs > s.maxMs) { s.maxMs = r.cpuMs; s.maxMsSeed = r.seed; }
    s.maxWall = Math.max(s.maxWall ?? 0, r.ms);
    const rss = baseline + r.rssOver;
    if (rss > s.maxRss) { s.maxRss = rss; s.maxRssSeed = r.seed; }
    const where = `seed ${r.seed}: ${r.target} on ${r.member} (${r.mutation}, ${r.size} bytes)`;
    if (r.error) { s.exceptions++; fail(`EXCEPTION ${where}: ${r.error}`); }
    if (r.cpuMs > SLOW_MS) { s.slow++; fail(`SLOW      ${where}: ${r.cpuMs.toFixed(0)} ms CPU (${r.ms.toFixed(0)} ms wall)${r.error === 'timeout' ? ' (killed)' : ''}`); }
    // Only the input that raised the peak is measured (the peak never goes down within a worker);
    // garbage of earlier inputs may be part of it, so a suspect is confirmed alone in a fresh worker.
    if (r.rssOver > previousOver && r.rssOver - r.size > OVER_BYTES) suspects.push(r.seed);
  };
  const suspects: number[] = [];

  const runLoop = async (): Promise<void> => {
    let w = new Worker(corpusFile);
    await w.ready;
    let peakOver = 0;
    const fresh = async (): Promise<void> => {
      w.kill();
      w = new Worker(corpusFile);
      restarts++;
      await w.ready;
      peakOver = 0;
    };
    while (next < o.inputs) {
      const seeds: number[] = [];
      while (seeds.length < o.batch && next < o.inputs) seeds.push(o.seed + next++);
      const answer = await w.run(seeds, BATCH_LIMIT_MS);
      if (answer) {
        for (const r of answer.results) { record(r, w.baseline, peakOver); peakOver = Math.max(peakOver, r.rssOver); }
        if (peakOver > RECYCLE_BYTES) await fresh();
        // Memory suspects again, each alone in a fresh worker: only a confirmed one counts.
        while (suspects.length) {
          const seed = suspects.shift() as number;
          await fresh();
          const again = await w.run([seed], INPUT_LIMIT_MS);
          const r = again?.results[0];
          if (r && r.rssOver - r.size > OVER_BYTES) {
            const s = stats.get(r.target)!;
            s.over++;
            fail(`MEMORY    seed ${r.seed}: ${r.target} on ${r.member} (${r.mutation}, ${r.size} bytes): peak RSS ${(r.rssOver / 1048576).toFixed(0)} MiB over a fresh worker's baseline`);
          } else if (r) {
            unconfirmed++;
          }
          await fresh();
        }
      } else {
        // Overran or died: one input at a time, each in a fresh worker state, to pin it down.
        await fresh();
        for (const seed of seeds) {
          const one = await w.run([seed], INPUT_LIMIT_MS);
          if (one) {
            for (const r of one.results) record(r, w.baseline, 0);
          } else {
            const input = makeInput(corpus, seed);
            record({ seed, target: input.target, member: input.member.name, mutation: input.mutation, size: input.bytes.length, ms: INPUT_LIMIT_MS, cpuMs: INPUT_LIMIT_MS, rssOver: 0, error: 'timeout' }, w.baseline, 0);
          }
          await fresh();
        }
      }
      if (Date.now() - lastReport > 10 * 60_000) {
        lastReport = Date.now();
        summary(stats, done, t0, o, restarts, 'Progress');
      }
    }
    w.kill();
  };
  // Stopped early (SIGTERM / Ctrl-C): the summary of what ran.
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    o.inputs = Math.min(o.inputs, next);
    console.log('\n(stopped: finishing the batches under way)');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await Promise.all(Array.from({ length: o.workers }, () => runLoop()));
  fs.rmSync(corpusFile, { force: true });

  const total = summary(stats, done, t0, o, restarts, 'Fuzz summary');
  console.log(`(${unconfirmed} memory suspects were not confirmed when run alone in a fresh worker: garbage of earlier inputs)`);
  if (failures.length > 200) console.log(`(${failures.length - 200} more failures not printed)`);
  console.log('Replay one input: npm run fuzz -- --replay SEED');
  return total.exceptions + total.slow + total.over > 0 ? 1 : 0;
}

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  if (o.replay !== undefined) {
    replay(o.replay);
    return;
  }
  process.exitCode = await campaign(o);
}

void main();
