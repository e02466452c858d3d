// The last lines of a run: how many checks passed, failed and were skipped (and why); the failed
// rules by who states them, what changed since the last run (--ledger); the verdict, and last
// which rules of the interface the target breaks and on which decisions it decides otherwise.
import type { Rule } from '../../suite/rules/rule.ts'
import type { RunResults } from './check-results.ts'
import { groupName, groupsInOrder, provenanceLine, type ProvenanceGroups } from './rule-verdicts.ts'
import { escapeControls } from './safe-text.ts'

/** What a run adds to its summary: its failures by provenance, its drift (formatted). */
export interface SummaryExtras {
  groups: ProvenanceGroups
  catalogue: readonly Rule[]
  drift?: readonly string[]
}

/** The failed rules of each provenance, a few per group (coverage.json and --summary list all). */
const RULES_SHOWN = 10

export function provenanceLines({ groups, catalogue }: SummaryExtras): string[] {
  const failing = groupsInOrder(groups).filter(([, rules]) => rules.length > 0)
  if (failing.length === 0 && groups.unattributed === 0 && groups.unjudged === 0) return []
  return [
    'Failed rules by provenance (of the interface or the docs: a broken deployment; of a decision: one that decided otherwise):',
    ...failing.flatMap(([provenance, rules]) => [
      `  ${groupName(provenance, catalogue)}: ${String(rules.length)} rule${rules.length === 1 ? '' : 's'}`,
      ...rules.slice(0, RULES_SHOWN).map((rule) => `    ${rule.id}  ${rule.title}`),
      ...(rules.length > RULES_SHOWN
        ? [`    … and ${String(rules.length - RULES_SHOWN)} more`]
        : []),
    ]),
    ...(groups.unattributed === 0
      ? []
      : [`  ${String(groups.unattributed)} failed check(s) cover no rule of the document`]),
    ...(groups.unjudged === 0
      ? []
      : [`  ${String(groups.unjudged)} failed check(s) put down to rules outside --only`]),
  ]
}

export interface Tally {
  all: number
  passed: number
  failed: number
  skipped: number
  /** Failures outside any check: a hook, a file that did not load, the final cleanup. */
  problems: number
}

export function tally({ checks, problems }: RunResults, otherProblems = 0): Tally {
  const count = (outcome: string): number =>
    checks.filter((check) => check.outcome === outcome).length
  return {
    all: checks.length,
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    problems: problems.length + otherProblems,
  }
}

/** The skip reasons with how many checks each one skipped, most first. */
export function skipReasons({ checks }: RunResults): [reason: string, count: number][] {
  const counts = new Map<string, number>()
  for (const check of checks) {
    if (check.outcome === 'skipped') {
      const reason = check.reason ?? ''
      counts.set(reason, (counts.get(reason) ?? 0) + 1)
    }
  }
  return [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
}

export function formatSummary(
  results: RunResults,
  target: string,
  otherProblems = 0,
  extras?: SummaryExtras,
): string {
  const counts = tally(results, otherProblems)
  const lines = [
    `Checks: ${String(counts.all)} in all: ${String(counts.passed)} passed, ${String(counts.failed)} failed, ${String(counts.skipped)} skipped`,
  ]
  const reasons = skipReasons(results)
  if (reasons.length > 0) {
    lines.push('Skipped:')
    const width = String(reasons[0]?.[1] ?? 0).length
    for (const [reason, count] of reasons) {
      lines.push(`  ${String(count).padStart(width)} × ${reason}`)
    }
  }
  if (counts.problems > 0) {
    lines.push(`Failures outside the checks: ${String(counts.problems)} (see above)`)
  }
  if (extras !== undefined) lines.push(...provenanceLines(extras), ...(extras.drift ?? []))
  lines.push(
    keepsContract(results, otherProblems)
      ? `Result: ${target} keeps the contract.`
      : `Result: ${target} does NOT keep the contract.`,
  )
  if (extras !== undefined) lines.push(`Provenance: ${provenanceLine(extras.groups)}.`)
  // Skip reasons come from the checks, some of them quoting the target.
  return escapeControls(`\n${lines.join('\n')}\n`)
}

export function keepsContract(results: RunResults, otherProblems = 0): boolean {
  const counts = tally(results, otherProblems)
  return counts.failed === 0 && counts.problems === 0 && counts.all > 0
}
