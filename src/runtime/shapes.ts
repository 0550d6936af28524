/**
 * V8 holds an object's hidden class (its "map") weakly: when no object of a class is alive at a
 * full GC, the map is collected, and every optimized function that was specialised on it is
 * thrown away (`--trace-deopt`: "weak objects"). The decoder's working objects all die with the
 * decode, so after each major GC the next decode ran unoptimized again, with its type feedback
 * cleared (worst-case BCK: 12 ms warm, 24 ms after a GC). Each such class keeps one small
 * instance here for the life of the process, so its map, and the code built on it, survive.
 */
const kept: unknown[] = [];

/** Keeps `instance` alive for the life of the process; returns it. */
export function keepShape<T>(instance: T): T {
  kept.push(instance);
  return instance;
}
