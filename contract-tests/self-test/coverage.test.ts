// Every rule of the document has a check: the suite runs against the mock with --coverage, and
// no rule of the catalogue (suite/rules/) is left without a check that declares it covers it.
// Leaving one check out (CONTRACT_OMIT_CHECKS) leaves exactly the rules only it covered uncovered:
// a check removed, or a rule added to the document without a check, fails this test by its id.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { runSuite, type SuiteRun } from './run-suite.ts'

interface CoveringCheck {
  file: string
  path: string[]
  outcome: string
}

interface CoverageFile {
  summary: { rules: number; covered: number; uncovered: number; line: string }
  rules: { id: string; checks: CoveringCheck[] }[]
  unknown: { id: string; checks: CoveringCheck[] }[]
}

interface CoverageRun {
  run: SuiteRun
  coverage: CoverageFile
}

/** Runs the suite against the bundled mock with --coverage; its coverage.json goes in `dir`. */
async function runWithCoverage(
  dir: string,
  env: Record<string, string> = {},
): Promise<CoverageRun> {
  const run = await runSuite(['--coverage', '--junit', join(dir, 'junit.xml')], env)
  const coverage = JSON.parse(await readFile(join(dir, 'coverage.json'), 'utf8')) as CoverageFile
  return { run, coverage }
}

const uncoveredOf = ({ rules }: CoverageFile): string[] =>
  rules.filter(({ checks }) => checks.length === 0).map(({ id }) => id)

const titleOf = ({ path }: CoveringCheck): string => path.at(-1) ?? ''

describe('Coverage of the rules of the document', () => {
  let dir: string
  let full: CoverageRun

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'contract-coverage-'))
    full = await runWithCoverage(join(dir, 'full'))
  }, 300_000)

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  test('When the suite runs with --coverage, then it prints the count and writes every rule to coverage.json', () => {
    // Assert
    const { run, coverage } = full
    expect(run.exitCode).toBe(0)
    expect(run.output).toContain(`Rules: ${coverage.summary.line}`)
    expect(coverage.rules).toHaveLength(coverage.summary.rules)
    expect(coverage.summary.line).toMatch(/^\d+ rules: \d+ covered, \d+ not/)
  })

  test('When the suite runs against the mock, then every rule of the document is covered by a check', () => {
    // Assert
    expect(uncoveredOf(full.coverage)).toEqual([])
  })

  test('When checks declare the rules they cover, then each id is a rule of the document', () => {
    // Assert
    expect(full.coverage.unknown.map(({ id }) => id)).toEqual([])
  })

  test('When a check is left out, then the rules only it covered are uncovered, and only those', async () => {
    // Arrange: the first rule that a single check covers, and every rule that check alone covers.
    const single = full.coverage.rules.find(({ checks }) => checks.length === 1)
    const [check] = single?.checks ?? []
    if (check === undefined) throw new Error('no rule is covered by exactly one check')
    const title = titleOf(check)
    const onlyItsOwn = full.coverage.rules
      .filter(({ checks }) => checks.length > 0 && checks.every((item) => titleOf(item) === title))
      .map(({ id }) => id)

    // Act
    const without = await runWithCoverage(join(dir, 'without'), {
      CONTRACT_OMIT_CHECKS: JSON.stringify([title]),
    })

    // Assert
    expect(onlyItsOwn).toContain(single?.id)
    expect(uncoveredOf(without.coverage).sort()).toEqual(
      [...uncoveredOf(full.coverage), ...onlyItsOwn].sort(),
    )
    expect(without.run.output).not.toContain(title)
  }, 300_000)
})
