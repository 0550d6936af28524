/**
 * A small orbit camera and perspective projection for the skeleton view (no WebGL): the eye
 * orbits a target at a distance (yaw around +Y, pitch above the XZ plane); points project with a
 * pinhole of vertical field of view FOV. Pure math, no DOM.
 */

export type Vec3 = [number, number, number];

export const FOV = (40 * Math.PI) / 180;
export const MIN_PITCH = (-89 * Math.PI) / 180;
export const MAX_PITCH = (89 * Math.PI) / 180;
export const DEFAULT_YAW = (35 * Math.PI) / 180;
export const DEFAULT_PITCH = (22 * Math.PI) / 180;

export interface CameraState {
  yaw: number;
  pitch: number;
  distance: number;
  target: Vec3;
}

export interface Bounds {
  min: Vec3;
  max: Vec3;
}

export function emptyBounds(): Bounds {
  return { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] };
}

export function addPoint(b: Bounds, x: number, y: number, z: number): void {
  if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) return;
  if (x < b.min[0]) b.min[0] = x;
  if (y < b.min[1]) b.min[1] = y;
  if (z < b.min[2]) b.min[2] = z;
  if (x > b.max[0]) b.max[0] = x;
  if (y > b.max[1]) b.max[1] = y;
  if (z > b.max[2]) b.max[2] = z;
}

/** Centre and radius of the bounds (radius ≥ a small minimum so an all-at-origin skeleton still frames). */
export function sphereOf(b: Bounds): { center: Vec3; radius: number } {
  if (!(b.min[0] <= b.max[0])) return { center: [0, 0, 0], radius: 100 };
  const center: Vec3 = [(b.min[0] + b.max[0]) / 2, (b.min[1] + b.max[1]) / 2, (b.min[2] + b.max[2]) / 2];
  const dx = b.max[0] - b.min[0], dy = b.max[1] - b.min[1], dz = b.max[2] - b.min[2];
  // between the largest half-side and the half-diagonal: tight enough that the skeleton fills the view
  const radius = Math.max(dx, dy, dz) * 0.5 * 1.1;
  return { center, radius: radius > 1e-6 ? radius : 100 };
}

/** The camera that shows a sphere whole (with a margin). */
export function fitCamera(center: Vec3, radius: number, yaw = DEFAULT_YAW, pitch = DEFAULT_PITCH): CameraState {
  return { yaw, pitch, distance: (radius / Math.sin(FOV / 2)) * 1.08, target: [...center] as Vec3 };
}

/** A frame of the camera: eye and orthonormal right / up / forward axes, plus the focal length in pixels. */
export interface View {
  eye: Vec3;
  right: Vec3;
  up: Vec3;
  forward: Vec3;
  focal: number;
  cx: number;
  cy: number;
  near: number;
}

export function viewOf(c: CameraState, width: number, height: number): View {
  const cp = Math.cos(c.pitch), sp = Math.sin(c.pitch), cyw = Math.cos(c.yaw), syw = Math.sin(c.yaw);
  const eye: Vec3 = [c.target[0] + c.distance * cp * syw, c.target[1] + c.distance * sp, c.target[2] + c.distance * cp * cyw];
  const forward: Vec3 = [-cp * syw, -sp, -cp * cyw];
  // right = forward × worldUp(0,1,0), normalised (pitch is clamped below ±90°, so it never vanishes)
  let right: Vec3 = [-forward[2], 0, forward[0]];
  const rl = Math.hypot(right[0], right[2]) || 1;
  right = [right[0] / rl, 0, right[2] / rl];
  const up: Vec3 = [
    right[1] * forward[2] - right[2] * forward[1],
    right[2] * forward[0] - right[0] * forward[2],
    right[0] * forward[1] - right[1] * forward[0],
  ];
  const focal = (Math.min(width, height) / 2) / Math.tan(FOV / 2);
  return { eye, right, up, forward, focal, cx: width / 2, cy: height / 2, near: Math.max(c.distance * 1e-3, 1e-4) };
}

/** Camera-space coordinates (x right, y up, z depth along forward) written into out[o…o+2]. */
export function toCamera(v: View, x: number, y: number, z: number, out: Float64Array, o: number): void {
  const dx = x - v.eye[0], dy = y - v.eye[1], dz = z - v.eye[2];
  out[o] = dx * v.right[0] + dy * v.right[1] + dz * v.right[2];
  out[o + 1] = dx * v.up[0] + dy * v.up[1] + dz * v.up[2];
  out[o + 2] = dx * v.forward[0] + dy * v.forward[1] + dz * v.forward[2];
}

/** Screen x, y of a camera-space point (in front of the near plane). */
export function project(v: View, cx: number, cy: number, cz: number): [number, number] {
  return [v.cx + (cx * v.focal) / cz, v.cy - (cy * v.focal) / cz];
}

/**
 * The visible part of the camera-space segment a→b as screen coordinates, or null when it lies
 * wholly behind the near plane.
 */
export function clipSegment(v: View, a: ArrayLike<number>, ao: number, b: ArrayLike<number>, bo: number): [number, number, number, number] | null {
  let ax = a[ao], ay = a[ao + 1], az = a[ao + 2];
  let bx = b[bo], by = b[bo + 1], bz = b[bo + 2];
  if (az < v.near && bz < v.near) return null;
  if (az < v.near) {
    const t = (v.near - az) / (bz - az);
    ax += (bx - ax) * t; ay += (by - ay) * t; az = v.near;
  } else if (bz < v.near) {
    const t = (v.near - bz) / (az - bz);
    bx += (ax - bx) * t; by += (ay - by) * t; bz = v.near;
  }
  const [sx0, sy0] = project(v, ax, ay, az);
  const [sx1, sy1] = project(v, bx, by, bz);
  return [sx0, sy0, sx1, sy1];
}

/** 1, 2 or 5 × 10^k: the grid spacing that gives about `lines` lines over `extent`. */
export function niceStep(extent: number, lines = 10): number {
  const raw = Math.max(extent, 1e-9) / lines;
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  const m = raw / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}
