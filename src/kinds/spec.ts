/**
 * What the product needs to know of one animation format: everything the CLI, the editor, the
 * webview, the exports and the docs ask of a format comes from its `FormatSpec` (in the format's
 * own folder), listed once in registry.ts. Pure: no `vscode`, no DOM.
 *
 * A spec has two halves: its `PageSpec` (page.ts: what the editor page runs — groups, previews,
 * the wire's unpack, the pose), listed in pages.ts, and the host's facets on top of it (spec.ts:
 * detection, decode, summary, the wire's pack, model binding, docs), listed in registry.ts. The
 * page's script bundles only the page halves, so it carries no decoder it does not run.
 *
 * A facet is required when forgetting it would fail silently (a picker with no groups, empty
 * curves); optional facets have a documented default.
 */
import type { MaterialBindingInfo } from '../anim/materials';
import type { AnimationApplier } from '../anim/poseState';
import type { JointChannels } from '../anim/skeleton';
import type { PlannedTrack } from '../anim/tracks';
import type { Diagnostic, DiagnosticCode } from '../formats/binary/diagnostics';
import type { Endian, FieldNode } from '../formats/binary/fields';
import type { ModelData } from '../formats/model/types';
import type { FormatIcon } from '../formats/fileKinds';
import type { FormatData, FormatDecoder } from '../formats/result';

export type { FormatData, FormatMagic } from '../formats/result';
export type { FormatIcon } from '../formats/fileKinds';

/** A family of formats sharing a container and its diagnostics (J3D, MOTN). */
export interface FormatFamily {
  id: string;
  /** README heading of its codes: `J3D` → "J3D (BCK, BTK, BRK)". */
  label: string;
  /** Codes every format of the family can emit (the container's, shared checks). */
  codes: readonly DiagnosticCode[];
  /** Byte order of every multi-byte field (J3D big, MOTN little): what a writer writes them in. */
  endian: Endian;
}

/** What the animation drives in a bound model (BMD/BDL; FORMATS.md §10.11). */
export type ModelTarget = 'joints' | 'materials' | 'shapes' | 'clusters' | 'vertexColours' | 'none';

/** The summary facts of one decoded animation (the rest of `Summary` is the file's). */
export interface FormatSummary {
  duration?: number;
  loopMode?: string;
  rotationFraction?: number;
  matrixMode?: string;
  /**
   * Ordered label → count; `declared` when the header declares more than the file holds (a
   * truncated table: "3 of 5 readable").
   */
  counts: [label: string, count: number, declared?: number][];
  /** Names from the file (untrusted: escape before display). */
  names: string[];
  /** The status bar's words after the format: `89 frames`, `loop` / `1559 sequences`. */
  headline: string[];
}

/** One group's colour swatch (BRK): which colour slot of which material. */
export interface ColourPreviewEntry {
  /** `C0`…`C3`, `K0`…`K3`. */
  slot: string;
  /** From the file (textContent only). */
  materialName: string;
  /** What the entry is (`register entry 0`), shown on hover. */
  title: string;
  /** Said when a value is outside 0..255 (`registers hold −1024..1023`); none when nothing to add. */
  rangeNote?: string;
  /** Notes on the entry itself (`C3 never reaches the hardware`). */
  notes: string[];
}

/** One group's texture-matrix preview (BTK). */
export interface TexMatrixPreviewEntry {
  materialName: string;
  texMtxIndex: number;
  center: [number, number, number];
  matrixMode: number;
}

/** One group's texture strip (BTP): the texture index at each frame of its one track. */
export interface TextureStripPreviewEntry {
  /** From the file (textContent only). */
  materialName: string;
  /** What the values replace: `TEXMAP0`. */
  slot: string;
  /** Frames 0 … duration − 1 are drawn (the game never shows frame `duration`). */
  duration: number;
}

/** The visibility chart (BVA): one row per shape, the selected group's row marked. */
export interface VisibilityPreviewEntry {
  /** The groups drawn as rows (a window around the selected one when there are many). */
  rows: { group: number; label: string }[];
  /** The group the preview is for. */
  selected: number;
  /** Groups not drawn. */
  hidden: number;
  duration: number;
}

