/**
 * Input on the curve plot: the pointer (hover keys, click to select a key or scrub, drag to pan,
 * drag on the frame axis to scrub, wheel to zoom or pan, double-click to reset) and the keyboard
 * (+/− zoom, arrows pan, 0 resets, [ and ] step through keys). The view implements CurveControls.
 */
import type { CurveViewRange, PlotScale } from './scale';
import type { KeyHit, KeyRef } from './paint';

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
}

type Drag = { x: number; start: CurveViewRange; mode: 'pan' | 'scrub' | 'pending'; pointerId: number };

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
    const mode = p.y >= c.scale.axisTop ? 'scrub' : 'pending';
    drag = { x: p.x, start: c.getView(), mode, pointerId: e.pointerId };
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
  const dblclick = (): void => c.resetView();
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
