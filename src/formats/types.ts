/**
 * The one result every view works from: plain data for the sampler, the field tree with spans,
 * and the diagnostics. No `vscode`, no DOM. Each format's own data types live in its folder;
 * the union of them all (`AnimData`) is decoders.ts's.
 */
import type { Diagnostic } from './binary/diagnostics';
import type { FieldNode } from './binary/fields';
import type { ModelData } from './model/types';
import type { AnimData, AnimFormat } from './decoders';

export type { AnimData, AnimFormat } from './decoders';

export interface ContainerInfo {
  kind: 'yaz0';
  compressedSize: number;
  decompressedSize: number;
}

export interface DecodedFile {
  /** An animation format, `model` (BMD/BDL), or `unknown`. */
  format: AnimFormat | 'model' | 'unknown';
  /** File name the decode was asked for (base name or archive path). */
  fileName: string;
  /** The bytes every span refers to (decompressed when `container` is set). */
  bytes: Uint8Array;
  /** Set when the input was Yaz0-compressed: spans refer to the decompressed bytes. */
  container?: ContainerInfo;
  /** Root of the field tree (path ''). */
  root: FieldNode;
  diagnostics: Diagnostic[];
  /** Decoded as far as the bytes allowed; undefined when not even the header could be read. */
  anim?: AnimData;
  /** A model (format `model`): everything the preview needs, as far as the bytes allowed. */
  model?: ModelData;
}
