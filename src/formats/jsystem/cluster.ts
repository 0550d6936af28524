/**
 * What the BLK (CLK1) and BLA (CLF1) chunks share (FORMATS.md §9.6): one header of 0x18 bytes, a
 * track table and an f32 weight bank (read by readTableAndBank); only the table's entry differs.
 */
import type { TableAndBankNames } from './container';

export const CLUSTER_HEADER_SIZE = 0x18;

/** trackCount and weightCount: the game ignores both (it numbers tracks by the model's clusters). */
export const CLUSTER_NAMES: TableAndBankNames = {
  count: 'trackCount', bankCount: 'weightCount', tableOffset: 'trackTableOffset', bankOffset: 'weightBankOffset',
  table: 'trackTable', bank: 'weightBank',
};
