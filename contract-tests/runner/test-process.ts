// The process that runs the test files, started by the runner (run-contract.ts) as
// `node [--import tsx] test-process.(ts|js) --results FILE [--junit FILE] -- files…`.
// It is node's own test runner, through run(): Node 20's `node --test` does not apply `--import`
// to itself, so it could not load a reporter written in TypeScript; run() takes the reporters as
// functions, and starts each file in a child process with this process's flags (tsx included).
import { createWriteStream } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { PassThrough } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { run } from 'node:test'
import { junit, type TestEvent } from 'node:test/reporters'
import { parseArgs } from 'node:util'
import { createCheckTracker, type RunResults } from './check-results.ts'
import { createProgressPrinter, formatFailureBlocks } from './console-report.ts'
import { SUITE_DIR } from './locate.ts'

const { values, positionals: files } = parseArgs({
  options: { results: { type: 'string' }, junit: { type: 'string' } },
  allowPositionals: true,
})
if (values.results === undefined) throw new Error('test-process: --results FILE is required')

async function* eventsOf(source: AsyncIterable<TestEvent>): AsyncGenerator<TestEvent, void> {
  yield* source
}

const junitEvents = new PassThrough({ objectMode: true })
const junitWritten =
  values.junit === undefined
    ? Promise.resolve()
    : pipeline(junit(eventsOf(junitEvents)), createWriteStream(values.junit))

const track = createCheckTracker(SUITE_DIR)
const print = createProgressPrinter()
const results: RunResults = { checks: [], problems: [] }
// One file at a time: the checks of user relationship lists see all of the token owner's
// relationships, which another file would change under them. Within a file, tests run in order.
const events: AsyncIterable<TestEvent> = run({ files, concurrency: 1 })
for await (const event of events) {
  junitEvents.write(event)
  if (event.type === 'test:stdout') process.stdout.write(event.data.message)
  if (event.type === 'test:stderr') process.stderr.write(event.data.message)
  const finding = track(event)
  if (finding === undefined) continue
  if (finding.kind === 'check') results.checks.push(finding.check)
  else results.problems.push(finding.problem)
  process.stdout.write(print(finding))
}
junitEvents.end()
await junitWritten
process.stdout.write(formatFailureBlocks(results))
await writeFile(values.results, JSON.stringify(results))
