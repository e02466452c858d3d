// The JUnit XML report (--junit), written from the run's own results: every failure has a
// `message`, every testcase its `file`, a skip its reason in <skipped message>, and names are the
// checks' titles, the same in every configuration. Not by node's `junit` reporter: on Node 20.20
// it writes a target's control characters into the XML as they come (XML 1.0 cannot carry them),
// escapes a quote in an attribute twice (`&amp;quot;`), gives every testcase the classname "test"
// and no file, a failure node's wrapper error and its stack for a message, and it would see the
// events before the run's secrets are redacted (safe-text.ts). Each testcase has a `provenance`
// property: who states the rules it covers, or, when it failed, those its failure is put down to
// (rule-verdicts.ts), so a CI page can group failures by it.
import { join, relative } from 'node:path'
import type { Rule } from '../../suite/rules/rule.ts'
import type { CheckResult, RunProblem, RunResults } from './check-results.ts'
import { blameOf } from './rule-verdicts.ts'
import { escapeControls } from './safe-text.ts'

/** The most a failure's text may take: the report of a run against anything stays small. */
const MAX_TEXT = 2_000

// Controls are written as `\u001b`: XML 1.0 cannot carry most of them, and a CI page that shows
// the report must not get the target's escape sequences either.
const escapeXml = (text: string): string =>
  escapeControls(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')

const capped = (text: string): string =>
  text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${String(text.length)} characters)` : text

const firstLine = (text: string): string =>
  text.split('\n').find((line) => line.trim() !== '') ?? ''

const seconds = (ms: number): string => (ms / 1000).toFixed(3)

interface Case {
  name: string
  classname: string
  file: string
  durationMs: number
  failure?: string
  skipped?: string
  /** `interface, decision 24`; `none` for a check that covers no rule. */
  provenance?: string
}

/** Each check's provenance property, from the run's catalogue. */
export function provenancesOf(
  rules: readonly Rule[],
  checks: readonly CheckResult[],
): (check: CheckResult) => string {
  const byId = new Map(rules.map((rule) => [rule.id, rule]))
  const blame = blameOf(rules, checks)
  return (check) => {
    const own = blame.get(check) ?? (check.covers ?? []).flatMap((id) => byId.get(id) ?? [])
    const provenances = [...new Set(own.map(({ provenance }) => provenance))]
    return provenances.length === 0 ? 'none' : provenances.join(', ')
  }
}

function caseOf(
  check: CheckResult,
  fileOf: (file: string) => string,
  provenanceOf: ((check: CheckResult) => string) | undefined,
): Case {
  return {
    ...(provenanceOf === undefined ? {} : { provenance: provenanceOf(check) }),
    name: check.path.at(-1) ?? '',
    classname: [check.file, ...check.path.slice(0, -1)].join(' › '),
    file: fileOf(check.file),
    durationMs: check.durationMs,
    ...(check.outcome === 'failed' ? { failure: check.message ?? '' } : {}),
    ...(check.outcome === 'skipped' ? { skipped: check.reason ?? '' } : {}),
  }
}

function problemCase(problem: RunProblem, fileOf: (file: string) => string): Case {
  const where = problem.path.length === 0 ? 'loading or cleanup of the file' : 'a hook'
  return {
    name: [...problem.path, where].join(' › '),
    classname: [problem.file, ...problem.path].join(' › '),
    file: fileOf(problem.file),
    durationMs: 0,
    failure: problem.message,
  }
}

function testcaseXml(item: Case): string {
  const attributes = `name="${escapeXml(item.name)}" classname="${escapeXml(item.classname)}" file="${escapeXml(item.file)}" time="${seconds(item.durationMs)}"`
  const properties =
    item.provenance === undefined
      ? []
      : [
          `      <properties>\n        <property name="provenance" value="${escapeXml(item.provenance)}"/>\n      </properties>`,
        ]
  const inner = [
    ...properties,
    ...(item.failure === undefined
      ? []
      : [
          `      <failure type="failure" message="${escapeXml(capped(firstLine(item.failure)))}">${escapeXml(capped(item.failure))}</failure>`,
        ]),
    ...(item.skipped === undefined
      ? []
      : [`      <skipped type="skipped" message="${escapeXml(item.skipped)}"/>`]),
  ]
  return inner.length === 0
    ? `    <testcase ${attributes}/>`
    : `    <testcase ${attributes}>\n${inner.join('\n')}\n    </testcase>`
}

/** The report: one <testsuite> per test file, in the order the files ran. */
export function formatJunit(
  results: RunResults,
  suiteDir: string,
  cwd = process.cwd(),
  provenanceOf?: (check: CheckResult) => string,
): string {
  const fileOf = (file: string): string => relative(cwd, join(suiteDir, file))
  const files = [...new Set([...results.checks, ...results.problems].map((item) => item.file))]
  const suites = files.map((file) => {
    const cases = [
      ...results.checks
        .filter((check) => check.file === file)
        .map((check) => caseOf(check, fileOf, provenanceOf)),
      ...results.problems
        .filter((item) => item.file === file)
        .map((item) => problemCase(item, fileOf)),
    ]
    const failures = cases.filter((item) => item.failure !== undefined).length
    const skipped = cases.filter((item) => item.skipped !== undefined).length
    const time = seconds(cases.reduce((sum, item) => sum + item.durationMs, 0))
    return [
      `  <testsuite name="${escapeXml(file)}" tests="${String(cases.length)}" failures="${String(failures)}" errors="0" skipped="${String(skipped)}" time="${time}">`,
      ...cases.map(testcaseXml),
      '  </testsuite>',
    ].join('\n')
  })
  return `<?xml version="1.0" encoding="utf-8"?>\n<testsuites name="contacts-contract">\n${suites.join('\n')}\n</testsuites>\n`
}
