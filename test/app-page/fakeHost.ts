/**
 * Stands in for the extension host in a plain page: provides acquireVsCodeApi(), decodes the
 * sample named in the URL (`?sample=j3d/smg/…`) with the real decoder and answers the webview's
 * messages exactly as the host does (load on ready with the 3D view's payload and the "Also play"
 * companions, the 3D view's script dist/view3d.js just before a load with a model and on
 * requestView3d, tracks on requestTracks, the companion's payload on requestCompanion; the ticked
 * companions are remembered across reloads). Loaded before dist/webview.js, so the real webview
 * bundle runs unchanged.
 */
import { bindModel } from '../../src/extension/model/binding';
import { loadedFileOf, loadsOf } from '../../src/wire/loadedFile';
import { resolveInArchive } from '../../src/formats/archive/archive-path';
import { DiagnosticSink } from '../../src/formats/binary/diagnostics';
import { decode } from '../../src/formats/index';
import { specFor } from '../../src/kinds/registry';
import { decodeModel } from '../../src/formats/model/index';
import { companionsAmong } from '../../src/kinds/companions';
import { openAnyArchive } from '../../src/formats/archive/archive';
import { gameOf } from '../../src/formats/game';
import { animPayload } from '../../src/wire/animPack';
import { buildModelPayload } from '../../src/wire/modelPayloadBuild';
import { isWebviewToHost, LoadedFile, msg, needsView3d, PROTOCOL_VERSION, ViewSettings, WebviewToHost } from '../../src/wire/protocol';

interface FakeHostLog {
  sent: WebviewToHost[];
  state: unknown;
  /** Sends the load again, as VS Code does when the webview is re-created (the saved state stays). */
  reload(): void;
  /** A settings message from the host. */
  setFrameRate(fps: number): void;
  /** The ticked "Also play" companions (companionsChosen; `&along=a,b` starts with them). */
  chosen: string[];
  /** Companion names asked for (requestCompanion), in order. */
  asked: string[];
  /** With `&holdrest`: posts the whole file after a big file's start (loadsOf); false when nothing is held. */
  sendRest(): boolean;
  /** Posts a host message as the editor would (editState, editResult, …). */
  post(m: unknown): void;
}
const log: FakeHostLog = {
  sent: [],
  state: undefined,
  reload: () => { void answer({ type: 'ready', version: PROTOCOL_VERSION }); },
  setFrameRate: (fps) => window.postMessage(msg.settings({ frameRate: fps }), '*'),
  chosen: [],
  asked: [],
  sendRest: () => {
    const rest = held.splice(0);
    for (const m of rest) window.postMessage(m, '*');
    return rest.length > 0;
  },
  post: (m) => window.postMessage(m, '*'),
};
/** The loads `&holdrest` keeps back. */
const held: unknown[] = [];
(window as unknown as { fakeHost: FakeHostLog }).fakeHost = log;

const params = new URLSearchParams(location.search);
const sample = params.get('sample') ?? 'j3d/smg/TripodBossCore/2ndDemo.bck';
const fpsParam = params.get('fps');
// `&nowebgl`: a webview without WebGL2 (the 3D view falls back to the skeleton with a message).
if (params.get('nowebgl') !== null) {
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, id: string, ...rest: unknown[]) {
    return id === 'webgl2' ? null : (getContext as (...a: unknown[]) => unknown).call(this, id, ...rest);
  } as typeof getContext;
}
log.chosen = (params.get('along') ?? '').split(',').filter(Boolean);
/** A sample path, or `archives/X.arc/inner/path` (the entry, extracted here). */
async function fetchSample(path: string): Promise<Uint8Array> {
  const cut = path.indexOf('.arc/');
  const outer = cut >= 0 ? path.slice(0, cut + 4) : path;
  const bytes = new Uint8Array(await (await fetch(`/samples/${outer}`)).arrayBuffer());
  if (cut < 0) return bytes;
  const inner = resolveInArchive(bytes, path.slice(cut + 5), new DiagnosticSink());
  if (!inner) throw new Error(`${path} is not in the archive`);
  return inner;
}
const fileBytes = fetchSample(sample);
/** The names beside the sample in its archive folder (none for a loose sample: `&siblings=a,b` lists them). */
const siblings: Promise<string[]> = (async () => {
  const listed = params.get('siblings');
  if (listed !== null) return listed.split(',').filter(Boolean);
  const cut = sample.indexOf('.arc/');
  if (cut < 0) return [];
  const archive = openAnyArchive(new Uint8Array(await (await fetch(`/samples/${sample.slice(0, cut + 4)}`)).arrayBuffer()), new DiagnosticSink());
  const folder = sample.slice(cut + 5).split('/').slice(0, -1).join('/');
  return archive.entries.filter((e) => e.path.split('/').slice(0, -1).join('/') === folder).map((e) => e.name);
})();
/** The sibling `name` of the sample (same archive folder or sample folder). */
const siblingPath = (name: string): string => `${sample.split('/').slice(0, -1).join('/')}/${name}`;
/**
 * `?model=archives/TripodBossCore.arc/TripodBossCore/TripodBossCore.bdl` binds that model; a sample inside an
 * archive binds `<Folder>.bdl` of its folder when there is one (the extension's rule for the folder's model).
 */
