/**
 * detect(bytes, name) and decode(bytes, name) → DecodedFile: the single entry point the CLI,
 * the tests and the editor share.
 */
import { DiagnosticSink, hex } from './binary/diagnostics';
import { FieldNode, fieldNode, readFixedString } from './binary/fields';
import { fillGaps } from './binary/builder';
import { decompressYaz0, isYaz0 } from './archive/yaz0';
import { detect } from './detect';
import type { ModelData } from './model/types';
import { AnimData, AnimFormat, decoderOf, isAnimFormat } from './decoders';
import type { ContainerInfo, DecodedFile } from './types';

export { baseName, detect } from './detect';
export type { DetectedKind } from './detect';

/**
 * Spans refer to the decompressed bytes, but Yaz0 problems have offsets in the compressed
 * stream: those are pinned to offset 0 with the stream offset kept in the message.
 */
function relocatedToStart(target: DiagnosticSink): DiagnosticSink {
  const sink = new DiagnosticSink();
  sink.add = (severity, code, offset, _length, message) =>
    target.add(severity, code, 0, 0, `${message} (offset ${hex(offset)} of the compressed stream)`);
  return sink;
}

/**
 * Larger than any animation can be (the worst-case BCK, 65,535 joints, is 4 MiB; motion.bin 1.8 MB):
 * a bigger file, or Yaz0 data that would decompress to more, is not decoded. It bounds what the
 * editor reads and sends to its webview.
 */
export const MAX_ANIMATION_SIZE = 64 * 1024 * 1024;

/** What decode() says of a file of `size` bytes too large to read (the bytes are not needed). */
export function tooLargeFile(name: string, size: number): DecodedFile {
  const diagnostics = new DiagnosticSink();
  diagnostics.error('FILE_TOO_LARGE', 0, 0, `The file is ${size} bytes (${(size / 1048576).toFixed(1)} MiB), more than any animation ` +
    `can be (${MAX_ANIMATION_SIZE / 1048576} MiB): it was not read. Open it with a hex editor.`);
  const root = fieldNode('', 0, 0, 'file', undefined, []);
  return { format: 'unknown', fileName: name, bytes: new Uint8Array(0), root, diagnostics: diagnostics.finish() };
}

export interface DecodeOptions {
  /** Force a format (the editor's "Reopen With…" on a file without magic). */
  format?: AnimFormat;
}

/**
 * The model decoders (J3D chunks, textures: 15 modules, 2 MiB of a process's memory) load on the
 * first model: opening, validating or sampling an animation never needs them.
 */
function modelDecoder(): typeof import('./model/model') {
  return require('./model/model') as typeof import('./model/model');
}

/**
 * Decodes as far as the bytes allow. Never throws for any input. The result holds `input` (as
 * `bytes`, and its lazy fields read it when first used: BCK/BCA joints, MOTN tracks): leave it unchanged.
 */
export function decode(input: Uint8Array, name = '', options: DecodeOptions = {}): DecodedFile {
  const diagnostics = new DiagnosticSink();
  let bytes = input;
  let container: ContainerInfo | undefined;
  if (input.length > MAX_ANIMATION_SIZE) return tooLargeFile(name, input.length);
  if (isYaz0(input)) {
    bytes = decompressYaz0(input, relocatedToStart(diagnostics), { maxSize: MAX_ANIMATION_SIZE });
    container = { kind: 'yaz0', compressedSize: input.length, decompressedSize: bytes.length };
  }
  diagnostics.within(bytes.length);
  const detected = detect(bytes, name);
  const format: AnimFormat | undefined = options.format ?? (isAnimFormat(detected) ? detected : undefined);

  let root: FieldNode;
  let anim: AnimData | undefined;
  let model: ModelData | undefined;
  if (!options.format && detected === 'model') {
    const result = modelDecoder().decodeModel(bytes, diagnostics);
    root = result.root;
    model = result.model;
  } else if (format) {
    try {
      const result = decoderOf(format).decode(bytes, diagnostics);
      root = result.root;
      anim = result.anim;
    } catch (e) {
      // A decoder bug must still not take the editor down: report it as a diagnostic.
      diagnostics.error('INTERNAL_ERROR', 0, 0, `Decoder failure: ${e instanceof Error ? e.message : String(e)}`);
      root = fieldNode('', 0, bytes.length, 'file', undefined, []);
    }
  } else {
    const what = detected === 'rarc' ? 'a RARC archive (list it with `animscope ls`)' : `not a known animation (magic ${JSON.stringify(readFixedString(bytes, 0, 4))})`;
    diagnostics.error('UNKNOWN_FORMAT', 0, Math.min(8, bytes.length), `The data is ${what}.`);
    root = fieldNode('', 0, bytes.length, 'file', undefined, []);
  }
  root.name = '';
  root.path = '';
  root.offset = 0;
  root.size = bytes.length;
  fillGaps(root, bytes);
  if (container && container.decompressedSize === 0 && input.length > 0) {
    diagnostics.error('YAZ0_EMPTY', 0, 16, `Yaz0 stream at ${hex(0)} produced no data.`);
  }
  return {
    format: model ? 'model' : format ?? 'unknown', fileName: name, bytes, container, root, diagnostics: diagnostics.finish(), anim,
    ...(model ? { model } : {}),
  };
}
