// `contacts-contract diff --base-url A --base-url B`: the same checks against two targets (say the
// mock and staging), then a Markdown report of where they behave differently: a check that passes
// on one and fails on the other, or fails on both for different reasons (another status, field,
// count or error). Each run cleans up after itself, as any run does.
import { writeFile } from 'node:fs/promises'
import type { CheckResult, RunResults } from './report/check-results.ts'
import { createResources, releaseResources } from './resources.ts'
import { runTestFiles, sweep } from './run-contract.ts'
import { COMMAND, type DiffTarget, type RunOptions } from './settings.ts'
import { prepareTarget } from './target/target.ts'

const say = (line: string): void => {
  process.stdout.write(`${COMMAND.name} diff: ${line}\n`)
}

async function runAgainst(options: RunOptions): Promise<RunResults> {
  const resources = createResources()
  try {
    const target = await prepareTarget(options, resources)
    say(`checking ${target.description}…`)
    const { results } = await runTestFiles(target.env, resources, { output: 'ignore' })
    if (!options.readOnly) await sweep(target)
    if (results === undefined) throw new Error(`the checks of ${target.serverUrl} did not report`)
    return results
  } finally {
    await releaseResources(resources)
  }
}

/** What a check's result says, in one line: "passed", or the first line of its failure. */
function verdict(check: CheckResult | undefined): string {
  if (check === undefined) return '(not run)'
  if (check.outcome === 'failed') return `failed: ${(check.message ?? '').split('\n')[0] ?? ''}`
  return check.outcome === 'skipped' ? `skipped: ${check.reason ?? ''}` : 'passed'
}

const keyOf = (check: CheckResult): string => [check.file, ...check.path].join(' › ')
const cell = (text: string): string => text.replaceAll('|', '\\|').slice(0, 300)

/** The report: one row per check whose result differs between A and B. */
export function formatDiff(urls: readonly string[], a: RunResults, b: RunResults): string {
  const byKey = (results: RunResults): Map<string, CheckResult> =>
    new Map(results.checks.map((check) => [keyOf(check), check]))
  const [left, right] = [byKey(a), byKey(b)]
  const keys = [...new Set([...left.keys(), ...right.keys()])]
  const rows = keys
    .map((key) => ({ key, a: verdict(left.get(key)), b: verdict(right.get(key)) }))
    .filter((row) => row.a !== row.b)
  return [
    `## Behaviour of ${urls[0] ?? ''} (A) and ${urls[1] ?? ''} (B)`,
    '',
    rows.length === 0
      ? `The same result for all ${String(keys.length)} checks.`
      : `${String(rows.length)} of ${String(keys.length)} checks differ:`,
    '',
    ...(rows.length === 0
      ? []
      : [
          '| check | A | B |',
          '| --- | --- | --- |',
          ...rows.map((row) => `| ${cell(row.key)} | ${cell(row.a)} | ${cell(row.b)} |`),
        ]),
    '',
  ].join('\n')
}

export async function runDiff(
  options: RunOptions,
  targets: readonly DiffTarget[],
): Promise<number> {
  const results: RunResults[] = []
  // One seed for both: the generated requests and sequences are then the same on each side.
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31)
  // One after the other: two runs at once would share the machine's time and skew the timings.
  // Its runs write no JUnit report and do not stop at a failure: all of both is compared.
  const each = { ...options, seed, junit: undefined, bail: false }
  for (const target of targets) results.push(await runAgainst({ ...each, ...target }))
  const baseUrls = targets.map((target) => target.baseUrl)
  const [a, b] = results
  if (a === undefined || b === undefined) return 2
  const report = formatDiff(baseUrls, a, b)
  process.stdout.write(`\n${report}`)
  if (options.summary !== undefined) {
    await writeFile(options.summary, report)
    say(`report: ${options.summary}`)
  }
  return report.includes('| check | A | B |') ? 1 : 0
}
