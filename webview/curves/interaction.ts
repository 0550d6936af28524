/**
 * Input on the curve plot: the pointer (hover keys, click to select a key or scrub, drag to pan,
 * drag on the frame axis to scrub, wheel to zoom or pan, double-click to reset) and the keyboard
 * (+/− zoom, arrows pan, 0 resets, [ and ] step through keys). The view implements CurveControls.
 * When the file can be edited (issue 28): drag a key (Shift: along one axis) or the selected key's
 * tangent handles, one edit on release; double-click a curve adds a key; with a key selected the
 * arrows move it, Delete removes it, S toggles step ↔ keyed; Insert adds a key at the cursor.
 */
import type { CurveViewRange, PlotScale } from './scale';
import type { KeyHit, KeyRef } from './paint';
import type { CurveEdit } from './editing';

export interface CurveControls {
  readonly overlay: HTMLCanvasElement;
  readonly stage: HTMLElement;
  readonly scale: PlotScale;
  hitTest(x: number, y: number): KeyHit | null;
  setHover(hit: KeyHit | null): void;
  selectKey(hit: KeyRef): void;
  /** The next (+1) or previous (−1) key of the visible tracks, by frame. */
  stepKey(dir: 1 | -1): void;
  getView(): CurveViewRange;
  setView(view: CurveViewRange): void;
  zoomBy(factor: number, centreFrame?: number): void;
  panBy(frames: number): void;
  resetView(): void;
  /** The user put the time cursor at a frame (clamped to the animation by the view). */
  scrub(frame: number): void;
  // editing (CurveView, editing.ts): each does nothing unless the view is editable
  readonly editable: boolean;
  readonly selectedKey: KeyRef | null;
  handleAt(x: number, y: number): 'in' | 'out' | null;
  dragKey(hit: KeyRef, x: number, y: number, axis?: 'frame' | 'value'): CurveEdit | undefined;
  dragHandle(side: 'in' | 'out', x: number, y: number): CurveEdit | undefined;
  commitEdit(edit: CurveEdit): void;
  cancelPreview(): void;
  addKeyAt(x: number, y: number): boolean;
  editSelected(action: 'delete' | 'toggleStep' | 'insert' | { frames: number; steps: number }): boolean;
}

type Drag = {
  x: number;
  y: number;
  start: CurveViewRange;
  mode: 'pan' | 'scrub' | 'pending' | 'key' | 'handle';
  pointerId: number;
  /** The key under the pointer when it went down (editable: a drag moves it). */
  key?: KeyHit;
  side?: 'in' | 'out';
  /** The edit the drag would make now (sent on release). */
  edit?: CurveEdit;
};

