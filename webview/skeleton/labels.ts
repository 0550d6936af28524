/**
 * Joint labels without overlap: each label tries spots around its joint, nearest first (right,
 * left, above, below, the diagonals), then the same directions farther out with a leader line back
 * to the joint; the first spot that overlaps no placed label, no joint dot and stays inside the
 * free area wins. A label with no free spot is not drawn (hovering the joint names it). Labels
 * are placed in priority order (the caller's: selected and hovered joints first). Pure: no DOM.
 */

export interface LabelRequest {
  joint: number;
  /** The joint's dot on screen. */
  x: number;
  y: number;
  /** The label's size in px. */
  width: number;
  height: number;
}

export interface PlacedLabel {
  joint: number;
  /** Top-left of the label's box. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** Drawn away from its joint: a line joins them. */
  leader: boolean;
}

export interface LabelArea {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const GAP = 9;
/** Distances of the spots, in multiples of the first ring; rings past the first get a leader line. */
const RINGS = [1, 2.4, 4];
const DOT_RADIUS = 4;

interface Box { l: number; t: number; r: number; b: number }

function overlaps(a: Box, b: Box): boolean {
  return a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;
}

/** Candidate top-left corners for a label of w × h at (x, y), ring `k`. */
function spots(x: number, y: number, w: number, h: number, k: number): [number, number][] {
  const d = GAP * k;
  const dy = (h / 2 + GAP) * k;
  return [
    [x + d, y - h / 2], // right
    [x - d - w, y - h / 2], // left
    [x - w / 2, y - dy - h / 2], // above
    [x - w / 2, y + dy - h / 2], // below
    [x + d, y - dy - h / 2], // right, up
    [x + d, y + dy - h / 2], // right, down
    [x - d - w, y - dy - h / 2], // left, up
    [x - d - w, y + dy - h / 2], // left, down
  ];
}

/** Places the labels in the order given; returns the placed ones (the rest have no free spot). */
export function placeLabels(requests: readonly LabelRequest[], area: LabelArea, dots: readonly { x: number; y: number }[]): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const taken: Box[] = dots.map((d) => ({ l: d.x - DOT_RADIUS, t: d.y - DOT_RADIUS, r: d.x + DOT_RADIUS, b: d.y + DOT_RADIUS }));
  for (const q of requests) {
    if (!(q.x >= area.left && q.x <= area.right && q.y >= area.top && q.y <= area.bottom)) continue;
    let found: PlacedLabel | undefined;
    for (let ring = 0; ring < RINGS.length && !found; ring++) {
      for (const [l, t] of spots(q.x, q.y, q.width, q.height, RINGS[ring])) {
        const box = { l, t, r: l + q.width, b: t + q.height };
        if (box.l < area.left || box.r > area.right || box.t < area.top || box.b > area.bottom) continue;
        if (taken.some((o) => overlaps(box, o))) continue;
        found = { joint: q.joint, left: l, top: t, width: q.width, height: q.height, leader: ring > 0 };
        break;
      }
    }
    if (!found) continue;
    placed.push(found);
    taken.push({ l: found.left, t: found.top, r: found.left + found.width, b: found.top + found.height });
  }
  return placed;
}
