// node:test reports each test as events; this turns them into one result per check, with the
// describe titles above it, and into problems outside any check (a failed hook, a file that
// could not load), which fail a run too.
import { relative } from 'node:path'
import type { TestEvent } from 'node:test/reporters'
import { propertyOf } from '../property-of.ts'

export interface CheckResult {
  /** The test file, relative to the suite's folder. */
  file: string
  /** The describe titles, then the check's own title. */
  path: string[]
  outcome: 'passed' | 'failed' | 'skipped'
  /** Why a check was skipped. */
  reason?: string
  /** What went wrong, for a failed check. */
  message?: string
  durationMs: number
  /** The ids of the rules of the document it covers (suite/rules/), as it declared them. */
  covers?: string[]
}

export interface RunProblem {
  file: string
  /** The describe whose hook failed; empty for the file itself. */
  path: string[]
  message: string
}

export type Finding =
  { kind: 'check'; check: CheckResult } | { kind: 'problem'; problem: RunProblem }

export interface RunResults {
  checks: CheckResult[]
  problems: RunProblem[]
  /** True when --bail stopped the run at its first failure. */
  bailed?: boolean
}

const NO_REASON = 'no reason given'
const MAX_OUTPUT_LINES = 40

/** The first stack frame in the suite's own files, e.g. `contacts/create.ts:45:22`. */
function locationOf(error: unknown, suiteDir: string): string | undefined {
  const stack = propertyOf(error, 'stack')
  if (typeof stack !== 'string') return undefined
  for (const [, file = '', position = ''] of stack.matchAll(
    /\(?(?:file:\/\/)?(\/[^\s():]+):(\d+:\d+)/g,
  )) {
    const path = relative(suiteDir, file)
    if (!path.startsWith('..') && !path.includes('node_modules') && !path.startsWith('support/')) {
      return `${path}:${position}`
    }
  }
  return undefined
}

/** What a failure says. node:test wraps what a test threw in ERR_TEST_FAILURE, as its cause. */
export function describeFailure(error: unknown, suiteDir: string): string {
  const failureType = propertyOf(error, 'failureType')
  const cause = propertyOf(error, 'cause') ?? error
  const causeMessage = propertyOf(cause, 'message')
  const text = typeof causeMessage === 'string' ? causeMessage : String(cause)
  const wrapper = propertyOf(error, 'message')
  const lines = [
    failureType === 'hookFailed' && typeof wrapper === 'string' ? `(${wrapper})\n${text}` : text,
  ]
  if (failureType === 'cancelledByParent') {
    lines.push('(it did not run: a hook above it failed, or the file stopped; see below)')
  }
  const location = locationOf(cause, suiteDir)
  if (location !== undefined) lines.push(`at ${location}`)
  return lines.join('\n')
}

/** A stateful reader of one run's events: call it with each event, in order. */
export function createCheckTracker(suiteDir: string): (event: TestEvent) => Finding | undefined {
  const titles: string[] = []
  // A check's own `file` is where test() was called (the test API), so the test file is the one
  // whose turn it is: files run one at a time, each starting with a dequeue of its own.
  let testFile = ''
  // What the file wrote to stderr: all there is to say when it could not even load.
  let errorOutput: string[] = []
  return (event) => {
    if (event.type === 'test:dequeue' && event.data.nesting === 0) {
      if (event.data.name === event.data.file) [testFile, errorOutput] = [event.data.file, []]
      return undefined
    }
    if (event.type === 'test:stderr') {
      if (errorOutput.length < MAX_OUTPUT_LINES) errorOutput.push(event.data.message)
      return undefined
    }
    if (event.type === 'test:start') {
      titles.length = event.data.nesting
      titles.push(event.data.name)
      return undefined
    }
    if (event.type !== 'test:pass' && event.type !== 'test:fail') return undefined
    const { data } = event
    const file = relative(suiteDir, testFile)
    const isFileItself = data.nesting === 0 && data.name === data.file
    const path = isFileItself ? [] : [...titles.slice(0, data.nesting), data.name]
    if (event.type === 'test:fail') {
      const error = event.data.details.error
      // A describe (or the file) whose checks failed is no failure of its own.
      if (propertyOf(error, 'failureType') === 'subtestsFailed') return undefined
      const exitCode = propertyOf(error, 'exitCode')
      const message =
        isFileItself && typeof exitCode === 'number'
          ? `It stopped with exit code ${String(exitCode)}. Its error output:\n${errorOutput.join('')}`
          : describeFailure(error, suiteDir)
      if (isFileItself || data.details.type === 'suite') {
        return { kind: 'problem', problem: { file, path, message } }
      }
      const durationMs = data.details.duration_ms
      return { kind: 'check', check: { file, path, outcome: 'failed', message, durationMs } }
    }
    if (isFileItself || data.details.type === 'suite') return undefined
    const skip = data.skip ?? data.todo
    const durationMs = data.details.duration_ms
    if (skip === undefined || skip === false) {
      return { kind: 'check', check: { file, path, outcome: 'passed', durationMs } }
    }
    const reason = skip === true ? NO_REASON : skip
    return { kind: 'check', check: { file, path, outcome: 'skipped', reason, durationMs } }
  }
}
