/** The hostile reproducers of ../shared/hostile (read-only, never copied into the repository). */
import * as fs from 'fs';
import * as path from 'path';
import { SAMPLES_DIR } from '../helpers';

export const HOSTILE_DIR = path.join(SAMPLES_DIR, '..', 'hostile');

export function hostilePath(name: string): string {
  return path.join(HOSTILE_DIR, name);
}

export function readHostile(name: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(hostilePath(name)));
}

export function listHostile(): string[] {
  return fs.readdirSync(HOSTILE_DIR).filter((n) => n !== 'README.md').sort();
}
