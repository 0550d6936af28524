/**
 * The header panel: file name, format, summary facts, toolbar buttons, the bound model and the
 * diagnostics list (each diagnostic jumps to its bytes). File strings only via textContent.
 */
import type { Diagnostic } from '../../src/formats/binary/diagnostics';
import { countText, grouped, plural } from '../../src/formats/binary/text';
import { isAnimFormat, pageSpecOf } from '../../src/kinds/pages';
import { byteLengthOf, LoadedFile, MaterialBindingInfo, PageCommand } from '../../src/wire/protocol';
import type { PageServices } from '../page/bus';
import { clampRange } from '../page/fields';
import type { Panel, PanelContext, RenderReport } from '../page/panel';
import { el } from '../shared/dom';
import { DiagnosticsList } from '../shared/diagnosticsList';
import { hexOffset } from '../shared/format';
import { toolbarIcon, ToolbarIcon } from './toolbarIcons';

const BUTTONS: { command: PageCommand; label: string; title: string; icon: ToolbarIcon }[] = [
  { command: 'exportJson', label: 'Export JSON', title: 'AnimScope: Export to JSON (the whole structure with spans)', icon: 'json' },
  { command: 'exportCurves', label: 'Export Curves', title: 'AnimScope: Export Sampled Curves (JSON or CSV)', icon: 'graph' },
  { command: 'goToOffset', label: 'Go to Offset…', title: 'AnimScope: Go to Offset… (Ctrl+G)', icon: 'go-to-file' },
  { command: 'reopenAsHex', label: 'Open as Hex', title: 'AnimScope: Reopen as Hex/Text', icon: 'file-binary' },
];

export class HeaderPanel implements Panel {
  readonly id = 'header';
  readonly slot = 'header';
  readonly visible = true;
  readonly early = true;
  readonly element = el('header', 'as-header');
  private readonly title = el('h1', 'as-title');
  private readonly badge = el('span', 'as-badge as-format-badge');
  private readonly facts = el('dl', 'as-facts');
  private readonly notice = el('div', 'as-notice');
  private readonly diagnostics = new DiagnosticsList<Diagnostic>('Diagnostics');
  private readonly model = el('div', 'as-bound');
  private byteLength = 0;
  private readonly buttons = new Map<PageCommand, HTMLElement>();

  constructor(private readonly page: PageServices) {
    const top = el('div', 'as-header-top');
    const toolbar = el('div', 'as-toolbar');
    toolbar.setAttribute('role', 'toolbar');
    toolbar.setAttribute('aria-label', 'AnimScope actions');
    for (const b of BUTTONS) {
      const button = this.actionButton(b.command, b.label, b.title, b.icon);
      this.buttons.set(b.command, button);
      toolbar.append(button);
    }
    top.append(this.title, this.badge, toolbar);
    this.notice.setAttribute('role', 'alert');
    this.notice.hidden = true;
    this.model.setAttribute('aria-label', 'Model');
    this.element.append(top, this.facts, this.model, this.notice, this.diagnostics.element);
    this.diagnostics.onJump((d) => {
      const r = clampRange(d.offset, d.length, this.byteLength);
      if (r) page.bus.revealBytes.fire(r.offset, r.length);
    });
    page.bus.notice.event((text) => this.setNotice(text));
    page.bus.editState.event(() => this.setTitleTooltip());
  }

  mount(container: HTMLElement): void {
    container.append(this.element);
  }

  load(context: PanelContext): void {
    this.byteLength = byteLengthOf(context.file);
    this.setFile(context.file);
  }

  saveState(): undefined {
    return undefined;
  }

  restoreState(): void {
    // Nothing to keep: the header shows the load.
  }

  report(r: RenderReport): void {
    r.diagnostics = this.diagnostics.count;
    r.modelFileDiagnostics = this.modelRendered.fileDiagnostics;
    if (this.modelRendered.error) r.modelError = this.modelRendered.error;
  }

