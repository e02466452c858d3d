import { describe, expect, it } from '@jest/globals'
import { scoreOf, type MeasuredMutant } from './report.ts'
import type { Classification } from './survivors.ts'

const mutant = (
  status: MeasuredMutant['status'],
  classification?: Classification,
): MeasuredMutant => ({
  id: '0',
  file: 'mock/x.ts',
  line: 1,
  column: 1,
  mutatorName: 'BooleanLiteral',
  replacement: 'false',
  status,
  atStart: false,
  killedBy: undefined,
  judgement: classification === undefined ? undefined : { classification, why: '' },
})

describe('scoreOf', () => {
  it('counts timeouts as detected, sets equivalent mutants and errors aside, and keeps a survivor beyond a client in the score but out of the gaps', () => {
    const score = scoreOf([
      mutant('Killed'),
      mutant('Killed'),
      mutant('Timeout'),
      mutant('Survived', 'equivalent'),
      mutant('Survived', 'gap'),
      mutant('Survived', 'outside the document'),
      mutant('Survived', 'beyond a client'),
      mutant('Survived'),
      mutant('RuntimeError'),
    ])
    expect(score).toMatchObject({
      detected: 3,
      equivalent: 1,
      invalid: 1,
      gaps: 1,
      outside: 1,
      beyond: 1,
    })
    // 3 of the 9 minus the equivalent one and the error: a survivor beyond a client counts
    expect(score.score).toBeCloseTo(3 / 7)
    expect(score.low).toBeLessThan(0.5)
    expect(score.high).toBeGreaterThan(0.5)
    // of those changing documented behaviour: 3 of 4, or 3 of 5 if the unjudged one is a gap
    expect(score.documented).toEqual({ low: 3 / 5, high: 3 / 4 })
  })
})
