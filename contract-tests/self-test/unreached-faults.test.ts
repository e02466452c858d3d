// The generative phase's evidence: faulty targets it was not written against, each deviating only
// in a state the hand-written model never produced (astral text at a limit in a multipart body, a
// list longer than the largest page, a contact with relationships of two types). Every hand-written
// check passes against each; the phase, drawing from the document and judged by the reference
// model, fails the run and shrinks the failure to a few steps.
import { beforeAll, describe, expect, test } from '@jest/globals'
import { UNREACHED_FAULTS } from './faulty/unreached-faults.ts'
import { runScenarios, type ScenarioResult } from './scenarios.ts'

const GENERATIVE_CHECK = 'When random sequences of'
// A fixed seed: the sequences it draws reach each fault within the default 100 (with the document
// of this commit: seeds 2 and 3 reach all three, seed 1 no list longer than the largest page); the
// draws follow the document, so a change to it may need another seed for the rarer states.
const SEED = ['--seed', '2']
/** Steps a shrunk failure may keep at most. */
const SHRUNK_STEPS = 6

describe('The generative phase against faults no check was written for', () => {
  let results: Map<string, ScenarioResult>

  beforeAll(async () => {
    results = await runScenarios(
      UNREACHED_FAULTS.map((fault) => ({ name: fault.name, fault, args: SEED })),
    )
  }, 900_000)

  test.each(UNREACHED_FAULTS.map((fault) => [fault.name, fault.breaks]))(
    'When the target has the fault %s (it breaks "%s"), then only the generative phase fails, shrunk to a few steps with the request as curl',
    (name) => {
      // Arrange
      const result = results.get(name)
      if (result === undefined) throw new Error(`no run for ${name}`)
      const { exitCode, failures } = result

      // Assert
      const [block = ''] = failures
      const steps = /disagrees with the model after (\d+) steps/.exec(block)?.[1]
      expect({ exitCode, failed: failures.length }).toEqual({ exitCode: 1, failed: 1 })
      expect(block).toContain(GENERATIVE_CHECK)
      expect(block).toContain('The target answers otherwise than the reference model')
      expect(block).toContain(`replay with ${SEED.join(' ')}):`)
      expect(block).toMatch(/\n +curl /)
      expect(Number(steps)).toBeGreaterThan(0)
      expect(Number(steps)).toBeLessThanOrEqual(SHRUNK_STEPS)
    },
  )
})