  dispose(): void {
    this.element.remove();
  }

  /** A toolbar button (VS Code's secondary button look, media/base.css) with a codicon, running a host command. */
  private actionButton(command: PageCommand, label: string, title: string, icon: ToolbarIcon): HTMLElement {
    const button = el('button', 'as-button');
    button.type = 'button';
    button.append(toolbarIcon(icon), document.createTextNode(label));
    button.title = title;
    button.dataset.command = command;
    button.addEventListener('click', () => this.page.bus.host.command(command));
    return button;
  }

  /** What the model line shows: the model file's problems listed, and the "cannot be used" text. */
  private modelRendered = { fileDiagnostics: 0, error: undefined as string | undefined };

  private setFile(file: LoadedFile): void {
    this.title.textContent = file.fileName;
    this.fileName = file.fileName;
    this.setTitleTooltip();
    this.badge.textContent = file.format.toUpperCase();
    // A model has no curves (the editor title's menu hides it the same way: package.json `when`).
    const curves = this.buttons.get('exportCurves');
    if (curves) curves.hidden = !isAnimFormat(file.format);
    this.renderFacts(file);
    this.renderModel(file);
    this.renderDiagnostics(file.diagnostics);
    this.setNotice(undefined);
  }

  private fileName = '';

  /** The file's name, and why it cannot be edited when the host says so (read-only file system, untrusted workspace…). */
  private setTitleTooltip(): void {
    const state = this.page.bus.editState.value;
    const readOnly = !state.editable && state.reason !== undefined;
    this.title.title = readOnly ? `${this.fileName}\nRead-only: ${state.reason}` : this.fileName;
    this.title.classList.toggle('as-read-only', readOnly);
  }

  /** A message above everything (file deleted, decode failure); undefined hides it. */
  private setNotice(text: string | undefined): void {
    this.notice.hidden = text === undefined;
    this.notice.textContent = text ?? '';
  }

  private renderFacts(file: LoadedFile): void {
    const s = file.summary;
    const rows: [string, string][] = [];
    const length = byteLengthOf(file);
    rows.push(['Size', file.container
      ? `${grouped(length)} bytes (Yaz0, ${grouped(file.fileByteLength)} compressed; offsets are in the decompressed data)`
      : length === file.fileByteLength ? `${grouped(length)} bytes` : `${grouped(file.fileByteLength)} bytes (not read)`]);
    if (s.duration !== undefined) rows.push(['Duration', plural(s.duration, 'frame')]);
    if (s.loopMode !== undefined) rows.push(['Loop mode', s.loopMode]);
    if (s.rotationFraction !== undefined) rows.push(['Rotation fraction', String(s.rotationFraction)]);
    if (s.matrixMode !== undefined) rows.push(['Matrix mode', s.matrixMode]);
    for (const [label, count, declared] of s.counts) rows.push([label[0].toUpperCase() + label.slice(1), countText(count, declared, grouped)]);
    const children: HTMLElement[] = [];
    for (const [label, value] of rows) {
      const item = el('div', 'as-fact');
      item.append(el('dt', undefined, label), el('dd', undefined, value));
      children.push(item);
    }
    this.facts.replaceChildren(...children);
  }

