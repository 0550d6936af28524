/**
 * The chunk header BLK (CLK1) and BLA (CLF1) share (FORMATS.md §9.6): loop mode, duration, track and
 * weight counts (the game ignores both), the track table and the f32 weight bank. Only the track
 * table's entry differs (keyed or full).
 */
import type { ElementLayout } from '../binary/fields';
import { scalarElement } from '../binary/builder';
import { ChunkContext, readAnimationStart } from './container';

export const CLUSTER_HEADER_SIZE = 0x18;

export interface ClusterChunk {
  loopMode: number;
  duration: number;
  weightCount: number;
  table: { offset: number; count: number };
  bank: { offset: number; count: number };
}

/** Reads the shared header fields and places `trackTable` (entries of `entry`) and `weightBank` in the tree. */
export function readClusterChunk(ctx: ChunkContext, entry: ElementLayout): ClusterChunk {
  const { b } = ctx;
  const s = ctx.start;
  const { loopMode, duration } = readAnimationStart(ctx);
  const trackCount = b.u16('trackCount', s + 0x0C);
  const weightCount = b.u16('weightCount', s + 0x0E);
  const tableOffset = ctx.offsetField('trackTableOffset', 0x10);
  const bankOffset = ctx.offsetField('weightBankOffset', 0x14);
  const table = ctx.table('trackTable', tableOffset, trackCount, entry, 'table');
  const bank = ctx.table('weightBank', bankOffset, weightCount, scalarElement('f32'), 'bank');
  return { loopMode, duration, weightCount, table, bank };
}
