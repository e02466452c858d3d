// The Markdown summary (--summary FILE, and GitHub's job summary when GITHUB_STEP_SUMMARY is set):
// one row per rule the suite checks (a test file's top-level describe: an operation, or a rule
// such as "Order of checks (decision 2)"), with how many checks it has and how they went; then
// the failed rules by provenance, what changed since the previous run (--ledger), and the line
// that says which rules of the interface the target breaks and where it decided otherwise.
import { appendFile, mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { CheckResult, RunResults } from './check-results.ts'
import { groupName, groupsInOrder, provenanceLine } from './rule-verdicts.ts'
import { escapeControls } from './safe-text.ts'
import { tally, type SummaryExtras } from './summary.ts'

interface Row {
  rule: string
  checks: CheckResult[]
}

// Every text of the summary is a cell or the target's URL: check messages quote the target, and a
// job summary read in a terminal or a log must get no control character of it.
const cell = (text: string): string =>
  escapeControls(text).replaceAll('|', '\\|').replaceAll('\n', ' ')

function rowsOf(checks: readonly CheckResult[]): Row[] {
  const rows = new Map<string, CheckResult[]>()
  for (const check of checks) {
    const rule = `${check.file.replace(/\.contract\.[jt]s$/, '')} › ${check.path.length > 1 ? (check.path[0] ?? '') : '(file)'}`
    rows.set(rule, [...(rows.get(rule) ?? []), check])
  }
  return [...rows].map(([rule, grouped]) => ({ rule, checks: grouped }))
}

function rowLine({ rule, checks }: Row): string {
  const count = (outcome: CheckResult['outcome']): number =>
    checks.filter((check) => check.outcome === outcome).length
  const reasons = [
    ...new Set(checks.filter((check) => check.outcome === 'skipped').map((check) => check.reason)),
  ]
  const skipped = count('skipped')
  const why =
    skipped === 0 ? '0' : `${String(skipped)}: ${reasons.map((reason) => reason ?? '').join('; ')}`
  const mark = count('failed') > 0 ? '❌' : count('passed') > 0 ? '✅' : '⏭️'
  return `| ${mark} ${cell(rule)} | ${String(checks.length)} | ${String(count('passed'))} | ${String(count('failed'))} | ${cell(why)} |`
}

/** The failed rules by provenance: one row per group, then each rule; the drift as it is printed. */
function provenanceSection({ groups, catalogue, drift }: SummaryExtras): string[] {
  const failing = groupsInOrder(groups).filter(([, rules]) => rules.length > 0)
  return [
    '',
    '### Failed rules by provenance',
    '',
    `**${cell(provenanceLine(groups))}**`,
    ...(failing.length === 0
      ? []
      : [
          '',
          '| stated by | failed rules |',
          '| --- | --- |',
          ...failing.map(
            ([provenance, rules]) =>
              `| ${cell(groupName(provenance, catalogue))} | ${rules.map((rule) => `\`${cell(rule.id)}\``).join(', ')} |`,
          ),
        ]),
    ...(groups.unattributed === 0
      ? []
      : ['', `${String(groups.unattributed)} failed check(s) cover no rule of the document.`]),
    ...(drift === undefined
      ? []
      : ['', '### Drift since the previous run', '', '```', ...drift.map(escapeControls), '```']),
  ]
}

export function formatMarkdownSummary(
  results: RunResults,
  target: string,
  keeps: boolean,
  otherProblems: readonly string[] = [],
  extras?: SummaryExtras,
): string {
  const counts = tally(results, otherProblems.length)
  const failed = results.checks.filter((check) => check.outcome === 'failed')
  return [
    `## Contract check of ${escapeControls(target)}: ${keeps ? 'keeps the contract ✅' : 'does NOT keep the contract ❌'}`,
    '',
    `${String(counts.all)} checks: ${String(counts.passed)} passed, ${String(counts.failed)} failed, ${String(counts.skipped)} skipped; ${String(counts.problems)} failures outside the checks.`,
    '',
    '| rule | checked | passed | failed | skipped (why) |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rowsOf(results.checks).map(rowLine),
    ...(failed.length === 0
      ? []
      : [
          '',
          '### Failed checks',
          '',
          ...failed
            .slice(0, 50)
            .map(
              (check) =>
                `- ${cell([check.file, ...check.path].join(' › '))}: ${cell((check.message ?? '').split('\n')[0] ?? '')}`,
            ),
        ]),
    ...(failed.length > 50 ? [`- … and ${String(failed.length - 50)} more`] : []),
    ...results.problems.map(
      (problem) =>
        `- ${cell([problem.file, ...problem.path].join(' › '))} (hook or cleanup): ${cell(problem.message.split('\n')[0] ?? '')}`,
    ),
    ...otherProblems.map((problem) => `- final cleanup: ${cell(problem.split('\n')[0] ?? '')}`),
    ...(extras === undefined ? [] : provenanceSection(extras)),
    '',
  ].join('\n')
}

/** Writes the summary to `file` (if any) and appends it to GitHub's job summary (if set). */
export async function writeMarkdownSummary(
  markdown: string,
  file: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  const written: string[] = []
  if (file !== undefined) {
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, markdown)
    written.push(file)
  }
  const stepSummary = env['GITHUB_STEP_SUMMARY']
  if (stepSummary !== undefined && stepSummary !== '') {
    await appendFile(stepSummary, `${markdown}\n`)
    written.push(stepSummary)
  }
  return written
}
