/**
 * Messages between the extension host and the webview. Shared by both sides (no `vscode`, no DOM).
 *
 * The webview never trusts what arrives (it is data derived from a file) and the host never trusts
 * what the webview sends: both validate with the `is…` functions below before acting.
 *
 *   webview ──ready──────────────► host   script loaded, listener installed (sent on every (re)load)
 *   webview ◄──load────────────── host   the decoded file: bytes, field tree (packed: src/packedTree.ts),
 *                                        diagnostics, summary, animation (animPayload.ts), and the bound
 *                                        model (joints, materials, bindings) when there is one
 *   webview ──loading────────────► host   a load arrived and is being rendered (the host stops worrying about it)
 *   webview ◄──fileDeleted──────── host   the file is gone from disk (the last decode stays visible)
 *   webview ◄──reveal───────────── host   select and show a byte range (Go to Offset…, Problems panel)
 *   webview ◄──settings─────────── host   settings changed (frame rate)
 *   webview ──requestTracks──────► host   the tracks of one group that did not travel with the load
 *                                        (MOTN sequences: FormatSpec.deferred)
 *   webview ◄──tracks───────────── host   the answer, with the request id
 *   webview ──requestCompanion───► host   an animation beside the file, to play with it on the model ("Also play")
 *   webview ◄──companion────────── host   the answer: that animation's payload (or why not), with the request id
 *   webview ──companionsChosen───► host   which of them are ticked (remembered per animation)
 *   webview ──rendered───────────► host   what it rendered (counts), after every load (and again when the 3D view changes): for tests and status
 *   webview ──selection──────────► host   the selected field/byte range (Go to Offset default, status bar)
 *   webview ──command────────────► host   a toolbar button asking for a host command (export, go to offset, bind model)
 *   webview ──error──────────────► host   the webview could not render a message
 *   webview ──edit───────────────► host   change the file (EditRequest[]; one undo step, labelled)
 *   webview ◄──editResult───────── host   applied (a `load` with keepView follows) or refused (one line why)
 *   webview ◄──editState────────── host   after every load and whenever it changes: editable (or why not), dirty, keyEdits
 *   webview ◄──view3d───────────── host   the 3D view's script (dist/view3d.js), before the first load with a model
 *   webview ──requestView3d──────► host   a load needs the 3D view and its script has not come: send it
 */
import type { Diagnostic } from '../formats/binary/diagnostics';
import type { Summary } from '../kinds/summary';
import { FORMAT_IDS } from '../kinds/pages';
import type { AnimFormat } from '../kinds/pages';
import type { ContainerInfo } from '../formats/types';
import type { AnimPayload } from './animPayload';
import type { ModelPayload } from './modelPayload';
import { MAX_MODEL_DIAGNOSTICS, ModelInfo, ModelJointInfo } from './modelInfo';
import type { MaterialBindingInfo } from '../anim/materials';
import { isPackedTree, PackedTree } from './packedTree';
import { isBool, isCount, isFiniteNum, isIndexList, isObj, isStr, isVec3, Obj } from '../formats/binary/guards';
import { renderableDiagnostics } from './diagnosticRepair';

export type { MaterialBindingInfo } from '../anim/materials';
export { MAX_MODEL_DIAGNOSTICS } from './modelInfo';
export { isDiagnostic } from './diagnosticRepair';
export type { ModelInfo, ModelJointInfo } from './modelInfo';

export const PROTOCOL_VERSION = 5;

