/**
 * Shared by the in-host suites (runs INSIDE the extension host). Not a test file: index.ts loads *.test.js only.
 */
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { decompressEntry, extractAny, openAnyArchive } from '../../../src/formats/archive/archive';
import { DiagnosticSink } from '../../../src/formats/binary/diagnostics';
import { decode } from '../../../src/formats/index';
import type { DecodedFile } from '../../../src/formats/types';
import { PROTOCOL_VERSION } from '../../../src/wire/protocol';
import type { OpenTiming, RenderState, SelectionState } from '../../../src/extension/editorProvider';
import { problemsUri } from '../../../src/extension/problemsUri';

export const EXTENSION_ID = 'animscope.animscope';
export const VIEW_TYPE = 'animscope.animation';
export const VIEW_TYPE_ANY_FILE = 'animscope.animation.anyFile';
export const STATE_COMMAND = 'animscope._test.lastRenderState';
export const SELECTION_COMMAND = 'animscope._test.lastSelection';
export const TIMINGS_COMMAND = 'animscope._test.timings';
export const STATUS_BAR_COMMAND = 'animscope._test.statusBar';

import { PROJECT_ROOT, SAMPLES_DIR as SAMPLES } from '../../paths';

export { PROJECT_ROOT, SAMPLES };
/** The tsc output of the CLI (fresh in every host run: run.sh runs tsc; dist/cli.js may be stale). */
export const CLI = path.join(PROJECT_ROOT, 'out', 'src', 'cli', 'main.js');

/** Every shared sample the editor must open: j3d/smg/** and motn/motion.bin (relative to SAMPLES). */
export function sharedSamples(): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of fs.readdirSync(path.join(SAMPLES, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const r = path.posix.join(rel, e.name);
      if (e.isDirectory()) walk(r);
      else if (e.isFile()) out.push(r);
    }
  };
  walk('j3d/smg');
  out.push('motn/motion.bin');
  return out;
}

let root: string | undefined;

/** Activates the extension under development; returns the workspace folder the host opened. */
export async function setUp(): Promise<string> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} under development is loaded`);
  await ext.activate(); // like with @vscode/test-electron, the dev extension is not auto-activated
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the host opened a workspace folder');
  assert.ok(fs.existsSync(SAMPLES), `samples at ${SAMPLES}`);
  root = folder.uri.fsPath;
  return root;
}

/** A fresh directory inside the workspace (so that file watching works like for a user's files). */
export function tempDir(prefix: string): string {
  assert.ok(root, 'setUp() first');
  return fs.mkdtempSync(path.join(root, `${prefix}-`));
}

export interface Copied { uri: vscode.Uri; file: string; decoded: DecodedFile }

/** Copies a shared sample into `dir` (never into the repository) under `asName`. */
export function copySample(dir: string, relative: string, asName = path.basename(relative)): Copied {
  const file = path.join(dir, asName);
  fs.copyFileSync(path.join(SAMPLES, relative), file);
  fs.chmodSync(file, 0o644);
  return { uri: vscode.Uri.file(file), file, decoded: decodeFile(file) };
}

export function decodeFile(file: string): DecodedFile {
  return decode(new Uint8Array(fs.readFileSync(file)), path.basename(file));
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value other than undefined. */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

export async function renderState(uri: vscode.Uri): Promise<RenderState | undefined> {
  return vscode.commands.executeCommand<RenderState | undefined>(STATE_COMMAND, uri);
}

/**
 * The webview's `rendered` echo, newer than `since` (and matching `accept`). The webview sends it after
 * every `load`; no message means the webview did not render (see the failure text).
 */
export async function waitForRender(uri: vscode.Uri, since: number, accept: (s: RenderState) => boolean = () => true,
  timeoutMs = 30000): Promise<RenderState> {
  let last: RenderState | undefined;
  try {
    return await waitFor(`the webview's 'rendered' message for ${path.basename(uri.fsPath)}`, async () => {
      last = await renderState(uri);
      return last && last.renderedAt >= since && accept(last) ? last : undefined;
    }, timeoutMs);
  } catch (e) {
    throw new Error(`${(e as Error).message}: no matching 'rendered' message came from the webview ` +
      `(last state: ${JSON.stringify(last) ?? 'none'}) — is dist/webview.js built for protocol v${PROTOCOL_VERSION}?`);
  }
}

export async function lastSelection(uri: vscode.Uri): Promise<SelectionState | undefined> {
  return vscode.commands.executeCommand<SelectionState | undefined>(SELECTION_COMMAND, uri);
}

export async function timings(): Promise<OpenTiming[]> {
  return (await vscode.commands.executeCommand<OpenTiming[]>(TIMINGS_COMMAND)) ?? [];
}

