import * as vscode from 'vscode';

/** Disposables held together and disposed at once, last added first. */
export class Disposables implements vscode.Disposable {
  private items: vscode.Disposable[] = [];
  private disposed = false;

  /** Holds `item` (disposed at once when this already is) and returns it. */
  add<T extends vscode.Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  push(...items: vscode.Disposable[]): void {
    for (const item of items) this.add(item);
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    this.disposed = true;
    const items = this.items;
    this.items = [];
    for (let i = items.length - 1; i >= 0; i--) items[i].dispose();
  }
}