export interface LoadedFile {
  /** Display name: base name, or the inner path for a file inside an archive. */
  fileName: string;
  format: AnimFormat | 'model' | 'unknown';
  /** The bytes every span refers to (decompressed when `container` is set). */
  bytes: Uint8Array;
  /** Length of the file as stored. */
  fileByteLength: number;
  container?: ContainerInfo;
  /** The decode's field tree (every span), packed. */
  tree: PackedTree;
  /** The decoder's, Yaz0's and the model binding's. */
  diagnostics: Diagnostic[];
  summary: Summary;
  anim?: AnimPayload;
  /**
   * For kinds whose groups' tracks stay behind (MOTN, FormatSpec.deferred): the tracks of the group
   * the page shows first, so that its first render needs no round trip (the page checks them as it
   * checks a requestTracks answer, and asks again if they do not fit).
   */
  firstPart?: { group: number; part: unknown };
  /** The model (BMD/BDL) the animation is bound to, when one was found or chosen (J3D formats only). */
  model?: ModelInfo;
  /** The 3D view's data: of the file itself when it is a model, else of the bound model (unpackModelPayload checks it). */
  modelPayload?: ModelPayload;
  /** With a model: the other animations beside the file that change a model, and whether each is ticked to play along. */
  companions?: Companion[];
  /**
   * Another animation whose curves the page draws under this file's (the glTF import's preview: the
   * file it would replace). `label` names it for the legend (a file name: textContent only).
   */
  reference?: { label: string; anim: AnimPayload };
  /** Start the player once the file is shown (the glTF import's preview: the user came to see it move). */
  play?: boolean;
  /** No model bound: the models found beside the animation (base names), so the page can offer "Bind Model…". */
  modelCandidates?: string[];
  /** A model remembered for this animation that cannot be used now (deleted, not a model): why. */
  modelError?: string;
  /**
   * A big file's start (loadsOf in loadedFile.ts): `bytes` holds only the first bytes of
   * `byteLength`, and the animation and the model's payload stay behind; a `rest` message brings
   * them. The page shows what needs no more (header, tree, hex) meanwhile.
   */
  partial?: { byteLength: number };
}

/** What a partial load left out (LoadedFile.partial): the whole bytes and what is built on them. */
export type RestOfFile = Pick<LoadedFile, 'fileName' | 'bytes' | 'anim' | 'firstPart' | 'modelPayload'>;

/** The whole load a partial one (`start`) and its rest make; undefined when the rest is not of it. */
export function wholeOf(start: LoadedFile, rest: RestOfFile): LoadedFile | undefined {
  if (!start.partial || rest.fileName !== start.fileName || rest.bytes.length !== start.partial.byteLength ||
    (rest.anim !== undefined && rest.anim.format !== start.format)) return undefined;
  const { partial, ...file } = start;
  const { anim, firstPart, modelPayload } = rest;
  return { ...file, bytes: rest.bytes, ...(anim ? { anim } : {}), ...(firstPart ? { firstPart } : {}), ...(modelPayload ? { modelPayload } : {}) };
}

/**
 * A load the page shows a 3D view for (the model view, or the skeleton standing in): it needs the
 * 3D view's script (View3dMessage), which the host sends before the first such load.
 */
export function needsView3d(file: Pick<LoadedFile, 'model' | 'modelPayload'>): boolean {
  return file.modelPayload !== undefined || file.model !== undefined;
}

/** The length of the decoded bytes (a partial load carries only their start). */
export function byteLengthOf(file: Pick<LoadedFile, 'bytes' | 'partial'>): number {
  return file.partial?.byteLength ?? file.bytes.length;
}

/** An animation beside the file ("Also play"): its base name and format, and whether it is ticked. */
export interface Companion {
  name: string;
  format: string;
  chosen: boolean;
}

/** Game frames per second when nothing else says (the page's settings until the first load arrives). */
export const DEFAULT_FRAME_RATE = 30;

export interface ViewSettings {
  /** Playback rate in game frames per second. */
  frameRate: number;
  /**
   * Where the rate comes from, for the player's label: the game it was recognised as (`Super Mario
   * Galaxy`), `setting` (animscope.playback.frameRate set by the user) or `default`.
   */
  frameRateSource?: string;
}

export interface RenderCounts {
  /** Field-tree rows the structure view can show at top level. */
  fields: number;
  diagnostics: number;
  /** Tracks drawn for the selected group. */
  tracks: number;
  /** Of those, how many have the reference's curve drawn under them (LoadedFile.reference). */
  referenceTracks?: number;
  /** Groups the curve view offers (joints, entries, sequences). */
  groups: number;
  /** With a bound model: what the page shows of it. */
  model?: RenderedModel;
  /** The "remembered model cannot be used" text the page shows. */
  modelError?: string;
  /** The playback rate the player uses (game frames per second). */
  frameRate: number;
  /** With a model payload: what the 3D view shows (sent again when it changes: companions ticked, context lost). */
  modelView?: RenderedModelView;
}

/** The 3D view's state, as the page reports it. */
export interface RenderedModelView {
  /** 'ready' (drawing), 'no-webgl2' / 'context-lost' (the skeleton stands in), 'failed' (the payload could not be used), 'empty'. */
  status: string;
  /** Shapes drawn in the last frame. */
  shapesDrawn: number;
  /** Ticked "Also play" animations applied to the pose (loaded and of a kind that changes a model). */
  companionsApplied: number;
  /** Textures the texture gallery lists (model files). */
  textures?: number;
}

