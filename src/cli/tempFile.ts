/**
 * Files written by the CLI's file system (`extract`, `textures`): into a temporary file next to
 * the target, renamed over it once complete, so a failed write (disk full, a decompression that
 * throws) leaves neither a partial file nor the temporary one behind.
 */
import * as fs from 'fs';
import * as path from 'path';

/** Writes one chunk; called in order. */
export type ChunkWriter = (chunk: Uint8Array) => void;

let counter = 0;

/** A short name in the target's folder (a long target name plus a suffix could pass the 255-byte limit). */
function tempNameFor(target: string): string {
  return path.join(path.dirname(target), `.animscope-${process.pid}-${++counter}.tmp`);
}

/**
 * Creates `target` (replacing a file there) with what `produce` writes, through a temporary file
 * renamed into place. Throws fs errors (and whatever `produce` throws) after removing the
 * temporary file.
 */
export function writeFileViaTemp(target: string, produce: (write: ChunkWriter) => void): void {
  const temp = tempNameFor(target);
  // 'wx': never opens something that exists (a symlink planted under the temporary name included).
  let fd: number | undefined = fs.openSync(temp, 'wx', 0o666);
  try {
    const handle = fd;
    produce((chunk) => {
      for (let done = 0; done < chunk.length;) done += fs.writeSync(handle, chunk, done, chunk.length - done);
    });
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(temp, target);
  } catch (e) {
    if (fd !== undefined) {
      try { fs.closeSync(fd); } catch { /* already failing */ }
    }
    try { fs.unlinkSync(temp); } catch { /* nothing left to remove */ }
    throw e;
  }
}
