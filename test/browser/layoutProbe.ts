/**
 * What a user can see of the editor page's panes, measured in the page: shared by the page suite
 * (test/webview/layout-editor.test.ts) and the real VS Code (test/host/e2e/layout.e2e.ts).
 * `probeLayout` runs IN the page (passed to `evaluate`): it must stay self-contained;
 * `layoutComplaints` reads its result in Node.
 */

export interface ProbeRect { left: number; top: number; right: number; bottom: number; width: number; height: number }

export interface LayoutProbe {
  viewport: { width: number; height: number };
  hex: { pane: ProbeRect; headerText: ProbeRect; rowText: ProbeRect } | undefined;
  model: {
    side: ProbeRect;
    /** Where the canvas is, and the part of it the side pane and the page show. */
    canvas: ProbeRect;
    canvasVisible: ProbeRect | undefined;
    caption: ProbeRect | undefined;
    help: ProbeRect | undefined;
    alongOpen: boolean;
  } | undefined;
  curves: { pane: ProbeRect; bodyScrollHeight: number; bodyClientHeight: number; stage: ProbeRect } | undefined;
  /** The first tree row whose Offset (when the column shows) is cut: it must fit whole. */
  treeCut: string[];
  /** Text cut (by its own box or a clipping/scrolling ancestor, sideways) with no tooltip: "selector: text". */
  cutLabels: string[];
}

export function probeLayout(): LayoutProbe {
  const rect = (e: Element): ProbeRect => {
    const r = e.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
  };
  const q = (s: string): HTMLElement | null => document.querySelector<HTMLElement>(s);
  const shown = (e: HTMLElement | null): e is HTMLElement => !!e && e.getClientRects().length > 0 && e.getBoundingClientRect().width > 0;
  const intersect = (a: ProbeRect, b: ProbeRect): ProbeRect | undefined => {
    const left = Math.max(a.left, b.left), top = Math.max(a.top, b.top), right = Math.min(a.right, b.right), bottom = Math.min(a.bottom, b.bottom);
    return right > left && bottom > top ? { left, top, right, bottom, width: right - left, height: bottom - top } : undefined;
  };
  /** Whether e's text is wider than its content box (to the sub-pixel: an ellipsis shows from 0.1 px on, scrollWidth is rounded). */
  const overflows = (e: HTMLElement): boolean => {
    const range = document.createRange();
    range.selectNodeContents(e);
    const cs = getComputedStyle(e);
    const inner = e.getBoundingClientRect().width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - parseFloat(cs.borderLeftWidth) - parseFloat(cs.borderRightWidth);
    return range.getBoundingClientRect().width > inner + 0.05 || e.scrollWidth > e.clientWidth + 1;
  };
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const page: ProbeRect = { left: 0, top: 0, right: viewport.width, bottom: viewport.height, ...viewport };

  const hexPane = q('.as-slot-hex'), hexHeaderText = q('.hex-header .hex-ascii'), hexRowText = q('.hex-body .hex-row .hex-ascii');
  const hex = shown(hexPane) && hexHeaderText && hexRowText
    ? { pane: rect(hexPane), headerText: rect(hexHeaderText), rowText: rect(hexRowText) } : undefined;

  const side = q('.as-slot-side'), canvas = q('.as-slot-side canvas.as-model-canvas');
  const caption = q('.as-slot-side .as-model-caption'), help = q('.as-slot-side .as-model-help');
  const along = document.querySelector<HTMLDetailsElement>('.as-slot-side details.as-along');
  const model = shown(side) && shown(canvas) ? {
    side: rect(side),
    canvas: rect(canvas),
    canvasVisible: (() => { const s = intersect(rect(canvas), rect(side)); return s && intersect(s, page); })(),
    caption: shown(caption) && caption.textContent ? rect(caption) : undefined,
    help: shown(help) && help.textContent ? rect(help) : undefined,
    alongOpen: !!along && shown(along) && along.open,
  } : undefined;

  const curvesPane = q('.as-slot-curves'), curvesBody = q('.as-slot-curves .as-curves-pane .as-panel-body'), stage = q('.as-slot-curves .as-curves-stage');
  const curves = shown(curvesPane) && curvesBody && shown(stage)
    ? { pane: rect(curvesPane), bodyScrollHeight: curvesBody.scrollHeight, bodyClientHeight: curvesBody.clientHeight, stage: rect(stage) } : undefined;

  const treeCut: string[] = [];
  for (const cell of Array.from(document.querySelectorAll<HTMLElement>('.structure-body .structure-row .col-offset'))) {
    if (shown(cell) && cell.textContent && overflows(cell)) {
      treeCut.push(`${cell.textContent} (${cell.getBoundingClientRect().width} px)`);
      break;
    }
  }

  // Every piece of visible text outside the virtualised lists (their rows have the hover card).
  const cutLabels: string[] = [];
  const describe = (e: HTMLElement): string => `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : ''}`;
  const tooltip = (e: HTMLElement): boolean => !!e.closest('[title]')?.getAttribute('title');
  for (const e of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
    if (e.closest('.structure-body, .hex-body, .hover-card, .as-picker-popup, select, option, [hidden], details:not([open]) > :not(summary), .as-curves-tooltip, .as-model-tip')) continue;
    const text = Array.from(e.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? '').join('').trim();
    if (!text || !shown(e)) continue;
    const style = getComputedStyle(e);
    if (style.visibility === 'hidden') continue;
    const r = rect(e);
    if (r.width <= 1 || r.height <= 1) continue; // read by screen readers only
    if (r.right <= 0 || r.left >= viewport.width || r.bottom <= 0 || r.top >= viewport.height) continue;
    let cut = style.overflowX !== 'visible' && overflows(e);
    for (let a = e.parentElement; !cut && a && a !== document.body; a = a.parentElement) {
      const ax = getComputedStyle(a).overflowX;
      if (ax === 'visible') continue;
      const ar = a.getBoundingClientRect();
      if (r.right > ar.right + 1 || r.left < ar.left - 1) cut = true;
    }
    if (cut && !tooltip(e)) cutLabels.push(`${describe(e)}: ${text.slice(0, 60)}`);
  }
  return { viewport, hex, model, curves, treeCut, cutLabels };
}

