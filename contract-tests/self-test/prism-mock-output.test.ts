// Against a server nobody here wrote, Prism's stateless mock (hundreds of checks fail there), the
// output stays bounded (issue 15: "log under 5,000 lines, JUnit under 2 MB"). If new checks push
// the lines up, the bounding is what to fix, not these limits.
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../fixtures/identities.ts'
import { createResources, makeTempDir, releaseResources } from '../runner/resources.ts'
import { startPrismMock } from './prism-mock.ts'
import { runSuite, type SuiteRun } from './run-suite.ts'

const MAX_LINES = 5_000
const MAX_JUNIT_BYTES = 2 * 1024 * 1024
/** Fewer failures than this and the run did not meet the stateless mock's answers at all. */
const MANY_FAILURES = 100

describe("The contract suite against Prism's stateless mock", () => {
  let run: SuiteRun
  let junitBytes: number

  beforeAll(async () => {
    const resources = createResources()
    try {
      const url = await startPrismMock(resources)
      const junit = join(await makeTempDir(resources, 'contract-prism-mock-'), 'junit.xml')
      run = await runSuite([
        '--base-url',
        url,
        '--token',
        ALICE.token,
        '--org',
        ACME_ORG_ID,
        '--junit',
        junit,
      ])
      junitBytes = (await stat(junit)).size
    } finally {
      await releaseResources(resources)
    }
  }, 300_000)

  test('When the suite checks it, then the run fails with exit code 1, most of its checks failing', () => {
    // Assert
    const failed = /^Checks: \d+ in all: \d+ passed, (\d+) failed/m.exec(run.output)?.[1]
    expect(run.exitCode).toBe(1)
    expect(Number(failed)).toBeGreaterThan(MANY_FAILURES)
  })

  test('When the suite checks it, then the log has fewer than 5,000 lines', () => {
    // Assert
    expect(run.output.split('\n').length).toBeLessThan(MAX_LINES)
  })

  test('When the suite checks it with --junit FILE, then the report is under 2 MB', () => {
    // Assert
    expect(junitBytes).toBeLessThan(MAX_JUNIT_BYTES)
  })
})
