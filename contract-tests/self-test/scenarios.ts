// Runs the suite once per scenario: each behind a proxy (transparent or faulty) in front of a real
// mock. Two lanes, each with its own mock (reset between runs), run side by side.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ACME_ORG_ID, ALICE, BOB, CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import { stopProcess } from '../support/processes.ts'
import { startMock } from '../support/suite-processes.ts'
import { startProxy, type Fault } from './faulty/proxy.ts'
import { fixtureEnv, ROOT_DIR, runSuite, type SuiteRun } from './run-suite.ts'

export interface Scenario {
  name: string
  fault?: Fault
  /** Replaces the fixture configuration (CONTRACT_BASE_URL is always the proxy). */
  env?: Record<string, string>
}

export interface ScenarioResult extends SuiteRun {
  /** Every request the target received. */
  seen: string[]
  /** Record counts (include[]=deleted) before and after the run. */
  before: number[]
  after: number[]
}

const LANES = 2

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
  await fetch(`${mockUrl}/__admin/reset`, { method: 'POST' })
  const before = await recordCounts(mockUrl)
  const proxy = await startProxy(mockUrl, scenario.fault)
  try {
    const env = { ...(scenario.env ?? fixtureEnv(proxy.url)), CONTRACT_BASE_URL: proxy.url }
    const run = await runSuite(env, join(reportDir, scenario.name))
    return { ...run, seen: proxy.seen, before, after: await recordCounts(mockUrl) }
  } finally {
    await proxy.close()
  }
}

export async function runScenarios(
  scenarios: readonly Scenario[],
): Promise<Map<string, ScenarioResult>> {
  const reportDir = await mkdtemp(join(tmpdir(), 'contract-self-test-'))
  const mocks = await Promise.all(Array.from({ length: LANES }, () => startMock(ROOT_DIR)))
  const results = new Map<string, ScenarioResult>()
  const queue = [...scenarios]
  try {
    await Promise.all(
      mocks.map(async (mock) => {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
          results.set(next.name, await runScenario(mock.url, next, reportDir))
        }
      }),
    )
  } finally {
    await Promise.all(mocks.map((mock) => stopProcess(mock.child)))
    await Promise.all(
      [reportDir, ...mocks.map((mock) => mock.tempDir)].map((dir) =>
        rm(dir, { recursive: true, force: true }),
      ),
    )
  }
  return results
}
