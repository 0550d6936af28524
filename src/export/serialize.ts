/**
 * How JSON documents are written to files: `animscope export -o`, `animscope sample -o` and the
 * editor's "Export to JSON" / "Export Sampled Curves" all use this, so the same file gives
 * byte-identical output from the CLI and from VS Code.
 *
 * Large documents (the sample contract) are written as a stream: {@link writeJson} produces
 * exactly the text of `JSON.stringify(value, null, indent)`, in chunks, pulling the elements of
 * a {@link StreamedArray} one at a time, so no whole-document string (V8 caps strings at
 * 512 MiB) and no whole document in memory.
 */
import type { SampleStream, SampledTrack } from '../anim/sample';

/** One-space indentation and a trailing newline (stdout output stays compact: see the CLI). */
export function jsonFileText(value: unknown): string {
  return JSON.stringify(value, null, 1) + '\n';
}

/**
 * An array whose elements are produced when written (a generator). It must be a property of a
 * plain object or an element of another StreamedArray to be streamed; anywhere else
 * JSON.stringify writes it whole through toJSON.
 */
export class StreamedArray<T = unknown> {
  constructor(readonly items: () => Iterable<T>) {}
  toJSON(): T[] {
    return [...this.items()];
  }
}

/** Flushes to `sink` in chunks of about this many characters. */
const CHUNK = 1 << 16;

function hasStreamed(value: object): boolean {
  for (const v of Object.values(value)) if (v instanceof StreamedArray) return true;
  return false;
}

/**
 * Writes `value` to `sink` exactly as `JSON.stringify(value, null, indent)` would (indent 0:
 * compact), StreamedArray included, in chunks of about 64 KiB.
 */
export function writeJson(value: unknown, sink: (chunk: string) => void, indent = 0): void {
  let buffer = '';
  const emit = (text: string): void => {
    buffer += text;
    if (buffer.length >= CHUNK) {
      sink(buffer);
      buffer = '';
    }
  };
  const gap = ' '.repeat(indent);
  const newline = (depth: number): string => (indent ? '\n' + gap.repeat(depth) : '');

  /** A value JSON.stringify can write whole, placed at `depth` (its inner lines re-indented). */
  const whole = (v: unknown, depth: number): string | undefined => {
    const text = JSON.stringify(v, null, indent);
    if (text === undefined || !indent || depth === 0) return text;
    return text.replace(/\n/g, '\n' + gap.repeat(depth));
  };

  const write = (v: unknown, depth: number): boolean => {
    if (v instanceof StreamedArray) {
      let first = true;
      for (const item of v.items()) {
        emit(first ? '[' + newline(depth + 1) : ',' + newline(depth + 1));
        first = false;
        if (!write(item, depth + 1)) emit('null');
      }
      emit(first ? '[]' : newline(depth) + ']');
      return true;
    }
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { toJSON?: unknown }).toJSON !== 'function' && hasStreamed(v)) {
      let first = true;
      for (const [key, item] of Object.entries(v)) {
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        emit((first ? '{' : ',') + newline(depth + 1) + JSON.stringify(key) + (indent ? ': ' : ':'));
        first = false;
        write(item, depth + 1);
      }
      emit(first ? '{}' : newline(depth) + '}');
      return true;
    }
    const text = whole(v, depth);
    if (text === undefined) return false;
    emit(text);
    return true;
  };

  write(value, 0);
  if (buffer) sink(buffer);
}

/** The sample contract as written by `animscope sample` (a StreamedArray per animation list and track list). */
export function sampleDocument(stream: SampleStream): object {
  const doc: { format: string; animations: StreamedArray; skipped?: string[] } = {
    format: stream.format,
    animations: new StreamedArray(function* () {
      for (const a of stream.animations()) {
        yield { name: a.name, duration: a.duration, loopMode: a.loopMode, tracks: new StreamedArray<SampledTrack>(a.tracks) };
      }
    }),
  };
  if (stream.skipped) doc.skipped = stream.skipped;
  return doc;
}
