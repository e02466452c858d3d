// The suite's own tests: a correct server passes it, and each faulty target fails it, naming the
// broken rule. Runs the whole suite once per scenario (see scenarios.ts).
import { tmpdir } from 'node:os'
import { beforeAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../fixtures/identities.ts'
import { FAULTS } from './faulty/faults.ts'
import { runSuite } from './run-suite.ts'
import { runScenarios, type Scenario, type ScenarioResult } from './scenarios.ts'

const CORRECT = 'correct'
const READ_ONLY = 'read-only'

const SCENARIOS: Scenario[] = [
  { name: CORRECT },
  ...FAULTS.map((fault) => ({ name: fault.name, fault })),
  // Only the required variables, read-only: what a production smoke test would run.
  {
    name: READ_ONLY,
    env: { CONTRACT_TOKEN: ALICE.token, CONTRACT_ORG_ID: ACME_ORG_ID, CONTRACT_READ_ONLY: '1' },
  },
]

describe('The contract suite', () => {
  let results: Map<string, ScenarioResult>
  const result = (name: string): ScenarioResult => {
    const found = results.get(name)
    if (found === undefined) throw new Error(`no run for ${name}`)
    return found
  }

  beforeAll(async () => {
    results = await runScenarios(SCENARIOS)
  }, 300_000)

  test('When the target is a correct server (the mock), then the suite passes', () => {
    // Assert
    const { exitCode, failures } = result(CORRECT)
    expect({ exitCode, failures }).toEqual({ exitCode: 0, failures: [] })
  })

  test('When a run is over, then none of its records is left, not even soft-deleted ones', () => {
    // Assert
    const { before, after } = result(CORRECT)
    expect(after).toEqual(before)
  })

  test.each(FAULTS)(
    'When the target breaks "$breaks" ($name), then the suite fails naming it',
    (fault) => {
      // Assert
      const { exitCode, failures } = result(fault.name)
      expect(exitCode).not.toBe(0)
      expect(failures.filter((block) => block.includes(fault.caughtBy))).not.toEqual([])
      // The failure is the fault's doing: against the correct server the same check passes.
      expect(result(CORRECT).failures.filter((block) => block.includes(fault.caughtBy))).toEqual([])
    },
  )

  test('When CONTRACT_READ_ONLY=1, then only GET and OPTIONS requests reach the target and the suite passes', () => {
    // Assert
    const { exitCode, failures, seen } = result(READ_ONLY)
    expect({ exitCode, failures }).toEqual({ exitCode: 0, failures: [] })
    expect(seen.filter((request) => !/^(GET|OPTIONS) /.test(request))).toEqual([])
    expect(seen.length).toBeGreaterThan(0)
  })

  test('When optional variables are unset, then their checks are reported as skipped, with the reason', () => {
    // Assert
    const { output } = result(READ_ONLY)
    expect(output).toContain('(skipped: CONTRACT_SECOND_TOKEN not set)')
    expect(output).toContain('(skipped: CONTRACT_FOREIGN_ORG_ID not set)')
    expect(output).toContain('(skipped: CONTRACT_READ_ONLY=1 and these checks write)')
  })

  test('When CONTRACT_BASE_URL is set without CONTRACT_TOKEN, then the run stops, naming the variable', async () => {
    // Act
    const run = await runSuite(
      { CONTRACT_BASE_URL: 'http://127.0.0.1:9', CONTRACT_ORG_ID: ACME_ORG_ID },
      tmpdir(),
    )

    // Assert
    expect(run.exitCode).not.toBe(0)
    expect(run.output).toContain('CONTRACT_TOKEN must be set')
  }, 60_000)
})
