// Runs the suite against a generated faulty server: the mock served on a faulty copy of the
// document (plan-faults.ts), the suite holding it to the original, or the mock behind a proxy that
// breaks rules of its answers (header-faults.ts); a server of its own per run, on a data file of
// its own, and only the checks that cover the broken rules (--rules), with --coverage for which
// ones they are.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ALICE } from '../../../fixtures/identities.ts'
import type { CoveringCheck } from '../../runner/report/coverage.ts'
import { MOCK_MAIN, nodeArgs } from '../../runner/locate.ts'
import { startNodeProcess, stopProcess } from '../../runner/target/processes.ts'
import { fixtureArgs, runSuite, type SuiteRun } from '../run-suite.ts'
import type { Rule } from '../../suite/rules/rule.ts'
import type { FaultyDocument } from './plan-faults.ts'

/** Fixed, so a failure here is drawn again by the same requests. */
export const SEED = '1'

export interface FaultyRun extends SuiteRun {
  /** Per rule id, the checks of the run that cover it and how each went. */
  coverage: Map<string, CoveringCheck[]>
}

export interface FaultyRunOptions {
  /** Only the checks covering the relaxed rules (the default); false runs the whole suite. */
  onlyTheirChecks?: boolean
  /** Checks left out by title (CONTRACT_OMIT_CHECKS). */
  omit?: readonly string[]
}

interface CoverageFile {
  rules: { id: string; checks: CoveringCheck[] }[]
}

/** The mock on `documentFile`, as the runner starts its own (servers.ts), on a free port. */
async function startFaultyMock(dir: string, documentFile: string) {
  return startNodeProcess({
    name: 'The mock on a faulty document',
    args: nodeArgs(
      MOCK_MAIN,
      ...['--port', '0', '--host', '127.0.0.1', '--db', join(dir, 'db.json')],
      ...['--document', documentFile, '--headers-timeout', '2000', '--quiet'],
    ),
  })
}

/** A faulty server: the rules it breaks, and how to start it in a folder of its own. */
export interface FaultyServer {
  rules: Rule[]
  /** What a failure that catches the rule must say, when not the place the rule names. */
  names?: (rule: Rule) => string
  start: (dir: string) => Promise<{ url: string; stop: () => Promise<void> }>
}

/** The mock served on the faulty copy of the document. */
export const servedOn = (faulty: FaultyDocument): FaultyServer => ({
  rules: faulty.rules,
  start: async (dir) => {
    const documentFile = join(dir, 'openapi.json')
    await writeFile(documentFile, JSON.stringify(faulty.document))
    const { child, url } = await startFaultyMock(dir, documentFile)
    return { url, stop: () => stopProcess(child) }
  },
})

/** Starts `faulty` in `dir` and runs the suite against it. */
export async function runFaulty(
  faulty: FaultyServer,
  dir: string,
  { onlyTheirChecks = true, omit = [] }: FaultyRunOptions = {},
): Promise<FaultyRun> {
  await mkdir(dir, { recursive: true })
  const { url, stop } = await faulty.start(dir)
  try {
    const rules = onlyTheirChecks ? ['--rules', faulty.rules.map(({ id }) => id).join(',')] : []
    const reports = ['--coverage', '--junit', join(dir, 'junit.xml')]
    const run = await runSuite([...fixtureArgs(url), ...rules, ...reports, '--seed', SEED], {
      // a login of its own for the probes of DELETE /api/v1/logout, as scenarios.ts gives
      CONTRACT_EMAIL: ALICE.email,
      CONTRACT_PASSWORD: ALICE.password,
      ...(omit.length > 0 ? { CONTRACT_OMIT_CHECKS: JSON.stringify(omit) } : {}),
    })
    const file = JSON.parse(await readFile(join(dir, 'coverage.json'), 'utf8')) as CoverageFile
    return { ...run, coverage: new Map(file.rules.map(({ id, checks }) => [id, checks])) }
  } finally {
    await stop()
  }
}
