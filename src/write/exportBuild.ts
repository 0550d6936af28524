/**
 * `animscope build EXPORT.json`: an export document (schema v3, src/export/json.ts) back to the
 * file's bytes. The field tree's values are written at their spans into a zero-filled file of the
 * exported size, then the document's `rawBytes` (the bytes the values do not give back). An
 * unedited export builds to the bytes it came from; an edited value lands in its field.
 */
import type { Endian } from '../formats/binary/fields';
import { fail, integerAt, member, objectAt, stringAt } from './input';
import { applyRawRuns } from './rawBytes';
import { writeStructure } from './structure';

/** The schema version whose documents carry what a build needs (`rawBytes`, `file.endian`). */
export const BUILDABLE_SCHEMA_VERSION = 3;

/** Larger than any file the formats allow (a J3D file ≤ ~4 MiB, motion.bin 1.8 MB): a bound on what a document can make us allocate. */
export const MAX_BUILD_SIZE = 64 * 1024 * 1024;

export function isExportDocument(doc: Record<string, unknown>): boolean {
  return doc.structure !== undefined && doc.schemaVersion !== undefined;
}

export function buildFromExport(value: unknown): Uint8Array {
  const doc = objectAt(value, '');
  const version = integerAt(doc.schemaVersion, 'schemaVersion', 1, Number.MAX_SAFE_INTEGER);
  if (version !== BUILDABLE_SCHEMA_VERSION) {
    fail('schemaVersion', `version ${version} cannot be built (only ${BUILDABLE_SCHEMA_VERSION}: earlier exports leave out the bytes the fields do not give back); export the file again`);
  }
  const file = objectAt(doc.file, 'file');
  const size = integerAt(file.size, 'file.size', 0, MAX_BUILD_SIZE);
  if (file.endian === undefined) fail('file.endian', `missing: only animations can be built (this export is of a ${typeof file.format === 'string' ? file.format : 'file'})`);
  const endian = stringAt(file.endian, 'file.endian');
  if (endian !== 'big' && endian !== 'little') fail('file.endian', `expected "big" or "little", got ${JSON.stringify(endian)}`);
  const out = new Uint8Array(size);
  writeStructure(doc.structure, out, endian as Endian, 'structure');
  applyRawRuns(doc.rawBytes, out, member('', 'rawBytes'));
  return out;
}
