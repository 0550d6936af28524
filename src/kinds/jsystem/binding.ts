/**
 * Binding the kinds of FORMATS.md §9 to a model (§9.8, §10.11) and the model-side checks of §9.11
 * that need more of the model than joints and material names.
 *
 * Today's model decoder gives joints (JNT1), material names (MAT3) and the SHP1 shape count. The
 * rest — TEX1 texture count, the texmap slots each material uses, VTX1 colour-array lengths, the
 * cluster keys of a BLS — are `ModelChunkFacts`: optional members a model decoder that reads
 * those chunks sets on its ModelData. Each check runs when its fact is there and is skipped (the
 * binding says so once, as info) when it is not, so the checks plug in without touching the kinds.
 */
import type { Diagnostic, DiagnosticCode } from '../../formats/binary/diagnostics';
import { hex } from '../../formats/binary/diagnostics';
import type { ModelData } from '../../formats/model/types';
import type { ModelBindResult } from '../spec';

/** What a model decoder may add to ModelData for the §9.11 binding checks (all optional). */
export interface ModelChunkFacts {
  /** TEX1 texture count (BTP values must be below it). */
  textureCount?: number;
  /** Per material index, the texmap slots (0–7) that hold a texture (MAT3 tex numbers ≠ 0xFFFF). */
  materialTexSlots?: readonly (readonly number[])[];
  /** VTX1 colour-array lengths: [CLR0, CLR1] (BXK/BXA index sets point into them). */
  colourCounts?: readonly number[];
  /** Total cluster keys of the bound BLS (CLS1): BLK/BLA need one track per key. */
  clusterKeyCount?: number;
}

/** Codes of the bindings shared by several kinds (material names, BLK/BLA clusters, BXK/BXA vertex colours). */
export const J3D_BINDING_CODES: DiagnosticCode[] = [
  { code: 'MDL_MATERIAL_DUPLICATE', severity: 'info', summary: 'An animation entry names a material the model has more than once; the game binds the first.' },
  { code: 'MDL_CLUSTER_SOURCE', severity: 'info', summary: 'BLK/BLA weights drive the cluster keys of a BLS (CLS1) cluster file; the bound model gives none, so the track count is not checked.' },
  { code: 'MDL_CLUSTER_COUNT', severity: 'error', summary: 'A BLK/BLA holds a different number of tracks than the cluster keys of its BLS (one track per key, numbered across clusters).' },
  { code: 'MDL_VERTEX_COLOUR_INDEX', severity: 'error', summary: 'A BXK/BXA index set names a colour-array entry past the model\'s VTX1 colour array.' },
];

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;

/** The chunk facts a model carries (checked: a corrupt or partial model gives none). */
export function modelFacts(model: ModelData): ModelChunkFacts {
  const m = model as ModelData & ModelChunkFacts;
  const out: ModelChunkFacts = {};
  if (isCount(m.textureCount)) out.textureCount = m.textureCount;
  if (Array.isArray(m.materialTexSlots)) out.materialTexSlots = m.materialTexSlots.map((s) => (Array.isArray(s) ? s.filter(isCount) : []));
  if (Array.isArray(m.colourCounts) && m.colourCounts.every(isCount)) out.colourCounts = m.colourCounts;
  if (isCount(m.clusterKeyCount)) out.clusterKeyCount = m.clusterKeyCount;
  return out;
}

/** Binding diagnostics listed per animation (a hostile file could fail a check per entry). */
export const MAX_BIND_DIAGNOSTICS = 256;

/** Collects binding diagnostics up to MAX_BIND_DIAGNOSTICS. */
export class BindDiagnostics {
  readonly list: Diagnostic[] = [];

  add(severity: Diagnostic['severity'], code: string, offset: number, length: number, message: string): void {
    if (this.list.length < MAX_BIND_DIAGNOSTICS) this.list.push({ severity, code, offset, length, message });
  }
}

/**
 * BLK/BLA: track t drives cluster key t, numbered across the clusters of a BLS (§9.6). With the
 * BLS's key count known the counts must agree (§9.11 item 8); without it, one info says so.
 * `countAt`: absolute offset of the animation's track count.
 */
export function bindClusters(trackCount: number, model: ModelData, countAt: number): ModelBindResult {
  const facts = modelFacts(model);
  const out = new BindDiagnostics();
  const keys = facts.clusterKeyCount;
  if (keys === undefined) {
    out.add('info', 'MDL_CLUSTER_SOURCE', countAt, 2,
      `The ${trackCount} weight track(s) drive the cluster keys of a BLS (CLS1) cluster file; the bound model has no cluster data, so the track count (at ${hex(countAt)}) is not checked.`);
    return { groupTargets: new Array<string | null>(trackCount).fill(null), diagnostics: out.list };
  }
  if (keys !== trackCount) {
    out.add('error', 'MDL_CLUSTER_COUNT', countAt, 2,
      `The animation holds ${trackCount} weight track(s) (at ${hex(countAt)}) but the clusters have ${keys} key(s): the game numbers tracks across the clusters' keys, one per key.`);
  }
  return {
    groupTargets: Array.from({ length: trackCount }, (_, i) => (i < keys ? ` → cluster key ${i}` : ' → (no cluster key)')),
    diagnostics: out.list,
  };
}

/** One BXK/BXA colour channel as the vertex-colour binding sees it. */
export interface VertexColourChannel {
  /** Per entry, its index set: `count` pool elements from `first`. */
  sets: readonly { count: number; first: number }[];
  /** The channel's colour-array indices. */
  pool: ArrayLike<number>;
  /** Absolute offset of the channel's index-set table (where a diagnostic points), if known. */
  setTableOffset?: number;
}

/**
 * BXK/BXA: entry i of channel c writes its colour to every VTX1 colour-array-c slot its index set
 * names (§9.7). With the model's colour-array lengths known, each index must be inside (§9.11).
 * Index sets may overlap: the check counts through prefix sums, O(pool + entries).
 */
export function bindVertexColours(channels: readonly VertexColourChannel[], model: ModelData): ModelBindResult {
  const counts = modelFacts(model).colourCounts;
  const out = new BindDiagnostics();
  const groupTargets: string[] = [];
  channels.forEach((ch, c) => {
    const limit = counts?.[c];
    let past: Int32Array | undefined;
    if (limit !== undefined) {
      past = new Int32Array(ch.pool.length + 1);
      for (let k = 0; k < ch.pool.length; k++) past[k + 1] = past[k] + (ch.pool[k] >= limit ? 1 : 0);
    }
    ch.sets.forEach((set, i) => {
      const from = Math.min(set.first, ch.pool.length);
      const to = Math.min(set.first + set.count, ch.pool.length);
      const bad = past ? past[to] - past[from] : 0;
      if (bad > 0 && limit !== undefined) {
        const at = ch.setTableOffset !== undefined ? ch.setTableOffset + i * 8 : 0;
        out.add('error', 'MDL_VERTEX_COLOUR_INDEX', at, ch.setTableOffset !== undefined ? 8 : 0,
          `Channel ${c} entry ${i}: ${bad} of its ${to - from} colour index(es) are past the model's colour array ${c} (${limit} entries).`);
      }
      groupTargets.push(` → ${set.count} vertex colour${set.count === 1 ? '' : 's'} (CLR${c})`);
    });
  });
  return { groupTargets, diagnostics: out.list };
}
