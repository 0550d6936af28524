/**
 * The `animscope-archive:` URIs: how an entry of a game archive (nested ones included) is named.
 *
 * URI design (scheme `animscope-archive`):
 *
 *     animscope-archive:/<inner path>?<outer URI>
 *     animscope-archive:/TripodBossCore/Wait.btk?file%3A%2F%2F%2Fhome%2Fme%2FTripodBossCore.arc
 *
 *   - the query is the archive file's own URI, as a string (`Uri.parse(uri.query)` gives it back);
 *     any scheme, including this one (an archive URI naming a nested archive entry);
 *   - the path is `/` + the inner path, one segment per folder/entry name; the root (`/`) is the
 *     archive itself. RARC paths start with the root folder's name (`TripodBossCore/…`), PKS entries
 *     are at the top level (`/MOTION.BIN`). The base name of a file URI is the entry name, so the
 *     animation editor (which decodes by name) and the export commands see the inner name.
 *   - names that cannot be a path segment (empty, `.`/`..`, containing `/`, `\` or control
 *     characters: hostile archives) get a deterministic safe segment (`_` for each bad character,
 *     `(unnamed)`, a ` (2)` suffix for duplicates). Lookups are exact first, then case-insensitive
 *     (the game looks names up case-insensitively).
 *   - nested archives: an entry that is itself an archive is shown as a FOLDER (its entries below
 *     it: `/Outer/inner.arc/Inner/f.bck?<outer>`), opened lazily within a depth limit (8) and a
 *     decompression budget. `archiveBytes()` still returns its stored bytes for the archive editor.
 *     The equivalent "nested outer" form `/Inner/f.bck?<animscope-archive:/Outer/inner.arc?…>` is
 *     accepted too; the provider itself always hands out the flat form.
 */
import * as vscode from 'vscode';

export const ARCHIVE_SCHEME = 'animscope-archive';

/** The archive URI of `innerPath` (`/`-separated segments as the provider names them) in `outer`. */
export function archiveUri(outer: vscode.Uri, innerPath = ''): vscode.Uri {
  if (outer.scheme === ARCHIVE_SCHEME) {
    // flat form: a nested archive is a folder of its outer archive
    const base = outer.path.replace(/\/+$/, '');
    const rest = innerPath.split('/').filter((s) => s.length > 0).join('/');
    return outer.with({ path: rest ? `${base}/${rest}` : (base || '/') });
  }
  const segments = innerPath.split('/').filter((s) => s.length > 0);
  return vscode.Uri.from({ scheme: ARCHIVE_SCHEME, path: '/' + segments.join('/'), query: outer.toString() });
}

/**
 * The root of `outer` in the "nested outer" form (`/?<outer>`) even when `outer` is itself an
 * archive URI: for an archive entry the provider did not recognise as one (it lists as a file).
 */
export function nestedRootUri(outer: vscode.Uri): vscode.Uri {
  return vscode.Uri.from({ scheme: ARCHIVE_SCHEME, path: '/', query: outer.toString() });
}

/** The root (the archive as a folder) of `outer`. */
export function archiveRootUri(outer: vscode.Uri): vscode.Uri {
  return archiveUri(outer, '');
}

export interface ParsedArchiveUri {
  outer: vscode.Uri;
  /** Segments after the root; empty for the root. */
  segments: string[];
}

/** Splits an `animscope-archive:` URI; undefined when it is not one or its query is not a URI. */
export function parseArchiveUri(uri: vscode.Uri): ParsedArchiveUri | undefined {
  if (uri.scheme !== ARCHIVE_SCHEME || !uri.query) return undefined;
  let outer: vscode.Uri;
  try {
    outer = vscode.Uri.parse(uri.query, true);
  } catch {
    return undefined;
  }
  return { outer, segments: uri.path.split('/').filter((s) => s.length > 0) };
}

export function isArchiveUri(uri: vscode.Uri): boolean {
  return parseArchiveUri(uri) !== undefined;
}

/** The outermost real file (not an archive URI) a URI of this scheme reads from. */
export function outermostFile(uri: vscode.Uri): vscode.Uri {
  let u = uri;
  for (let i = 0; i < 64; i++) {
    const p = parseArchiveUri(u);
    if (!p) return u;
    u = p.outer;
  }
  return u;
}

/** `TripodBossCore.arc/TripodBossCore/Wait.btk`: the archive file's name and the inner path (display). */
export function displayPath(uri: vscode.Uri): string {
  const parts: string[] = [];
  let u = uri;
  for (let i = 0; i < 64; i++) {
    const p = parseArchiveUri(u);
    if (!p) break;
    parts.unshift(...p.segments);
    u = p.outer;
  }
  const base = u.path.split('/').pop() ?? '';
  return [base, ...parts].filter((s) => s.length > 0).join('/');
}

/** `dir` + `/` + `segment` (no doubled slash). */
export function joinPath(dir: string, segment: string): string {
  return dir.endsWith('/') ? dir + segment : `${dir}/${segment}`;
}
