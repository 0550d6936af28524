/**
 * Webview entry (bundled by esbuild to dist/webview.js, iife): validates what the host sends and
 * hands each message to the handler of its type; the App does the rest. Every string from a file
 * reaches the DOM through textContent only. The 3D view is a script of its own (dist/view3d.js), sent
 * by the host to pages with a model (app/view3dLoader.ts).
 */
import { DEFAULT_FRAME_RATE, isHostToWebview, LoadMessage, msg, wholeOf, WebviewToHost } from '../src/wire/protocol';
import { PendingRequests } from '../src/wire/requests';
import { App, AppState } from './app/app';
import { dispatch, MessageHandlers } from './app/messages';
import { View3dLoader } from './app/view3dLoader';

interface VsCodeApi {
  postMessage(message: WebviewToHost): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

performance.mark('animscope:script');
const vscode = acquireVsCodeApi();
// the CSP runs only scripts with this nonce: the 3D view's comes later, by message (only now is the script current)
const view3d = new View3dLoader((document.currentScript as HTMLScriptElement | null)?.nonce ?? '', () => vscode.postMessage(msg.requestView3d()));
const tracks = new PendingRequests<unknown>();
const companions = new PendingRequests<{ anim?: unknown; error?: string }>();
const edits = new PendingRequests<{ ok: boolean; message?: string }>();
let saveTimer: ReturnType<typeof setTimeout> | undefined;
let app: App | undefined;
/** The last load was rendered (reports in between wait for it). */
let rendered = false;

function savedState(): AppState {
  const s = vscode.getState();
  return typeof s === 'object' && s !== null ? (s as AppState) : {};
}

/** The App, built (not mounted) if it was not yet; the first load brings the real settings. */
function buildApp(): App {
  if (app) return app;
  app = new App({
    command: (command) => vscode.postMessage(msg.command(command)),
    selection: (offset, length, path) => vscode.postMessage(msg.selection(offset, length, path)),
    requestTracks: (group) => tracks.ask((id) => vscode.postMessage(msg.requestTracks(id, group))),
    requestCompanion: (name) => companions.ask((id) => vscode.postMessage(msg.requestCompanion(id, name))),
    companionsChosen: (names) => vscode.postMessage(msg.companionsChosen(names)),
    edit: (label, list) => edits.ask((id) => vscode.postMessage(msg.edit(id, label, list))),
    view3d: () => view3d.load().catch((e: unknown) => {
      report(e, 'the 3D view could not be loaded');
      throw e;
    }),
    stateChanged: () => {
      // UI actions only (not per playback frame); debounced so scrolling does not flood setState.
      if (saveTimer) clearTimeout(saveTimer);
      saveTimer = setTimeout(() => { if (app) vscode.setState(app.state); }, 150);
    },
  }, { frameRate: DEFAULT_FRAME_RATE, frameRateSource: 'default' });
  return app;
}

/** The App in the page: built while the host answers `ready`, mounted with the first load. */
function ensureApp(): App {
  const view = buildApp();
  if (view.layout.element.isConnected) return view;
  view.mount(document.getElementById('app') ?? document.body);
  // A panel's report changed after the load (companions ticked, the 3D view lost its context): tell the host again.
  view.bus.reportChanged.event(() => {
    const file = view.file, counts = view.counts();
    if (file && counts && rendered) vscode.postMessage(msg.rendered(file, counts));
  });
  // The page's tests and benchmarks read the panels (nothing in the page uses it).
  (window as unknown as { animscopeApp?: App }).animscopeApp = view;
  return view;
}

function report(error: unknown, what: string): void {
  vscode.postMessage(msg.error(`${what}: ${error instanceof Error ? error.message : String(error)}`));
}

/**
 * Loads render one after another (App.load awaits its panels): a big file's start and then its
 * rest arrive back to back (LoadedFile.partial), and a reveal waits for the loads before it.
 */
let queue: Promise<void> = Promise.resolve();
const afterLoads = (work: () => void | Promise<void>): void => { queue = queue.then(work, work); };

function render(m: LoadMessage): Promise<void> {
  // User Timing entries for benchmarks (bench/editor.ts reads `animscope:render`); one of each,
  // however often the file reloads.
  performance.clearMarks('animscope:load');
  performance.clearMeasures('animscope:render');
  performance.mark('animscope:load');
  const view = ensureApp();
  // After a file's start, and on a reload after an edit (keepView), the page state is the App's own
  // (the user may have acted since); else the saved one.
  const own = view.file?.fileName === m.file.fileName && (view.file.partial || m.keepView);
  const state = own ? view.state : savedState();
  rendered = false;
  return view.load(m.file, m.settings, state).then((counts) => {
    performance.measure('animscope:render', 'animscope:load');
    rendered = true;
    vscode.setState(view.state);
    vscode.postMessage(msg.rendered(m.file, counts));
  }, (e) => report(e, 'render failed'));
}

const handlers: MessageHandlers = {
  load: (m) => {
    vscode.postMessage(msg.loading());
    afterLoads(() => render(m));
  },
  rest: (m) => afterLoads(() => {
    // joined to the start the App shows, with the settings it has now
    const whole = app?.file && wholeOf(app.file, m.rest);
    if (app && whole) return render(msg.load(whole, app.bus.settings.value));
    vscode.postMessage(msg.error(`ignored the rest of ${m.rest.fileName}: the page does not show its start`));
  }),
  tracks: (m) => { tracks.answer(m.requestId, m.tracks); },
  companion: (m) => { companions.answer(m.requestId, { anim: m.anim, error: m.error }); },
  reveal: (m) => afterLoads(() => app?.reveal(m.offset, m.length)),
  settings: (m) => app?.setSettings(m.settings),
  fileDeleted: () => app?.fileDeleted(),
  editResult: (m) => { edits.answer(m.requestId, { ok: m.ok, message: m.message }); },
  view3d: (m) => view3d.receive(m),
  editState: (m) => buildApp().bus.editState.fire({ editable: m.editable, dirty: m.dirty, keyEdits: m.keyEdits, ...(m.reason !== undefined ? { reason: m.reason } : {}) }),
};

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const m = event.data;
  if (!isHostToWebview(m)) {
    vscode.postMessage(msg.error('ignored an invalid message from the extension host'));
    return;
  }
  dispatch(handlers, m);
});

window.addEventListener('keydown', (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'g') {
    e.preventDefault();
    vscode.postMessage(msg.command('goToOffset'));
  }
});

vscode.postMessage(msg.ready());
// Build the App while the host answers: in a task of its own, so that `ready` leaves first (VS Code
// may run this page on the workbench's thread, which relays the message).
setTimeout(buildApp, 0);
