import * as fs from 'fs';
import * as path from 'path';

/** Project root (tests run from out/test/unit/…, sources live in test/unit/…). */
export const PROJECT_ROOT = path.resolve(__dirname, __dirname.includes(`${path.sep}out${path.sep}`) ? '../../..' : '../..');

/** The shared real game files, never copied into the repository. */
export const SAMPLES_DIR = path.resolve(PROJECT_ROOT, '../shared/samples');

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
