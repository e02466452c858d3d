// The last lines of a run: how many checks passed, failed and were skipped (and why).
import type { RunResults } from './check-results.ts'
import { escapeControls } from './safe-text.ts'

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

export function formatSummary(results: RunResults, target: string, otherProblems = 0): string {
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
  lines.push(
    keepsContract(results, otherProblems)
      ? `Result: ${target} keeps the contract.`
      : `Result: ${target} does NOT keep the contract.`,
  )
  // Skip reasons come from the checks, some of them quoting the target.
  return escapeControls(`\n${lines.join('\n')}\n`)
}

export function keepsContract(results: RunResults, otherProblems = 0): boolean {
  const counts = tally(results, otherProblems)
  return counts.failed === 0 && counts.problems === 0 && counts.all > 0
}
