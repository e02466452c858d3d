// The verdict of each rule of the document in a run, and the run's failures grouped by who
// states the rules they break (openapi/provenance.ts): against a real deployment, a broken rule
// of the interface is a broken deployment, a broken decision one that decided otherwise.
//
// A check may cover several rules (a create's 201 and its Location); when it fails, its failure
// is put down to the fewest of them that explain every failure of the run: a rule that is the
// only one of a failed check first (a target that drops the Location fails the check of the
// header alone, which explains the create's check that failed with it), then those whose checks
// fail the most often. A rule is failed when a failure is put down to it, passed when a check of
// it ran, skipped otherwise.
import {
  decisionLabel,
  decisionNumberOf,
  isSelected,
  type ProvenanceSelection,
} from '../../../openapi/provenance.ts'
import type { Rule, RuleProvenance } from '../../suite/rules/rule.ts'
import type { CheckResult } from './check-results.ts'

export type Verdict = 'passed' | 'failed' | 'skipped'

export interface RuleVerdict {
  rule: Rule
  verdict: Verdict
}

/** The rules of the selection (--only). */
export const rulesOf = (rules: readonly Rule[], only: readonly ProvenanceSelection[]): Rule[] =>
  rules.filter(({ provenance }) => isSelected(only, provenance))

/**
 * The rules each failed check is put down to. A rule that is the only one of a failed check is
 * broken; a failed check one of whose rules is broken is explained by it; the failures left are
 * put down to their rules whose checks fail the most often (all of them if they tie), those first.
 */
export function blameOf(
  rules: readonly Rule[],
  checks: readonly CheckResult[],
): Map<CheckResult, Rule[]> {
  const byId = new Map(rules.map((rule) => [rule.id, rule]))
  const ran = new Map<string, { failed: number; ran: number }>()
  for (const check of checks) {
    if (check.outcome === 'skipped') continue
    for (const id of check.covers ?? []) {
      const count = ran.get(id) ?? { failed: 0, ran: 0 }
      count.ran += 1
      if (check.outcome === 'failed') count.failed += 1
      ran.set(id, count)
    }
  }
  const share = (id: string): number => {
    const count = ran.get(id)
    return count === undefined || count.ran === 0 ? 0 : count.failed / count.ran
  }
  const failed = checks.flatMap((check) => {
    const own = [...new Set(check.covers ?? [])].filter((id) => byId.has(id))
    return check.outcome === 'failed' && own.length > 0 ? [{ check, own }] : []
  })
  const broken = new Set(failed.flatMap(({ own }) => (own.length === 1 ? own : [])))
  for (;;) {
    const left = failed.filter(({ own }) => !own.some((id) => broken.has(id)))
    if (left.length === 0) break
    const most = Math.max(...left.flatMap(({ own }) => own.map(share)))
    for (const { own } of left) for (const id of own) if (share(id) === most) broken.add(id)
  }
  return new Map(
    failed.map(({ check, own }) => [
      check,
      own.filter((id) => broken.has(id)).flatMap((id) => byId.get(id) ?? []),
    ]),
  )
}

/**
 * Each rule's verdict, in the catalogue's order. A run of some provenances (--only) judges their
 * rules alone, the others are skipped; a failure is still put down to any rule, so that a check of
 * a rule of the interface and a decision, failed by the decision, breaks no rule of the interface.
 */
export function verdictsOf(
  rules: readonly Rule[],
  checks: readonly CheckResult[],
  only?: readonly ProvenanceSelection[],
): RuleVerdict[] {
  const judged = only === undefined ? rules : rulesOf(rules, only)
  const failed = new Set([...blameOf(rules, checks).values()].flat().map(({ id }) => id))
  const ran = new Set(
    checks.filter(({ outcome }) => outcome !== 'skipped').flatMap(({ covers }) => covers ?? []),
  )
  const judgedIds = new Set(judged.map(({ id }) => id))
  return rules.map((rule) => ({
    rule,
    verdict: !judgedIds.has(rule.id)
      ? 'skipped'
      : failed.has(rule.id)
        ? 'failed'
        : ran.has(rule.id)
          ? 'passed'
          : 'skipped',
  }))
}