export interface RenderedModel {
  fileName: string;
  /** BCK: the joint names the group picker shows (one per animation joint; '' for none). */
  jointNames: string[];
  /** BCK: bone segments of the posed skeleton (the stick view, or the 3D view's skeleton overlay when that draws); 0 without one. */
  skeletonBones: number;
  /** BTK/BRK: entries shown with their material binding. */
  materialBindings: number;
  /** The model file's problems the page lists. */
  fileDiagnostics: number;
}

// ---- editing (the contract shared with the page: /work/notes/edit-protocol.md) ----------------
/** One change the page asks for. Display units are the curves' (degrees, units, scale, 0–255 colours; slopes per frame). */
export type EditRequest =
  /** A scalar field of the structure tree, in its stored type (the value the tree shows), written in place. */
  | { kind: 'field'; path: string; value: number | string }
  /** A key of a described track (group = PageSpec group index, track = index in describeGroup(anim, group), key = index in its KeyList). Any subset of the four numbers. */
  | { kind: 'key'; group: number; track: number; key: number; frame?: number; value?: number; inSlope?: number; outSlope?: number }
  | { kind: 'addKey'; group: number; track: number; frame: number; value: number; inSlope?: number; outSlope?: number }
  | { kind: 'deleteKey'; group: number; track: number; key: number }
  /** Step ↔ keyed where the kind allows. */
  | { kind: 'interpolation'; group: number; track: number; to: 'step' | 'hermite' };

/** page → host. `label` is the undo stack's text ("Edit ANK1/rotationBank[12]", "Move key 3 of Joint 1 rotation.y"). A drag sends one edit on release (not one per mouse move). */
export interface EditMessage { type: 'edit'; version: typeof PROTOCOL_VERSION; requestId: number; label: string; edits: EditRequest[] }

/** host → page: the edit was applied (a fresh `load` with `keepView: true` follows) or refused (message says why, in one line: the field, its type and range). */
export interface EditResultMessage { type: 'editResult'; version: typeof PROTOCOL_VERSION; requestId: number; ok: boolean; message?: string }
/** The page's view of an edit's outcome: applied (a `keepView` load follows) or refused, with why in one line. */
export type EditAnswer = Pick<EditResultMessage, 'ok' | 'message'>;

/** host → page, after every load and whenever it changes: whether edits are accepted (read-only file system, untrusted workspace, a file inside a container the writer cannot rewrite, a kind without a key writer → editable false + reason) and whether the document is dirty. */
export interface EditStateMessage { type: 'editState'; version: typeof PROTOCOL_VERSION; editable: boolean; reason?: string; dirty: boolean; keyEdits: boolean }

/** Bounds on what one edit message may carry (a page sends one edit per gesture). */
export const MAX_EDITS_PER_MESSAGE = 4096;
export const MAX_EDIT_LABEL = 200;

const isOptNum = (x: unknown): boolean => x === undefined || isFiniteNum(x);

export function isEditRequest(x: unknown): x is EditRequest {
  if (!isObj(x)) return false;
  switch (x.kind) {
    case 'field': return isStr(x.path) && x.path.length <= 1024 && (isFiniteNum(x.value) || (isStr(x.value) && x.value.length <= 1024));
    case 'key': return isCount(x.group) && isCount(x.track) && isCount(x.key) &&
      isOptNum(x.frame) && isOptNum(x.value) && isOptNum(x.inSlope) && isOptNum(x.outSlope);
    case 'addKey': return isCount(x.group) && isCount(x.track) && isFiniteNum(x.frame) && isFiniteNum(x.value) && isOptNum(x.inSlope) && isOptNum(x.outSlope);
    case 'deleteKey': return isCount(x.group) && isCount(x.track) && isCount(x.key);
    case 'interpolation': return isCount(x.group) && isCount(x.track) && (x.to === 'step' || x.to === 'hermite');
    default: return false;
  }
}

