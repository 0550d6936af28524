/**
 * `animscope import`, run: loaded by importCommand.ts when the command runs (src/import/).
 * The glTF is read whole, every chosen animation is fitted and built in memory, and only then are
 * the files written (each to a temporary file and renamed); files already in OUT_DIR are refused
 * without --force, before anything is written.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from './args';
import { gameOf } from '../formats/game';
import { DEFAULT_FPS, flavourOf } from '../gltf/names';
import { GltfReadError, readGltf } from '../import/gltfRead';
import type { GltfAnimationData } from '../import/gltfRead';
import { DEFAULT_TOLERANCES, ImportNote, ImportRefused } from '../import/importJoints';
import { IMPORT_KINDS, importAnimations } from '../import/importAnimations';
import { safe } from './format';
import { siblingsOf } from './gltfRun';
import { readModel } from './modelCommands';
import { outputFileError, outputFolder, writeFileAtomic } from './outputFile';
import { CliError, CliIO, EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, fsReason, UsageError } from './output';
import { nodeFiles } from './archiveCommands';

const KINDS = IMPORT_KINDS;

function numberOption(text: string | undefined, name: string, ok: (v: number) => boolean, what: string): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (!Number.isFinite(v) || !ok(v)) throw new UsageError(`${name} must be ${what} (got ${JSON.stringify(text)})`);
  return v;
}


function fpsFor(modelArg: string, given: number | undefined): { fps: number; why: string } {
  if (given !== undefined) return { fps: given, why: '--fps' };
  const s = siblingsOf(modelArg);
  const game = gameOf(s.segments, s.names);
  return game ? { fps: game.fps, why: `${game.name}: ${game.reason}` } : { fps: DEFAULT_FPS, why: 'default' };
}

export async function importCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, {
    model: { type: 'string' }, output: { type: 'string', short: 'o' }, animation: { type: 'string', multiple: true },
    kinds: { type: 'string' }, tolerance: { type: 'string' }, fps: { type: 'string' }, 'by-order': { type: 'boolean' },
    loop: { type: 'string' }, force: { type: 'boolean' },
  });
  if (positionals.length !== 1) throw new UsageError(`import takes exactly one glTF file (got ${positionals.length})`);
  const file = positionals[0];
  const flavour = flavourOf(file);
  if (!flavour) throw new UsageError(`the glTF must end in .glb or .gltf (got ${JSON.stringify(path.basename(file))})`);
  const modelArg = values.model as string | undefined;
  if (!modelArg) throw new UsageError('import needs the model the animations are for: --model MODEL.bdl');
  const outDir = values.output as string | undefined;
  if (!outDir) throw new UsageError('import needs an output folder: -o OUT_DIR');
  const kinds = ((values.kinds as string | undefined) ?? KINDS.join(',')).split(',').map((k) => k.trim().toLowerCase()).filter(Boolean);
  const unknown = kinds.filter((k) => !KINDS.includes(k));
  if (unknown.length) throw new UsageError(`--kinds: ${unknown.join(', ')} is no animation kind it writes (${KINDS.join(', ')})`);
  const factor = numberOption(values.tolerance as string | undefined, '--tolerance', (v) => v > 0 && v <= 1000, 'a number above 0 and at most 1000') ?? 1;
  const tolerances = { rotation: DEFAULT_TOLERANCES.rotation * factor, translation: DEFAULT_TOLERANCES.translation * factor, scale: DEFAULT_TOLERANCES.scale * factor };
  const fpsGiven = numberOption(values.fps as string | undefined, '--fps', (v) => v > 0 && v <= 1000, 'a number above 0 and at most 1000');
  const loop = numberOption(values.loop as string | undefined, '--loop', (v) => Number.isInteger(v) && v >= 0 && v <= 4, 'a loop mode 0…4') ?? 0;

  let bytes: Uint8Array;
  try {
    if (fs.statSync(file).isDirectory()) throw new CliError(`${file} is a folder, not a glTF file`);
    bytes = fs.readFileSync(file);
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`cannot read ${file}: ${fsReason(e)}`);
  }
  const dir = path.dirname(file);
  let gltf;
  try {
    gltf = await readGltf(bytes, flavour === 'glb', (uri) => {
      const target = path.resolve(dir, decodeURIComponent(uri));
      if (path.relative(dir, target).startsWith('..')) throw new Error(`the buffer ${uri} is outside the glTF's folder`);
      return fs.readFileSync(target);
    });
  } catch (e) {
    if (e instanceof GltfReadError) throw new CliError(`${file} is not a glTF file it can read: ${e.message}`);
    throw e;
  }
  const input = readModel(modelArg);
  const model = input.model;
  const { fps, why } = fpsFor(modelArg, fpsGiven);

  let chosen: GltfAnimationData[] = gltf.animations;
  const names = (values.animation as string[] | undefined) ?? [];
  if (names.length) {
    const missing = names.filter((n) => !gltf.animations.some((a) => a.name === n));
    if (missing.length) throw new CliError(`${file} has no animation ${missing.map((n) => JSON.stringify(n)).join(', ')} (it has ${gltf.animations.map((a) => JSON.stringify(a.name)).join(', ') || 'none'})`);
    chosen = gltf.animations.filter((a) => names.includes(a.name));
  }
  if (!chosen.length) throw new CliError(`${file} has no animations`);

  let problems = 0;
  const report = (what: string, n: ImportNote): void => { io.err(safe(`animscope import: ${what}: ${n.severity} ${n.code}: ${n.message}`)); problems++; };
  let results;
  try {
    results = importAnimations(gltf, chosen, model, { fps, loop, tolerances, kinds, byOrder: !!values['by-order'] }, report);
  } catch (e) {
    if (e instanceof ImportRefused) throw new CliError(e.message);
    throw e;
  }
  if (!results.length) throw new CliError(`${file}: none of the chosen animations is of the kinds asked for (${kinds.join(', ')})`);

  const files = nodeFiles;
  const existing = files.lstat(outDir);
  if (existing === 'directory' && !values.force) {
    const clashes = results.filter((r) => fs.existsSync(path.join(outDir, r.target)));
    if (clashes.length) {
      io.err(safe(`animscope import: ${clashes.map((c) => c.target).join(', ')} already in ${outDir}; nothing written (--force replaces them)`));
      return EXIT_UNREADABLE;
    }
  }
  const root = outputFolder(files, outDir, 'import into');
  for (const r of results) {
    const target = path.join(root, r.target);
    try { writeFileAtomic(target, r.bytes); } catch (e) { throw outputFileError(target, e); }
    io.out(safe(`${path.join(outDir, r.target)}: ${r.line}`));
  }
  io.out(safe(`${results.length} animation(s) at ${fps} fps (${why})`));
  return problems > 0 ? EXIT_ERRORS : EXIT_OK;
}
