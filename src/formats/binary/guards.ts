/**
 * Type guards for data that crossed a boundary (a webview message, a packed payload): every layer
 * checks what it did not build itself with these.
 */
export type Obj = Record<string, unknown>;

export const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
export const isStr = (x: unknown): x is string => typeof x === 'string';
export const isBool = (x: unknown): x is boolean => typeof x === 'boolean';
export const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);
/** A non-negative integer (a count, an offset, an index). */
export const isCount = (x: unknown): x is number => isInt(x) && x >= 0;
export const isFiniteNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
export const isVec3 = (x: unknown): x is [number, number, number] => Array.isArray(x) && x.length === 3 && x.every(isFiniteNum);
/** At most `n` indices, each below `n`. */
export const isIndexList = (x: unknown, n: number): x is number[] => Array.isArray(x) && x.length <= n && x.every((i) => isCount(i) && i < n);