// ---- host → webview -------------------------------------------------------------------------
/** `keepView`: a reload after an edit, undo, redo or revert (the page keeps its selection, frame, zoom and scroll). */
export interface LoadMessage { type: 'load'; version: typeof PROTOCOL_VERSION; file: LoadedFile; settings: ViewSettings; keepView?: true }
export interface FileDeletedMessage { type: 'fileDeleted'; version: typeof PROTOCOL_VERSION }
export interface RevealMessage { type: 'reveal'; version: typeof PROTOCOL_VERSION; offset: number; length: number }
export interface SettingsMessage { type: 'settings'; version: typeof PROTOCOL_VERSION; settings: ViewSettings }
/** `tracks`: the group's part as its format's DeferredTracks facet sends it (checked when attached). */
export interface TracksMessage { type: 'tracks'; version: typeof PROTOCOL_VERSION; requestId: number; group: number; tracks: unknown }
/** `anim`: the companion's packed animation (animFromPayload checks it); `error`: why there is none. */
export interface CompanionMessage { type: 'companion'; version: typeof PROTOCOL_VERSION; requestId: number; name: string; anim?: AnimPayload; error?: string }
/** The rest of the file whose start the last load was (LoadedFile.partial). */
export interface RestMessage { type: 'rest'; version: typeof PROTOCOL_VERSION; rest: RestOfFile }
/** The host's editing messages (the page handles them: webview/main.ts). */
export type HostEditMessage = EditResultMessage | EditStateMessage;
/**
 * The 3D view's script: its text (the page runs it in a <script> with its own nonce), or, when the
 * extension cannot read its dist/ folder, its webview URI.
 */
export type View3dMessage = { type: 'view3d'; version: typeof PROTOCOL_VERSION } & ({ code: string; src?: undefined } | { src: string; code?: undefined });
export type HostToWebview = LoadMessage | RestMessage | FileDeletedMessage | RevealMessage | SettingsMessage | TracksMessage | CompanionMessage |
  HostEditMessage | View3dMessage;

// ---- webview → host -------------------------------------------------------------------------
export interface ReadyMessage { type: 'ready'; version: typeof PROTOCOL_VERSION }
export interface LoadingMessage { type: 'loading'; version: typeof PROTOCOL_VERSION }
export interface RenderedMessage {
  type: 'rendered';
  version: typeof PROTOCOL_VERSION;
  /** Echo of what was rendered, so the host (and tests) can check it matches what it sent. */
  format: string;
  fileName: string;
  byteLength: number;
  counts: RenderCounts;
  /** What was rendered was a partial load (LoadedFile.partial): the whole file is still to come. */
  partial?: boolean;
}
export interface SelectionMessage { type: 'selection'; version: typeof PROTOCOL_VERSION; path?: string; offset: number; length: number }
export interface RequestTracksMessage { type: 'requestTracks'; version: typeof PROTOCOL_VERSION; requestId: number; group: number }
/** Toolbar buttons that run a command of src/extension/commands.ts for the page's file. */
export const WEBVIEW_COMMANDS = ['exportJson', 'exportCurves', 'goToOffset', 'reopenAsHex'] as const;
export type WebviewCommand = (typeof WEBVIEW_COMMANDS)[number];
/** Every command the page may ask for: the above, and "Bind Model…" (src/extension/model/). */
export const PAGE_COMMANDS = [...WEBVIEW_COMMANDS, 'bindModel'] as const;
export type PageCommand = (typeof PAGE_COMMANDS)[number];
export interface CommandMessage { type: 'command'; version: typeof PROTOCOL_VERSION; command: PageCommand }
export interface ErrorMessage { type: 'error'; version: typeof PROTOCOL_VERSION; message: string }
export interface RequestCompanionMessage { type: 'requestCompanion'; version: typeof PROTOCOL_VERSION; requestId: number; name: string }
export interface CompanionsChosenMessage { type: 'companionsChosen'; version: typeof PROTOCOL_VERSION; names: string[] }
export interface RequestView3dMessage { type: 'requestView3d'; version: typeof PROTOCOL_VERSION }
export type WebviewToHost = ReadyMessage | LoadingMessage | RenderedMessage | SelectionMessage | RequestTracksMessage | RequestCompanionMessage |
  CompanionsChosenMessage | CommandMessage | ErrorMessage | EditMessage | RequestView3dMessage;

// ---- validation -----------------------------------------------------------------------------
const isVersioned = (x: unknown): x is Obj => isObj(x) && x.version === PROTOCOL_VERSION && isStr(x.type);

