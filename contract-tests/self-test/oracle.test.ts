// The differential oracle's acceptance: a target that answers a value no hand-written check reads
// wrongly (schema-valid, in lists only) passes every check with the oracle off, and fails the run
// with it on, the failure naming the field and showing both answers and the request as curl.
import { beforeAll, describe, expect, test } from '@jest/globals'
import { listDropsHowYouMet } from './faulty/oracle-faults.ts'
import { runScenarios, type ScenarioResult } from './scenarios.ts'

const WITH_ORACLE = 'with-oracle'
const WITHOUT_ORACLE = 'without-oracle'

describe('The reference model (differential oracle)', () => {
  let results: Map<string, ScenarioResult>
  const result = (name: string): ScenarioResult => {
    const found = results.get(name)
    if (found === undefined) throw new Error(`no run for ${name}`)
    return found
  }

  // Two whole runs of the suite against the same faulty target, side by side.
  beforeAll(async () => {
    results = await runScenarios([
      { name: WITH_ORACLE, fault: listDropsHowYouMet },
      { name: WITHOUT_ORACLE, fault: listDropsHowYouMet, args: ['--no-oracle'] },
    ])
  }, 600_000)

  test(`When the target breaks "${listDropsHowYouMet.breaks}" and the oracle is off (--no-oracle), then every check passes: no check reads the value`, () => {
    // Assert
    const { exitCode, failures, output } = result(WITHOUT_ORACLE)
    expect({ exitCode, failures }).toEqual({ exitCode: 0, failures: [] })
    expect(output).toMatch(/^Checks: (\d+) in all: \1 passed, 0 failed, 0 skipped$/m)
    expect(output).toContain('no reference model')
    expect(output).not.toContain('the reference model compared')
  })

  test(`When the target breaks "${listDropsHowYouMet.breaks}" and the oracle is on, then the run fails showing both answers and the request as curl`, () => {
    // Assert
    const { exitCode, failures, output } = result(WITH_ORACLE)
    const caught = failures.filter((block) => block.includes(listDropsHowYouMet.caughtBy))
    expect(exitCode).toBe(1)
    expect(caught).not.toEqual([])
    expect(caught[0]).toContain('The target answers otherwise than the reference model')
    expect(caught[0]).toMatch(/request: +curl -g -i '[^']+\/contacts\?[^']*search=/)
    expect(caught[0]).toMatch(/\n +target: +200 /)
    expect(caught[0]).toMatch(/\n +reference: +200 /)
    // the run's token is never shown: the curl names the variable that holds it
    expect(caught[0]).toContain('Authorization: Bearer $CONTRACT_TOKEN')
    // the run tells how much it compared, and why it left the rest out
    const [, compared = '0', all = '0'] =
      /^contacts-contract: the reference model compared (\d+) of (\d+) requests; not compared: .+$/m.exec(
        output,
      ) ?? []
    expect(Number(compared)).toBeGreaterThan(Number(all) / 2)
  })
})
