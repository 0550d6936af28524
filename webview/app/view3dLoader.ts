/**
 * The 3D view's script (dist/view3d.js, ../view3d/api.ts) comes by message, not with the page:
 * pages without a model never carry it. The host sends it before the first load with a model, or
 * when the page asks (a load needs it and it has not come). Its text runs in a <script> carrying the
 * page's own nonce, the only script the page's CSP lets run; when the extension cannot read dist/
 * the message brings a webview URI instead, linked the same way.
 */
import type { View3dMessage } from '../../src/wire/protocol';
import { View3d, VIEW3D_GLOBAL } from '../view3d/api';

/** How long a load waits for the script before it shows the file without its 3D view. */
const WAIT_MS = 15000;

const registered = (): View3d | undefined => (window as unknown as Record<string, View3d | undefined>)[VIEW3D_GLOBAL];

export class View3dLoader {
  private module: Promise<View3d> | undefined;
  private settle: { resolve(v: View3d): void; reject(e: Error): void } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** A linked script is loading. */
  private linking = false;

  /**
   * `nonce`: the page's script nonce (document.currentScript.nonce, read while the page's script
   * starts); `ask`: posts requestView3d.
   */
  constructor(private readonly nonce: string, private readonly ask: () => void) {}

  /** The 3D view; the first call without the script asks the host for it. A failure is retried by the next call. */
  load(): Promise<View3d> {
    if (this.module) return this.module;
    const ready = registered();
    if (ready) return (this.module = Promise.resolve(ready));
    const module = this.pending();
    this.ask();
    this.timer = setTimeout(() => this.fail(new Error(`its script did not arrive in ${WAIT_MS / 1000} s`)), WAIT_MS);
    return module;
  }

  /** The host's script (sent ahead or asked for): run once; a copy that arrives later is ignored. */
  receive(m: View3dMessage): void {
    if (registered()) return this.done();
    if (this.linking) return;
    if (!this.module) void this.pending().catch(() => undefined); // sent ahead: nobody awaits it yet
    const script = document.createElement('script');
    script.nonce = this.nonce;
    if (m.code !== undefined) {
      // an inline script runs as it is inserted (or not at all: refused by the CSP, or it threw)
      script.textContent = m.code;
      document.head.append(script);
      this.done();
    } else {
      this.linking = true;
      script.src = m.src;
      script.addEventListener('load', () => this.done());
      script.addEventListener('error', () => this.fail(new Error('its script could not be loaded')));
      document.head.append(script);
    }
  }

  private pending(): Promise<View3d> {
    this.module = new Promise<View3d>((resolve, reject) => { this.settle = { resolve, reject }; });
    return this.module;
  }

  private done(): void {
    const view3d = registered();
    if (!view3d) return this.fail(new Error('its script did not run'));
    clearTimeout(this.timer);
    this.linking = false;
    this.settle?.resolve(view3d);
    this.settle = undefined;
    this.module ??= Promise.resolve(view3d);
  }

  private fail(error: Error): void {
    clearTimeout(this.timer);
    this.linking = false;
    this.settle?.reject(error);
    this.settle = undefined;
    this.module = undefined;
  }
}
