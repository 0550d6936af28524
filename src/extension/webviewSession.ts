/**
 * One webview panel of a custom editor, the life cycle the animation and archive editors share:
 * the page's options and HTML, the first-load watchdog, validated messages, `ready` (sent on every
 * load of the page: everything is posted again), and disposal. A subclass handles its messages
 * and says what a load posts.
 */
import * as vscode from 'vscode';
import { Disposables } from './disposables';
import { FirstLoadWatchdog } from './renderWatchdog';
import { PageAssets, webviewOptions, webviewPage } from './webviewHtml';

export interface WebviewSessionOptions<M> {
  extensionUri: vscode.Uri;
  page: PageAssets;
  log: vscode.LogOutputChannel;
  /** Validates a message from the page. */
  isMessage(m: unknown): m is M;
  /** Names the page in warnings (`the webview of file:///…`). */
  source: string;
  /** Names the document in the watchdog's warnings. */
  label: string;
}

export abstract class WebviewSession<M> implements vscode.Disposable {
  protected readonly disposables = new Disposables();
  protected readonly watchdog: FirstLoadWatchdog;
  /** The page said `ready` (and has not been reloaded since). */
  protected ready = false;

  constructor(readonly panel: vscode.WebviewPanel, options: WebviewSessionOptions<M>) {
    const { extensionUri, page, log } = options;
    this.disposables.add(panel.webview.onDidReceiveMessage((m: unknown) => {
      if (!options.isMessage(m)) {
        log.warn(`ignored an invalid message from ${options.source}`);
        return;
      }
      this.onMessage(m);
    }));
    // a hidden page is gone (no retainContextWhenHidden): what is posted now is lost, so it waits for the next `ready`
    this.disposables.add(panel.onDidChangeViewState(() => { if (!panel.visible) this.ready = false; }));
    panel.webview.options = webviewOptions(extensionUri);
    const setHtml = (): void => { panel.webview.html = webviewPage(panel.webview, extensionUri, page); };
    setHtml();
    this.watchdog = this.disposables.add(new FirstLoadWatchdog(panel, { reloadHtml: setHtml, repostLoad: () => this.postLoad() }, log, options.label));
  }

  protected abstract onMessage(m: M): void;

  /**
   * Posts what the page shows (on `ready`, on a change of the document, by the watchdog);
   * `freshPage`: on `ready`, to a page that shows nothing yet.
   */
  protected abstract postLoad(freshPage?: boolean): void;

  /** The page said `ready`: it is (re)loaded and gets everything again. */
  protected pageReady(): void {
    this.ready = true;
    this.watchdog.ready();
    this.postLoad(true);
  }

  protected post(message: unknown): void {
    void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
