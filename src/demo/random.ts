// Deterministic randomness for the demo account.
//
// Everything the demo serves must be the same on every start (tests and screenshots depend on it)
// and history items must be computable from their index alone (so a 5,000,000-run history costs
// nothing until a page of it is asked for). Hence no stream PRNG for data: each value is a hash of
// the entity's seed, the item index and a "salt" naming the property.

/** A 32-bit avalanche hash of a few integers (murmur3's finaliser applied per part). */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}

/** A number in [0, 1) derived from the parts. */
export function unit(...parts: number[]): number {
  return hash32(...parts) / 4294967296;
}

/** An integer in [min, max] derived from the parts. */
export function intIn(min: number, max: number, ...parts: number[]): number {
  return min + Math.floor(unit(...parts) * (max - min + 1));
}

/** One element of `list`, chosen by the parts. */
export function pickBy<T>(list: readonly T[], ...parts: number[]): T {
  return list[hash32(...parts) % list.length] as T;
}

/** Hex digits derived from the parts (for secret-like keys and tokens). */
export function hexBy(length: number, ...parts: number[]): string {
  let out = '';
  for (let i = 0; out.length < length; i++)
    out += hash32(...parts, i)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, length);
}

/** Small sequential PRNG (mulberry32), used only where a whole list is drawn once at seed time. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
