// `--coverage`: each rule of the document (suite/rules/) with the checks that declared they cover
// it and how each went, uncovered rules first; the rule ids checks declared that the document
// does not state (a typo, or a rule the document dropped). Pure: run-contract.ts prints it and
// writes coverage.json.
import type { Rule, RuleKind } from '../../suite/rules/rule.ts'
import { RULE_KINDS } from '../../suite/rules/rule.ts'
import type { CheckResult } from './check-results.ts'

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
