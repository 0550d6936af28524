/**
 * `node out/bench/fuzz-sample-identity.js [BUILD_DIR] [--legacy]`: the sha256 of `animscope sample` output for
 * every shared sample (../shared/samples, every animation inside the archives included), both as
 * written to stdout (compact) and with `-o` (indented file). Run it on two builds (BUILD_DIR is an
 * `out/` folder; default this one) and diff the lists: the sample contract must stay byte-identical.
 */
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { listArchiveTree } from '../src/formats/archive/archive';
import { listSamples, samplePath } from '../test/unit/helpers';

type Run = (argv: string[], io: unknown) => number;

function main(): void {
  const build = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));
  const run = (require(path.join(build, 'src/cli/main.js')) as { run: Run }).run;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'animscope-sample-'));
  const targets: string[] = [];
  for (const rel of listSamples('', (n) => !n.endsWith('.md'))) {
    const full = samplePath(rel);
    if (/\.(arc|pks|szs)$/i.test(rel)) {
      const tree = listArchiveTree(new Uint8Array(fs.readFileSync(full)));
      for (const it of tree.items) {
        const f = it.entry.format;
        if (it.entry.kind === 'file' && (f === 'bck' || f === 'btk' || f === 'brk' || f === 'motn')) targets.push(`${full}/${it.path}`);
      }
    } else if (/\.(bck|btk|brk|bca)$|motion.*\.bin$/i.test(rel)) {
      targets.push(full);
    }
  }
  let n = 0;
  for (const target of targets) {
    const out: string[] = [];
    const err: string[] = [];
    const outFile = path.join(tmp, `out${n++}.json`);
    const io = { out: (t: string) => out.push(t + '\n'), err: (t: string) => err.push(t), writeFile: (p: string, d: string | Uint8Array) => fs.writeFileSync(p, d) };
    const code1 = run(['sample', target], io);
    const limit = process.argv.includes('--legacy') ? [] : ['--max-samples', '100000000'];
    const code2 = run(['sample', target, '-o', outFile, ...limit], { ...io, out: () => undefined });
    const stdoutHash = crypto.createHash('sha256').update(out.join('')).digest('hex').slice(0, 16);
    const fileHash = fs.existsSync(outFile) ? crypto.createHash('sha256').update(fs.readFileSync(outFile)).digest('hex').slice(0, 16) : '-';
    const size = fs.existsSync(outFile) ? fs.statSync(outFile).size : 0;
    console.log(`${path.relative(samplePath(''), target)}\t${code1}/${code2}\tstdout ${stdoutHash}\tfile ${fileHash}\t${size}${err.length ? `\t${err.join(' ').slice(0, 80)}` : ''}`);
    fs.rmSync(outFile, { force: true });
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}

main();
