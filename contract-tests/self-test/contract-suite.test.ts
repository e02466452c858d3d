// The suite's own tests: a correct server passes it, and each faulty target fails it, naming the
// broken rule. Runs the whole suite once per scenario (see scenarios.ts), through its CLI.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../fixtures/identities.ts'
import { CHANGED_RULES, writeDocumentCopies, type DocumentCopies } from './changed-document.ts'
import { FAULTS } from './faulty/faults.ts'
import { runSuite } from './run-suite.ts'
import { unsafeRequests } from './safety.ts'
import { runScenarios, type Scenario, type ScenarioResult } from './scenarios.ts'

const CORRECT = 'correct'
const CHANGED_DOCUMENT = 'changed-document'
const GENERATIVE_CHECK = 'When random sequences of'
const GENERATIVE_FAULTS = ['updated-at-not-moved', 'count-includes-deleted']
// How short a failure shrinks depends on the sequences drawn: a fixed seed (checked to shrink both
// faults to 2 steps) makes the length assertion fail only when shrinking gets worse.
const GENERATIVE_SEED = ['--seed', '1']
const READ_ONLY = 'read-only'
const OWN_TOKEN_LOGIN = 'login-hands-out-run-token'

// The correct run and the changed-document run get their --document copies when they are written.
const SCENARIOS: Scenario[] = [
  ...FAULTS.map((fault) => ({
    name: fault.name,
    fault,
    ...(GENERATIVE_FAULTS.includes(fault.name) ? { args: GENERATIVE_SEED } : {}),
  })),
  // Only the required settings, as variables, read-only: what a production smoke test would run.
  {
    name: READ_ONLY,
    env: { CONTRACT_TOKEN: ALICE.token, CONTRACT_ORG_ID: ACME_ORG_ID, CONTRACT_READ_ONLY: '1' },
  },
]

/** The titles of the checks a run printed, e.g. "When …, then …", whatever their outcome. */
const checkTitles = (output: string): string[] =>
  [...output.matchAll(/^ +[✓✕○] (.+) \((\d+ ms|skipped: .+)\)$/gm)].map(([, title]) => title ?? '')

