/**
 * Child process of `npm run hostile` (and the fuzz campaign's CLI target): runs one `animscope`
 * command in-process (runAsync: gltf too) with output counted, not kept (gltf writes its file: the caller gives a temporary one), then prints one JSON line on stderr:
 * { code, outBytes, outLines, errLines, firstError, maxRssKB, cpuMs }.
 */
import { runAsync } from '../src/cli/main';
import type { CliIO } from '../src/cli/output';

async function main(): Promise<void> {
  let outBytes = 0;
  let outLines = 0;
  const errs: string[] = [];
  const count = (text: string): void => {
    outBytes += Buffer.byteLength(text);
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) outLines++;
  };
  const io: CliIO = {
    out: (t) => count(t + '\n'),
    err: (t) => { if (errs.length < 100) errs.push(t); },
    writeFile: (_p, d) => count(d),
    write: (t) => count(t),
    openFile: () => ({ write: (t: string) => count(t), commit: () => undefined, abort: () => undefined }),
    files: { mkdir: () => undefined, writeBytes: (_p, d) => { outBytes += d.length; },
      writeChunks: (_p, produce) => produce((d) => { outBytes += d.length; }), lstat: () => undefined, realpath: (p) => p },
  };
  let code: number;
  try {
    code = await runAsync(process.argv.slice(2), io);
  } catch (e) {
    code = 99;
    errs.push(`UNCAUGHT ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
  }
  const firstError = (errs[0] ?? '').split('\n')[0].slice(0, 160);
  // CPU time of the whole process, start-up and module loading included (the wall time of a
  // shared machine measures its other work too).
  const usage = process.resourceUsage();
  const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
  process.stderr.write('\n' + JSON.stringify({ code, outBytes, outLines, errLines: errs.length, firstError, maxRssKB: usage.maxRSS, cpuMs }) + '\n');
}

void main();
