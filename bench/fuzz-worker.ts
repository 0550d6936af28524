/**
 * One worker process of `npm run fuzz` (started by bench/fuzz.ts with --expose-gc). Receives
 * batches of seeds, runs each input through its target and answers per batch with what every
 * input cost: time, exception, and how far it pushed the process's peak RSS above the baseline
 * measured after warm-up. The coordinator restarts a worker whose peak has grown (so a later
 * input is never blamed for an earlier one) and kills one that overruns the time limit.
 */
import { Corpus, isExpected, loadCorpus, makeInput, readCorpus, runTarget, Target } from './fuzz-targets';

export interface JobResult {
  seed: number;
  target: Target;
  member: string;
  mutation: string;
  size: number;
  ms: number;
  /** CPU time of the worker process during the input (what the 1 s target is checked on: the machine is shared). */
  cpuMs: number;
  /** Peak RSS after the input minus the baseline, in bytes. */
  rssOver: number;
  error?: string;
}

export type WorkerMessage =
  | { type: 'ready'; baseline: number }
  | { type: 'results'; results: JobResult[]; peakRss: number };

function peakRss(): number {
  return process.resourceUsage().maxRSS * 1024;
}

function main(): void {
  const corpus: Corpus = process.argv[2] ? readCorpus(process.argv[2]) : loadCorpus();
  // Warm up, then settle; the baseline is the peak so far.
  for (let seed = 1; seed <= 40; seed++) {
    try { runTarget(corpus, makeInput(corpus, seed * 7919)); } catch { /* reported when it comes up for real */ }
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const baseline = peakRss();
  const send = (m: WorkerMessage): void => { process.send?.(m); };
  send({ type: 'ready', baseline });
  let sinceGc = 0;
  process.on('message', (msg: { seeds: number[] }) => {
    const results: JobResult[] = [];
    for (const seed of msg.seeds) {
      const input = makeInput(corpus, seed);
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      let error: string | undefined;
      try {
        runTarget(corpus, input);
      } catch (e) {
        if (!isExpected(e)) error = e instanceof Error ? (e.stack ?? e.message).split('\n').slice(0, 4).join(' | ') : String(e);
      }
      const ms = performance.now() - t0;
      const c1 = process.cpuUsage(c0);
      const cpuMs = (c1.user + c1.system) / 1000;
      const rssOver = Math.max(0, peakRss() - baseline);
      results.push({ seed, target: input.target, member: input.member.name, mutation: input.mutation, size: input.bytes.length, ms, cpuMs, rssOver, ...(error ? { error } : {}) });
      // Garbage of earlier inputs must not count against later ones: a full collection now and then
      // (after every input would cost more than the inputs once the heap has grown).
      if (++sinceGc >= 500 || (sinceGc >= 20 && process.memoryUsage.rss() > baseline + 48 * 1024 * 1024)) {
        gc?.();
        sinceGc = 0;
      }
    }
    send({ type: 'results', results, peakRss: peakRss() });
  });
}

main();
