// The process that runs the test files, started by the runner (run-contract.ts) as
// `node [--import tsx] test-process.(ts|js) RESULTS-FILE files…`, the run's settings in the file
// named by CONTRACT_SETTINGS_FILE (suite/support/env.ts).
// It is node's own test runner, through run(): Node 20's `node --test` does not apply `--import`
// to itself, so it could not load a reporter written in TypeScript; run() takes the reporters as
// functions, and starts each file in a child process with this process's flags (tsx included).
import { writeFile } from 'node:fs/promises'
import { relative } from 'node:path'
import { run } from 'node:test'
import type { TestEvent } from 'node:test/reporters'
import { contractEnv } from '../suite/support/env.ts'
import { attachCovers } from './report/check-covers.ts'
import { createCheckTracker, type RunResults } from './report/check-results.ts'
import { createProgressPrinter, formatFailureBlocks } from './report/console-report.ts'
import { formatJunit, provenancesOf } from './report/junit-report.ts'
import { contractRules } from '../suite/rules/contract-rules.ts'
import { createRunSafeText } from './report/run-secrets.ts'
import { mapStrings } from './report/safe-text.ts'
import { SUITE_DIR } from './locate.ts'

const [resultsFile, ...files] = process.argv.slice(2)
if (resultsFile === undefined) throw new Error('test-process: RESULTS-FILE is required')
const { junit, bail, coversFile } = contractEnv()

/** A slow target must not leave the log silent: a line at least this often. */
const HEARTBEAT_MS = 20_000

const track = createCheckTracker(SUITE_DIR)
const print = createProgressPrinter()
const results: RunResults = { checks: [], problems: [] }
const stop = new AbortController()
let lastOutput = Date.now()
let bailed = false
let currentFile = ''
let fileStarted = Date.now()
// Everything this process writes, the target's text included, has the run's secrets redacted and
// its control characters escaped: the findings as they come in, and any other output as written.
const safe = createRunSafeText(contractEnv())
const write = (text: string): void => {
  lastOutput = Date.now()
  process.stdout.write(safe(text))
}
// The runner's --deadline: stop the files (node:test ends their processes), then report as usual.
process.once('SIGTERM', () => {
  stop.abort()
})
const heartbeat = setInterval(() => {
  if (Date.now() - lastOutput < HEARTBEAT_MS) return
  const elapsed = Math.round((Date.now() - fileStarted) / 1000)
  write(`  … ${currentFile}: still running (${String(elapsed)} s in this file)\n`)
}, HEARTBEAT_MS / 4)

// One file at a time: the checks of user relationship lists see all of the token owner's
// relationships, which another file would change under them. Within a file, tests run in order.
const events: AsyncIterable<TestEvent> = run({ files, concurrency: 1, signal: stop.signal })
for await (const event of events) {
  if (
    event.type === 'test:dequeue' &&
    event.data.nesting === 0 &&
    event.data.name === event.data.file
  ) {
    currentFile = relative(SUITE_DIR, event.data.file)
    fileStarted = Date.now()
  }
  if (event.type === 'test:stdout') write(event.data.message)
  if (event.type === 'test:stderr') process.stderr.write(safe(event.data.message))
  const finding = mapStrings(track(event), safe)
  // After --bail, what is left is cancelled, not failed: it is not reported.
  if (finding === undefined || stop.signal.aborted) continue
  if (finding.kind === 'check') results.checks.push(finding.check)
  else results.problems.push(finding.problem)
  write(print(finding))
  const failed = finding.kind === 'problem' || finding.check.outcome === 'failed'
  if (bail && failed) {
    bailed = true
    write('--bail: stopping at the first failure.\n')
    stop.abort()
  }
}
clearInterval(heartbeat)
await attachCovers(results.checks, coversFile, SUITE_DIR)
if (junit !== undefined) {
  const provenanceOf = provenancesOf(contractRules(), results.checks)
  await writeFile(junit, formatJunit(results, SUITE_DIR, process.cwd(), provenanceOf))
}
write(formatFailureBlocks(results))
await writeFile(resultsFile, JSON.stringify({ ...results, bailed }))
