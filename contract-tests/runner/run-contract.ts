// One run: prepare the target, run the test files in a test process, remove what is left of the
// run's records, stop what was started, and print the summary. Returns the exit code.
import { spawn } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { abortRequests } from '../suite/support/api.ts'
import { configureSuite, SETTINGS_FILE_VARIABLE, type ContractEnv } from '../suite/support/env.ts'
import { sweepRunRecords } from '../suite/support/sweep.ts'
import { AFTER_DEADLINE_MS, formatDuration, startDeadline } from './deadline.ts'
import type { RunResults } from './report/check-results.ts'
import { listTestFiles, nodeArgs, TEST_PROCESS } from './locate.ts'
import { createResources, makeTempDir, releaseResources, type Resources } from './resources.ts'
import { COMMAND, type RunOptions } from './settings.ts'
import { catalogueOf } from '../suite/rules/catalogue.ts'
import { reportCoverage } from './report/coverage.ts'
import { formatDrift, recordOf, recordRun } from './report/ledger.ts'
import { formatMarkdownSummary, writeMarkdownSummary } from './report/markdown-summary.ts'
import { formatOracleCounts, readOracleCounts, type OracleCounts } from './report/oracle-counts.ts'
import { secretsOf } from './report/run-secrets.ts'
import { createSafeText } from './report/safe-text.ts'
import { groupByProvenance, verdictsOf } from './report/rule-verdicts.ts'
import { formatSummary, keepsContract, type SummaryExtras } from './report/summary.ts'
import { prepareTarget, type Target } from './target/target.ts'

/** The shell's code for a run stopped by Ctrl-C (128 + SIGINT). */
const INTERRUPTED = 130

/** What this process writes goes through it: the run's secrets redacted, controls escaped. */
let safe = createSafeText([])

const say = (line: string): void => {
  process.stdout.write(safe(`${COMMAND.name}: ${line}\n`))
}

/** After SIGTERM, how long the test process may take to stop its files and write its reports. */
const KILL_AFTER_MS = 3_000

interface TestFileOptions {
  /** The test files to run; all of them by default. */
  files?: string[]
  /** 'ignore' for runs whose results alone count (diff). */
  output?: 'inherit' | 'ignore'
  /** Aborted at the run's deadline: the test process is stopped. */
  signal?: AbortSignal
}

interface TestRun {
  /** Undefined when the test process ended without writing them. */
  results: RunResults | undefined
  interrupted: boolean
  /** What the reference model compared and left out, summed over the test files. */
  oracle: OracleCounts
}

export async function runTestFiles(
  env: ContractEnv,
  resources: Resources,
  { files = listTestFiles(), output = 'inherit', signal }: TestFileOptions = {},
): Promise<TestRun> {
  const resultsDir = await makeTempDir(resources, 'contract-results-')
  const resultsFile = join(resultsDir, 'results.json')
  const settingsFile = join(resultsDir, 'settings.json')
  const { junit } = env
  if (junit !== undefined) await mkdir(dirname(junit), { recursive: true })
  // where each test file adds what its reference model compared, unless the user names a file
  const oracleStatsFile = env.oracleStatsFile ?? join(resultsDir, 'oracle-counts')
  const suiteEnv: ContractEnv = {
    ...env,
    oracleStatsFile,
    coversFile: join(resultsDir, 'covers.jsonl'),
    // where the test files note the tokens they obtain, for the test process to redact them
    secretsFile: join(resultsDir, 'learned-secrets'),
  }
  // the run's tokens and password are in it: for this user alone
  await writeFile(settingsFile, JSON.stringify(suiteEnv), { mode: 0o600 })
  const child = spawn(process.execPath, nodeArgs(TEST_PROCESS, resultsFile, ...files), {
    stdio: ['ignore', output, output],
    env: { ...process.env, [SETTINGS_FILE_VARIABLE]: settingsFile },
  })
  // It stops its files itself on SIGTERM (their processes with them) and writes its reports.
  const stop = (): void => {
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS).unref()
  }
  signal?.addEventListener('abort', stop, { once: true })
  // Ctrl-C stops the test process (it gets the signal too); this one stays to clean up, unless
  // Ctrl-C comes again.
  let interrupted = false
  const onInterrupt = (): void => {
    interrupted = true
    say('interrupted: removing the records of the run and stopping what it started…')
  }
  process.once('SIGINT', onInterrupt)
  try {
    await new Promise<void>((done, fail) => {
      child.once('error', fail)
      child.once('close', () => {
        done()
      })
    })
  } finally {
    process.removeListener('SIGINT', onInterrupt)
    signal?.removeEventListener('abort', stop)
  }
  const results = await readFile(resultsFile, 'utf8').then(
    (text) => JSON.parse(text) as RunResults,
    () => undefined,
  )
  return { results, interrupted, oracle: await readOracleCounts(oracleStatsFile) }
}

