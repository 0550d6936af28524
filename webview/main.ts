/**
 * Webview entry (bundled by esbuild to dist/webview.js, iife): the message loop between the host
 * and the App. Every message is validated before use; every string from a file reaches the DOM
 * through textContent only.
 */
import { isHostToWebview, msg, WebviewToHost } from '../src/wire/protocol';
import { App, AppState } from './app/app';

interface VsCodeApi {
  postMessage(message: WebviewToHost): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const pending = new Map<number, (tracks: unknown) => void>();
let nextRequest = 1;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

function savedState(): AppState {
  const s = vscode.getState();
  return typeof s === 'object' && s !== null ? (s as AppState) : {};
}

let app: App | undefined;

function ensureApp(frameRate: number): App {
  if (app) return app;
  app = new App({
    command: (command) => vscode.postMessage(msg.command(command)),
    selection: (offset, length, path) => vscode.postMessage(msg.selection(offset, length, path)),
    requestTracks: (group) => new Promise((resolve) => {
      const id = nextRequest++;
      pending.set(id, resolve);
      vscode.postMessage(msg.requestTracks(id, group));
    }),
    stateChanged: () => {
      // UI actions only (not per playback frame); debounced so scrolling does not flood setState.
      if (saveTimer) clearTimeout(saveTimer);
      saveTimer = setTimeout(() => { if (app) vscode.setState(app.state); }, 150);
    },
  }, { frameRate });
  app.mount(document.getElementById('app') ?? document.body);
  return app;
}

function report(error: unknown, what: string): void {
  vscode.postMessage(msg.error(`${what}: ${error instanceof Error ? error.message : String(error)}`));
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const m = event.data;
  if (!isHostToWebview(m)) {
    vscode.postMessage(msg.error('ignored an invalid message from the extension host'));
    return;
  }
  switch (m.type) {
    case 'load': {
      vscode.postMessage(msg.loading());
      const view = ensureApp(m.settings.frameRate);
      view.setSettings(m.settings);
      view.load(m.file, savedState()).then((counts) => {
        vscode.setState(view.state);
        vscode.postMessage(msg.rendered({ format: m.file.format, fileName: m.file.fileName, byteLength: m.file.bytes.length }, counts));
      }, (e) => report(e, 'render failed'));
      break;
    }
    case 'tracks': {
      const resolve = pending.get(m.requestId);
      pending.delete(m.requestId);
      resolve?.(m.tracks);
      break;
    }
    case 'reveal':
      app?.reveal(m.offset, m.length);
      break;
    case 'settings':
      app?.setSettings(m.settings);
      break;
    case 'fileDeleted':
      app?.fileDeleted();
      break;
  }
});

window.addEventListener('keydown', (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'g') {
    e.preventDefault();
    vscode.postMessage(msg.command('goToOffset'));
  }
});

vscode.postMessage(msg.ready());
