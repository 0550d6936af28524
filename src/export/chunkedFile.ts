/**
 * Writes a long text to a file a chunk at a time, so that the writer can show progress and stop:
 * into a temporary file beside the target, renamed over it at the end. Stopped (cancelled) or
 * failed, the temporary file is removed and the target is left as it was. Node only, no `vscode`.
 */
import { promises as fsp } from 'fs';
import * as path from 'path';

/** The writing was cancelled: nothing was written to the target. */
export class WriteCancelled extends Error {
  constructor(readonly target: string) {
    super(`writing ${path.basename(target)} was cancelled`);
  }
}

export interface ChunkedWriteOptions {
  /** Asked before each chunk: true stops the writing (WriteCancelled). */
  cancelled?(): boolean;
  /** After each chunk: characters written so far. */
  progress?(written: number): void;
}

/** The temporary sibling of `target` (hidden, unique to this process and moment). */
export function partialPath(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${Date.now().toString(36)}.part`);
}

/** Writes `chunks` to `target` (UTF-8); returns the characters written. */
export async function writeChunkedFile(target: string, chunks: Iterable<string>, options: ChunkedWriteOptions = {}): Promise<number> {
  const partial = partialPath(target);
  const file = await fsp.open(partial, 'w');
  let written = 0;
  let closed = false;
  try {
    for (const chunk of chunks) {
      if (options.cancelled?.()) throw new WriteCancelled(target);
      await file.write(chunk, null, 'utf8');
      written += chunk.length;
      options.progress?.(written);
    }
    if (options.cancelled?.()) throw new WriteCancelled(target);
    closed = true;
    await file.close();
    await fsp.rename(partial, target);
    return written;
  } catch (e) {
    if (!closed) await file.close().catch(() => undefined);
    await fsp.rm(partial, { force: true }).catch(() => undefined);
    throw e;
  }
}
