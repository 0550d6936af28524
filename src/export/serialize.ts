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
import type { SampleStream, SampledTrack } from '../kinds/sample';

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

/** Chunks of about this many characters. */
const CHUNK = 1 << 16;

function hasStreamed(value: object): boolean {
  for (const v of Object.values(value)) if (v instanceof StreamedArray) return true;
  return false;
}

/** A plain object or array (no toJSON): what `openDepth` opens. */
function isOpenable(v: unknown): v is object {
  return v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON !== 'function' && !ArrayBuffer.isView(v);
}

export interface JsonChunkOptions {
  /** JSON.stringify's indent (0: compact). */
  indent?: number;
  /**
   * Plain objects and arrays nested less deep than this (the document is depth 0) are written
   * member by member, so a large document never becomes one string; deeper values are written
   * whole. Default 0: only StreamedArrays and the objects holding them are opened.
   */
  openDepth?: number;
  /** Called after each value written at depth `openDepth` (see {@link countWholeValues}): progress. */
  onWhole?(): void;
}

/**
 * The text of `JSON.stringify(value, null, indent)`, StreamedArray included, as chunks of about
 * 64 KiB: a consumer may pause (or stop) between chunks.
 */
export function* jsonChunks(value: unknown, options: JsonChunkOptions = {}): Generator<string, void, undefined> {
  const indent = options.indent ?? 0;
  const openDepth = options.openDepth ?? 0;
  const onWhole = options.onWhole;
  let buffer = '';
  const gap = ' '.repeat(indent);
  const newline = (depth: number): string => (indent ? '\n' + gap.repeat(depth) : '');

  /** A value JSON.stringify can write whole, placed at `depth` (its inner lines re-indented). */
  const whole = (v: unknown, depth: number): string | undefined => {
    const text = JSON.stringify(v, null, indent);
    if (text === undefined || !indent || depth === 0) return text;
    return text.replace(/\n/g, '\n' + gap.repeat(depth));
  };

  /** Writes `v` (false: nothing, as JSON.stringify leaves out undefined, functions, symbols); yields full buffers. */
  function* write(v: unknown, depth: number): Generator<string, boolean, undefined> {
    const wrote = yield* writeValue(v, depth);
    if (depth === openDepth) onWhole?.();
    return wrote;
  }

  function* writeValue(v: unknown, depth: number): Generator<string, boolean, undefined> {
    const streamedArray = v instanceof StreamedArray;
    const openArray = streamedArray || (Array.isArray(v) && depth < openDepth);
    if (openArray) {
      let first = true;
      for (const item of streamedArray ? v.items() : (v as unknown[])) {
        buffer += first ? '[' + newline(depth + 1) : ',' + newline(depth + 1);
        first = false;
        if (!(yield* write(item, depth + 1))) buffer += 'null';
        if (buffer.length >= CHUNK) { yield buffer; buffer = ''; }
      }
      buffer += first ? '[]' : newline(depth) + ']';
      return true;
    }
    if (isOpenable(v) && !Array.isArray(v) && (depth < openDepth || hasStreamed(v))) {
      let first = true;
      for (const [key, item] of Object.entries(v)) {
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        buffer += (first ? '{' : ',') + newline(depth + 1) + JSON.stringify(key) + (indent ? ': ' : ':');
        first = false;
        yield* write(item, depth + 1);
        if (buffer.length >= CHUNK) { yield buffer; buffer = ''; }
      }
      buffer += first ? '{}' : newline(depth) + '}';
      return true;
    }
    const text = whole(v, depth);
    if (text === undefined) return false;
    buffer += text;
    return true;
  }

  yield* write(value, 0);
  if (buffer) yield buffer;
}

/** How many values {@link jsonChunks} writes at depth `openDepth` (its `onWhole` calls): a progress total. */
export function countWholeValues(value: unknown, openDepth: number): number {
  const count = (v: unknown, depth: number): number => {
    if (depth === openDepth) return 1;
    if (Array.isArray(v) || v instanceof StreamedArray) {
      let n = 0;
      for (const item of Array.isArray(v) ? v : v.items()) n += count(item, depth + 1);
      return n;
    }
    if (isOpenable(v)) {
      let n = 0;
      for (const item of Object.values(v)) if (item !== undefined && typeof item !== 'function' && typeof item !== 'symbol') n += count(item, depth + 1);
      return n;
    }
    return 0;
  };
  return count(value, 0);
}

/** The chunks, then the newline that ends a JSON file. */
export function* withNewline(chunks: Iterable<string>): Iterable<string> {
  yield* chunks;
  yield '\n';
}

/**
 * Writes `value` to `sink` exactly as `JSON.stringify(value, null, indent)` would (indent 0:
 * compact), StreamedArray included, in chunks of about 64 KiB.
 */
export function writeJson(value: unknown, sink: (chunk: string) => void, indent = 0): void {
  for (const chunk of jsonChunks(value, { indent })) sink(chunk);
}

/** The sample contract's text, wherever it goes (standard output, `sample -o`, Export Sampled Curves): compact, then a newline. */
export function sampleJsonText(stream: SampleStream): Iterable<string> {
  return withNewline(jsonChunks(sampleDocument(stream)));
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
