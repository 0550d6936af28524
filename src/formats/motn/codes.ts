/**
 * Stable diagnostic codes of the MOTN decoder (documented in README.md by the lead).
 * `TRUNCATED` (a structure running past the end of the bytes) is shared: see COMMON_CODES.
 */
import type { DiagnosticCode } from '../binary/diagnostics';

export const MOTN_CODES: DiagnosticCode[] = [
  { code: 'MOTN_FILE_SIZE', severity: 'error', summary: 'The file size at 0x10 does not match the real length (error when the file is shorter, warning when longer).' },
  { code: 'MOTN_HEADER_OFFSET', severity: 'error', summary: 'A header offset (sequence table, name table, motion data) lies outside the file or out of order.' },
  { code: 'MOTN_HEADER_BITS', severity: 'warning', summary: 'Unknown header bits are set (attributes above bit 11, or non-zero bytes in 0x14..0x1F).' },
  { code: 'MOTN_SEQUENCE_COUNT', severity: 'error', summary: 'The sequence count (attributes & 0xFFF) − 1 is zero, negative, or its tables overrun the next structure.' },
  { code: 'MOTN_SEQUENCE_OFFSET', severity: 'error', summary: 'A sequence data offset points outside the motion data or the file.' },
  { code: 'MOTN_EXTRA_OFFSET', severity: 'warning', summary: 'An "extra data" offset of the sequence table points outside the file.' },
  { code: 'MOTN_NAME_OFFSET', severity: 'error', summary: 'A name offset points outside the file, or a name has no terminating NUL.' },
  { code: 'MOTN_NON_STANDARD', severity: 'info', summary: 'A sequence has bit 15 set in its second header word and does not follow the block layout: kept raw, not decoded.' },
  { code: 'MOTN_BLOCK_OFFSET', severity: 'error', summary: 'Block offsets of a sequence header are out of order or point past the end of the file.' },
  { code: 'MOTN_BLOCK_OVERLAP', severity: 'error', summary: 'The content of a block runs past the start of the next block.' },
  { code: 'MOTN_BLOCK_GAP', severity: 'info', summary: 'Unused bytes between two blocks of a sequence beyond the usual 1-byte alignment pad.' },
  { code: 'MOTN_BLOCK_ALIGN', severity: 'warning', summary: 'Block 5 (or block 3 with 16-bit frame numbers) is not 2-byte aligned.' },
  { code: 'MOTN_BLOCK1_UNTERMINATED', severity: 'error', summary: 'The block 1 instruction list has no terminating 0 before block 2.' },
  { code: 'MOTN_INSTRUCTION', severity: 'warning', summary: 'A block 1 instruction has no channel bits, or bones are not in ascending order.' },
  { code: 'MOTN_KEY_COUNT', severity: 'error', summary: 'Key counts, frame numbers or halves of a track overrun the file; the sequence is cut there.' },
  { code: 'MOTN_FRAME_ORDER', severity: 'warning', summary: 'A frame number decreases, or exceeds the sequence length.' },
  { code: 'MOTN_BLOCK4_BITS', severity: 'hint', summary: 'Unused 2-bit fields at the end of a block 4 track are not zero.' },
  { code: 'MOTN_SEQUENCE_GAP', severity: 'info', summary: 'Bytes between the end of a sequence and the next one are referenced by no sequence.' },
  { code: 'MOTN_SEQUENCE_OVERLAP', severity: 'error', summary: 'A sequence runs past the start of the next sequence or of the build date.' },
  { code: 'MOTN_BUILD_DATE', severity: 'info', summary: 'No build date string was found at the end of the file.' },
  { code: 'MOTN_ALIASES', severity: 'info', summary: 'More than 256 names share one sequence: each sequence lists only the first 256 aliases.' },
  { code: 'MOTN_LIMIT', severity: 'error', summary: 'A sequence asks for more instructions, tracks and keys than the bytes before its block 4 can hold (3 per byte; its tracks are not decoded), or the file for more than its size can hold (decoding stopped).' },
];
