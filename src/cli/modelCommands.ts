/**
 * `animscope textures MODEL -o DIR` and `animscope pose MODEL [ANIMATION…] [--frame F]`.
 *
 * MODEL and ANIMATION may be archive paths (`Kuribo.arc/Kuribo/Kuribo.bdl`), Yaz0 or plain.
 * textures writes mip level 0 of every TEX1 texture as PNG under DIR; the file names come from
 * the model (untrusted): `<index>_<name with anything but A-Z a-z 0-9 . _ - replaced>.png`, so
 * a name can never leave DIR. pose prints one JSON object (shape documented in README.md).
 */
import * as path from 'path';
import type { PNG as PngClass } from 'pngjs';
import { parse } from './args';
import { DiagnosticSink } from '../formats/binary/diagnostics';
import type { Diagnostic } from '../formats/binary/diagnostics';
import { decompressYaz0, isYaz0 } from '../formats/archive/yaz0';
import { decode } from '../formats/index';
import { decodeModel, looksLikeModel } from '../formats/model/index';
import type { ModelData } from '../formats/model/types';
import { decodeModelTextures } from '../formats/model/tex1';
import { applyAnimation, initialState } from '../kinds/apply';
import { poseModel } from '../anim/pose';
import { nodeFiles } from './archiveCommands';
import { detectEntry } from '../formats/archive/archive';
import { bindToModel } from '../kinds/binding';
import { formatLabel } from '../kinds/registry';
import { diagnosticLine, jsonForTerminal, plural, safe } from './format';
import { readAnimationInput, readPathInput } from './input';
import { CliError, CliIO, Command, EXIT_ERRORS, EXIT_OK, fsReason, UsageError } from './output';
import { outputFolder } from './outputFile';

/** pngjs (with zlib, streams and assert) is loaded by `textures` only: every other command starts without it. */
function pngjs(): typeof PngClass {
  return (require('pngjs') as typeof import('pngjs')).PNG;
}

/** Models are bigger than animations can be, but still bounded (the largest GameCube course models are a few MiB). */
const MAX_MODEL_SIZE = 64 << 20;

export interface ModelInput {
  display: string;
  bytes: Uint8Array;
  model: ModelData;
  diagnostics: Diagnostic[];
}

export function readModel(arg: string): ModelInput {
  const input = readPathInput(arg, 'name a .bmd or .bdl file in it');
  const sink = new DiagnosticSink();
  let bytes = input.bytes;
  if (isYaz0(bytes)) bytes = decompressYaz0(bytes, sink, { maxSize: MAX_MODEL_SIZE });
  if (bytes.length > MAX_MODEL_SIZE) throw new CliError(`${arg} is larger than any model (${bytes.length} bytes)`);
  if (!looksLikeModel(bytes)) throw new CliError(notAModel(arg, bytes));
  const result = decodeModel(bytes, sink);
  if (!result.model) throw new CliError(`${arg}: the model could not be decoded (${sink.finish().find((d) => d.severity === 'error')?.message ?? 'no JNT1/SHP1'})`);
  return { display: arg, bytes, model: result.model, diagnostics: [...input.diagnostics, ...sink.finish()] };
}

/** Why `arg` is refused as a model: what it is instead, when it is something AnimScope knows. */
function notAModel(arg: string, bytes: Uint8Array): string {
  const { format } = detectEntry(bytes, arg);
  const what = format === 'unknown' ? 'not a BMD/BDL model (it does not start with J3D2bmd / J3D2bdl)'
    : format === 'archive' ? 'an archive, not a model: name the .bmd or .bdl inside it (`animscope ls` lists them)'
      : `a ${format.toUpperCase()} file, not a BMD/BDL model`;
  return `${arg} is ${what}`;
}

/** A file name from an untrusted texture name: no separators, no dots at the ends, bounded. */
export function textureFileName(index: number, name: string): string {
  const safe = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[.]+|[.]+$/g, '_').slice(0, 64);
  return `${index}_${safe || 'texture'}.png`;
}

/** `animscope textures`. */
export function texturesCommand(args: string[], io: CliIO): number {
  const { values, positionals } = parse(args, { output: { type: 'string', short: 'o' } });
  if (positionals.length !== 1) throw new UsageError(`textures takes exactly one MODEL (got ${positionals.length})`);
  const outDir = values.output as string | undefined;
  if (!outDir) throw new UsageError('textures needs an output folder: -o DIR');
  const input = readModel(positionals[0]);
  const sink = new DiagnosticSink();
  const decoded = decodeModelTextures(input.bytes, input.model.textures, sink);
  const files = io.files ?? nodeFiles;
  const root = outputFolder(files, outDir, 'write the textures into');
  let errors = 0;
  let written = 0;
  for (const t of decoded) {
    const header = input.model.textures[t.index];
    const level = t.levels[0];
    if (!level) {
      io.err(safe(`animscope textures: texture ${t.index} (${JSON.stringify(t.name)}, ${header.formatName} ${header.width}×${header.height}) cannot be decoded; skipped`));
      errors++;
      continue;
    }
    const target = path.join(root, textureFileName(t.index, t.name));
    if (files.lstat(target) === 'symlink' || files.lstat(target) === 'directory') {
      io.err(safe(`animscope textures: ${target} exists and is not a regular file; skipped`));
      errors++;
      continue;
    }
    const PNG = pngjs();
    const png = new PNG({ width: level.width, height: level.height });
    png.data = Buffer.from(level.rgba.buffer, level.rgba.byteOffset, level.rgba.byteLength);
    try {
      files.writeBytes(target, PNG.sync.write(png));
    } catch (e) {
      io.err(safe(`animscope textures: cannot write ${target}: ${fsReason(e)}; skipped`));
      errors++;
      continue;
    }
    written++;
    io.out(safe(`wrote ${path.join(outDir, path.basename(target))} (${header.formatName} ${level.width}×${level.height})`));
  }
  const diagnostics = [...input.diagnostics, ...sink.finish()];
  for (const d of diagnostics) io.out(diagnosticLine(input.display, d));
  io.out(safe(`${plural(written, 'texture')} written to ${outDir}${errors ? `, ${errors} skipped` : ''}`));
  return errors > 0 || diagnostics.some((d) => d.severity === 'error') ? EXIT_ERRORS : EXIT_OK;
}

