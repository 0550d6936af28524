/** What a file is, by its bytes (and, for MOTN, which has no magic, by its name). */
import { readFixedString } from './binary/fields';
import { looksLikeModel } from './model/magic';
import { AnimFormat, DECODER_LIST, formatOfJ3dType } from './decoders';
import { baseName } from './fileKinds';

export { baseName };

export type DetectedKind = AnimFormat | 'model' | 'yaz0' | 'rarc' | 'unknown';

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
  if (magic === 'J3D1') return formatOfJ3dType(readFixedString(bytes, 4, 4)) ?? 'unknown';
  const base = plainBaseName(name);
  for (const d of DECODER_LIST) {
    if (d.magic.kind === 'content' && d.magic.name.test(base)) return d.id as AnimFormat;
  }
  for (const d of DECODER_LIST) {
    if (d.magic.kind === 'content' && d.magic.looksLike(bytes)) return d.id as AnimFormat;
  }
  return 'unknown';
}
