// Runs the suite once per scenario: each behind a proxy (transparent or faulty) in front of a real
// mock. Two lanes, each with its own mock (reset between runs), run side by side.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ACME_ORG_ID, ALICE, BOB, CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import {
  createResources,
  makeTempDir,
  releaseResources,
  type Resources,
} from '../runner/resources.ts'
import { startMock } from '../runner/target/servers.ts'
import { startProxy, type Exchange, type Fault } from './faulty/proxy.ts'
import { fixtureArgs, runSuite, type SuiteRun } from './run-suite.ts'

export interface Scenario {
  name: string
  fault?: Fault
  /** Configuration by variables instead of the fixture flags (the base URL is the proxy's). */
  env?: Record<string, string>
  /** More flags, e.g. `--document FILE`. */
  args?: readonly string[]
}

export interface ScenarioResult extends SuiteRun {
  /** Every request the target received. */
  seen: string[]
  /** Every request with its answer. */
  exchanges: Exchange[]
  /** Record counts (include[]=deleted) before and after the run. */
  before: number[]
  after: number[]
  /** The run's JUnit report (--junit), if it wrote one. */
  junit: string | undefined
}

const LANES = 2

/** A login of its own for the probes of DELETE /api/v1/logout (suite/support/probes.ts). */
const SESSION = { CONTRACT_EMAIL: ALICE.email, CONTRACT_PASSWORD: ALICE.password }

/** Contacts and user relationships of every fixture user, deleted ones included. */
async function recordCounts(mockUrl: string): Promise<number[]> {
  const lists: [string, string][] = [
    [ALICE.token, `${ACME_ORG_ID}/contacts`],
    [CAROL.token, `${GLOBEX_ORG_ID}/contacts`],
    [ALICE.token, `${ACME_ORG_ID}/user_relationships`],
    [BOB.token, `${ACME_ORG_ID}/user_relationships`],
    [CAROL.token, `${GLOBEX_ORG_ID}/user_relationships`],
  ]
  return Promise.all(
    lists.map(async ([token, path]) => {
      const res = await fetch(`${mockUrl}/api/v1/orgs/${path}?include%5B%5D=deleted&limit=1`, {
        headers: { Authorization: `Bearer ${token}` },
      })
      return ((await res.json()) as { count: number }).count
    }),
  )
}

async function runScenario(
  mockUrl: string,
  scenario: Scenario,
  reportDir: string,
): Promise<ScenarioResult> {
  const reset = await fetch(`${mockUrl}/__admin/reset`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
  })
  if (reset.status !== 204)
    throw new Error(`The reset of ${mockUrl} answered ${String(reset.status)}`)
  const before = await recordCounts(mockUrl)
  const proxy = await startProxy(mockUrl, scenario.fault)
  const junitFile = join(reportDir, `${scenario.name}.xml`)
  try {
    const junitArgs = ['--junit', junitFile, ...(scenario.args ?? [])]
    const run =
      scenario.env === undefined
        ? await runSuite([...fixtureArgs(proxy.url), ...junitArgs], SESSION)
        : await runSuite(junitArgs, { ...scenario.env, CONTRACT_BASE_URL: proxy.url })
    const junit = await readFile(junitFile, 'utf8').catch(() => undefined)
    return {
      ...run,
      seen: proxy.seen,
      exchanges: proxy.exchanges,
      before,
      after: await recordCounts(mockUrl),
      junit,
    }
  } finally {
    await proxy.close()
  }
}

async function runLane(
  resources: Resources,
  queue: Scenario[],
  reportDir: string,
  results: Map<string, ScenarioResult>,
): Promise<void> {
  const mockUrl = await startMock(resources)
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    results.set(next.name, await runScenario(mockUrl, next, reportDir))
  }
}

export async function runScenarios(
  scenarios: readonly Scenario[],
): Promise<Map<string, ScenarioResult>> {
  const resources = createResources()
  const results = new Map<string, ScenarioResult>()
  const queue = [...scenarios]
  try {
    const reportDir = await makeTempDir(resources, 'contract-self-test-')
    await Promise.all(
      Array.from({ length: LANES }, () => runLane(resources, queue, reportDir, results)),
    )
  } finally {
    await releaseResources(resources)
  }
  return results
}