  /** Formats that bind to a model: the bound model (or the models found beside the file) and a "Bind Model…" button. */
  private renderModel(file: LoadedFile): void {
    const binding = isAnimFormat(file.format) ? pageSpecOf(file.format).model : undefined;
    this.model.hidden = !binding || binding.target === 'none';
    this.modelRendered = { fileDiagnostics: 0, error: undefined };
    if (!binding || binding.target === 'none') {
      this.model.replaceChildren();
      return;
    }
    const parts: HTMLElement[] = [el('span', 'as-bound-label', 'Model')];
    const m = file.model;
    if (m) {
      const name = el('span', 'as-bound-name', m.fileName);
      name.title = m.source === 'remembered' ? 'Bound with "Bind Model…" (remembered for this file)'
        : m.source === 'folder' ? 'Found beside the animation' : 'Chosen with "Bind Model…"';
      parts.push(name);
      const detail = [`${plural(m.joints.length, 'joint')}`, `${plural(m.materials.length, 'material')}`];
      if (m.jointNames) {
        const named = m.jointNames.filter((n) => n !== null).length;
        detail.push(named === m.jointNames.length ? 'all joints named' : `${named} of ${m.jointNames.length} animated joints named`);
      }
      parts.push(el('span', 'as-bound-detail', `(${detail.join(', ')}${m.source === 'folder' ? '; beside the animation' : ''})`));
    } else if (file.modelError) {
      parts.push(el('span', 'as-bound-missing', `none bound: ${file.modelError}`));
      this.modelRendered.error = file.modelError;
    } else {
      const candidates = file.modelCandidates ?? [];
      parts.push(el('span', 'as-bound-detail', candidates.length > 1
        ? `none bound — ${candidates.length} models beside it (${candidates.slice(0, 4).join(', ')}${candidates.length > 4 ? ', …' : ''}): choose one`
        : candidates.length === 1 ? `none bound (${candidates[0]} is beside it)` : `none bound: choose a BMD/BDL to ${binding.purpose}`));
    }
    parts.push(this.actionButton('bindModel', 'Bind Model…', 'AnimScope: Bind Model… (choose the BMD/BDL this animation drives)', 'link'));
    const children: HTMLElement[] = [...parts];
    if (m?.fileDiagnostics?.length) children.push(this.renderModelProblems(m.fileName, m.fileDiagnostics, m.fileDiagnosticCount));
    if (m?.materialBindings?.length) children.push(this.renderBindings(m.materialBindings));
    this.model.replaceChildren(...children);
  }

  /** The model file's own problems (offsets in the model's bytes: not linked to this file's hex view). */
  private renderModelProblems(fileName: string, list: Diagnostic[], total = list.length): HTMLElement {
    const details = el('details', 'as-bound-problems');
    const errors = list.filter((d) => d.severity === 'error').length;
    const summary = el('summary', errors ? 'as-bound-missing' : undefined,
      `${plural(total, 'problem')} in the model${errors ? ` (${plural(errors, 'error')}: decoded as far as its bytes allow)` : ''}`);
    const items = el('ul');
    for (const d of list) items.append(el('li', `as-bound-problem-${d.severity}`, `[${hexOffset(d.offset, 4)}] ${d.code}: ${d.message}`));
    if (total > list.length) items.append(el('li', undefined, `… ${total - list.length} more (AnimScope output channel)`));
    details.append(summary, items);
    this.modelRendered.fileDiagnostics = list.length;
    return details;
  }

  private renderBindings(bindings: MaterialBindingInfo[]): HTMLElement {
    const list = el('ul', 'as-bound-list');
    list.setAttribute('aria-label', 'Material bindings');
    for (const b of bindings.slice(0, 64)) {
      const slot = b.texMtxSlot ?? b.colorSlot ?? '';
      const target = b.materialIndex >= 0 ? `material ${b.materialIndex}` : 'no such material';
      const li = el('li', b.materialIndex >= 0 ? undefined : 'as-binding-missing', `${b.materialName} → ${target}${slot ? ` · ${slot}` : ''}`);
      list.append(li);
    }
    if (bindings.length > 64) list.append(el('li', undefined, `… ${bindings.length - 64} more`));
    return list;
  }

  private renderDiagnostics(list: Diagnostic[]): void {
    this.diagnostics.setRows([...list].sort((a, b) => a.offset - b.offset).map((d) => ({
      diagnostic: d, value: d, title: `Show the bytes at ${hexOffset(d.offset, 4)} (${d.offset})`,
    })));
  }

}