describe('The contract suite', () => {
  let results: Map<string, ScenarioResult>
  const result = (name: string): ScenarioResult => {
    const found = results.get(name)
    if (found === undefined) throw new Error(`no run for ${name}`)
    return found
  }

  let documentsDir: string
  let documents: DocumentCopies

  // Every scenario runs the whole suite (two at a time): some 30 runs of 20 to 60 s, each with its
  // reference model and generative phase. The ceiling only catches a hang: with two busy loops and
  // another test run beside it, 900 s was reached.
  beforeAll(async () => {
    documentsDir = await mkdtemp(join(tmpdir(), 'contract-documents-'))
    documents = await writeDocumentCopies(documentsDir)
    results = await runScenarios([
      // The correct run holds the mock to an unchanged copy: the changed run's failures are the
      // changes' doing, not the copy's.
      { name: CORRECT, args: ['--document', documents.unchanged] },
      { name: CHANGED_DOCUMENT, args: ['--document', documents.changed] },
      ...SCENARIOS,
    ])
  }, 2_400_000)

  afterAll(async () => {
    await rm(documentsDir, { recursive: true, force: true })
  })

  test('When the target is a correct server (the mock), then every check passes and it exits 0', () => {
    // Assert
    const { exitCode, failures, output } = result(CORRECT)
    expect({ exitCode, failures }).toEqual({ exitCode: 0, failures: [] })
    expect(output).toMatch(/^Checks: (\d+) in all: \1 passed, 0 failed, 0 skipped$/m)
  })

  test('When a run is over, then none of its records is left, not even soft-deleted ones', () => {
    // Assert
    const { before, after } = result(CORRECT)
    expect(after).toEqual(before)
  })

  test('When the suite runs, then no request reaches a record it did not create, and no probe of shared data carries a real token', () => {
    // Assert
    const { exchanges } = result(CORRECT)
    expect(unsafeRequests(exchanges)).toEqual([])
    expect(exchanges.filter((exchange) => exchange.method === 'DELETE').length).toBeGreaterThan(0)
  })

  test('When a run is over, then every session its logins opened was logged out', () => {
    // Arrange
    const { exchanges } = result(CORRECT)
    const issued = exchanges.flatMap(({ issuedToken }) => (issuedToken ? [issuedToken] : []))
    const loggedOut = new Set(
      exchanges
        .filter(
          ({ method, url, status }) =>
            method === 'DELETE' && url === '/api/v1/logout' && status === 204,
        )
        .map(({ authorization }) => authorization?.replace(/^Bearer /, '')),
    )

    // Assert
    expect(issued.length).toBeGreaterThan(0)
    expect(issued.filter((token) => !loggedOut.has(token))).toEqual([])
  })

  test.each(GENERATIVE_FAULTS)(
    'When the target has the fault %s, then the generative phase finds it and shrinks it to at most 6 steps',
    (name) => {
      // Assert
      const block = result(name).failures.find((text) => text.includes(GENERATIVE_CHECK))
      const steps = /disagrees with the model after (\d+) steps/.exec(block ?? '')?.[1]
      expect(block).toContain('curl ')
      expect(block).toContain(`replay with ${GENERATIVE_SEED.join(' ')}):`)
      expect(Number(steps)).toBeGreaterThan(0)
      expect(Number(steps)).toBeLessThanOrEqual(6)
    },
  )

  test("When a login hands out the run's own token, then the suite never logs that token out", () => {
    // Arrange
    const { exchanges } = result(OWN_TOKEN_LOGIN)
    const logouts = exchanges.filter(
      ({ method, url }) => method === 'DELETE' && url === '/api/v1/logout',
    )

    // Assert
    expect(exchanges.some(({ issuedToken }) => issuedToken === ALICE.token)).toBe(true)
    expect(
      logouts.filter(({ authorization }) => authorization === `Bearer ${ALICE.token}`),
    ).toEqual([])
  })

  test('When --junit FILE is given, then the JUnit report lists every check of the summary', () => {
    // Assert
    const { output, junit } = result(CORRECT)
    const total = /^Checks: (\d+) in all/m.exec(output)?.[1]
    expect(String(junit?.match(/<testcase /g)?.length)).toBe(total)
  })

  test.each(FAULTS)(
    'When the target breaks "$breaks" ($name), then the suite fails naming it and exits 1',
    (fault) => {
      // Assert
      const { exitCode, failures } = result(fault.name)
      expect(exitCode).toBe(1)
      expect(failures.filter((block) => block.includes(fault.caughtBy))).not.toEqual([])
      // The failure is the fault's doing: against the correct server the same check passes.
      expect(result(CORRECT).failures.filter((block) => block.includes(fault.caughtBy))).toEqual([])
    },
  )

  test('When --document names a changed copy of the document, then the run against the unchanged mock fails naming each changed rule, and passes with an unchanged copy', () => {
    // Assert
    const changed = result(CHANGED_DOCUMENT)
    const unchanged = result(CORRECT)
    expect(unchanged.exitCode).toBe(0)
    expect(unchanged.output).toContain(`document ${documents.unchanged}`)
    expect(changed.exitCode).toBe(1)
    for (const rule of CHANGED_RULES) {
      expect(changed.failures.filter((block) => block.includes(rule))).not.toEqual([])
    }
  })

  test('When read-only, then only GET, HEAD and OPTIONS requests reach the target and the suite passes', () => {
    // Assert
    const { exitCode, failures, seen } = result(READ_ONLY)
    expect({ exitCode, failures }).toEqual({ exitCode: 0, failures: [] })
    expect(seen.filter((request) => !/^(GET|HEAD|OPTIONS) /.test(request))).toEqual([])
    expect(seen.length).toBeGreaterThan(0)
  })

  test('When settings are missing, then their checks are reported as skipped, with the reason', () => {
    // Assert
    const { output, junit } = result(READ_ONLY)
    expect(output).toMatch(/^ +\d+ × needs --second-token \(CONTRACT_SECOND_TOKEN\)$/m)
    expect(output).toMatch(/^ +\d+ × needs --foreign-org \(CONTRACT_FOREIGN_ORG_ID\)$/m)
    expect(output).toMatch(/^ +\d+ × --read-only \(CONTRACT_READ_ONLY\): these checks write$/m)
    expect(junit).toContain(
      '<skipped type="skipped" message="--read-only (CONTRACT_READ_ONLY): these checks write"/>',
    )
  })

  test('When checks are skipped, then the run still lists each one, under the title it has when it runs', () => {
    // Assert
    const all = checkTitles(result(CORRECT).output)
    expect(checkTitles(result(READ_ONLY).output)).toEqual(all)
    expect(all.length).toBeGreaterThan(0)
  })

  test('When CONTRACT_BASE_URL is set without CONTRACT_TOKEN, then the run stops with exit code 2, naming both', async () => {
    // Act
    const run = await runSuite([], {
      CONTRACT_BASE_URL: 'http://127.0.0.1:9',
      CONTRACT_ORG_ID: ACME_ORG_ID,
    })

    // Assert
    expect(run.exitCode).toBe(2)
    expect(run.output).toContain(
      '--base-url (CONTRACT_BASE_URL) needs --token (CONTRACT_TOKEN) too.',
    )
  }, 60_000)
})
