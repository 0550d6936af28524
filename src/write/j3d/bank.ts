/**
 * A bank built the converter's way (docs/writing.md, "Bank sharing"): a track's run of elements is
 * reused where it already occurs (first occurrence, greedy), else appended; a single value (a
 * constant track) only where a constant of that value was placed, or as the bank's first element. Positions are indexed
 * by their element value (−0 apart from 0), so a run is compared only where its first element occurs.
 * Bank lengths and indices are u16: a bank that would pass 65,535 elements is refused as it happens,
 * not after every track is placed.
 */
import { fail } from '../input';

const MAX_ELEMENTS = 0xffff;

export class Bank {
  readonly values: number[] = [];
  /** Positions by element value; −0 under the key '-0' (a Map's number keys do not tell −0 from 0). */
  private readonly at = new Map<number | string, number[]>();

  /** `name` says which bank a refusal is about; `first`: the element it starts with (BCK: the channel's default value). */
  constructor(readonly name: string, first?: number) {
    if (first !== undefined) { this.append([first]); this.constants.set(Bank.key(first), 0); }
  }

  private static key(v: number): number | string {
    return Object.is(v, -0) ? '-0' : v;
  }

  private append(run: readonly number[]): number {
    const start = this.values.length;
    if (start + run.length > MAX_ELEMENTS) fail('targets', `the ${this.name} bank needs more than ${MAX_ELEMENTS} elements (its length and indices are u16)`);
    for (const v of run) {
      const k = Bank.key(v);
      let list = this.at.get(k);
      if (!list) this.at.set(k, list = []);
      list.push(this.values.length);
      this.values.push(v);
    }
    return start;
  }

  /** Single values placed so far (and the first element), by value: where a constant is looked for. */
  private readonly constants = new Map<number | string, number>();

  /** Where `run` is in the bank: its first occurrence, or appended. An empty run is at 0. */
  place(run: readonly number[]): number {
    if (run.length === 0) return 0;
    // a constant (one key) is looked for among the constants only, not inside keyed runs (the converter's
    // rule, read from the real BCKs: Kuribo/Walk.bck appends 30.0 though a key frame of 30 is in the bank)
    if (run.length === 1) {
      const k = Bank.key(run[0]);
      const at = this.constants.get(k);
      if (at !== undefined) return at;
      const placed = this.append(run);
      this.constants.set(k, placed);
      return placed;
    }
    const v = this.values;
    const candidates = this.at.get(Bank.key(run[0])) ?? [];
    outer: for (const i of candidates) {
      if (i + run.length > v.length) break;
      for (let k = 1; k < run.length; k++) if (!Object.is(v[i + k], run[k])) continue outer;
      return i;
    }
    return this.append(run);
  }
}