export function assertActiveCustomEditor(viewType: string, uri: vscode.Uri): void {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
  assert.ok(tab, 'an editor tab is active');
  assert.ok(tab.input instanceof vscode.TabInputCustom, `active tab is a custom editor (got ${tab.label})`);
  assert.strictEqual(tab.input.viewType, viewType);
  assert.strictEqual(tab.input.uri.toString(), uri.toString());
}

/** Opens `uri` with `viewType` and waits until its editor is the active tab. */
export async function openWith(uri: vscode.Uri, viewType = VIEW_TYPE): Promise<void> {
  await vscode.commands.executeCommand('vscode.openWith', uri, viewType);
  assertActiveCustomEditor(viewType, uri);
}

export function assertRenderedMatches(state: RenderState, decoded: DecodedFile, viewType = VIEW_TYPE): void {
  const what = decoded.fileName;
  assert.strictEqual(state.format, decoded.format, `${what}: format`);
  assert.strictEqual(state.byteLength, decoded.bytes.length, `${what}: byte length`);
  assert.strictEqual(state.fileName, decoded.fileName, `${what}: file name`);
  assert.strictEqual(state.viewType, viewType, `${what}: view type`);
  assert.strictEqual(state.counts.fields, decoded.root.children?.length ?? 0, `${what}: top-level field rows`);
  assert.strictEqual(state.counts.diagnostics, decoded.diagnostics.length, `${what}: diagnostics`);
  assert.ok(state.consistent, `${what}: the webview echoed what the host sent`);
}

/** Opens a copied sample in the custom editor and checks what the webview rendered against decode(). */
export async function openAndCheck(copied: Copied, viewType = VIEW_TYPE): Promise<RenderState> {
  const since = Date.now();
  await openWith(copied.uri, viewType);
  const state = await waitForRender(copied.uri, since);
  assertRenderedMatches(state, copied.decoded, viewType);
  return state;
}

export async function closeAll(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** The AnimScope entries of the Problems panel for `uri` (an animation's are listed under its stand-in resource). */
export function problems(uri: vscode.Uri): vscode.Diagnostic[] {
  return [...vscode.languages.getDiagnostics(uri), ...vscode.languages.getDiagnostics(problemsUri(uri))].filter((d) => d.source === 'AnimScope');
}

export function codeOf(d: vscode.Diagnostic): string | undefined {
  return typeof d.code === 'object' ? String(d.code.value) : d.code === undefined ? undefined : String(d.code);
}

export async function waitForProblems(uri: vscode.Uri, what: string, accept: (d: vscode.Diagnostic[]) => boolean, timeoutMs = 10000): Promise<vscode.Diagnostic[]> {
  let last: vscode.Diagnostic[] = [];
  try {
    return await waitFor(what, () => {
      last = problems(uri);
      return accept(last) ? last : undefined;
    }, timeoutMs);
  } catch (e) {
    throw new Error(`${(e as Error).message}; Problems now: ${JSON.stringify(last.map((d) => [codeOf(d), d.severity, d.message]))}`);
  }
}

/** Runs the CLI (the tsc output) in `cwd` the way a user would: `node main.js ARGS…`; exit 0 or 1 (errors found) is fine. */
export function runCli(args: string[], cwd: string): void {
  assert.ok(fs.existsSync(CLI), `the CLI is built at ${CLI}`);
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd, encoding: 'utf8', timeout: 60000, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  assert.ok(r.status === 0 || r.status === 1, `animscope ${args.join(' ')} exited with ${r.status} ${r.signal ?? ''}: ${r.stderr}`);
}

export async function updateSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('animscope').update(key, value, vscode.ConfigurationTarget.Global);
}

/** A BCK with its declared file size changed and its ANK1 chunk magic broken. */
export function corruptBck(dir: string, name = 'corrupt.bck'): Copied {
  const copied = copySample(dir, 'j3d/smg/TripodBossCore/2ndDemo.bck', name);
  const bytes = new Uint8Array(fs.readFileSync(copied.file));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  view.setUint32(0x08, bytes.length + 0x40);
  bytes[0x20] = 0x58; // 'ANK1' → 'XNK1'
  fs.writeFileSync(copied.file, bytes);
  return { ...copied, decoded: decodeFile(copied.file) };
}

/** An archive's files, decompressed, by inner path, in the archive's order. */
export function archiveEntries(file: string): Map<string, Buffer> {
  const archive = openAnyArchive(new Uint8Array(fs.readFileSync(file)), new DiagnosticSink(), { detectEntries: false });
  return new Map(archive.entries.filter((e) => e.kind === 'file')
    .map((e) => [e.path, Buffer.from(decompressEntry(extractAny(archive, e), new DiagnosticSink()))]));
}
