// The arithmetic of a sampled mutation run: which mutants a seed draws, and how sure the score
// measured on them is about the whole set.
import { createRandom } from '../../mock/faults/random.ts'

/**
 * `size` of `ids` drawn at random without replacement (each gets a seeded random key; the `size`
 * smallest keys win), in the order of `ids`: the same ids and seed always give the same sample.
 * All of them when `size` is undefined or not smaller.
 */
export function drawSample(
  ids: readonly string[],
  size: number | undefined,
  seed: number,
): string[] {
  if (size === undefined || size >= ids.length) return [...ids]
  const random = createRandom(seed)
  const keyed = ids.map((id) => ({ id, key: random() }))
  const drawn = new Set(
    [...keyed]
      .sort((a, b) => a.key - b.key)
      .slice(0, size)
      .map(({ id }) => id),
  )
  return ids.filter((id) => drawn.has(id))
}

export interface Interval {
  low: number
  high: number
}

/** The 95% Wilson score interval of `successes` in `trials` (it stays inside [0, 1] at the ends). */
export function wilsonInterval(successes: number, trials: number): Interval {
  if (trials === 0) return { low: 0, high: 1 }
  const z = 1.959963984540054
  const p = successes / trials
  const z2n = (z * z) / trials
  const centre = (p + z2n / 2) / (1 + z2n)
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / trials + z2n / (4 * trials))
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}