/** Pointer input on the overlay canvas; returns a disposer. */
export function bindPointer(c: CurveControls): () => void {
  const o = c.overlay;
  let drag: Drag | null = null;
  const local = (e: MouseEvent): { x: number; y: number } => {
    const rect = o.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const down = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    const p = local(e);
    const side = c.editable && p.y < c.scale.axisTop ? c.handleAt(p.x, p.y) : null;
    const mode = side ? 'handle' : p.y >= c.scale.axisTop ? 'scrub' : 'pending';
    drag = { x: p.x, y: p.y, start: c.getView(), mode, pointerId: e.pointerId, ...(side ? { side } : {}) };
    if (mode === 'pending' && c.editable) drag.key = c.hitTest(p.x, p.y) ?? undefined;
    o.setPointerCapture(e.pointerId);
    c.stage.focus({ preventScroll: true });
    if (mode === 'scrub') c.scrub(c.scale.xToFrame(p.x));
  };
  const move = (e: PointerEvent): void => {
    const p = local(e);
    const d = drag;
    if (d?.mode === 'scrub') {
      c.scrub(c.scale.xToFrame(p.x));
      return;
    }
    if (d?.mode === 'handle' && d.side) {
      d.edit = c.dragHandle(d.side, p.x, p.y) ?? d.edit;
      return;
    }
    if (d?.mode === 'pending' && d.key && Math.hypot(p.x - d.x, p.y - d.y) > 3) {
      d.mode = 'key';
      c.setHover(null);
      c.selectKey(d.key);
    }
    if (d?.mode === 'key' && d.key) {
      // Shift: along the axis the pointer has moved most on
      const axis = e.shiftKey ? (Math.abs(p.x - d.x) >= Math.abs(p.y - d.y) ? 'frame' : 'value') : undefined;
      d.edit = c.dragKey(d.key, p.x, p.y, axis) ?? d.edit;
      return;
    }
    if (d?.mode === 'pending' && Math.abs(p.x - d.x) > 3) {
      d.mode = 'pan';
      o.classList.add('as-panning');
      c.setHover(null);
    }
    if (d?.mode === 'pan') {
      const framesPerPx = (d.start.end - d.start.start) / (c.scale.plotRight - c.scale.plotLeft);
      const shift = -(p.x - d.x) * framesPerPx;
      c.setView({ start: d.start.start + shift, end: d.start.end + shift });
      return;
    }
    c.setHover(c.hitTest(p.x, p.y));
  };
  const end = (e: PointerEvent, cancelled: boolean): void => {
    const d = drag;
    if (!d || d.pointerId !== e.pointerId) return;
    drag = null;
    o.classList.remove('as-panning');
    if (o.hasPointerCapture(e.pointerId)) o.releasePointerCapture(e.pointerId);
    if (d.mode === 'key' || d.mode === 'handle') {
      // one edit for the whole drag, on release
      if (cancelled || !d.edit) c.cancelPreview();
      else c.commitEdit(d.edit);
      return;
    }
    if (cancelled || d.mode !== 'pending') return;
    const p = local(e);
    const hit = c.hitTest(p.x, p.y);
    if (hit) c.selectKey(hit);
    else if (p.x >= c.scale.plotLeft && p.x <= c.scale.plotRight) c.scrub(c.scale.xToFrame(p.x));
  };
  const up = (e: PointerEvent): void => end(e, false);
  const cancel = (e: PointerEvent): void => end(e, true);
  const leave = (): void => { if (!drag) c.setHover(null); };
  const wheel = (e: WheelEvent): void => {
    e.preventDefault();
    const p = local(e);
    const lines = e.deltaMode === 1 ? 16 : 1;
    if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
      const delta = Math.abs(e.deltaX) > Math.abs(e.deltaY) ? e.deltaX : e.deltaY;
      c.panBy(delta * c.scale.framesPerPx * lines);
    } else {
      const x = Math.min(Math.max(p.x, c.scale.plotLeft), c.scale.plotRight);
      c.zoomBy(Math.exp(-e.deltaY * lines * 0.0015), c.scale.xToFrame(x));
    }
  };
  const dblclick = (e: MouseEvent): void => {
    const p = local(e);
    if (!c.addKeyAt(p.x, p.y)) c.resetView();
  };
  o.addEventListener('pointerdown', down);
  o.addEventListener('pointermove', move);
  o.addEventListener('pointerup', up);
  o.addEventListener('pointercancel', cancel);
  o.addEventListener('pointerleave', leave);
  o.addEventListener('wheel', wheel, { passive: false });
  o.addEventListener('dblclick', dblclick);
  return () => {
    o.removeEventListener('pointerdown', down);
    o.removeEventListener('pointermove', move);
    o.removeEventListener('pointerup', up);
    o.removeEventListener('pointercancel', cancel);
    o.removeEventListener('pointerleave', leave);
    o.removeEventListener('wheel', wheel);
    o.removeEventListener('dblclick', dblclick);
  };
}

/** Keyboard input on the focusable stage; returns a disposer. */
export function bindKeyboard(c: CurveControls): () => void {
  const key = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const { start, end } = c.getView();
    const span = end - start;
    if (c.editable && editKey(c, e)) {
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    switch (e.key) {
      case '+': case '=': c.zoomBy(1.25); break;
      case '-': case '_': c.zoomBy(0.8); break;
      case 'ArrowLeft': c.panBy(-span * (e.shiftKey ? 0.5 : 0.1)); break;
      case 'ArrowRight': c.panBy(span * (e.shiftKey ? 0.5 : 0.1)); break;
      case '0': case 'Home': c.resetView(); break;
      case '[': c.stepKey(-1); break;
      case ']': c.stepKey(1); break;
      case 'Escape': c.setHover(null); return;
      default: return;
    }
    e.preventDefault();
    e.stopPropagation();
  };
  c.stage.addEventListener('keydown', key);
  return () => c.stage.removeEventListener('keydown', key);
}

/** The keyboard's edits (an editable view): true when the key did one. Shift+arrows still pan. */
function editKey(c: CurveControls, e: KeyboardEvent): boolean {
  const selected = c.selectedKey !== null;
  switch (e.key) {
    case 'Delete': case 'Backspace': return selected && c.editSelected('delete');
    case 'Insert': return c.editSelected('insert');
    case 's': case 'S': return selected && !e.shiftKey && c.editSelected('toggleStep');
    case 'ArrowLeft': return selected && !e.shiftKey && c.editSelected({ frames: -1, steps: 0 });
    case 'ArrowRight': return selected && !e.shiftKey && c.editSelected({ frames: 1, steps: 0 });
    case 'ArrowUp': return selected && c.editSelected({ frames: 0, steps: e.shiftKey ? 10 : 1 });
    case 'ArrowDown': return selected && c.editSelected({ frames: 0, steps: e.shiftKey ? -10 : -1 });
    default: return false;
  }
}
