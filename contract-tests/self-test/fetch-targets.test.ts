// The same suite proves each way of running the mock without a server: a whole run against a
// fetch function (--fetch-module), relayed by the runner, passes as the server's does, but for the
// checks a fetch function cannot be sent, each skipped naming why.
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from '@jest/globals'
import { runSuite, type SuiteRun } from './run-suite.ts'

const moduleOf = (name: string): string =>
  fileURLToPath(new URL(`./fetch-targets/${name}`, import.meta.url))

// The skips of a run through a fetch function, with how many checks each holds.
const NO_CONNECTION =
  // errors/server-guards.ts: the transport's own answers (two Hosts not served, none, 431, 408)
  '6 × a fetch function cannot be sent a Host, a head too large or one that stops: it has no HTTP connection'
// errors/bodies.ts: fetch refuses a GET with a body before anything is sent
const NO_GET_BODY = '1 × a fetch function cannot be sent a GET with a body'
// errors/routing.ts: MSW's handlers leave other paths to the network (in a page, its own server)
const API_PATHS_ONLY =
  "3 × the fetch function answers the API's paths only, as MSW's handlers do (api-paths-only): a path outside the API"
// errors/cors.ts: a page's fetch drops Access-Control-Request-Headers
const BROWSER_FETCH =
  "1 × the fetch function is a browser's fetch, which drops the headers a page may not set (browser-fetch): Access-Control-Request-Headers"

/** The run's "Skipped:" lines, without their indent. */
const skipsOf = (output: string): string[] =>
  [...output.matchAll(/^ {2}(\d+ × .+)$/gm)].map(([, line]) => line ?? '')

/** Checks in all, passed, failed and skipped, from the run's summary line. */
function countsOf(output: string): number[] {
  const counts = /^Checks: (\d+) in all: (\d+) passed, (\d+) failed, (\d+) skipped$/m.exec(output)
  return (counts?.slice(1) ?? []).map(Number)
}

/** What a run through a fetch function must show: the server's result, less the skips. */
function expectPassedThroughFetch(run: SuiteRun, skips: readonly string[]): void {
  const skipped = skips.reduce((sum, line) => sum + Number.parseInt(line, 10), 0)
  const [all = 0, passed, failed] = countsOf(run.output)
  expect({ exitCode: run.exitCode, failures: run.failures }).toEqual({ exitCode: 0, failures: [] })
  expect([passed, failed]).toEqual([all - skipped, 0])
  expect(skipsOf(run.output)).toEqual(skips)
  expect(all).toBeGreaterThan(500)
}

const TARGETS = [
  { name: 'createMockFetch()', module: 'mock-fetch.ts', skips: [NO_CONNECTION, NO_GET_BODY] },
  {
    name: "MSW's setupServer(...createHandlers())",
    module: 'msw-server.ts',
    skips: [NO_CONNECTION, API_PATHS_ONLY, NO_GET_BODY],
  },
  {
    name: 'startMockWorker() in headless Chromium, each request sent by the page',
    module: 'worker-page.ts',
    skips: [NO_CONNECTION, API_PATHS_ONLY, NO_GET_BODY, BROWSER_FETCH],
  },
]

describe('The contract suite against a fetch function', () => {
  test.each(TARGETS)(
    'When the target is $name, then every check passes as against the server, but those a fetch function cannot be sent, skipped naming why',
    async ({ module, skips }) => {
      // Act
      const run = await runSuite(['--fetch-module', moduleOf(module)])

      // Assert
      expectPassedThroughFetch(run, skips)
      expect(run.output).toContain(`checking the fetch function of ${moduleOf(module)}, relayed at`)
    },
    // a hang's ceiling: one whole run with its reference model, on a loaded machine
    900_000,
  )
})
