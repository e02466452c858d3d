// What --coverage prints after the run, and the coverage.json it writes to the reports folder:
// uncovered rules first (id and title), then each covered rule with the checks that cover it and
// how each went (✓ passed, ✕ failed, ○ skipped), a few per rule on the console and all of them in
// the file, and the one-line count last.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { OpenApiDocument } from '../../../openapi/document.ts'
import { catalogueOf } from '../../suite/rules/catalogue.ts'
import type { CheckResult } from './check-results.ts'
import { coverageLine, coverageOf, type Coverage, type CoveringCheck } from './coverage.ts'

/** Checks listed under a covered rule on the console; coverage.json has them all. */
const CHECKS_SHOWN = 3
/** A console line is cut here: titles of checks are long. */
const LINE_WIDTH = 160

const MARK: Readonly<Record<CoveringCheck['outcome'], string>> = {
  passed: '✓',
  failed: '✕',
  skipped: '○',
}

const cut = (line: string): string =>
  line.length > LINE_WIDTH ? `${line.slice(0, LINE_WIDTH - 1)}…` : line

const checkLine = ({ file, path, outcome }: CoveringCheck): string =>
  cut(`    ${MARK[outcome]} ${[file, ...path].join(' › ')}`)

function checkLines(checks: readonly CoveringCheck[]): string[] {
  const more = checks.length - CHECKS_SHOWN
  return [
    ...checks.slice(0, CHECKS_SHOWN).map(checkLine),
    ...(more > 0 ? [`    … and ${String(more)} more (coverage.json lists them)`] : []),
  ]
}

export function formatCoverage(coverage: Coverage): string {
  const uncovered = coverage.rules.filter(({ checks }) => checks.length === 0)
  const covered = coverage.rules.filter(({ checks }) => checks.length > 0)
  const lines = [
    '',
    `Coverage of the document's rules (--coverage):`,
    `Not covered (${String(uncovered.length)}):`,
    ...uncovered.map(({ rule }) => cut(`  ${rule.id}  ${rule.title}`)),
    `Covered (${String(covered.length)}):`,
    ...covered.flatMap(({ rule, checks }) => [
      cut(`  ${rule.id}  ${rule.title}`),
      ...checkLines(checks),
    ]),
    ...(coverage.unknown.length === 0
      ? []
      : [
          `Declared by checks but not rules of the document (${String(coverage.unknown.length)}):`,
          ...coverage.unknown.flatMap(({ id, checks }) => [`  ${id}`, ...checkLines(checks)]),
        ]),
    `Rules: ${coverageLine(coverage)}`,
    '',
  ]
  return lines.join('\n')
}

/** The folder of the run's reports: that of --junit, else ./reports. */
export const reportsFolder = (junit: string | undefined): string =>
  junit === undefined ? resolve('reports') : dirname(resolve(junit))

/** Writes `coverage.json` into `folder`; returns its path. */
export async function writeCoverage(coverage: Coverage, folder: string): Promise<string> {
  const file = join(folder, 'coverage.json')
  await mkdir(folder, { recursive: true })
  const { rules, covered, uncovered, byKind, unknown } = coverage
  const document = {
    summary: { rules: rules.length, covered, uncovered, byKind, line: coverageLine(coverage) },
    rules: rules.map(({ rule, checks }) => ({ ...rule, checks })),
    unknown,
  }
  await writeFile(file, `${JSON.stringify(document, null, 2)}\n`)
  return file
}

/** The coverage of the run's checks over the document's rules: printed, and written to a file. */
export async function reportCoverage(
  document: OpenApiDocument,
  checks: readonly CheckResult[],
  junit: string | undefined,
): Promise<{ text: string; file: string }> {
  const coverage = coverageOf(catalogueOf(document), checks)
  return {
    text: formatCoverage(coverage),
    file: await writeCoverage(coverage, reportsFolder(junit)),
  }
}
