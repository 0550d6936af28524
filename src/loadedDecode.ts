/**
 * The webview's half of a `load`: it decodes the bytes the host sent, as the format the host
 * decoded them as, with the same decoder. Field trees and animations never cross as JSON (for
 * motion.bin that was 3 MB per load, and code-server stalled every webview while it went through).
 */
import { decode } from './formats/index';
import type { DecodedFile } from './formats/types';
import type { LoadedFile } from './protocol';

export function decodeLoaded(file: Pick<LoadedFile, 'bytes' | 'fileName' | 'format'>): DecodedFile {
  return decode(file.bytes, file.fileName, {
    decompressed: true,
    ...(file.format === 'unknown' ? {} : { format: file.format }),
  });
}
