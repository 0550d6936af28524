/**
 * `animscope gltf`, run: loaded by gltfCommand.ts when the command runs (glTF-Transform is not
 * evaluated by the other commands' start).
 * `animscope gltf MODEL [ANIMATION…] [--all] [--fps N] [--cubic] -o OUT.glb|OUT.gltf` (src/gltf/).
 * MODEL and ANIMATION may be archive paths. `--all` adds every animation beside the model (its
 * folder, or its folder inside the archive) that binds to it without an error.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from './args';
import { decode } from '../formats/index';
import { bindToModel } from '../kinds/binding';
import { isFileSync, readFileBytes } from '../formats/archive/node';
import { splitArchivePath } from '../formats/archive/archive-path';
import { listArchiveTree } from '../formats/archive/archive';
import { specOfName } from '../kinds/registry';
import { gameOf } from '../formats/game';
import { exportModelDocument, AnimationInput, GltfRefused } from '../gltf/exportModel';
import { writeGltf } from '../gltf/write';
import { animationName, DEFAULT_FPS, flavourOf } from '../gltf/names';
import { diagnosticLine } from './format';
import type { Diagnostic } from '../formats/binary/diagnostics';
import { readAnimationInput } from './input';
import { outputFileError } from './outputFile';
import { ModelInput, readModel } from './modelCommands';
import { keepsTracksInExtras } from '../gltf/trackExtras';
import { CliError, CliIO, EXIT_ERRORS, EXIT_OK, UsageError } from './output';


interface Siblings {
  /** Path segments of the model (through the archive) and the names beside it. */
  segments: string[];
  names: string[];
  /** Paths (as the CLI takes them) of the files beside the model. */
  paths: string[];
}

export function siblingsOf(modelArg: string): Siblings {
  if (isFileSync(modelArg)) {
    const dir = path.dirname(modelArg);
    let names: string[] = [];
    try { names = fs.readdirSync(dir).sort(); } catch { names = []; }
    const segments = path.resolve(modelArg).split(/[\\/]+/);
    return { segments, names, paths: names.filter((n) => n !== path.basename(modelArg)).map((n) => path.join(dir, n)) };
  }
  const split = splitArchivePath(modelArg, isFileSync);
  if (!split) return { segments: [], names: [], paths: [] };
  const inner = split.innerPath.split('/');
  const dir = inner.slice(0, -1).join('/').toLowerCase();
  const tree = listArchiveTree(readFileBytes(split.archivePath), { maxDepth: 4 });
  const here = tree.items.filter((i) => i.path.split('/').slice(0, -1).join('/').toLowerCase() === dir);
  const names = here.map((i) => i.entry.name);
  const paths = here.filter((i) => i.entry.kind === 'file' && i.path.toLowerCase() !== split.innerPath.toLowerCase())
    .map((i) => `${split.archivePath}/${i.path}`);
  return { segments: [...path.resolve(split.archivePath).split(/[\\/]+/), ...inner], names, paths };
}

/** A file's errors in one line: the first, and how many more (`animscope validate` / `info` lists them). */
function errorSummary(display: string, errors: readonly Diagnostic[], io: Pick<CliIO, 'err'>): void {
  if (!errors.length) return;
  io.err(`animscope gltf: ${diagnosticLine(display, errors[0])}` + (errors.length > 1 ? ` (and ${errors.length - 1} more error(s): \`animscope info\` lists them)` : ''));
}

export interface GltfInputs {
  input: ModelInput;
  animations: AnimationInput[];
  fps: number;
  /** Where the rate comes from (said in the summary line). */
  fpsWhy: string;
  /** Animations named on the command line that change nothing on a model. */
  problems: number;
}

