/**
 * Every diagnostic code the decoders can emit, with its default severity: the registry the
 * README, the Problems-panel severity setting and the tests check against. The animation
 * formats' codes come from the format registry.
 */
import { COMMON_CODES, DiagnosticCode } from '../formats/binary/diagnostics';
import { animationCodeSections } from './registry';
import { ARCHIVE_CODES } from '../formats/archive/rarc';
import { ANY_ARCHIVE_CODES } from '../formats/archive/archive';
import { MODEL_CODES } from '../formats/model/codes';

export const INDEX_CODES: DiagnosticCode[] = [
  { code: 'INTERNAL_ERROR', severity: 'error', summary: 'A decoder failed unexpectedly; the rest of the file could not be decoded (please report it).' },
  { code: 'YAZ0_EMPTY', severity: 'error', summary: 'A Yaz0 stream produced no data.' },
  { code: 'FILE_TOO_LARGE', severity: 'error', summary: 'The file (or its decompressed data) is larger than any animation can be (64 MiB); it was not decoded.' },
];

/** The README's sections of the code table, in order. */
export function codeSections(): { heading: string; codes: readonly DiagnosticCode[] }[] {
  return [
    { heading: 'Any file', codes: [...COMMON_CODES, ...INDEX_CODES] },
    ...animationCodeSections(),
    { heading: 'Yaz0, RARC, PKS and gzip containers', codes: [...ARCHIVE_CODES, ...ANY_ARCHIVE_CODES] },
    { heading: 'Models (BMD/BDL) and binding', codes: MODEL_CODES },
  ];
}

export const ALL_CODES: readonly DiagnosticCode[] = codeSections().flatMap((s) => s.codes);

const BY_CODE = new Map(ALL_CODES.map((c) => [c.code, c]));

export function describeCode(code: string): DiagnosticCode | undefined {
  return BY_CODE.get(code);
}
