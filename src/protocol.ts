/**
 * Messages between the extension host and the webview. Shared by both sides (no `vscode`, no DOM).
 *
 * The webview never trusts what arrives (it is data derived from a file) and the host never trusts
 * what the webview sends: both validate with the `is…` functions below before acting.
 *
 *   webview ──ready──────────────► host        (script loaded, listener installed; sent on every (re)load)
 *   webview ◄──summary─────────── host        (decoded data; for now a summary)
 *   webview ──rendered───────────► host        (what it rendered: counts, for tests and telemetry-free checks)
 *   webview ──error──────────────► host        (the webview could not render a message)
 */

export const PROTOCOL_VERSION = 1;

/** A diagnostic as the webview shows it (strings come from the decoder, may quote file bytes). */
export interface SummaryDiagnostic {
  severity: 'error' | 'warning' | 'info' | 'hint';
  code: string;
  message: string;
  offset: number;
  length: number;
}

/** What the webview renders for now: a summary of the DecodedFile. */
export interface FileSummary {
  /** 'bck' | 'btk' | 'brk' | 'motn' | 'unknown' (kept a string: the webview does not import the decoders). */
  format: string;
  /** Base name of the file (from the file system, may contain anything). */
  fileName: string;
  /** Length of the bytes the decode worked on (decompressed when the file is Yaz0). */
  byteLength: number;
  /** Length of the file on disk. */
  fileByteLength: number;
  /** Set when the file was a Yaz0 container. */
  container?: 'yaz0';
  diagnosticsCount: number;
  /** The first diagnostics (at most SUMMARY_MAX_DIAGNOSTICS). */
  diagnostics: SummaryDiagnostic[];
  /** Names of the field tree's top-level nodes (root.children). */
  topLevelFields: string[];
}

export const SUMMARY_MAX_DIAGNOSTICS = 50;

export interface RenderCounts {
  /** Top-level field rows rendered. */
  fields: number;
  /** Diagnostic rows rendered. */
  diagnostics: number;
}

// ---- host → webview -------------------------------------------------------------------------
export interface SummaryMessage {
  type: 'summary';
  version: typeof PROTOCOL_VERSION;
  summary: FileSummary;
}
export type HostToWebview = SummaryMessage;

// ---- webview → host -------------------------------------------------------------------------
export interface ReadyMessage {
  type: 'ready';
  version: typeof PROTOCOL_VERSION;
}
export interface RenderedMessage {
  type: 'rendered';
  version: typeof PROTOCOL_VERSION;
  /** Echo of what was rendered, so the host can check it matches what it sent. */
  format: string;
  fileName: string;
  byteLength: number;
  counts: RenderCounts;
}
export interface ErrorMessage {
  type: 'error';
  version: typeof PROTOCOL_VERSION;
  message: string;
}
export type WebviewToHost = ReadyMessage | RenderedMessage | ErrorMessage;

// ---- validation -----------------------------------------------------------------------------
type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const isStr = (x: unknown): x is string => typeof x === 'string';
const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;
const isVersioned = (x: unknown): x is Obj => isObj(x) && x.version === PROTOCOL_VERSION && isStr(x.type);

const SEVERITIES: readonly string[] = ['error', 'warning', 'info', 'hint'];

function isSummaryDiagnostic(x: unknown): x is SummaryDiagnostic {
  return isObj(x) && isStr(x.severity) && SEVERITIES.includes(x.severity) &&
    isStr(x.code) && isStr(x.message) && isCount(x.offset) && isCount(x.length);
}

export function isFileSummary(x: unknown): x is FileSummary {
  return isObj(x) && isStr(x.format) && isStr(x.fileName) && isCount(x.byteLength) && isCount(x.fileByteLength) &&
    (x.container === undefined || x.container === 'yaz0') && isCount(x.diagnosticsCount) &&
    Array.isArray(x.diagnostics) && x.diagnostics.every(isSummaryDiagnostic) &&
    Array.isArray(x.topLevelFields) && x.topLevelFields.every(isStr);
}

function isRenderCounts(x: unknown): x is RenderCounts {
  return isObj(x) && isCount(x.fields) && isCount(x.diagnostics);
}

export function isHostToWebview(x: unknown): x is HostToWebview {
  if (!isVersioned(x)) return false;
  switch (x.type) {
    case 'summary': return isFileSummary(x.summary);
    default: return false;
  }
}

export function isWebviewToHost(x: unknown): x is WebviewToHost {
  if (!isVersioned(x)) return false;
  switch (x.type) {
    case 'ready': return true;
    case 'rendered': return isStr(x.format) && isStr(x.fileName) && isCount(x.byteLength) && isRenderCounts(x.counts);
    case 'error': return isStr(x.message);
    default: return false;
  }
}

// ---- constructors (typed, so both sides build well-formed messages) ----------------------------
export const msg = {
  ready: (): ReadyMessage => ({ type: 'ready', version: PROTOCOL_VERSION }),
  summary: (summary: FileSummary): SummaryMessage => ({ type: 'summary', version: PROTOCOL_VERSION, summary }),
  rendered: (s: Pick<FileSummary, 'format' | 'fileName' | 'byteLength'>, counts: RenderCounts): RenderedMessage =>
    ({ type: 'rendered', version: PROTOCOL_VERSION, format: s.format, fileName: s.fileName, byteLength: s.byteLength, counts }),
  error: (message: string): ErrorMessage => ({ type: 'error', version: PROTOCOL_VERSION, message }),
};
