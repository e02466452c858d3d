import { describe, expect, it } from '@jest/globals'
import { scoreOf, type MeasuredMutant } from './report.ts'

const mutant = (
  status: MeasuredMutant['status'],
  classification?: 'equivalent' | 'outside the document' | 'gap',
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
  it('counts timeouts as detected and sets equivalent mutants and errors aside', () => {
    const score = scoreOf([
      mutant('Killed'),
      mutant('Killed'),
      mutant('Timeout'),
      mutant('Survived', 'equivalent'),
      mutant('Survived', 'gap'),
      mutant('Survived', 'outside the document'),
      mutant('Survived'),
      mutant('RuntimeError'),
    ])
    expect(score).toMatchObject({ detected: 3, equivalent: 1, invalid: 1, gaps: 1, outside: 1 })
    // 3 of the 8 minus the equivalent one and the error
    expect(score.score).toBeCloseTo(3 / 6)
    expect(score.low).toBeLessThan(0.5)
    expect(score.high).toBeGreaterThan(0.5)
    // of those changing documented behaviour: 3 of 4, or 3 of 5 if the unjudged one is a gap
    expect(score.documented).toEqual({ low: 3 / 5, high: 3 / 4 })
  })
})
