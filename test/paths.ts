/**
 * Where the tests find the project and the shared real game files, for every test tree (unit,
 * host, the chromium suites, benchmarks): one place, no absolute paths. The samples are
 * `$ANIMSCOPE_SAMPLES`, else `../shared/samples` beside the project root; read-only, never copied
 * into the repository.
 */
import * as path from 'path';

/** The project root (this file runs from out/test/, or from test/ under ts-node). */
export const PROJECT_ROOT = path.resolve(__dirname, __dirname.includes(`${path.sep}out${path.sep}`) ? '../..' : '..');

/** The shared real game files. */
export const SAMPLES_DIR = path.resolve(process.env.ANIMSCOPE_SAMPLES ?? path.join(PROJECT_ROOT, '../shared/samples'));
