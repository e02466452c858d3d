// Every rule of the document has a check: the suite runs against the mock with --coverage, and
// no rule of the catalogue (suite/rules/) is left without a check that declares it covers it.
// Leaving one check out (CONTRACT_OMIT_CHECKS) leaves exactly the rules only it covered uncovered:
// a check removed, or a rule added to the document without a check, fails this test by its id.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import type { CheckResult } from '../runner/report/check-results.ts'
import { coverageOf, formatCoverage } from '../runner/report/coverage.ts'
import type { Rule } from '../suite/rules/rule.ts'
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

describe('The coverage of a run', () => {
  const rules: Rule[] = [
    {
      id: 'decision:1',
      kind: 'decision',
      decision: 1,
      title: 'Decision 1: Ids in paths',
      provenance: 'decision 1',
    },
    {
      id: 'decision:2',
      kind: 'decision',
      decision: 2,
      title: 'Decision 2: Order of checks',
      provenance: 'decision 2',
    },
    {
      id: 'status:getContact:404',
      kind: 'status',
      status: 404,
      title: 'getContact answers 404',
      provenance: 'decision 25',
    },
  ]
  const check = (
    title: string,
    outcome: CheckResult['outcome'],
    covers: string[],
  ): CheckResult => ({
    file: 'a.contract.ts',
    path: ['A describe', title],
    outcome,
    durationMs: 1,
    covers,
  })

  test('When checks cover some rules, then the uncovered come first, each covered one lists its checks, and the count closes it', () => {
    // Arrange
    const checks = [
      check('When one, then one', 'passed', ['decision:2', 'status:getContact:404']),
      check('When two, then two', 'skipped', ['decision:2']),
      check('When three, then three', 'failed', ['decision:99']),
    ]

    // Act
    const coverage = coverageOf(rules, checks)
    const text = formatCoverage(coverage)

    // Assert
    expect(coverage.rules.map(({ rule, checks: covering }) => [rule.id, covering.length])).toEqual([
      ['decision:1', 0],
      ['decision:2', 2],
      ['status:getContact:404', 1],
    ])
    expect(coverage.unknown.map(({ id }) => id)).toEqual(['decision:99'])
    expect(text).toContain(
      [
        'Not covered (1):',
        '  decision:1  Decision 1: Ids in paths',
        'Covered (2):',
        '  decision:2  Decision 2: Order of checks',
        '    ✓ a.contract.ts › A describe › When one, then one',
        '    ○ a.contract.ts › A describe › When two, then two',
      ].join('\n'),
    )
    expect(text).toContain('Declared by checks but not rules of the document (1):\n  decision:99\n')
    expect(text.trimEnd().split('\n').at(-1)).toBe('Rules: 3 rules: 2 covered, 1 not (decision 1)')
  })
})

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
