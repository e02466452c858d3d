// What a run prints while it goes: each file, its describes and checks, one line per check; and
// after the last file, one block per failure with everything its message says.
import type { CheckResult, Finding, RunProblem, RunResults } from './check-results.ts'

const MARK = { passed: '✓', failed: '✕', skipped: '○' } as const

const indent = (text: string, spaces: number): string =>
  text
    .split('\n')
    .map((line) => (line === '' ? line : `${' '.repeat(spaces)}${line}`))
    .join('\n')

function checkLine(check: CheckResult): string {
  const title = check.path.at(-1) ?? ''
  if (check.outcome === 'skipped')
    return `${MARK.skipped} ${title} (skipped: ${check.reason ?? ''})`
  return `${MARK[check.outcome]} ${title} (${String(Math.round(check.durationMs))} ms)`
}

/** Turns findings into progress lines, printing file and describe headers as they change. */
export function createProgressPrinter(): (finding: Finding) => string {
  let file: string | undefined
  let printed: string[] = []
  return (finding) => {
    const { file: findingFile, path } = finding.kind === 'check' ? finding.check : finding.problem
    const lines: string[] = []
    if (findingFile !== file) {
      file = findingFile
      printed = []
      lines.push('', findingFile)
    }
    const describes = finding.kind === 'check' ? path.slice(0, -1) : path
    const shared = describes.findIndex((title, index) => printed[index] !== title)
    const from = shared === -1 ? Math.min(describes.length, printed.length) : shared
    describes.slice(from).forEach((title, offset) => {
      lines.push(indent(title, 2 * (from + offset + 1)))
    })
    printed = describes
    const depth = 2 * (describes.length + 1)
    lines.push(
      finding.kind === 'check'
        ? indent(checkLine(finding.check), depth)
        : indent(`${MARK.failed} ${problemWhere(finding.problem)} failed (see below)`, depth),
    )
    return `${lines.join('\n')}\n`
  }
}

function problemWhere(problem: RunProblem): string {
  return problem.path.length === 0 ? 'the file itself (load or cleanup)' : 'a hook of this describe'
}

/** One block per failed check or problem; each starts with "● " and the path of titles. */
export function formatFailureBlocks({ checks, problems }: RunResults): string {
  const blocks = [
    ...checks
      .filter((check) => check.outcome === 'failed')
      .map((check) => ({ title: [check.file, ...check.path], message: check.message ?? '' })),
    ...problems.map((problem) => ({
      title: [problem.file, ...problem.path, problemWhere(problem)],
      message: problem.message,
    })),
  ]
  if (blocks.length === 0) return ''
  const body = blocks.map(
    ({ title, message }) => `● ${title.join(' › ')}\n\n${indent(message, 4)}\n`,
  )
  return `\nFailures:\n\n${body.join('\n')}`
}
