/**
 * A seeded generator (mulberry32): numbers in [0, 1), the same sequence for the same seed, so a
 * run's faults can be reproduced with `--seed`.
 */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** A whole number from `min` to `max`, both included. */
export const between = (random: () => number, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1))
