/** What the watchdog needs of a webview panel and a log (structural: tested without VS Code). */
export interface WatchedPanel { readonly visible: boolean }
export interface WarningLog { warn(message: string): void }
/** setTimeout/clearTimeout, replaceable by a manual clock in tests. */
export interface Timers { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void }
const REAL_TIMERS: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface WatchdogActions {
  /** Sets the webview's HTML again (a new nonce makes it differ, so the webview loads anew). */
  reloadHtml(): void;
  /** Posts the `load` message again. */
  repostLoad(): void;
}

/**
 * Sees a fresh webview through to its first load. In code-server a new webview is now and then
 * left unloaded (it never says `ready`), and a message to it can go missing. While the panel is
 * visible and nothing has moved for `timeoutMs`:
 *   - no `ready` yet                        → load the HTML again
 *   - `ready`, but the load not acknowledged → post the load again (the second time: reload the HTML)
 * Once the webview acknowledges a load (`loading`) it is alive: rendering is its business, and a
 * large file may take long. Hidden panels are left alone: they load when shown.
 */
export class FirstLoadWatchdog {
  private readySeen = false;
  private done = false;
  private left: number;
  private repostedSinceReady = false;
  private timer: unknown;

  constructor(
    private readonly panel: WatchedPanel,
    private readonly actions: WatchdogActions,
    private readonly log: WarningLog,
    private readonly label: string,
    private readonly timeoutMs = 8000,
    attempts = 4,
    private readonly timers: Timers = REAL_TIMERS,
  ) {
    this.left = attempts;
    this.arm();
  }

  /** The webview said `ready` (on every load of its HTML). */
  ready(): void {
    this.readySeen = true;
    this.repostedSinceReady = false;
    this.arm();
  }

  /** The webview acknowledged a `load`: nothing more to watch. */
  loadAcknowledged(): void {
    this.done = true;
    this.clear();
  }

  private arm(): void {
    this.clear();
    if (!this.done) this.timer = this.timers.set(() => this.check(), this.timeoutMs);
  }

  private clear(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
  }

  private check(): void {
    this.timer = undefined;
    if (this.done || this.left <= 0) {
      if (!this.done) this.log.warn(`${this.label}: the webview still has not acknowledged a load; giving up`);
      return;
    }
    if (this.panel.visible) {
      this.left--;
      if (this.readySeen && !this.repostedSinceReady) {
        this.repostedSinceReady = true;
        this.log.warn(`${this.label}: the webview is ready but did not acknowledge the load in ${this.timeoutMs} ms; posting it again`);
        this.actions.repostLoad();
      } else {
        this.log.warn(`${this.label}: the webview ${this.readySeen ? 'lost two loads' : `did not say ready in ${this.timeoutMs} ms`}; loading it again`);
        this.readySeen = false;
        this.actions.reloadHtml();
      }
    }
    this.arm();
  }

  dispose(): void {
    this.done = true;
    this.clear();
  }
}
