/**
 * Every diagnostic code the decoders can emit, with its default severity: the registry the
 * README, the Problems-panel severity setting and the tests check against.
 */
import { COMMON_CODES, DiagnosticCode } from './binary/diagnostics';
import { JSYSTEM_CODES } from './jsystem/container';
import { BCK_CODES } from './jsystem/bck';
import { BTK_CODES } from './jsystem/btk';
import { BRK_CODES } from './jsystem/brk';
import { MOTN_CODES } from './motn/codes';
import { ARCHIVE_CODES } from './archive/rarc';
import { ANY_ARCHIVE_CODES } from './archive/archive';
import { MODEL_CODES } from './model/codes';

export const INDEX_CODES: DiagnosticCode[] = [
  { code: 'INTERNAL_ERROR', severity: 'error', summary: 'A decoder failed unexpectedly; the rest of the file could not be decoded (please report it).' },
  { code: 'YAZ0_EMPTY', severity: 'error', summary: 'A Yaz0 stream produced no data.' },
  { code: 'FILE_TOO_LARGE', severity: 'error', summary: 'The file (or its decompressed data) is larger than any animation can be (64 MiB); it was not decoded.' },
];

export const ALL_CODES: readonly DiagnosticCode[] = [
  ...COMMON_CODES, ...INDEX_CODES, ...JSYSTEM_CODES, ...BCK_CODES, ...BTK_CODES, ...BRK_CODES, ...MOTN_CODES, ...ARCHIVE_CODES, ...ANY_ARCHIVE_CODES, ...MODEL_CODES,
];

const BY_CODE = new Map(ALL_CODES.map((c) => [c.code, c]));

export function describeCode(code: string): DiagnosticCode | undefined {
  return BY_CODE.get(code);
}
