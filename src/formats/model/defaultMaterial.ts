/**
 * A material with GX's reset values (white colours, one TEV stage, no textures): what MAT3 does not
 * set, and what the page's renderer draws with when a material cannot be used. Apart from the
 * decoder so that the page carries no MAT3 reader.
 */
import type { ModelMaterial, Rgba } from './types';

const WHITE: Rgba = [255, 255, 255, 255];
const AMBIENT: Rgba = [0x32, 0x32, 0x32, 0x32];

export function defaultMaterial(index: number, name: string, entryIndex: number): ModelMaterial {
  return {
    index, name, entryIndex, offset: -1, mode: 1, cullMode: 2, colorChannelCount: 1, texGenCount: 0, tevStageCount: 1,
    materialColors: [[...WHITE], [...WHITE]], ambientColors: [[...AMBIENT], [...AMBIENT]],
    channelControls: [null, null, null, null],
    texGens: Array.from({ length: 8 }, (_, i) => ({ type: 1, source: 4 + i, matrix: 60 })),
    texMatrices: new Array(10).fill(null), texNumbers: new Array(8).fill(null), tevOrders: new Array(16).fill(null),
    tevColors: Array.from({ length: 4 }, () => [255, 255, 255, 255] as Rgba),
    konstColors: Array.from({ length: 4 }, () => [...WHITE] as Rgba),
    konstColorSelectors: new Array(16).fill(null), konstAlphaSelectors: new Array(16).fill(null), tevStages: new Array(16).fill(null),
    alphaCompare: { comp0: 7, ref0: 0, op: 0, comp1: 7, ref1: 0 },
    blend: { mode: 1, source: 4, destination: 5, logicOp: 5 },
    zMode: { compare: true, func: 3, update: true },
  };
}