const round = (v: number): number => (Number.isFinite(v) ? Math.round(v * 1e6) / 1e6 : 0);

/** `animscope pose`. */
export function poseCommand(args: string[], io: CliIO): number {
  const { values, positionals } = parse(args, { frame: { type: 'string' } });
  if (positionals.length === 0) throw new UsageError('pose needs a MODEL (and optionally animations)');
  const frameText = (values.frame as string | undefined) ?? '0';
  const frame = Number(frameText);
  if (frameText.trim() === '' || !Number.isFinite(frame)) throw new UsageError(`--frame needs a number (got ${JSON.stringify(frameText)})`);
  const [modelArg, ...animArgs] = positionals;
  const input = readModel(modelArg);
  const model = input.model;
  const state = initialState(model);
  // Said on stderr after the JSON; any of them makes the exit code 1.
  const problems: string[] = input.diagnostics.filter((d) => d.severity === 'error').map((d) => diagnosticLine(input.display, d));
  const animations = animArgs.map((arg) => {
    const a = readAnimationInput(arg);
    const file = decode(a.bytes, a.name);
    if (file.model) throw new CliError(`${arg} is a model, not an animation: pose takes one MODEL, then animations`);
    if (!file.anim) throw new CliError(`${arg} is not an animation (${file.diagnostics.find((d) => d.severity === 'error')?.message ?? file.format})`);
    return { arg, file, anim: file.anim };
  });
  for (const { arg, file, anim } of animations) {
    for (const d of file.diagnostics) if (d.severity === 'error') problems.push(diagnosticLine(arg, d));
    // What the editor says when this model is bound (MDL_JOINT_COUNT, MDL_MATERIAL_MISSING, …).
    const bound = bindToModel(file, model);
    for (const d of bound?.diagnostics ?? []) if (d.severity !== 'info' && d.severity !== 'hint') problems.push(diagnosticLine(arg, d));
    if (!applyAnimation(state, anim, frame)) problems.push(safe(`${arg}: ${formatLabel(file.format)} does not change a model pose; ignored`));
  }
  const posed = poseModel(model, state.locals);
  const joints = model.joints.map((j, i) => ({ name: j.name, world: Array.from(posed.world.subarray(i * 12, i * 12 + 12), round) }));
  const shapes = posed.shapes.map((s, i) => {
    const positions: number[][] = [];
    for (let v = 0; v < s.positions.length; v += 3) positions.push([round(s.positions[v]), round(s.positions[v + 1]), round(s.positions[v + 2])]);
    return { visible: state.shapeVisible[i] ?? true, positions };
  });
  const materials = state.materials.map((m) => ({
    name: m.name,
    color0: m.color0,
    texNumbers: m.texNumbers,
    tevColors: m.tevColors,
    konstColors: m.konstColors,
    texMatrices: m.texMatrices.map((t) => (t ? t.map(round) : null)),
  }));
  const name = path.basename(modelArg.replace(/[\\/]+$/, ''));
  io.out(jsonForTerminal({ model: name, frame, joints, shapes, materials }));
  for (const line of problems) io.err(`animscope pose: ${line}`);
  return problems.length > 0 ? EXIT_ERRORS : EXIT_OK;
}

export const TEXTURES: Command = {
  name: 'textures',
  synopsis: 'MODEL -o DIR',
  summary: 'every TEX1 texture of a BMD/BDL (mip 0) as PNG under DIR',
  help: `Decodes every texture of a model's TEX1 chunk (all GX formats: I4, I8, IA4, IA8, RGB565, RGB5A3,
RGBA8, C4, C8, C14X2 with their palettes, CMPR) and writes mip level 0 of each as PNG under DIR, named
<index>_<name>.png (names from the file are made safe; nothing is written outside DIR). Then the
model's diagnostics and a summary.

MODEL is a .bmd/.bdl, plain or Yaz0, or an archive path: Kuribo.arc/Kuribo/Kuribo.bdl

Options:
  -o, --output DIR    the folder to write to (created when missing)`,
  run: texturesCommand,
};

export const POSE: Command = {
  name: 'pose',
  synopsis: 'MODEL [ANIMATION…] [--frame F]',
  summary: 'joint matrices, posed vertices and material values at frame F, as JSON',
  help: `The model at frame F (raw track time, default 0) with the animations applied in order (later
files of the same target win): {model, frame, joints: [{name, world (3×4 row-major)}], shapes:
[{visible, positions: [[x,y,z], …] every display-list vertex in stream order}], materials: [{name,
color0, texNumbers, tevColors, konstColors, texMatrices}]}. BCK and BCA move joints, BTK sets texture
matrices, BRK TEV and konstant colours, BPK/BPA material colour 0, BTP texture numbers, BVA shape
visibility; kinds that change nothing on a model (MOTN) are reported and ignored.

MODEL and ANIMATION may be archive paths: Kuribo.arc/Kuribo/Kuribo.bdl Kuribo.arc/Kuribo/Walk.bck

Options:
  --frame F           the frame (a number; default 0)`,
  run: poseCommand,
};