/** The failed rules by provenance: the interface's, the docs', each decision's, the unlabelled. */
export interface ProvenanceGroups {
  interface: Rule[]
  'service-docs': Rule[]
  /** By decision number, ascending. */
  decisions: Map<number, Rule[]>
  unlabelled: Rule[]
  /** Failed checks that cover no rule of the document: put down to none. */
  unattributed: number
  /** Failed checks put down to rules outside the run's --only alone. */
  unjudged: number
}

export function groupByProvenance(
  verdicts: readonly RuleVerdict[],
  checks: readonly CheckResult[],
): ProvenanceGroups {
  const groups: ProvenanceGroups = {
    interface: [],
    'service-docs': [],
    decisions: new Map(),
    unlabelled: [],
    unattributed: 0,
    unjudged: 0,
  }
  for (const { rule, verdict } of verdicts) {
    if (verdict !== 'failed') continue
    const decision = decisionNumberOf(rule.provenance)
    if (decision !== undefined) {
      groups.decisions.set(decision, [...(groups.decisions.get(decision) ?? []), rule])
    } else if (rule.provenance === 'interface' || rule.provenance === 'service-docs') {
      groups[rule.provenance].push(rule)
    } else groups.unlabelled.push(rule)
  }
  const known = new Set(verdicts.map(({ rule }) => rule.id))
  const failed = new Set(
    verdicts.flatMap(({ rule, verdict }) => (verdict === 'failed' ? [rule.id] : [])),
  )
  const failedChecks = checks.filter(({ outcome }) => outcome === 'failed')
  groups.unattributed = failedChecks.filter(
    ({ covers = [] }) => !covers.some((id) => known.has(id)),
  ).length
  groups.unjudged = failedChecks.filter(
    ({ covers = [] }) => covers.some((id) => known.has(id)) && !covers.some((id) => failed.has(id)),
  ).length
  groups.decisions = new Map([...groups.decisions].sort(([a], [b]) => a - b))
  return groups
}

const rulesCount = (count: number): string => `${String(count)} rule${count === 1 ? '' : 's'}`

/**
 * `breaks 0 rules of the interface and 1 of the service's public docs; decides otherwise on
 * decisions 2, 14, 22`: the run's last line.
 */
export function provenanceLine(groups: ProvenanceGroups): string {
  const decisions = [...groups.decisions.keys()]
  const otherwise =
    decisions.length === 0
      ? 'decides otherwise on no decision'
      : `decides otherwise on decision${decisions.length === 1 ? '' : 's'} ${decisions.join(', ')}`
  const unlabelled =
    groups.unlabelled.length === 0 ? '' : `; ${rulesCount(groups.unlabelled.length)} not labelled`
  return (
    `breaks ${rulesCount(groups.interface.length)} of the interface and ` +
    `${String(groups['service-docs'].length)} of the service's public docs; ${otherwise}${unlabelled}`
  )
}

/** The heading of a group: `interface`, `decision 14 (soft_delete)`, by the catalogue's titles. */
export function groupName(provenance: RuleProvenance, catalogue: readonly Rule[]): string {
  const decision = decisionNumberOf(provenance)
  const rule = catalogue.find((item) => item.kind === 'decision' && item.decision === decision)
  return rule === undefined
    ? provenance
    : `${provenance} (${rule.title.replace(/^Decision \d+: /, '')})`
}

/** The groups in order, each with the provenance that names it. */
export function groupsInOrder(groups: ProvenanceGroups): [RuleProvenance, Rule[]][] {
  return [
    ['interface', groups.interface],
    ['service-docs', groups['service-docs']],
    ...[...groups.decisions].map(([number, rules]): [RuleProvenance, Rule[]] => [
      decisionLabel(number),
      rules,
    ]),
    ['unlabelled', groups.unlabelled],
  ]
}
