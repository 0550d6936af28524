import { spawnSync } from 'child_process';
/** Small timing helpers for the benchmarks: numbers, not pass/fail. */

export interface Timing {
  /** Median of the runs, milliseconds. */
  medianMs: number;
  minMs: number;
  runs: number;
}

/** Runs `fn` until `budgetMs` has passed (at least `minRuns` times) after `warmup` runs. */
export function time(fn: () => void, { budgetMs = 400, minRuns = 5, warmup = 2 } = {}): Timing {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < minRuns || performance.now() - start < budgetMs) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
    if (samples.length >= 10_000) break;
  }
  samples.sort((a, b) => a - b);
  return { medianMs: samples[Math.floor(samples.length / 2)], minMs: samples[0], runs: samples.length };
}

export function mbPerSecond(bytes: number, ms: number): number {
  return bytes / (1024 * 1024) / (ms / 1000);
}

export function row(label: string, ...cells: (string | number)[]): void {
  // a cell wider than its column still gets a space before it
  const text = cells.map((c) => (typeof c === 'number' ? fmt(c) : c)).map((c) => ` ${c}`.padStart(14)).join('');
  console.log(label.padEnd(44) + text);
}

export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 1000) return Math.round(n).toLocaleString('en-US');
  if (Math.abs(n) >= 10) return n.toFixed(1);
  return n.toFixed(3);
}

export function heading(title: string, ...columns: string[]): void {
  console.log('\n' + title);
  console.log(''.padEnd(44) + columns.map((c) => c.padStart(14)).join(''));
}

/** A full GC when the process runs with --expose-gc (the figures of a fresh process each). */
export function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** `runs` timed calls after one warm-up, each after a full GC (ms). */
export function gcSamples(fn: () => void, runs: number): number[] {
  fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc();
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/** One figure's samples from a fresh `--expose-gc` process of `script` (its last stdout line, JSON). */
export function figureInFreshProcess(script: string, figure: string): number[] {
  const r = spawnSync(process.execPath, ['--expose-gc', script, figure], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as number[];
  } catch {
    console.log(`${figure}: failed (${r.stderr.trim().split('\n').pop() ?? r.status})`);
    return [];
  }
}
