import type { DiagnosticCode, DiagnosticSink } from './binary/diagnostics';
import type { FieldNode } from './binary/fields';

/** What a format decoder returns: the field tree (root path '') and the data it could decode. */
export interface FormatResult<T> {
  root: FieldNode;
  anim?: T;
}

/** Every format's data carries its id. */
export interface FormatData {
  format: string;
}

/** How the bytes are recognised. */
export type FormatMagic =
  /** `J3D1` at 0x00 and this type at 0x04 (`bck1`). */
  | { kind: 'j3d'; type: string }
  /** No magic (MOTN): by name (`motion*.bin`), else by a header plausibility check. */
  | { kind: 'content'; name: RegExp; looksLike(bytes: Uint8Array): boolean };

/**
 * An animation format at the byte level (its `decode.ts`): how its files are told and decoded.
 * decoders.ts lists them; the registry's whole spec (src/kinds) is built on one of these.
 */
export interface FormatDecoder<A extends FormatData = FormatData> {
  /** Stable id: the `format` of the data, of exports and of the sample contract. */
  readonly id: A['format'];
  readonly magic: FormatMagic;
  /** Editor selectors and listings; the Yaz0 variants (`.szs`, `.yaz0`) are added where they are used. */
  readonly filePatterns: readonly string[];
  readonly decode: (bytes: Uint8Array, diagnostics: DiagnosticSink) => FormatResult<A>;
  /** Codes only this format emits (its family's are the registry's). */
  readonly codes: readonly DiagnosticCode[];
}