const FORMATS: readonly string[] = [...FORMAT_IDS, 'model', 'unknown'];

function isSettings(x: unknown): x is ViewSettings {
  return isObj(x) && typeof x.frameRate === 'number' && x.frameRate > 0 && x.frameRate <= 1000 &&
    (x.frameRateSource === undefined || isStr(x.frameRateSource));
}

/** Joints and materials a model may have (u16 counts). */
const MAX_MODEL_ITEMS = 0x10000;

function isModelJointInfo(x: unknown, n: number): x is ModelJointInfo {
  return isObj(x) && isStr(x.name) && Number.isInteger(x.parent) && (x.parent as number) >= -1 && (x.parent as number) < n &&
    isIndexList(x.children, n) && isVec3(x.scale) && isVec3(x.rotationDegrees) && isVec3(x.translation) &&
    typeof x.scaleCompensate === 'boolean' && isVec3(x.bboxMin) && isVec3(x.bboxMax);
}

function isMaterialBindingInfo(x: unknown): x is MaterialBindingInfo {
  return isObj(x) && (x.group === 'entries' || x.group === 'register' || x.group === 'konstant') && isCount(x.entry) &&
    isStr(x.materialName) && Number.isInteger(x.materialIndex) && (x.materialIndex as number) >= -1 &&
    (x.texMtxSlot === undefined || isStr(x.texMtxSlot)) && (x.colorSlot === undefined || isStr(x.colorSlot));
}

/**
 * Checks the bound model. Its `fileDiagnostics` are repaired in place, item by item
 * (renderableDiagnostics), rather than refusing the model over one of them.
 */
export function isModelInfo(x: unknown): x is ModelInfo {
  if (!isObj(x) || !isStr(x.fileName) || !(x.source === 'remembered' || x.source === 'folder' || x.source === 'chosen')) return false;
  if (!isCount(x.scalingRule) || !Array.isArray(x.joints) || x.joints.length > MAX_MODEL_ITEMS) return false;
  const n = x.joints.length;
  if (!isIndexList(x.hierarchyRoots, n)) return false;
  if (!x.joints.every((j) => isModelJointInfo(j, n))) return false;
  if (!Array.isArray(x.materials) || x.materials.length > MAX_MODEL_ITEMS || !x.materials.every(isStr)) return false;
  if (x.groupTargets !== undefined && !(Array.isArray(x.groupTargets) && x.groupTargets.every((s) => s === null || isStr(s)))) return false;
  if (x.jointNames !== undefined && !(Array.isArray(x.jointNames) && x.jointNames.every((s) => s === null || isStr(s)))) return false;
  if (x.materialBindings !== undefined && !(Array.isArray(x.materialBindings) && x.materialBindings.every(isMaterialBindingInfo))) return false;
  if (x.fileDiagnostics !== undefined) {
    if (!Array.isArray(x.fileDiagnostics) || x.fileDiagnostics.length > MAX_MODEL_DIAGNOSTICS) return false;
    const shown = renderableDiagnostics(x.fileDiagnostics, undefined, 'the model file');
    // the note, when there is one, stays last within the limit
    x.fileDiagnostics = shown.length > MAX_MODEL_DIAGNOSTICS ? [...shown.slice(0, MAX_MODEL_DIAGNOSTICS - 1), shown[shown.length - 1]] : shown;
  }
  if (x.fileDiagnosticCount !== undefined && !isCount(x.fileDiagnosticCount)) return false;
  return true;
}

const isCompanion = (x: unknown): x is Companion => isObj(x) && isStr(x.name) && isStr(x.format) && typeof x.chosen === 'boolean';

/** The parts a load and a rest message share (the animation checked against the load's format by the page). */
function isRestParts(x: Record<string, unknown>): boolean {
  return isStr(x.fileName) && x.bytes instanceof Uint8Array &&
    (x.anim === undefined || (isObj(x.anim) && isStr(x.anim.format))) &&
    (x.firstPart === undefined || (isObj(x.firstPart) && isCount(x.firstPart.group))) &&
    (x.modelPayload === undefined || isObj(x.modelPayload));
}

/**
 * Refuses only a load the page cannot show at all (no bytes, tree or summary, an unknown format).
 * What one item spoils is repaired in place, with a visible note: the diagnostics item by item
 * (renderableDiagnostics: offsets moved inside the file), a bound model the page cannot use is
 * left out with `modelError` saying so, companions and model candidates that are not well formed
 * are left out.
 */
