/**
 * A lazily built own property (the BCK joint-table idea, for any kind): the first read builds the
 * value and replaces the accessor with a plain data property. A 65,535-joint table needs ~850,000
 * small objects; a file that is only validated, summarised by counts or sent packed never pays for
 * them. JSON.stringify, structuredClone, spread and assert.deepStrictEqual read it like a field.
 */
export function defineLazy<T extends object, K extends keyof T>(target: T, key: K, build: () => T[K]): void {
  const settle = (value: T[K]): T[K] => {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
    return value;
  };
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get: () => settle(build()),
    set: (value: T[K]) => { settle(value); },
  });
}

/** True while `key` of `target` is still the accessor defineLazy put there (nothing built, nothing assigned). */
export function isPending<T extends object>(target: T, key: keyof T): boolean {
  return Object.getOwnPropertyDescriptor(target, key)?.get !== undefined;
}