const folderModel = (): string | null => {
  const m = /^(.*\.arc\/(?:.*\/)?)([^/]+)\/[^/]+$/.exec(sample);
  return m ? `${m[1]}${m[2]}/${m[2]}.bdl` : null;
};
const modelParam = params.get('model') ?? (params.get('nomodel') === null ? folderModel() : null);
/** `&modelCut=0.5` keeps that fraction of the model's bytes (a damaged model, with its diagnostics). */
const modelCut = Number(params.get('modelCut') ?? 1);
const modelData = modelParam
  ? fetchSample(modelParam).then((b) => {
    const sink = new DiagnosticSink();
    const cut = b.subarray(0, Math.floor(b.length * modelCut));
    const model = decodeModel(cut, sink).model;
    return model && { model, diagnostics: sink.finish(), payload: buildModelPayload(model, cut, { fileName: modelParam.split('/').pop() }) };
  }, () => undefined)
  : Promise.resolve(undefined);

/** `&reference=j3d/…`: that file's curves drawn under the sample's (LoadedFile.reference, as the glTF import's preview sends). */
const referenceParam = params.get('reference');
const referenceData = referenceParam
  ? fetchSample(referenceParam).then((b) => {
    const name = referenceParam.split('/').pop() ?? referenceParam;
    const decoded = decode(b, name);
    const anim = animPayload(decoded.anim, decoded.root, decoded.bytes);
    return anim && { label: `${name} beside the model`, anim };
  })
  : Promise.resolve(undefined);

/**
 * The 3D view's script as the editor sends it: its text, run by the page with its nonce (`&link3d`: its
 * URL, as when the extension cannot read dist/). `&pull3d`: not sent ahead of the load, only when asked.
 * `&broken3d`: a script that registers nothing.
 */
const view3dScript = (): Promise<unknown> => params.get('broken3d') !== null ? Promise.resolve(msg.view3d({ code: 'void 0' }))
  : params.get('link3d') !== null ? Promise.resolve(msg.view3d({ src: 'view3d.js' }))
    : fetch('view3d.js').then((r) => r.text()).then((code) => msg.view3d({ code }));

/** The whole load sent on `ready` (sent again with keepView after an applied edit). */
let lastLoad: { file: LoadedFile; settings: ViewSettings } | undefined;

