/**
 * Reading a JSON document that a user may have edited: every check names the JSON path of the
 * value it refused (`structure.children[1].children[4].value`), so a build fails with one line
 * that says where to look.
 */

/** A value `build` cannot take; `path` is where it is in the JSON document. */
export class BuildInputError extends Error {
  constructor(readonly path: string, readonly reason: string) {
    super(`${path || '(document)'}: ${reason}`);
  }
}

export function fail(path: string, reason: string): never {
  throw new BuildInputError(path, reason);
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  if (typeof value === 'number') return String(value);
  return typeof value === 'object' ? 'an object' : typeof value;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(value: unknown, path: string): Record<string, unknown> {
  if (!isObject(value)) fail(path, `expected an object, got ${describe(value)}`);
  return value;
}

export function arrayAt(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, `expected an array, got ${describe(value)}`);
  return value;
}

export function stringAt(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, `expected text, got ${describe(value)}`);
  return value;
}

/** An integer in [min, max]. */
export function integerAt(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) fail(path, `expected a whole number, got ${describe(value)}`);
  if (value < min || value > max) fail(path, `${value} is outside ${min}..${max}`);
  return value;
}

/** `parent.key` / `parent[3]`. */
export function member(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}