export function isLoadedFile(x: unknown): x is LoadedFile {
  if (!(isObj(x) && isRestParts(x) && isStr(x.format) && FORMATS.includes(x.format) && isCount(x.fileByteLength) &&
    Array.isArray(x.diagnostics) && isObj(x.summary) && isPackedTree(x.tree) &&
    (x.anim === undefined || (x.anim as Record<string, unknown>).format === x.format) &&
    (x.modelError === undefined || isStr(x.modelError)) &&
    (x.partial === undefined || (isObj(x.partial) && isCount(x.partial.byteLength) && x.partial.byteLength >= (x.bytes as Uint8Array).length)))) return false;
  x.diagnostics = renderableDiagnostics(x.diagnostics, byteLengthOf(x as unknown as LoadedFile), 'the file');
  if (x.model !== undefined && !isModelInfo(x.model)) {
    const name = isObj(x.model) && isStr(x.model.fileName) ? x.model.fileName : 'the bound model';
    delete x.model;
    x.modelError = `${name} arrived in a form the page cannot show; it is not drawn (the file's own view is complete).`;
  }
  if (x.companions !== undefined) x.companions = Array.isArray(x.companions) ? x.companions.filter(isCompanion) : [];
  // a malformed reference is left out: it only adds pale curves
  if (x.play !== undefined && x.play !== true) delete x.play;
  if (x.reference !== undefined && !(isObj(x.reference) && isStr(x.reference.label) && isObj(x.reference.anim))) delete x.reference;
  if (x.modelCandidates !== undefined) x.modelCandidates = Array.isArray(x.modelCandidates) ? x.modelCandidates.filter(isStr) : [];
  return true;
}

export function isHostToWebview(x: unknown): x is HostToWebview {
  if (!isVersioned(x)) return false;
  switch (x.type) {
    case 'load': return isLoadedFile(x.file) && isSettings(x.settings) && (x.keepView === undefined || x.keepView === true);
    case 'rest': return isObj(x.rest) && isRestParts(x.rest);
    case 'fileDeleted': return true;
    case 'reveal': return isCount(x.offset) && isCount(x.length);
    case 'settings': return isSettings(x.settings);
    case 'tracks': return isCount(x.requestId) && isCount(x.group);
    case 'companion': return isCount(x.requestId) && isStr(x.name) && (x.anim === undefined || isObj(x.anim)) && (x.error === undefined || isStr(x.error));
    case 'editResult': case 'editState': return isHostEditMessage(x);
    case 'view3d': return (isStr(x.code) && x.src === undefined) || (x.code === undefined && isStr(x.src));
    default: return false;
  }
}

export function isHostEditMessage(x: unknown): x is HostEditMessage {
  if (!isVersioned(x)) return false;
  switch (x.type) {
    case 'editResult': return isCount(x.requestId) && isBool(x.ok) && (x.message === undefined || isStr(x.message));
    case 'editState': return isBool(x.editable) && (x.reason === undefined || isStr(x.reason)) && isBool(x.dirty) && isBool(x.keyEdits);
    default: return false;
  }
}

function isRenderedModel(x: unknown): x is RenderedModel {
  return isObj(x) && isStr(x.fileName) && Array.isArray(x.jointNames) && x.jointNames.every(isStr) &&
    isCount(x.skeletonBones) && isCount(x.materialBindings) && isCount(x.fileDiagnostics);
}

function isRenderedModelView(x: unknown): x is RenderedModelView {
  return isObj(x) && isStr(x.status) && isCount(x.shapesDrawn) && isCount(x.companionsApplied) && (x.textures === undefined || isCount(x.textures));
}

function isRenderCounts(x: unknown): x is RenderCounts {
  return isObj(x) && isCount(x.fields) && isCount(x.diagnostics) && isCount(x.tracks) && isCount(x.groups) &&
    (x.referenceTracks === undefined || isCount(x.referenceTracks)) &&
    (x.model === undefined || isRenderedModel(x.model)) && (x.modelError === undefined || isStr(x.modelError)) &&
    typeof x.frameRate === 'number' && x.frameRate > 0 && x.frameRate <= 1000 &&
    (x.modelView === undefined || isRenderedModelView(x.modelView));
}

