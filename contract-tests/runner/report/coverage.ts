// `--coverage`: each rule of the document (suite/rules/) with the checks that declared they cover
// it and how each went, uncovered rules first; the rule ids checks declared that the document
// does not state (a typo, or a rule the document dropped). Printed after the run: uncovered rules
// (id and title), then each covered rule with the checks that cover it and how each went
// (✓ passed, ✕ failed, ○ skipped), a few per rule, and the one-line count last; written to
// coverage.json in the reports folder, all checks of each rule, each rule with its provenance and
// verdict, and the failed rules grouped by provenance (rule-verdicts.ts).
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import type { OpenApiDocument } from '../../../openapi/document.ts'
import { catalogueOf } from '../../suite/rules/catalogue.ts'
import { RULE_KINDS, type Rule, type RuleKind } from '../../suite/rules/rule.ts'
import type { ProvenanceSelection } from '../../../openapi/provenance.ts'
import type { CheckResult } from './check-results.ts'
import { groupByProvenance, groupsInOrder, provenanceLine, verdictsOf } from './rule-verdicts.ts'

export interface CoveringCheck {
  file: string
  /** The describe titles, then the check's own. */
  path: string[]
  outcome: CheckResult['outcome']
}

export interface RuleCoverage {
  rule: Rule
  checks: CoveringCheck[]
}

export interface Coverage {
  /** Uncovered rules first, then the covered ones, each in the catalogue's order. */
  rules: RuleCoverage[]
  covered: number
  uncovered: number
  /** Per kind: how many rules, how many of them uncovered. */
  byKind: Record<RuleKind, { rules: number; uncovered: number }>
  /** Ids checks declared that the catalogue does not have, with those checks. */
  unknown: { id: string; checks: CoveringCheck[] }[]
}

const coveringOf = ({ file, path, outcome }: CheckResult): CoveringCheck => ({
  file,
  path,
  outcome,
})

export function coverageOf(rules: readonly Rule[], checks: readonly CheckResult[]): Coverage {
  const byId = new Map<string, CoveringCheck[]>()
  for (const check of checks) {
    for (const id of check.covers ?? []) byId.set(id, [...(byId.get(id) ?? []), coveringOf(check)])
  }
  const listed = rules.map((rule) => ({ rule, checks: byId.get(rule.id) ?? [] }))
  const known = new Set(rules.map(({ id }) => id))
  const uncovered = listed.filter(({ checks: covering }) => covering.length === 0)
  const byKind = Object.fromEntries(
    RULE_KINDS.map((kind) => [
      kind,
      {
        rules: rules.filter((rule) => rule.kind === kind).length,
        uncovered: uncovered.filter(({ rule }) => rule.kind === kind).length,
      },
    ]),
  ) as Coverage['byKind']
  return {
    rules: [...uncovered, ...listed.filter(({ checks: covering }) => covering.length > 0)],
    covered: rules.length - uncovered.length,
    uncovered: uncovered.length,
    byKind,
    unknown: [...byId]
      .filter(([id]) => !known.has(id))
      .map(([id, covering]) => ({ id, checks: covering })),
  }
}

/** `563 rules: 120 covered, 443 not (status 45, field 200, …)` */
export function coverageLine({ rules, covered, uncovered, byKind }: Coverage): string {
  const kinds = RULE_KINDS.filter((kind) => byKind[kind].uncovered > 0)
    .map((kind) => `${kind} ${String(byKind[kind].uncovered)}`)
    .join(', ')
  return (
    `${String(rules.length)} rules: ${String(covered)} covered, ${String(uncovered)} not` +
    (uncovered === 0 ? '' : ` (${kinds})`)
  )
}

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
export async function writeCoverage(
  coverage: Coverage,
  folder: string,
  checks: readonly CheckResult[] = [],
  only?: readonly ProvenanceSelection[],
): Promise<string> {
  const file = join(folder, 'coverage.json')
  await mkdir(folder, { recursive: true })
  const { rules, covered, uncovered, byKind, unknown } = coverage
  const verdicts = verdictsOf(
    rules.map(({ rule }) => rule),
    checks,
    only,
  )
  const verdictOf = new Map(verdicts.map(({ rule, verdict }) => [rule.id, verdict]))
  const groups = groupByProvenance(verdicts, checks)
  const failedByProvenance = Object.fromEntries(
    groupsInOrder(groups)
      .filter(([, failed]) => failed.length > 0)
      .map(([provenance, failed]) => [provenance, failed.map(({ id }) => id)]),
  )
  const document = {
    summary: {
      rules: rules.length,
      covered,
      uncovered,
      byKind,
      line: coverageLine(coverage),
      provenance: provenanceLine(groups),
      failedByProvenance,
    },
    rules: rules.map(({ rule, checks: covering }) => ({
      ...rule,
      verdict: verdictOf.get(rule.id),
      checks: covering,
    })),
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
  only?: readonly ProvenanceSelection[],
): Promise<{ text: string; file: string }> {
  const coverage = coverageOf(catalogueOf(document), checks)
  return {
    text: formatCoverage(coverage),
    file: await writeCoverage(coverage, reportsFolder(junit), checks, only),
  }
}