async function answer(m: WebviewToHost): Promise<void> {
  const bytes = await fileBytes;
  const name = sample.split('/').pop() ?? sample;
  const file = decode(bytes, name);
  if (m.type === 'ready') {
    const model = await modelData;
    // a model file shows its own model (nothing to bind)
    const bound = model && modelParam && !file.model
      ? bindModel(file, model.model, modelParam.split('/').pop() ?? modelParam, 'folder', model.diagnostics) : undefined;
    const withBinding = { ...file, diagnostics: [...file.diagnostics, ...(bound?.diagnostics ?? [])] };
    const modelPayload = !file.model && bound && params.get('nopayload') === null ? model?.payload : undefined;
    const names = await siblings;
    const chosen = new Set(log.chosen);
    // As the editor: "Also play" needs a model to play on (the file's own or the bound one).
    const companions = file.model || modelPayload ? companionsAmong(name, names).map((c) => ({ ...c, chosen: chosen.has(c.name) })) : [];
    const reference = await referenceData;
    const loaded = loadedFileOf(withBinding, {
      fileByteLength: bytes.length, model: bound?.info, ...(modelPayload ? { modelPayload } : {}), ...(companions.length ? { companions } : {}),
      ...(reference ? { reference } : {}),
      ...(params.get('play') !== null ? { play: true } : {}),
    });
    // `&badpayload` sends a payload the page must refuse (the skeleton stands in with a message).
    if (params.get('badpayload') !== null) (loaded as { modelPayload?: unknown }).modelPayload = { kind: 'modelPayload', version: 1, fileName: 'x' };
    // `&baddiag` adds a diagnostic with offset −1, as the host once sent for a truncated model (the page repairs it).
    if (params.get('baddiag') !== null) loaded.diagnostics = [...loaded.diagnostics, { severity: 'info', code: 'MDL_INVERSE_BIND', offset: -1, length: 0x40, message: 'offset −1' }];
    // As the editor posts to a page that shows nothing yet: a big file's start first, then the whole;
    // the 3D view's script just before the first of them that shows the model.
    const { first, rest } = loadsOf(loaded);
    const view3d = needsView3d(loaded) && params.get('pull3d') === null ? await view3dScript() : undefined;
    if (view3d && !first.partial) window.postMessage(view3d, '*');
    window.postMessage(msg.load(first, settings(names)), '*');
    const later = rest ? [...(view3d && first.partial ? [view3d] : []), msg.rest(rest)] : [];
    if (params.get('holdrest') !== null) held.push(...later);
    else for (const l of later) window.postMessage(l, '*');
    lastLoad = { file: loaded, settings: settings(names) };
    // `&editable`: the document accepts edits (fields and keys), as the editing host says after every load.
    if (params.get('editable') !== null) window.postMessage(msg.editState({ editable: true, dirty: false, keyEdits: true }), '*');
  } else if (m.type === 'edit') {
    // `&refuse=TEXT`: every edit is refused with TEXT; otherwise applied (this host changes nothing) and reloaded keeping the view.
    const refusal = params.get('refuse');
    window.postMessage(msg.editResult(m.requestId, refusal === null, refusal ?? undefined), '*');
    if (refusal === null && lastLoad) window.postMessage(msg.load(lastLoad.file, lastLoad.settings, true), '*');
  } else if (m.type === 'requestCompanion') {
    log.asked.push(m.name);
    const names = await siblings;
    if (!names.includes(m.name)) {
      window.postMessage(msg.companion(m.requestId, m.name, { error: `${m.name} is not beside ${name}` }), '*');
      return;
    }
    const b = await fetchSample(siblingPath(m.name));
    const decoded = decode(b, m.name);
    const anim = animPayload(decoded.anim, decoded.root, decoded.bytes);
    window.postMessage(msg.companion(m.requestId, m.name, anim ? { anim } : { error: `${m.name} could not be decoded` }), '*');
  } else if (m.type === 'requestView3d') {
    window.postMessage(await view3dScript(), '*');
  } else if (m.type === 'companionsChosen') {
    log.chosen = [...m.names];
  } else if (m.type === 'requestTracks' && file.anim) {
    const deferred = specFor(file.anim).deferred;
    window.postMessage(msg.tracks(m.requestId, m.group, deferred ? deferred.part(file.anim, m.group) : []), '*');
  }
}

/** `&fps=N` is the user's setting; otherwise the game's rate when recognised, else the default, as viewSettings() in the editor. */
function settings(names: string[]): ViewSettings {
  if (fpsParam !== null) return { frameRate: Number(fpsParam), frameRateSource: 'setting' };
  const game = gameOf(sample.split('/'), names);
  return game ? { frameRate: game.fps, frameRateSource: game.name } : { frameRate: 30, frameRateSource: 'default' };
}

(window as unknown as { acquireVsCodeApi: () => unknown }).acquireVsCodeApi = () => ({
  postMessage(m: unknown) {
    if (!isWebviewToHost(m)) throw new Error('webview sent an invalid message');
    log.sent.push(m);
    void answer(m);
  },
  getState: () => log.state,
  setState: (s: unknown) => { log.state = s; },
});