export function isWebviewToHost(x: unknown): x is WebviewToHost {
  if (!isVersioned(x)) return false;
  switch (x.type) {
    case 'ready': return true;
    case 'loading': return true;
    case 'rendered': return isStr(x.format) && isStr(x.fileName) && isCount(x.byteLength) && isRenderCounts(x.counts) &&
      (x.partial === undefined || typeof x.partial === 'boolean');
    case 'selection': return isCount(x.offset) && isCount(x.length) && (x.path === undefined || isStr(x.path));
    case 'requestTracks': return isCount(x.requestId) && isCount(x.group);
    case 'requestCompanion': return isCount(x.requestId) && isStr(x.name);
    case 'companionsChosen': return Array.isArray(x.names) && x.names.length <= 256 && x.names.every(isStr);
    case 'requestView3d': return true;
    case 'command': return isStr(x.command) && (PAGE_COMMANDS as readonly string[]).includes(x.command);
    case 'error': return isStr(x.message);
    case 'edit': return isCount(x.requestId) && isStr(x.label) && x.label.length <= MAX_EDIT_LABEL &&
      Array.isArray(x.edits) && x.edits.length > 0 && x.edits.length <= MAX_EDITS_PER_MESSAGE && x.edits.every(isEditRequest);
    default: return false;
  }
}

// ---- constructors (typed, so both sides build well-formed messages) ----------------------------
const v = PROTOCOL_VERSION;
export const msg = {
  ready: (): ReadyMessage => ({ type: 'ready', version: v }),
  loading: (): LoadingMessage => ({ type: 'loading', version: v }),
  load: (file: LoadedFile, settings: ViewSettings, keepView?: true): LoadMessage =>
    ({ type: 'load', version: v, file, settings, ...(keepView ? { keepView } : {}) }),
  rest: (rest: RestOfFile): RestMessage => ({ type: 'rest', version: v, rest }),
  fileDeleted: (): FileDeletedMessage => ({ type: 'fileDeleted', version: v }),
  reveal: (offset: number, length: number): RevealMessage => ({ type: 'reveal', version: v, offset, length }),
  settings: (settings: ViewSettings): SettingsMessage => ({ type: 'settings', version: v, settings }),
  tracks: (requestId: number, group: number, tracks: unknown): TracksMessage =>
    ({ type: 'tracks', version: v, requestId, group, tracks }),
  rendered: (file: Pick<LoadedFile, 'format' | 'fileName' | 'bytes' | 'partial'>, counts: RenderCounts): RenderedMessage =>
    ({ type: 'rendered', version: v, format: file.format, fileName: file.fileName, byteLength: byteLengthOf(file), counts, ...(file.partial ? { partial: true } : {}) }),
  selection: (offset: number, length: number, path?: string): SelectionMessage => ({ type: 'selection', version: v, offset, length, path }),
  requestTracks: (requestId: number, group: number): RequestTracksMessage => ({ type: 'requestTracks', version: v, requestId, group }),
  requestCompanion: (requestId: number, name: string): RequestCompanionMessage => ({ type: 'requestCompanion', version: v, requestId, name }),
  companion: (requestId: number, name: string, answer: { anim?: AnimPayload; error?: string }): CompanionMessage =>
    ({ type: 'companion', version: v, requestId, name, ...answer }),
  companionsChosen: (names: string[]): CompanionsChosenMessage => ({ type: 'companionsChosen', version: v, names }),
  view3d: (script: { code: string } | { src: string }): View3dMessage => ({ type: 'view3d', version: v, ...script }),
  requestView3d: (): RequestView3dMessage => ({ type: 'requestView3d', version: v }),
  command: (command: PageCommand): CommandMessage => ({ type: 'command', version: v, command }),
  error: (message: string): ErrorMessage => ({ type: 'error', version: v, message }),
  edit: (requestId: number, label: string, edits: EditRequest[]): EditMessage => ({ type: 'edit', version: v, requestId, label, edits }),
  editResult: (requestId: number, ok: boolean, message?: string): EditResultMessage =>
    ({ type: 'editResult', version: v, requestId, ok, ...(message !== undefined ? { message } : {}) }),
  editState: (state: { editable: boolean; reason?: string; dirty: boolean; keyEdits: boolean }): EditStateMessage =>
    ({ type: 'editState', version: v, editable: state.editable, ...(state.reason !== undefined ? { reason: state.reason } : {}), dirty: state.dirty, keyEdits: state.keyEdits }),
};
