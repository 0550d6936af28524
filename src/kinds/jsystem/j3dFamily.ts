/**
 * The J3D family of the host specs (FORMATS.md §1): its codes gather every shared check's, so it
 * stands apart from family.ts, which the decoders import (the page, reading a BCK's joints with
 * the decoder's reader, then needs none of the checks' modules).
 */
import type { FormatFamily } from '../spec';
import { J3D_BINDING_CODES } from './binding';
import { COLOUR_CODES } from '../../formats/jsystem/colour';
import { JSYSTEM_CODES } from '../../formats/jsystem/container';
import { FULL_TRACK_CODES } from '../../formats/jsystem/fulltrack';
import { VERTEX_COLOUR_CODES } from '../../formats/jsystem/vtxcolour';

/** The container's codes, then the checks several kinds share (full tracks, colours, vertex colours, bindings). */
export const J3D_FAMILY: FormatFamily = { id: 'j3d', label: 'J3D', codes: [...JSYSTEM_CODES, ...FULL_TRACK_CODES, ...COLOUR_CODES, ...VERTEX_COLOUR_CODES, ...J3D_BINDING_CODES], endian: 'big' };