/**
 * Removes any record of the run left behind (even soft-deleted); returns what went wrong. It asks
 * the server itself, not Prism's proxy in front of it, which Ctrl-C may have stopped.
 */
export async function sweep(target: Target): Promise<string[]> {
  // the sweep's requests are the runner's own: no reference model to compare them with
  configureSuite({ ...target.env, baseUrl: target.serverUrl, noOracle: true })
  try {
    const leftovers = await sweepRunRecords()
    if (leftovers.length > 0) {
      say(`removed ${String(leftovers.length)} leftover record(s):\n${leftovers.join('\n')}`)
    }
    return []
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    say(message)
    return [message]
  }
}

/**
 * The run's failures by provenance and, with --ledger, its record appended and what changed since
 * the previous run on the target. A ledger that cannot be written is said, and the run reports on.
 */
async function provenanceReport(
  options: RunOptions,
  target: Target,
  results: RunResults,
): Promise<SummaryExtras> {
  const catalogue = catalogueOf(target.document)
  const verdicts = verdictsOf(catalogue, results.checks, options.only)
  const groups = groupByProvenance(verdicts, results.checks)
  const { ledger } = options
  if (ledger === undefined) return { groups, catalogue }
  const record = recordOf(verdicts, target.serverUrl, target.document.info.version)
  try {
    const drift = await recordRun(ledger, record)
    const titles = new Map(catalogue.map((rule) => [rule.id, rule.title]))
    return { groups, catalogue, drift: formatDrift(drift, ledger, (id) => titles.get(id) ?? '') }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { groups, catalogue, drift: [`Drift ledger ${ledger}: not written (${reason}).`] }
  }
}

export async function runContract(options: RunOptions): Promise<number> {
  const resources = createResources()
  safe = createSafeText(secretsOf(options))
  const deadline = startDeadline(options.deadlineMs, () => {
    say(
      `stopped: the run reached its deadline of ${formatDuration(options.deadlineMs)} (--deadline, CONTRACT_DEADLINE); removing its records (${formatDuration(AFTER_DEADLINE_MS)} at most) and what it started.`,
    )
    // The sweep may take this long, then its requests are aborted: the run ends in bounded time.
    setTimeout(abortRequests, AFTER_DEADLINE_MS).unref()
  })
  try {
    const prepared = await Promise.race([prepareTarget(options, resources), deadline.passed])
    if (prepared === 'deadline') return 2
    const target = prepared
    safe = createSafeText(secretsOf(target.env))
    say(`checking ${target.description}`)
    const { results, interrupted, oracle } = await runTestFiles(target.env, resources, {
      signal: deadline.signal,
    })
    // Nothing to remove from a read-only run, nor from the bundled mock after Ctrl-C (it stopped
    // too; its data file goes with it).
    const skipSweep = options.readOnly || (interrupted && options.baseUrl === undefined)
    const cleanupProblems = skipSweep ? [] : await sweep(target)
    if (deadline.signal.aborted) return 2
    // Past this point the run only reports: the deadline no longer applies.
    deadline.end()
    if (interrupted) return INTERRUPTED
    if (results === undefined) {
      say('the test process ended without reporting its results (see its output above).')
      return 2
    }
    if (options.junit !== undefined) say(`JUnit report: ${options.junit}`)
    const keeps = keepsContract(results, cleanupProblems.length)
    const extras = await provenanceReport(options, target, results)
    const markdown = formatMarkdownSummary(
      results,
      target.serverUrl,
      keeps,
      cleanupProblems,
      extras,
    )
    for (const file of await writeMarkdownSummary(safe(markdown), options.summary))
      say(`Markdown summary: ${file}`)
    if (options.coverage) {
      const { text, file } = await reportCoverage(
        target.document,
        results.checks,
        options.junit,
        options.only,
      )
      process.stdout.write(safe(text))
      say(`coverage of the document's rules: ${file}`)
    }
    if (results.bailed === true) say('--bail: the run stopped at its first failure.')
    const compared = formatOracleCounts(oracle)
    if (compared !== undefined) say(compared)
    process.stdout.write(
      safe(formatSummary(results, target.serverUrl, cleanupProblems.length, extras)),
    )
    return keeps ? 0 : 1
  } finally {
    deadline.end()
    await releaseResources(resources)
  }
}
