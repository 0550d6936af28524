/**
 * Stands in for the extension host in a plain page: provides acquireVsCodeApi(), decodes the
 * sample named in the URL (`?sample=j3d/smg/…`) with the real decoder and answers the webview's
 * messages exactly as the host does (load on ready, tracks on requestTracks). Loaded before
 * dist/webview.js, so the real webview bundle runs unchanged.
 */
import { summarize } from '../../src/export/summary';
import { decode } from '../../src/formats/index';
import { animPayload, isWebviewToHost, msg, WebviewToHost } from '../../src/protocol';

interface FakeHostLog { sent: WebviewToHost[]; state: unknown }
const log: FakeHostLog = { sent: [], state: undefined };
(window as unknown as { fakeHost: FakeHostLog }).fakeHost = log;

const params = new URLSearchParams(location.search);
const sample = params.get('sample') ?? 'j3d/smg/TripodBossCore/2ndDemo.bck';
const frameRate = Number(params.get('fps') ?? 30);
const fileBytes = fetch(`/samples/${sample}`).then((r) => r.arrayBuffer()).then((b) => new Uint8Array(b));

async function answer(m: WebviewToHost): Promise<void> {
  const bytes = await fileBytes;
  const name = sample.split('/').pop() ?? sample;
  const file = decode(bytes, name);
  if (m.type === 'ready') {
    window.postMessage(msg.load({
      fileName: name, format: file.format, bytes: file.bytes, fileByteLength: bytes.length, container: file.container,
      root: file.root, diagnostics: file.diagnostics, summary: summarize(file), anim: animPayload(file.anim),
    }, { frameRate }), '*');
  } else if (m.type === 'requestTracks' && file.anim?.format === 'motn') {
    window.postMessage(msg.tracks(m.requestId, m.sequenceIndex, file.anim.sequences[m.sequenceIndex]?.tracks ?? []), '*');
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
