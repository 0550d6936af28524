/**
 * What a file is called, beside what it holds: the Yaz0 suffixes, the editor's glob patterns and the
 * other kinds of file the games' archives hold, which AnimScope names but does not decode.
 */

/** Base name of a path or archive path, with `/` or `\` separators. */
export function baseName(name: string): string {
  return name.split(/[\\/]/).pop() ?? name;
}

/** The icon of a kind of file in the Archive view and listings: a codicon and a theme colour id. */
export interface FormatIcon {
  codicon: string;
  color: string;
}

/**
 * Other files of the same archives that AnimScope names in listings but has no view for (they open
 * in the hex editor): told by their J3D magic where they have one, else by their extension.
 */
export interface KnownFileKind {
  id: string;
  label: string;
  title: string;
  filePatterns: readonly string[];
  /** `J3D1`/`J3D2` + this type at 0x04, when the file has a J3D header. */
  j3dType?: string;
  icon: FormatIcon;
}

const OTHER_FILE = { codicon: 'file-binary', color: 'descriptionForeground' };

export const KNOWN_FILE_KINDS = [
  { id: 'bti', label: 'BTI', title: 'GX texture', filePatterns: ['*.bti'], icon: { codicon: 'file-media', color: 'charts.green' } },
  { id: 'bls', label: 'BLS', title: 'cluster definitions (BLK/BLA targets)', filePatterns: ['*.bls'], j3dType: 'bls1', icon: OTHER_FILE },
  { id: 'bmt', label: 'BMT', title: 'J3D material table', filePatterns: ['*.bmt'], j3dType: 'bmt3', icon: OTHER_FILE },
  { id: 'bcsv', label: 'BCSV', title: 'JMap table (Galaxy)', filePatterns: ['*.bcsv', '*.tbl'], icon: { codicon: 'table', color: 'charts.foreground' } },
  { id: 'banmt', label: 'BANMT', title: 'animation table (Galaxy, BCSV)', filePatterns: ['*.banmt'], icon: { codicon: 'table', color: 'charts.foreground' } },
  { id: 'kcl', label: 'KCL', title: 'collision mesh', filePatterns: ['*.kcl'], icon: OTHER_FILE },
  { id: 'pa', label: 'PA', title: 'collision attributes (BCSV)', filePatterns: ['*.pa'], icon: OTHER_FILE },
  { id: 'canm', label: 'CANM', title: 'camera animation (Galaxy)', filePatterns: ['*.canm'], icon: { codicon: 'device-camera-video', color: 'charts.foreground' } },
  { id: 'bas', label: 'BAS', title: 'sound timing of an animation (Galaxy)', filePatterns: ['*.bas'], icon: { codicon: 'unmute', color: 'charts.foreground' } },
] as const satisfies readonly KnownFileKind[];

export type KnownFileKindId = (typeof KNOWN_FILE_KINDS)[number]['id'];

/** The known kind of a file AnimScope has no view for, by J3D type or by name. */
export function knownFileKind(bytes: Uint8Array, name: string): (KnownFileKind & { id: KnownFileKindId }) | undefined {
  const type = bytes.length >= 8 && bytes[0] === 0x4A && bytes[1] === 0x33 && bytes[2] === 0x44 ? String.fromCharCode(...bytes.subarray(4, 8)) : '';
  const base = baseName(name);
  const kinds: readonly (KnownFileKind & { id: KnownFileKindId })[] = KNOWN_FILE_KINDS;
  return kinds.find((k) => (k.j3dType !== undefined && k.j3dType === type) || k.filePatterns.some((p) => globMatches(p, base)));
}

/** Suffixes of Yaz0-compressed copies that open like the file itself. */
export const YAZ0_SUFFIXES = ['szs', 'yaz0'] as const;

/** A file pattern and its Yaz0-compressed variants (`*.bck`, `*.bck.szs`, `*.bck.yaz0`). */
export function withYaz0Suffixes(pattern: string): string[] {
  return [pattern, ...YAZ0_SUFFIXES.map((x) => `${pattern}.${x}`)];
}

/** Compiled patterns (an archive listing asks for every entry, pattern by pattern). */
const globs = new Map<string, RegExp>();

/** `*` matches any run of characters; everything else literally (case-insensitive). */
export function globMatches(pattern: string, name: string): boolean {
  let re = globs.get(pattern);
  if (!re) {
    re = new RegExp('^' + pattern.toLowerCase().split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$');
    globs.set(pattern, re);
  }
  return re.test(name.toLowerCase());
}
