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
import { bindJointNodes, DEFAULT_TOLERANCES, importJoints, ImportNote, ImportRefused } from '../import/importJoints';
import { hasTrackExtras, importTracks, TRACK_KINDS } from '../import/importTracks';
import { grouped } from '../formats/binary/text';
import { safe } from './format';
import { siblingsOf } from './gltfRun';
import { readModel } from './modelCommands';
import { outputFileError, outputFolder, writeFileAtomic } from './outputFile';
import { CliError, CliIO, EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE, fsReason, UsageError } from './output';
import { nodeFiles } from './archiveCommands';

/** What `--kinds` may name: joints to BCK or BCA, the rest from their tracks in AnimScope's extras. */
const KINDS: readonly string[] = ['bck', 'bca', ...TRACK_KINDS];

function numberOption(text: string | undefined, name: string, ok: (v: number) => boolean, what: string): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (!Number.isFinite(v) || !ok(v)) throw new UsageError(`${name} must be ${what} (got ${JSON.stringify(text)})`);
  return v;
}

/** A file name for an animation: its name with characters no file system takes replaced. */
export function fileBase(name: string, index: number): string {
  const base = name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '_').slice(0, 120);
  return base || `animation${index}`;
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
  const results: { target: string; bytes: Uint8Array; line: string }[] = [];
  const used = new Set<string>();
  const place = (anim: GltfAnimationData, i: number, ext: string): string => {
    // the export names the second of two same-named animations `Hit.btp`: that is Hit.btp again
    const stem = fileBase(anim.name.endsWith(`.${ext}`) ? anim.name.slice(0, -ext.length - 1) : anim.name, i);
    let base = `${stem}.${ext}`;
    for (let k = 2; used.has(base.toLowerCase()); k++) base = `${stem}.${k}.${ext}`;
    used.add(base.toLowerCase());
    return base;
  };
  const refusedAs = <T>(run: () => T): T => {
    try { return run(); } catch (e) { if (e instanceof ImportRefused) throw new CliError(e.message); throw e; }
  };
  chosen.forEach((anim, i) => {
    const format = anim.j3d?.format;
    const loopMode = typeof anim.j3d?.loopMode === 'number' && Number.isInteger(anim.j3d.loopMode) && anim.j3d.loopMode >= 0 && anim.j3d.loopMode <= 255 ? anim.j3d.loopMode : loop;
    // a kind that is not joints comes back from its tracks in the extras
    if (format && (TRACK_KINDS as readonly string[]).includes(format)) {
      if (!kinds.includes(format)) return;
      if (!hasTrackExtras(anim.j3d)) {
        report(anim.name, { severity: 'warning', code: 'IMPORT_KIND', message: `exported from a ${format.toUpperCase()} without its tracks in extras.j3d (an older export?): export it again to import it` });
        return;
      }
      const r = refusedAs(() => importTracks(anim.name, anim.j3d!, model, { loopMode, tolerances }));
      for (const n of r.notes) report(anim.name, n);
      const errors = Object.entries(r.maxError).map(([unit, e]) => `${e.toPrecision(3)} ${unit}`).join(', ');
      results.push({ target: place(anim, i, format), bytes: r.bytes, line: `${r.duration} frame(s), ${grouped(r.keyCount)} key(s)/run(s); largest error ${errors || 'none'}` });
      return;
    }
    const out = format === 'bca' && kinds.includes('bca') ? 'bca' : 'bck';
    if (!kinds.includes(out)) return;
    const animated = new Set(anim.channels.map((c) => c.node));
    const binding = bindJointNodes(model, gltf, animated, !!values['by-order']);
    for (const n of binding.notes) report(anim.name, n);
    const r = refusedAs(() => importJoints(model, gltf, anim, binding.nodeOf, { fps, loopMode, tolerances, format: out }));
    const e = r.maxError;
    results.push({ target: place(anim, i, out), bytes: r.bytes, line: `${r.duration} frame(s), ${grouped(r.keyCount)} ${out === 'bca' ? 'run(s)' : `key(s), rotation fraction ${r.rotationFraction}`}; ` +
      `largest error after quantising ${e.rotation.toPrecision(3)}°, ${e.translation.toPrecision(3)} units, ${e.scale.toPrecision(3)} scale` });
  });
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
