// Reproducible randomness for demo data: the same seed gives the same farm on every machine.
// Never for anything secret.

export interface SeededRandom {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Whole number in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Normally distributed (Box–Muller). */
  normal(mean: number, sd: number): number;
  /** Normally distributed, clamped into [min, max]. */
  clampedNormal(mean: number, sd: number, min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** A version-4-shaped UUID drawn from the stream. */
  uuid(): string;
  /**
   * An independent stream named by `label`: adding draws to one part of a generator does not
   * change the numbers another part gets.
   */
  fork(label: string): SeededRandom;
}

/**
 * mulberry32: a tiny 32-bit generator, plenty for demo data.
 * @example const next = mulberry32(42); next(); // 0.6011… every time
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * FNV-1a hash of a text, to derive seeds from labels.
 * @example hashText('fields') // the same 32-bit number on every run
 */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A seeded random stream with the helpers demo generators need.
 * @example const random = seededRandom(7); random.clampedNormal(14, 3, 8, 22); // same each run
 */
export function seededRandom(seed: number): SeededRandom {
  const next = mulberry32(seed);
  const random: SeededRandom = {
    next,
    between: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    chance: (p) => next() < p,
    normal: (mean, sd) => {
      // 1 − u keeps the logarithm's argument above 0.
      const u = 1 - next();
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    clampedNormal: (mean, sd, min, max) => Math.min(max, Math.max(min, random.normal(mean, sd))),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('Cannot pick from an empty list');
      return item;
    },
    uuid: () => {
      const word = () =>
        Math.floor(next() * 4_294_967_296)
          .toString(16)
          .padStart(8, '0');
      const [a, b, c, d] = [word(), word(), word(), word()];
      // Version 4, RFC 4122 variant (8–b), so UUID validators accept it.
      const variant = (8 + Math.floor(next() * 4)).toString(16);
      return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
    },
    fork: (label) => seededRandom((seed ^ hashText(label)) >>> 0),
  };
  return random;
}
