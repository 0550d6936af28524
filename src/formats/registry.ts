/**
 * The one list of animation formats. Everything that varies by format (detection, decoding,
 * codes, tracks, groups, previews, summaries, model binding, the wire, the docs, package.json's
 * editor selectors, the export schema) asks the format's FormatSpec found here; nothing else in
 * the product lists formats or switches over them. The editor page asks pages.ts, the same list
 * of the specs' page halves: this one must hold exactly its formats, in its order (the type of
 * FORMATS says so, and test/unit/registry/pages.test.ts).
 *
 * Adding a format: its folder with a `page.ts` and a `spec.ts` (see docs/architecture.md), one
 * line here and one in pages.ts, then `npm run docs:registry` to regenerate the README tables, the
 * schema and package.json selectors.
 */
import type { DiagnosticCode } from './binary/diagnostics';
import { BCA } from './jsystem/bca/spec';
import { BCK } from './jsystem/bck/spec';
import { BLA } from './jsystem/bla/spec';
import { BLK } from './jsystem/blk/spec';
import { BPA } from './jsystem/bpa/spec';
import { BPK } from './jsystem/bpk/spec';
import { BRK } from './jsystem/brk/spec';
import { BTK } from './jsystem/btk/spec';
import { BTP } from './jsystem/btp/spec';
import { BVA } from './jsystem/bva/spec';
import { BXA } from './jsystem/bxa/spec';
import { BXK } from './jsystem/bxk/spec';
import { MOTN } from './motn/spec';
import { AnimData, AnimFormat, FORMAT_IDS, isAnimFormat } from './pages';
import type { FormatFamily, FormatIcon, FormatSpec } from './spec';

export { FORMAT_IDS, isAnimFormat };
export type { AnimData, AnimFormat };

export const FORMATS = {
  bck: BCK,
  btk: BTK,
  brk: BRK,
  bca: BCA,
  bpk: BPK,
  bpa: BPA,
  btp: BTP,
  bva: BVA,
  blk: BLK,
  bla: BLA,
  bxk: BXK,
  bxa: BXA,
  motn: MOTN,
} as const satisfies { readonly [F in AnimFormat]: FormatSpec<Extract<AnimData, { format: F }>> };

/** A spec whose facets take any format's data (each spec only ever gets its own). */
export type AnySpec = FormatSpec<AnimData>;

/** Every format, in the registry's order (which is the order of the docs and the selectors). */
export const FORMAT_LIST: readonly AnySpec[] = Object.values(FORMATS) as unknown as readonly AnySpec[];

export function specOf(format: AnimFormat): AnySpec {
  return FORMATS[format] as unknown as AnySpec;
}

/** The spec of a decoded animation. */
export function specFor(anim: AnimData): AnySpec {
  return specOf(anim.format);
}

/** The spec whose J3D type (`bck1`) this is. */
export function specOfJ3dType(type: string): AnySpec | undefined {
  return FORMAT_LIST.find((s) => s.magic.kind === 'j3d' && s.magic.type === type);
}

/** The families in registry order, each with its formats. */
export function families(): { family: FormatFamily; formats: AnySpec[] }[] {
  const out: { family: FormatFamily; formats: AnySpec[] }[] = [];
  for (const spec of FORMAT_LIST) {
    let entry = out.find((e) => e.family === spec.family);
    if (!entry) out.push(entry = { family: spec.family, formats: [] });
    entry.formats.push(spec);
  }
  return out;
}

/** The codes the animation decoders emit, per family (the family's own, then each format's). */
export function animationCodeSections(): { heading: string; codes: DiagnosticCode[] }[] {
  return families().map(({ family, formats }) => ({
    heading: formats.length > 1 || formats[0].label !== family.label
      ? `${family.label} (${formats.map((f) => f.label).join(', ')})` : family.label,
    codes: [...family.codes, ...formats.flatMap((f) => f.codes)],
  }));
}

/**
 * Models (BMD/BDL) open in the same editor — its 3D view and texture gallery instead of curves —
 * and are what animations bind to; they are not animations (no tracks, nothing to sample).
 */
export const MODEL_KIND = {
  id: 'model',
  label: 'BMD/BDL',
  title: 'J3D model',
  filePatterns: ['*.bmd', '*.bdl'],
  icon: { codicon: 'symbol-structure', color: 'charts.yellow' },
} as const;

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
  const base = name.split(/[\\/]/).pop() ?? name;
  const kinds: readonly (KnownFileKind & { id: KnownFileKindId })[] = KNOWN_FILE_KINDS;
  return kinds.find((k) => (k.j3dType !== undefined && k.j3dType === type) || k.filePatterns.some((p) => globMatches(p, base)));
}

/** Suffixes of Yaz0-compressed copies that open like the file itself. */
export const YAZ0_SUFFIXES = ['szs', 'yaz0'] as const;

/** The editor's selectors: every format's patterns, each also with its Yaz0 suffixes. */
export function editorFilePatterns(): string[] {
  return [...FORMAT_LIST.flatMap((s) => s.filePatterns), ...MODEL_KIND.filePatterns].flatMap((p) => [p, ...YAZ0_SUFFIXES.map((x) => `${p}.${x}`)]);
}

/** How a format is named to people (`BCK`, `MOTN`, `BMD/BDL`, `BCSV`, `archive`, `—` for unknown): listings, `info`. */
export function formatLabel(format: string): string {
  if (format === MODEL_KIND.id) return MODEL_KIND.label;
  if (isAnimFormat(format)) return specOf(format).label;
  const known = KNOWN_FILE_KINDS.find((k) => k.id === format);
  if (known) return known.label;
  return format === 'unknown' ? '—' : format === 'archive' || format === 'folder' ? format : format.toUpperCase();
}

/** The spec a file name belongs to by its patterns (`Wait.bck`, `motion.bin.szs`), if any. */
export function specOfName(name: string): AnySpec | undefined {
  const base = (name.split(/[\\/]/).pop() ?? name).toLowerCase();
  return FORMAT_LIST.find((s) => s.filePatterns.some((p) => [p, ...YAZ0_SUFFIXES.map((x) => `${p}.${x}`)].some((q) => globMatches(q, base))));
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
