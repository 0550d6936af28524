/** What a file is, by its bytes (and, for MOTN, which has no magic, by its name). */
import { readFixedString } from './binary/fields';
import { looksLikeModel } from './model/magic';
import { AnimFormat, FORMAT_LIST, specOfJ3dType } from './registry';

export type DetectedKind = AnimFormat | 'model' | 'yaz0' | 'rarc' | 'unknown';

/** Base name of a path or archive path, with `/` or `\` separators. */
export function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}

/** The base name without a Yaz0 suffix (`motion.bin.szs` → `motion.bin`). */
function plainBaseName(name: string): string {
  return baseName(name).replace(/\.(szs|yaz0)$/i, '');
}

/** By magic first, then the formats without one: by name, then by a header plausibility check. */
export function detect(bytes: Uint8Array, name = ''): DetectedKind {
  const magic = readFixedString(bytes, 0, 4);
  if (magic === 'Yaz0') return 'yaz0';
  if (magic === 'RARC') return 'rarc';
  if (magic === 'J3D2' && looksLikeModel(bytes)) return 'model';
  if (magic === 'J3D1') return (specOfJ3dType(readFixedString(bytes, 4, 4))?.id as AnimFormat | undefined) ?? 'unknown';
  const base = plainBaseName(name);
  for (const spec of FORMAT_LIST) {
    if (spec.magic.kind === 'content' && spec.magic.name.test(base)) return spec.id as AnimFormat;
  }
  for (const spec of FORMAT_LIST) {
    if (spec.magic.kind === 'content' && spec.magic.looksLike(bytes)) return spec.id as AnimFormat;
  }
  return 'unknown';
}
