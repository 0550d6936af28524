/**
 * The few parts of the `vscode` API the archive file system uses, enough to run it in Node
 * (tests only): Uri with a round-tripping toString/parse, events, errors, enums, workspace.fs
 * over the real file system (read, stat, and the writes a temporary-file save makes), watchers
 * that never fire.
 */
import * as fs from 'fs';

class Uri {
  private constructor(readonly scheme: string, readonly authority: string, readonly path: string, readonly query: string, readonly fragment: string) {}
  static parse(text: string): Uri {
    const m = /^([a-zA-Z][\w+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/.exec(text);
    if (!m) throw new Error(`not a URI: ${text}`);
    return new Uri(m[1], m[2] ?? '', decodeURIComponent(m[3] ?? ''), decodeURIComponent(m[4] ?? ''), decodeURIComponent(m[5] ?? ''));
  }
  static file(path: string): Uri {
    return new Uri('file', '', path, '', '');
  }
  static joinPath(base: Uri, ...segments: string[]): Uri {
    const parts = base.path.split('/');
    for (const s of segments.flatMap((x) => x.split('/'))) {
      if (s === '..') parts.pop();
      else if (s !== '' && s !== '.') parts.push(s);
    }
    return base.with({ path: parts.join('/') || '/' });
  }
  static from(c: { scheme: string; authority?: string; path?: string; query?: string; fragment?: string }): Uri {
    return new Uri(c.scheme, c.authority ?? '', c.path ?? '', c.query ?? '', c.fragment ?? '');
  }
  with(c: { scheme?: string; authority?: string; path?: string; query?: string; fragment?: string }): Uri {
    return new Uri(c.scheme ?? this.scheme, c.authority ?? this.authority, c.path ?? this.path, c.query ?? this.query, c.fragment ?? this.fragment);
  }
  get fsPath(): string {
    return this.path;
  }
  toString(): string {
    const path = this.path.split('/').map(encodeURIComponent).join('/');
    return `${this.scheme}:${this.authority || this.scheme === 'file' ? `//${this.authority}` : ''}${path}${this.query ? `?${encodeURIComponent(this.query)}` : ''}${this.fragment ? `#${encodeURIComponent(this.fragment)}` : ''}`;
  }
}

class Disposable {
  constructor(private readonly fn: () => void) {}
  static from(...items: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => items.forEach((i) => i.dispose()));
  }
  dispose(): void {
    this.fn();
  }
}

class EventEmitter<T> {
  private listeners: ((e: T) => void)[] = [];
  event = (listener: (e: T) => void): Disposable => {
    this.listeners.push(listener);
    return new Disposable(() => { this.listeners = this.listeners.filter((l) => l !== listener); });
  };
  fire(e: T): void {
    for (const l of this.listeners) l(e);
  }
  dispose(): void {
    this.listeners = [];
  }
}

class FileSystemError extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
  }
  static FileNotFound(m?: unknown): FileSystemError { return new FileSystemError(String(m), 'FileNotFound'); }
  static FileNotADirectory(m?: unknown): FileSystemError { return new FileSystemError(String(m), 'FileNotADirectory'); }
  static FileIsADirectory(m?: unknown): FileSystemError { return new FileSystemError(String(m), 'FileIsADirectory'); }
  static NoPermissions(m?: unknown): FileSystemError { return new FileSystemError(String(m), 'NoPermissions'); }
  static Unavailable(m?: unknown): FileSystemError { return new FileSystemError(String(m), 'Unavailable'); }
}

const FileType = { Unknown: 0, File: 1, Directory: 2, SymbolicLink: 64 };

const watcher = (): unknown => {
  const none = (): Disposable => new Disposable(() => undefined);
  return { onDidChange: none, onDidCreate: none, onDidDelete: none, dispose: () => undefined };
};

export const vscodeStub = {
  Uri,
  Disposable,
  EventEmitter,
  FileSystemError,
  FileType,
  FilePermission: { Readonly: 1 },
  FileChangeType: { Changed: 1, Created: 2, Deleted: 3 },
  RelativePattern: class { constructor(readonly base: unknown, readonly pattern: string) {} },
  workspace: {
    fs: {
      readFile: async (uri: Uri): Promise<Uint8Array> => new Uint8Array(fs.readFileSync(uri.path)),
      stat: async (uri: Uri) => {
        const st = fs.statSync(uri.path);
        return { type: st.isDirectory() ? FileType.Directory : FileType.File, ctime: st.ctimeMs, mtime: st.mtimeMs, size: st.size };
      },
      writeFile: async (uri: Uri, bytes: Uint8Array): Promise<void> => fs.writeFileSync(uri.path, bytes),
      createDirectory: async (uri: Uri): Promise<void> => { fs.mkdirSync(uri.path, { recursive: true }); },
      rename: async (from: Uri, to: Uri): Promise<void> => fs.renameSync(from.path, to.path),
      delete: async (uri: Uri): Promise<void> => fs.rmSync(uri.path, { force: true }),
    },
    createFileSystemWatcher: watcher,
    registerFileSystemProvider: () => new Disposable(() => undefined),
  },
};

/** Makes `require('vscode')` return the stub (call before loading extension modules). */
export function installVscodeStub(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Module = require('module') as { _load: (request: string, ...rest: unknown[]) => unknown };
  const load = Module._load;
  Module._load = function (request: string, ...rest: unknown[]) {
    if (request === 'vscode') return vscodeStub;
    return load.call(this, request, ...rest);
  };
}
