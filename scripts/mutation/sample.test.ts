import { describe, expect, it } from '@jest/globals'
import { drawSample, wilsonInterval } from './sample.ts'

const ids = Array.from({ length: 3000 }, (_, i) => String(i))

describe('drawSample', () => {
  it('draws the asked number of distinct ids of the set, in their order, the same for a seed', () => {
    const sample = drawSample(ids, 50, 7)
    expect(new Set(sample).size).toBe(50)
    expect(sample.every((id) => ids.includes(id))).toBe(true)
    expect(sample).toEqual([...sample].sort((a, b) => Number(a) - Number(b)))
    expect(drawSample(ids, 50, 7)).toEqual(sample)
    expect(drawSample(ids, 50, 8)).not.toEqual(sample)
  })

  it('spreads over the whole set rather than its start', () => {
    const sample = drawSample(ids, 300, 1).map(Number)
    const inEachThird = [0, 1, 2].map(
      (third) => sample.filter((id) => Math.floor(id / 1000) === third).length,
    )
    // 100 expected in each; a draw from one end would leave a third empty
    for (const count of inEachThird) expect(count).toBeGreaterThan(60)
  })

  it('takes every id when no size is given or the size is not smaller', () => {
    expect(drawSample(ids, undefined, 1)).toEqual(ids)
    expect(drawSample(ids.slice(0, 5), 9, 1)).toEqual(ids.slice(0, 5))
  })
})

describe('wilsonInterval', () => {
  it('matches the published Wilson interval', () => {
    // 81 of 263: 0.2553 to 0.3662, worked out apart from this code from the same formula
    const { low, high } = wilsonInterval(81, 263)
    expect(low).toBeCloseTo(0.2553, 3)
    expect(high).toBeCloseTo(0.3662, 3)
  })

  it('stays inside 0 to 1 when every or no trial succeeds', () => {
    expect(wilsonInterval(10, 10).high).toBeCloseTo(1, 10)
    expect(wilsonInterval(10, 10).low).toBeCloseTo(0.7225, 3)
    expect(wilsonInterval(0, 10).low).toBe(0)
  })
})