/** The model, the animations (named, and with `all` every binding one beside it) and the rate. */
export function gatherGltfInputs(modelArg: string, animArgs: readonly string[], all: boolean, fpsText: string | undefined, io: Pick<CliIO, 'err'>): GltfInputs {
  const input = readModel(modelArg);
  const siblings = siblingsOf(modelArg);
  let fps: number;
  let fpsWhy: string;
  if (fpsText !== undefined) {
    fps = Number(fpsText);
    if (!(Number.isFinite(fps) && fps > 0 && fps <= 1000)) throw new UsageError(`--fps must be a number above 0 and at most 1000 (got ${JSON.stringify(fpsText)})`);
    fpsWhy = '--fps';
  } else {
    const game = gameOf(siblings.segments, siblings.names);
    fps = game?.fps ?? DEFAULT_FPS;
    fpsWhy = game ? `${game.name}: ${game.reason}` : 'default';
  }
  const animations: AnimationInput[] = [];
  let problems = 0;
  const add = (arg: string, explicit: boolean): void => {
    const a = readAnimationInput(arg);
    const file = decode(a.bytes, a.name);
    if (!file.anim) {
      if (explicit) throw new CliError(`${arg} is not an animation (${file.diagnostics.find((d) => d.severity === 'error')?.message ?? file.format})`);
      return;
    }
    const bound = bindToModel(file, input.model) ?? (keepsTracksInExtras(file.anim) ? { diagnostics: [] } : undefined);
    if (!bound) {
      if (explicit) { io.err(`animscope gltf: ${arg}: ${file.format.toUpperCase()} does not change a model; skipped`); problems++; }
      return;
    }
    const errors = bound.diagnostics.filter((d) => d.severity === 'error');
    if (!explicit && errors.length) return;
    const all = [...file.diagnostics.filter((x) => x.severity === 'error'), ...errors];
    errorSummary(arg, all, io);
    // What the editor and `pose` say when it is bound to another skeleton or materials it lacks.
    const warnings = explicit ? bound.diagnostics.filter((d) => d.severity === 'warning') : [];
    for (const d of warnings) io.err(`animscope gltf: ${diagnosticLine(arg, d)}`);
    if (all.length || warnings.length) problems++;
    animations.push({ name: animationName(a.display), anim: file.anim });
  };
  for (const arg of animArgs) add(arg, true);
  if (all) {
    for (const p of siblings.paths) {
      if (!specOfName(p) || animArgs.includes(p)) continue;
      try { add(p, false); } catch (e) { if (!(e instanceof CliError)) throw e; }
    }
  }
  return { input, animations, fps, fpsWhy, problems };
}

export async function gltfCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parse(args, {
    output: { type: 'string', short: 'o' }, all: { type: 'boolean' }, fps: { type: 'string' }, cubic: { type: 'boolean' },
  });
  if (positionals.length === 0) throw new UsageError('gltf needs a MODEL (and optionally animations)');
  const target = values.output as string | undefined;
  if (!target) throw new UsageError('gltf needs an output file: -o OUT.glb or -o OUT.gltf');
  if (!flavourOf(target)) throw new UsageError(`the output must end in .glb or .gltf (got ${JSON.stringify(path.basename(target))})`);
  const [modelArg, ...animArgs] = positionals;
  const { input, animations, fps, fpsWhy, problems } = gatherGltfInputs(modelArg, animArgs, !!values.all, values.fps as string | undefined, io);
  const name = path.basename(modelArg.replace(/[\\/]+$/, ''));
  let result;
  try {
    result = exportModelDocument(name, input.bytes, input.model, animations, fps, { cubic: !!values.cubic });
  } catch (e) {
    if (e instanceof GltfRefused) throw new CliError(`${modelArg}: ${e.message}`, EXIT_ERRORS);
    throw e;
  }
  let written: string[];
  try {
    written = await writeGltf(result.doc, target);
  } catch (e) {
    throw outputFileError(target, e);
  }
  errorSummary(input.display, input.diagnostics.filter((d) => d.severity === 'error'), io);
  for (const note of result.notes) io.err(`animscope gltf: ${note}`);
  const m = input.model;
  io.out(`wrote ${written.map((w) => path.join(path.dirname(target), path.basename(w))).join(', ')}: ${m.joints.length} joint(s), ${m.shapes.length} shape(s), ` +
    `${result.model.materials.length} material(s), ${result.model.textures.filter(Boolean).length} texture(s), ${animations.length} animation(s) at ${fps} fps (${fpsWhy})`);
  return problems > 0 || input.diagnostics.some((d) => d.severity === 'error') ? EXIT_ERRORS : EXIT_OK;
}
