/**
 * `node out/bench/identity.js [BUILD_DIR] [--mutations N]`: what a change must not change, as one
 * line of hashes per input. Run it on two builds (BUILD_DIR is an `out/` folder; default this one)
 * and diff the outputs: a speed-up is behaviour-neutral when the lists are equal.
 *
 * Inputs: every real file (loose and inside the shared archives, as the CLI reaches them), the
 * generated worst-case BCK and big BTK and BRK (every track keyed on its own), one synthetic file of each J3D kind, a synthetic MOTN, and N mutations
 * of the animation corpus (truncations, byte flips, extreme values, splices: the fuzz campaign's).
 * Per input: `animscope info`, `export`, `sample` (up to 20 million samples: the worst-case BCK has 18.3 million) and `validate --json` — stdout,
 * stderr and exit code — and, in process, the editor's `load` message (loadedFileOf: packed tree,
 * summary, animation payload) and every explicit node's path.
 */
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { loadCorpus, makeInput } from './fuzz-targets';
import { realFiles, samplePath } from '../test/unit/helpers';
import { writeBigBrk, writeBigBtk, writeWorstCaseBck } from '../test/fixtures/j3d-writer';
import { syntheticKindFiles } from '../test/fixtures/j3d-kinds-writer';
import { sampleSequences, writeMotn } from '../test/fixtures/motn-writer';

type Run = (argv: string[], io: unknown) => number;
interface FieldLike { path: string; children?: FieldLike[] }

/** A stable digest of anything the load message holds (typed arrays by their bytes). */
function digest(value: unknown): string {
  const h = crypto.createHash('sha256');
  const seen = new Set<unknown>();
  const walk = (v: unknown): void => {
    if (ArrayBuffer.isView(v)) {
      h.update(`${v.constructor.name}:${(v as Uint8Array).length}:`);
      h.update(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
    } else if (Array.isArray(v)) {
      h.update('[');
      for (const x of v) { walk(x); h.update(','); }
      h.update(']');
    } else if (v && typeof v === 'object') {
      if (seen.has(v)) { h.update('<cycle>'); return; }
      seen.add(v);
      h.update('{');
      for (const k of Object.keys(v).sort()) { h.update(JSON.stringify(k) + ':'); walk((v as Record<string, unknown>)[k]); h.update(','); }
      h.update('}');
      seen.delete(v);
    } else {
      h.update(typeof v === 'number' && Object.is(v, -0) ? '-0' : JSON.stringify(v) ?? String(v));
    }
  };
  walk(value);
  return h.digest('hex').slice(0, 16);
}

function pathsDigest(root: FieldLike): string {
  const h = crypto.createHash('sha256');
  const stack = [root];
  while (stack.length) {
    const n = stack.pop() as FieldLike;
    h.update(n.path + '\n');
    const c = n.children ?? [];
    for (let i = c.length - 1; i >= 0; i--) stack.push(c[i]);
  }
  return h.digest('hex').slice(0, 16);
}

function main(): void {
  const args = process.argv.slice(2);
  const mutationsAt = args.indexOf('--mutations');
  const mutations = mutationsAt >= 0 ? Number(args[mutationsAt + 1]) : 300;
  const positional = args.filter((a, i) => !a.startsWith('--') && (mutationsAt < 0 || i !== mutationsAt + 1));
  const build = path.resolve(positional[0] ?? path.join(__dirname, '..'));
  const load = <T>(rel: string): T => require(path.join(build, rel)) as T;
  const run = load<{ run: Run }>('src/cli/main.js').run;
  const { decode } = load<{ decode: (b: Uint8Array, n: string) => { root: FieldLike; bytes: Uint8Array } }>('src/formats/index.js');
  const { loadedFileOf } = load<{ loadedFileOf: (d: unknown, e: unknown) => unknown }>('src/wire/loadedFile.js');
  // Paths as every consumer sees them (decode() leaves them to be derived; older builds set them, and assigning again is the same).
  const { assignPaths } = load<{ assignPaths: (root: FieldLike) => FieldLike }>('src/formats/binary/fields.js');

  // Generated once and kept, so that two builds see the very same inputs.
  const tmp = path.join(os.tmpdir(), `animscope-identity-inputs-${mutations}`);
  const targets: { label: string; file: string; name: string; bytes: Uint8Array }[] = [];
  for (const f of realFiles()) targets.push({ label: f.path, file: samplePath(f.path), name: f.name, bytes: f.bytes });
  let generated: { name: string; bytes: Uint8Array }[] = [];
  if (fs.existsSync(tmp)) {
    generated = (fs.readdirSync(tmp, { recursive: true }) as string[]).sort()
      .filter((name) => fs.statSync(path.join(tmp, name)).isFile())
      .map((name) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(tmp, name))) }));
  } else {
    generated = [
      { name: 'worst-case.bck', bytes: writeWorstCaseBck().bytes },
      { name: 'big.btk', bytes: writeBigBtk().bytes },
      { name: 'big.brk', bytes: writeBigBrk().bytes },
      ...syntheticKindFiles(),
      { name: 'synthetic.motn', bytes: writeMotn(sampleSequences()).bytes },
    ];
  }
  if (!fs.existsSync(tmp) && mutations > 0) {
    const corpus = loadCorpus();
    for (let seed = 1, made = 0; made < mutations && seed < mutations * 20; seed++) {
      const input = makeInput(corpus, seed);
      if (input.member.kind !== 'anim') continue;
      const base = input.member.name.split('/').pop() ?? 'x';
      // A copy: makeInput may hand out views of a buffer it reuses for the next seed.
      generated.push({ name: `m${String(seed).padStart(5, "0")}/${base}`, bytes: input.bytes.slice() });
      made++;
    }
  }
  fs.mkdirSync(tmp, { recursive: true });
  for (const g of generated) {
    const file = path.join(tmp, g.name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (!fs.existsSync(file)) fs.writeFileSync(file, g.bytes);
    targets.push({ label: `generated/${g.name}`, file, name: path.basename(g.name), bytes: g.bytes });
  }

  for (const t of targets) {
    const cells: string[] = [];
    for (const command of [['info'], ['export'], ['sample', '--max-samples', '20000000'], ['validate', '--json']]) {
      const out = crypto.createHash('sha256');
      const err: string[] = [];
      const io = {
        out: (s: string) => out.update(s + '\n'),
        write: (s: string) => out.update(s),
        err: (s: string) => err.push(s.split(t.file).join('FILE')),
        writeFile: () => undefined,
      };
      const code = run([command[0], t.file, ...command.slice(1)], io);
      cells.push(`${command[0]} ${code} ${out.digest('hex').slice(0, 16)} ${crypto.createHash('sha256').update(err.join('\n')).digest('hex').slice(0, 8)}`);
    }
    const decoded = decode(t.bytes, t.name);
    const loadDigest = digest(loadedFileOf(decoded, { fileByteLength: t.bytes.length }));
    cells.push(`paths ${pathsDigest(assignPaths(decoded.root))}`, `load ${loadDigest}`);
    console.log(`${t.label}\t${cells.join('\t')}`);
  }
}

main();
