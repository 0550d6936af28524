/**
 * A screenshot against its committed picture, within a tolerance: both cut into 8×8 blocks, a block
 * differs when the mean of its unmasked pixels differs by more than `level` in a channel, and the
 * pictures agree when at most `share` of the compared blocks differ. Block means absorb what the
 * committed pictures lose to quantisation (pngquant's dithering) and sub-pixel anti-aliasing; a pane
 * that is missing, moved, sized or coloured wrong changes whole blocks. Masks (page pixels) leave out
 * what depends on the machine's fonts. Pure (pngjs): test/unit/screenshots/ checks it on real pictures.
 */
import { PNG } from 'pngjs';

export interface MaskRect { x: number; y: number; width: number; height: number }

export interface CompareOptions {
  masks?: readonly MaskRect[];
  /** Block edge, px. */
  block?: number;
  /** Largest difference of a channel's block mean that still agrees (0…255). */
  level?: number;
  /** Largest share of compared blocks that may differ (0…1). */
  share?: number;
}

export interface Comparison {
  ok: boolean;
  /** Why not, in one line (sizes, or how many blocks differ and where the first ones are). */
  reason?: string;
  differing: number;
  compared: number;
  /** The actual picture with the differing blocks tinted red, when any differ. */
  diff?: Buffer;
}

export const DEFAULTS = { block: 8, level: 12, share: 0.003 };

export function compareScreenshots(actualPng: Uint8Array, referencePng: Uint8Array, options: CompareOptions = {}): Comparison {
  const block = options.block ?? DEFAULTS.block, level = options.level ?? DEFAULTS.level, share = options.share ?? DEFAULTS.share;
  const a = PNG.sync.read(Buffer.from(actualPng)), r = PNG.sync.read(Buffer.from(referencePng));
  if (a.width !== r.width || a.height !== r.height) {
    return { ok: false, reason: `size ${a.width}×${a.height}, the committed picture is ${r.width}×${r.height}`, differing: 0, compared: 0 };
  }
  const { width, height } = a;
  const masked = new Uint8Array(width * height);
  for (const m of options.masks ?? []) {
    const x0 = Math.max(0, Math.floor(m.x)), y0 = Math.max(0, Math.floor(m.y));
    const x1 = Math.min(width, Math.ceil(m.x + m.width)), y1 = Math.min(height, Math.ceil(m.y + m.height));
    for (let y = y0; y < y1; y++) masked.fill(1, y * width + x0, y * width + Math.max(x0, x1));
  }
  const bad: { x: number; y: number }[] = [];
  let compared = 0;
  for (let by = 0; by < height; by += block) {
    for (let bx = 0; bx < width; bx += block) {
      const sum = [0, 0, 0, 0, 0, 0];
      let n = 0;
      for (let y = by; y < Math.min(by + block, height); y++) {
        for (let x = bx; x < Math.min(bx + block, width); x++) {
          const p = y * width + x;
          if (masked[p]) continue;
          n++;
          for (let c = 0; c < 3; c++) { sum[c] += a.data[p * 4 + c]; sum[c + 3] += r.data[p * 4 + c]; }
        }
      }
      // a block mostly under a mask says little: leave it out
      if (n * 4 < block * block) continue;
      compared++;
      if (Math.abs(sum[0] - sum[3]) / n > level || Math.abs(sum[1] - sum[4]) / n > level || Math.abs(sum[2] - sum[5]) / n > level) bad.push({ x: bx, y: by });
    }
  }
  const ok = bad.length <= share * compared;
  let diff: Buffer | undefined;
  if (bad.length) {
    const d = new PNG({ width, height });
    a.data.copy(d.data);
    for (const b of bad) {
      for (let y = b.y; y < Math.min(b.y + block, height); y++) {
        for (let x = b.x; x < Math.min(b.x + block, width); x++) {
          const i = (y * width + x) * 4;
          d.data[i] = 255; d.data[i + 1] = d.data[i + 1] >> 1; d.data[i + 2] = d.data[i + 2] >> 1;
        }
      }
    }
    diff = PNG.sync.write(d);
  }
  const where = bad.slice(0, 5).map((b) => `(${b.x},${b.y})`).join(' ');
  return {
    ok, differing: bad.length, compared, diff,
    ...(ok ? {} : { reason: `${bad.length} of ${compared} blocks of ${block}×${block} px differ (at most ${Math.floor(share * compared)} may), first at ${where}` }),
  };
}