const overlap = (a: ProbeRect, b: ProbeRect): boolean => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

/** What is wrong with the probed page for a user, one line each (empty when every pane is usable). */
export function layoutComplaints(p: LayoutProbe): string[] {
  const out: string[] = [];
  if (!p.hex) out.push('no hex view');
  else if (p.hex.headerText.right > p.hex.pane.right + 0.5 || p.hex.rowText.right > p.hex.pane.right + 0.5) {
    out.push(`the hex text column ends at ${Math.round(Math.max(p.hex.headerText.right, p.hex.rowText.right))}, past the hex pane's ${Math.round(p.hex.pane.right)}`);
  }
  if (!p.model) out.push('no 3D view');
  else {
    const v = p.model.canvasVisible;
    // the whole canvas on screen, at least 160 px tall (a model one can look at while ticking boxes)
    if (!v || v.height < p.model.canvas.height - 1 || v.width < p.model.canvas.width - 1) {
      out.push(`the 3D view is partly out of sight: canvas ${JSON.stringify(p.model.canvas)}, visible ${JSON.stringify(v)}`);
    }
    if (p.model.canvas.height < 160) out.push(`the 3D view is ${Math.round(p.model.canvas.height)} px tall`);
    if (!p.model.alongOpen) out.push('"Also play" is not open');
    if (p.model.caption && overlap(p.model.caption, p.model.canvas)) out.push('the model caption lies over the 3D view');
    if (p.model.help && overlap(p.model.help, p.model.canvas)) out.push('the key help lies over the 3D view');
  }
  if (!p.curves) out.push('no curve plot');
  else if (p.curves.bodyScrollHeight > p.curves.bodyClientHeight + 1 || p.curves.stage.bottom > p.curves.pane.bottom + 0.5) {
    out.push(`the curve plot (with its frame axis) does not fit its pane: ${p.curves.bodyScrollHeight} px of content in ${p.curves.bodyClientHeight}`);
  }
  for (const c of p.treeCut) out.push(`the tree's offset is cut: ${c}`);
  for (const c of p.cutLabels) out.push(`cut without a tooltip: ${c}`);
  return out;
}
