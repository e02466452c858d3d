// What a run prints while it goes: each file, its describes and checks, one line per check; and
// after the last file, one block per failure with everything its message says.
import type { CheckResult, Finding, RunProblem, RunResults } from './check-results.ts'
import { escapeControls } from './safe-text.ts'

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
    // Titles, skip reasons and messages may carry the target's text: never a raw control.
    return escapeControls(`${lines.join('\n')}\n`)
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
  // The same failure again (a target that refuses everything the same way) is one line.
  const firstTitle = new Map<string, string>()
  let budget = MAX_FAILURE_LINES
  const body = blocks.map(({ title, message }) => {
    const heading = `● ${title.join(' › ')}`
    const key = sameness(message)
    const earlier = firstTitle.get(key)
    if (earlier !== undefined) return `${heading}\n    (the same failure as ${earlier})\n`
    firstTitle.set(key, title.at(-1) ?? '')
    const lines = message.split('\n')
    const kept = Math.max(0, Math.min(lines.length, MAX_MESSAGE_LINES, budget))
    budget -= kept
    const cut = lines.length - kept
    const shown = [
      ...lines.slice(0, kept),
      ...(cut > 0 ? [`… ${String(cut)} more lines (see --junit)`] : []),
    ]
    return `${heading}\n\n${indent(shown.join('\n'), 4)}\n`
  })
  return escapeControls(`\nFailures:\n\n${body.join('\n')}`)
}

/** The most lines one failure prints, and all failures together; the JUnit report has the rest. */
const MAX_MESSAGE_LINES = 40
const MAX_FAILURE_LINES = 2_500

/** A message with its ids, numbers and timings blanked: failures alike but for them are the same. */
const sameness = (message: string): string =>
  message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\d+/g, '<n>')
