/**
 * Loop modes (FORMATS.md §1 "Loop modes"): the stateless preview mapping of noclip, with
 * t = frame / duration. Unknown values are shown as `unknown(N)` and play like Once.
 */
import { LoopMode } from '../formats/jsystem/types';

export type LoopModeName = 'once' | 'onceAndReset' | 'loop' | 'mirroredOnce' | 'mirroredLoop' | `unknown(${number})`;

export function loopModeName(n: number): LoopModeName {
  switch (n) {
    case LoopMode.Once:
      return 'once';
    case LoopMode.OnceAndReset:
      return 'onceAndReset';
    case LoopMode.Loop:
      return 'loop';
    case LoopMode.MirroredOnce:
      return 'mirroredOnce';
    case LoopMode.MirroredLoop:
      return 'mirroredLoop';
    default:
      return `unknown(${n})`;
  }
}

/**
 * Normalised time t (elapsed / duration, ≥ 0) → position in 0..1 of the animation.
 * Negative or NaN t is treated as 0.
 */
export function mapLoopTime(t: number, loopMode: number): number {
  if (!(t > 0)) return 0;
  switch (loopMode) {
    case LoopMode.OnceAndReset:
      return Math.min(t, 1) % 1;
    case LoopMode.Loop:
      return t % 1;
    case LoopMode.MirroredOnce:
      return 1 - Math.abs(Math.min(t, 2) - 1);
    case LoopMode.MirroredLoop:
      return 1 - Math.abs((t % 2) - 1);
    case LoopMode.Once:
    default:
      return Math.min(t, 1);
  }
}

/**
 * The frame to sample after `elapsedFrames` of playback. duration ≤ 0 (or not finite) → 0.
 * Negative elapsed time is treated as 0.
 */
export function playbackFrame(elapsedFrames: number, duration: number, loopMode: number): number {
  if (!(duration > 0) || !Number.isFinite(duration)) return 0;
  return mapLoopTime(elapsedFrames / duration, loopMode) * duration;
}
