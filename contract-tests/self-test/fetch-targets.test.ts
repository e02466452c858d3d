// The same suite proves each way of running the mock without a server: a whole run against a
// fetch function (--fetch-module), relayed by the runner, passes as the server's does, but for the
// checks a fetch function cannot be sent, each skipped naming why.
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from '@jest/globals'
import { runSuite, type SuiteRun } from './run-suite.ts'

const moduleOf = (name: string): string =>
  fileURLToPath(new URL(`./fetch-targets/${name}`, import.meta.url))

/** Every skip of a run through a fetch function, with how many checks it holds. */
const SKIPPED_THROUGH_FETCH: readonly string[] = [
  // errors/server-guards.ts: the transport's own answers (a Host not served, none, 431, 408)
  '5 × a fetch function cannot be sent a Host, a head too large or one that stops: it has no HTTP connection',
  // errors/bodies.ts: fetch refuses a GET with a body before anything is sent
  '1 × a fetch function cannot be sent a GET with a body',
]

/** The run's "Skipped:" lines, without their indent. */
const skipsOf = (output: string): string[] =>
  [...output.matchAll(/^ {2}(\d+ × .+)$/gm)].map(([, line]) => line ?? '')

/** Checks in all, passed, failed and skipped, from the run's summary line. */
function countsOf(output: string): number[] {
  const counts = /^Checks: (\d+) in all: (\d+) passed, (\d+) failed, (\d+) skipped$/m.exec(output)
  return (counts?.slice(1) ?? []).map(Number)
}

/** What a run through a fetch function must show: the server's result, less the skips. */
function expectPassedThroughFetch(run: SuiteRun): void {
  const skipped = SKIPPED_THROUGH_FETCH.reduce((sum, line) => sum + Number.parseInt(line, 10), 0)
  const [all = 0, passed, failed] = countsOf(run.output)
  expect({ exitCode: run.exitCode, failures: run.failures }).toEqual({ exitCode: 0, failures: [] })
  expect([passed, failed]).toEqual([all - skipped, 0])
  expect(skipsOf(run.output)).toEqual(SKIPPED_THROUGH_FETCH)
  expect(all).toBeGreaterThan(500)
}

const TARGETS = [
  { name: 'createMockFetch()', module: 'mock-fetch.ts' },
  { name: "MSW's setupServer(...createHandlers())", module: 'msw-server.ts' },
]

describe('The contract suite against a fetch function', () => {
  test.each(TARGETS)(
    'When the target is $name, then every check passes as against the server, but those a fetch function cannot be sent, skipped naming why',
    async ({ module }) => {
      // Act
      const run = await runSuite(['--fetch-module', moduleOf(module)])

      // Assert
      expectPassedThroughFetch(run)
      expect(run.output).toContain(`checking the fetch function of ${moduleOf(module)}, relayed at`)
    },
    180_000,
  )
})
