/**
 * Stands in for the extension host in a plain page: provides acquireVsCodeApi(), decodes the
 * sample named in the URL (`?sample=j3d/smg/…`) with the real decoder and answers the webview's
 * messages exactly as the host does (load on ready, tracks on requestTracks). Loaded before
 * dist/webview.js, so the real webview bundle runs unchanged.
 */
import { bindModel } from '../../src/extension/model/binding';
import { loadedFileOf } from '../../src/wire/loadedFile';
import { resolveInArchive } from '../../src/formats/archive/archive-path';
import { DiagnosticSink } from '../../src/formats/binary/diagnostics';
import { decode } from '../../src/formats/index';
import { specFor } from '../../src/formats/registry';
import { decodeModel } from '../../src/formats/model/index';
import { isWebviewToHost, msg, PROTOCOL_VERSION, WebviewToHost } from '../../src/wire/protocol';

interface FakeHostLog {
  sent: WebviewToHost[];
  state: unknown;
  /** Sends the load again, as VS Code does when the webview is re-created (the saved state stays). */
  reload(): void;
  /** A settings message from the host. */
  setFrameRate(fps: number): void;
}
const log: FakeHostLog = {
  sent: [],
  state: undefined,
  reload: () => { void answer({ type: 'ready', version: PROTOCOL_VERSION }); },
  setFrameRate: (fps) => window.postMessage(msg.settings({ frameRate: fps }), '*'),
};
(window as unknown as { fakeHost: FakeHostLog }).fakeHost = log;

const params = new URLSearchParams(location.search);
const sample = params.get('sample') ?? 'j3d/smg/TripodBossCore/2ndDemo.bck';
const frameRate = Number(params.get('fps') ?? 30);
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
    const model = decodeModel(b.subarray(0, Math.floor(b.length * modelCut)), sink).model;
    return model && { model, diagnostics: sink.finish() };
  }, () => undefined)
  : Promise.resolve(undefined);

async function answer(m: WebviewToHost): Promise<void> {
  const bytes = await fileBytes;
  const name = sample.split('/').pop() ?? sample;
  const file = decode(bytes, name);
  if (m.type === 'ready') {
    const model = await modelData;
    const bound = model && modelParam
      ? bindModel(file, model.model, modelParam.split('/').pop() ?? modelParam, 'folder', model.diagnostics) : undefined;
    const withBinding = { ...file, diagnostics: [...file.diagnostics, ...(bound?.diagnostics ?? [])] };
    window.postMessage(msg.load(loadedFileOf(withBinding, { fileByteLength: bytes.length, model: bound?.info }), { frameRate }), '*');
  } else if (m.type === 'requestTracks' && file.anim) {
    const deferred = specFor(file.anim).deferred;
    window.postMessage(msg.tracks(m.requestId, m.group, deferred ? deferred.part(file.anim, m.group) : []), '*');
  }
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