/** One group's vertex-colour swatch (BXK/BXA): its colour and the colour-array entries it writes. */
export interface VertexColourPreviewEntry {
  /** `CLR0` / `CLR1`. */
  array: string;
  title: string;
  /** The entry's colour-array indices (the first ones when there are many). */
  indices: number[];
  /** How many indices the set holds in all. */
  indexCount: number;
  notes: string[];
}

/** The preview drawn beside a group's curves. */
export type PreviewSpec<A> =
  | { kind: 'none' }
  | { kind: 'colour'; entry(anim: A, group: number): ColourPreviewEntry | undefined }
  | { kind: 'textureMatrix'; entry(anim: A, group: number): TexMatrixPreviewEntry | undefined }
  | { kind: 'textureStrip'; entry(anim: A, group: number): TextureStripPreviewEntry | undefined }
  | { kind: 'visibility'; entry(anim: A, group: number): VisibilityPreviewEntry | undefined }
  | { kind: 'vertexColour'; entry(anim: A, group: number): VertexColourPreviewEntry | undefined };

/**
 * Groups: what the curve panel shows at once (a joint, a texture entry, a colour entry, a MOTN
 * sequence), numbered 0…count − 1 in file order. Planned one group at a time: a 65,535-joint BCK
 * is never planned whole to show joint 3.
 */
export interface GroupFacet<A> {
  /** The picker's label: `Joint`, `Entry`, `Colour`, `Sequence`. */
  noun: string;
  count(anim: A): number;
  /** Stable id for saved state and the picker (`joint:3`, `register:0`, `sequence:764`). */
  key(anim: A, group: number): string;
  /** The group of a key; undefined when the key is not this format's or out of range. */
  index(anim: A, key: string): number | undefined;
  /** Label without a model (names from the file inside: textContent only). */
  label(anim: A, group: number): string;
  /** The group's tracks, with paths and group numbers as in the whole file. */
  plan(anim: A, group: number): PlannedTrack[];
  /** The group shown first: the first that moves (a keyed track), else 0. */
  first(anim: A): number;
  /** The group a structure-tree path belongs to (selecting its row shows its curves). */
  ofPath(anim: A, path: string): number | undefined;
  duration(anim: A, group: number): number;
  loopMode(anim: A, group: number): number;
  /** Each group is an animation of its own (MOTN sequences): showing another resets the player. */
  separate?: boolean;
  /**
   * Separate groups: the group as one animation of the sample contract (`sample --animation NAME`,
   * Export Sampled Curves' picker); undefined when it cannot be sampled (a non-standard MOTN sequence).
   */
  animation?(anim: A, group: number): { name: string; frames: number; aliases: readonly string[] } | undefined;
}

/**
 * Groups whose tracks do not travel with the load message (MOTN: 17,818 tracks): the page asks for
 * one group's when it shows it. The page's half.
 */
export interface PageDeferredTracks<A> {
  /** True when the group's tracks are not there yet. */
  missing(anim: A, group: number): boolean;
  /** Attaches a part that arrived; false when it is malformed. */
  attach(anim: A, group: number, part: unknown): boolean;
}

/** Deferred tracks, both halves. */
export interface DeferredTracks<A> extends PageDeferredTracks<A> {
  /** Host: what to send for the group. */
  part(anim: A, group: number): unknown;
}

/** How the decoded data arrives in the webview: the page's half of the wire. */
export interface PageWireFacet<A> {
  /** The page's data from a payload; undefined when it is malformed. */
  unpack(payload: unknown): A | undefined;
}

/** How the decoded data crosses to the webview (structured clone; typed arrays stay typed). */
export interface WireFacet<A> extends PageWireFacet<A> {
  /** `root` and `bytes` are the decode's (big tables may be sent as their bytes). */
  pack(anim: A, root: FieldNode, bytes: Uint8Array): unknown;
}

/** What binding the animation to a model gives (offsets of diagnostics in the animation's bytes). */
export interface ModelBindResult {
  /** Per group, what it drives in the model, appended to the group's label (` · CoreLight`, ` → material 1`). */
  groupTargets: (string | null)[];
  /** BCK: per animation joint, the model joint's name (null past the model's joint count). */
  jointNames?: (string | null)[];
  /** BTK/BRK: one per entry. */
  materialBindings?: MaterialBindingInfo[];
  diagnostics: Diagnostic[];
}

