import * as fs from 'fs';
import * as path from 'path';
import { decompressEntry, extractAny, isAnyArchive, openAnyArchive } from '../../src/formats/archive/archive';
import { DiagnosticSink } from '../../src/formats/binary/diagnostics';

import { PROJECT_ROOT, SAMPLES_DIR } from '../paths';

export { PROJECT_ROOT, SAMPLES_DIR };

export function samplePath(relative: string): string {
  return path.join(SAMPLES_DIR, relative);
}

export function readSample(relative: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(samplePath(relative)));
}

/** Every sample file below `dir` (relative to the samples folder), sorted. */
export function listSamples(dir = '', filter: (name: string) => boolean = () => true): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of fs.readdirSync(path.join(SAMPLES_DIR, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (filter(entry.name)) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/** A real file: loose in the samples folder, or an entry of one of its archives (`archives/Kuribo.arc/Kuribo/Blink.btp`). */
export interface RealFile {
  /** Path relative to the samples folder, through the archive when inside one. */
  path: string;
  /** Base name (what decode() gets). */
  name: string;
  bytes: Uint8Array;
}

let cachedRealFiles: RealFile[] | undefined;

/**
 * Every real file of the shared samples: the loose ones and every file entry of every archive
 * (RARC, Yaz0-compressed or not; entries decompressed). Read once per test process.
 */
export function realFiles(): RealFile[] {
  if (cachedRealFiles) return cachedRealFiles;
  const out: RealFile[] = [];
  for (const rel of listSamples()) {
    if (rel.endsWith('.md')) continue;
    const bytes = readSample(rel);
    if (!isAnyArchive(bytes)) {
      out.push({ path: rel, name: path.basename(rel), bytes });
      continue;
    }
    const opened = openAnyArchive(bytes, new DiagnosticSink(), { detectEntries: false });
    for (const entry of opened.entries) {
      if (entry.kind !== 'file') continue;
      const data = decompressEntry(extractAny(opened, entry), new DiagnosticSink());
      out.push({ path: `${rel}/${entry.path}`, name: entry.name, bytes: data });
    }
  }
  return (cachedRealFiles = out);
}
