/**
 * The 3D view's camera as GL matrices: the skeleton view's orbit camera (webview/skeleton/camera.ts:
 * yaw, pitch, distance around a target, 40° vertical field of view) turned into a column-major
 * view matrix (x right, y up, looking down −z) and a perspective projection whose near and far
 * planes enclose the model. Pure math: no DOM.
 */
import { CameraState, FOV, viewOf } from '../skeleton/camera';

export type Mat4 = Float32Array;

export function viewMatrix(c: CameraState, out: Mat4 = new Float32Array(16)): Mat4 {
  const v = viewOf(c, 1, 1);
  const [r, u, fw, e] = [v.right, v.up, v.forward, v.eye];
  const dot = (a: number[], b: number[]): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  out.set([
    r[0], u[0], -fw[0], 0,
    r[1], u[1], -fw[1], 0,
    r[2], u[2], -fw[2], 0,
    -dot(r, e), -dot(u, e), dot(fw, e), 1,
  ]);
  return out;
}

/** Near/far from the camera distance and the model's radius (depth precision where the model is). */
export function depthRange(c: CameraState, radius: number): { near: number; far: number } {
  const far = c.distance + radius * 2 + 1;
  const near = Math.max(far / 5000, c.distance - radius * 2, 1e-3);
  return { near, far };
}

export function projectionMatrix(aspect: number, near: number, far: number, out: Mat4 = new Float32Array(16)): Mat4 {
  const t = 1 / Math.tan(FOV / 2);
  const a = aspect > 0 && Number.isFinite(aspect) ? aspect : 1;
  out.set([
    t / a, 0, 0, 0,
    0, t, 0, 0,
    0, 0, (far + near) / (near - far), -1,
    0, 0, (2 * far * near) / (near - far), 0,
  ]);
  return out;
}

/** out = a × b (column-major 4×4). */
export function multiply(a: Mat4, b: Mat4, out: Mat4 = new Float32Array(16)): Mat4 {
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      out[c * 4 + r] = a[r] * b[c * 4] + a[4 + r] * b[c * 4 + 1] + a[8 + r] * b[c * 4 + 2] + a[12 + r] * b[c * 4 + 3];
    }
  }
  return out;
}

/** Window position (pixels, y down) of a model-space point under `viewProjection`; null behind the eye. */
export function projectPoint(viewProjection: Mat4, width: number, height: number, x: number, y: number, z: number): [number, number] | null {
  const m = viewProjection;
  const cx = m[0] * x + m[4] * y + m[8] * z + m[12];
  const cy = m[1] * x + m[5] * y + m[9] * z + m[13];
  const cw = m[3] * x + m[7] * y + m[11] * z + m[15];
  if (!(cw > 1e-9)) return null;
  return [((cx / cw) * 0.5 + 0.5) * width, (1 - ((cy / cw) * 0.5 + 0.5)) * height];
}