/** What binding to a model means for the format, as the page knows it (no binding: that is the host's). */
export type PageModelFacet<A> =
  | {
    target: 'joints';
    /** What binding a model gives, for the "Bind Model…" hint. */
    purpose: string;
    /** The joint channels that pose the model's skeleton. */
    joints(anim: A): JointChannels;
  }
  | { target: Exclude<ModelTarget, 'joints' | 'none'>; purpose: string }
  | { target: 'none' };

/** Binds the animation to a model (`root`, `bytes`: the animation's decode, for offsets). */
export type ModelBind<A> = (anim: A, model: ModelData, root: FieldNode, bytes: Uint8Array) => ModelBindResult;

/** What binding to a model means for the format. */
export type ModelFacet<A> =
  | {
    target: 'joints';
    /** What binding a model gives, for the "Bind Model…" hint. */
    purpose: string;
    bind(anim: A, model: ModelData, root: FieldNode, bytes: Uint8Array): ModelBindResult;
    /** The joint channels that pose the model's skeleton. */
    joints(anim: A): JointChannels;
  }
  | {
    target: Exclude<ModelTarget, 'joints' | 'none'>;
    purpose: string;
    bind(anim: A, model: ModelData, root: FieldNode, bytes: Uint8Array): ModelBindResult;
  }
  | { target: 'none' };

/** One animation of a file, for the sample contract (J3D: the file; MOTN: each sequence). */
export interface SampleUnit {
  name: string;
  duration: number;
  loopMode: number;
}

/**
 * The page's half of a format (its `page.ts`): what the editor page runs on the data it unpacked.
 * Imports nothing that decodes (the page's bundle is measured: see docs/architecture.md).
 */
export interface PageSpec<A extends FormatData = FormatData> {
  /** Stable id: the `format` of the data, of exports and of the sample contract. */
  readonly id: A['format'];
  /** Short name shown everywhere: `BCK`. */
  readonly label: string;
  /** What it animates: `joint animation`. */
  readonly title: string;
  /** Set when the decoder was built from notes and synthetic files only: the UI says so. */
  readonly lessTested?: string;
  /** Every track of the animation (MOTN: of one sequence), in the sample contract's order. */
  readonly planTracks: (anim: A, sequence?: number) => PlannedTrack[];
  /** Said under the curves (MOTN: the interpolation is inferred). */
  readonly interpolationNote?: string;
  readonly groups: GroupFacet<A>;
  readonly deferred?: PageDeferredTracks<A>;
  readonly preview: PreviewSpec<A>;
  readonly model: PageModelFacet<A>;
  /** What it changes on a posed model at a frame (FORMATS.md §10.11); absent: nothing. */
  readonly apply?: AnimationApplier<A>;
  readonly wire: PageWireFacet<A>;
}

/** A whole format: its decoder (spread from its `decode.ts`), its page half (from its `page.ts`) and the host's facets. */
export interface FormatSpec<A extends FormatData = FormatData> extends PageSpec<A>, FormatDecoder<A> {
  readonly family: FormatFamily;
  readonly icon: FormatIcon;
  readonly deferred?: DeferredTracks<A>;
  readonly summarize: (anim: A) => FormatSummary;
  readonly model: ModelFacet<A>;
  readonly wire: WireFacet<A>;
  /** README's sample contract: the track paths in order, one line each. */
  readonly samplePaths: readonly string[];
  /** JSON schema of the export's `animation` value (schema/animscope-export.schema.json `definitions`). */
  readonly schema: object;
  /**
   * `animscope keys`: what the file's layout holds that the keys do not say, carried opaque so a
   * build from the keys lays the file out again (MOTN: data order and sharing, the extra data,
   * the sequences kept raw). Kinds whose layout follows from their keys have none.
   */
  readonly keysLayout?: (anim: A, bytes: Uint8Array) => KeysLayout;
  /**
   * `animscope keys`: what ties target `group` to the model and is not a track (material name,
   * texture-matrix index and centre, TEV colour id, texmap slot, colour-array indices) — editable
   * like the keys, needed to build the file. Kinds bound by position (joints, shapes) have none.
   */
  readonly keysBinding?: (anim: A, group: number) => Record<string, unknown> | undefined;
}

/** The keys form's `layout` values: one for the document, one per group (undefined: none). */
export interface KeysLayout {
  document: Record<string, unknown>;
  group: (index: number) => Record<string, unknown> | undefined;
}
