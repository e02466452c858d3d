// npm run bench: the mock against a minimal Express app, and the mock's start-up and memory.
// See BENCHMARKS.md ("What is measured") for the method; --help for the options.
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { writeBenchmarks } from './benchmarks-file.ts'
import { makeDataFile, readWorkload } from './data-files.ts'
import { describeMachine, machineLines } from './machine.ts'
import { DISTURBED_CORES } from './measure.ts'
import { parseOptions, USAGE, UsageError, type BenchOptions } from './options.ts'
import {
  HEADER,
  passes,
  rowCells,
  STARTUP_HEADER,
  startupCells,
  textTable,
  type Row,
} from './report.ts'
import { measureStartup, type StartupResult } from './startup.ts'
import { runBaseline, runMock, type BaselineResult, type OperationResult } from './throughput.ts'

const LOAD_CONTACTS = 10_000
// Far above a full run (under 2 minutes, 100k data file included): only a hang gets here.
const DEADLINE_MS = 30 * 60_000

const log = (line: string): void => {
  process.stderr.write(`${line}\n`)
}

function toRows(baseline: OperationResult, mock: OperationResult[]): Row[] {
  const base = baseline.measurement.requestsPerSecond
  return [baseline, ...mock].map(({ operation, measurement }) => ({
    name: operation.name,
    connections: operation.connections,
    measurement,
    ratio: measurement.requestsPerSecond / base,
    target: operation.target,
  }))
}

/** What Node, tsx and Express alone cost, to read the mock's start-up and memory against. */
function baselineFloor(baseline: BaselineResult): string {
  return (
    `For scale, the baseline app (Node + tsx + Express, no data) started in ` +
    `${baseline.startupMs.toFixed(0)} ms with ${(baseline.rss / 2 ** 20).toFixed(0)} MiB RSS.`
  )
}

async function makeDataFiles(dir: string, sizes: number[]): Promise<Map<number, string>> {
  const files = new Map<number, string>()
  for (const size of sizes) {
    log(`Making a data file with ${size.toLocaleString('en-US')} contacts…`)
    files.set(size, await makeDataFile(dir, size))
  }
  return files
}

async function bench(options: BenchOptions, dir: string): Promise<number> {
  const started = performance.now()
  const machine = await describeMachine(dir)
  log(machineLines(machine).join('\n'))
  if (machine.dataFilesystem === 'tmpfs') {
    log('WARNING: the data files are on tmpfs, where fdatasync costs nothing; use --dir.')
  }
  if (machine.busyBefore > 0.1) {
    log('WARNING: the machine is busy (over 10% CPU before the run); the numbers will suffer.')
  }
  const sizes = [...new Set([LOAD_CONTACTS, ...options.startupSizes])]
  const files = await makeDataFiles(dir, sizes)
  const fileOf = (size: number): string => files.get(size) ?? ''

  const workload = await readWorkload(fileOf(LOAD_CONTACTS))
  const settings = { ...options, log }
  const baseline = await runBaseline(dir, workload, settings)
  const mock = await runMock(fileOf(LOAD_CONTACTS), workload, settings)

  log('Start-up and memory:')
  const startup: StartupResult[] = []
  for (const size of options.startupSizes) {
    const sizeWorkload = size === LOAD_CONTACTS ? workload : await readWorkload(fileOf(size))
    startup.push(
      await measureStartup(fileOf(size), size, sizeWorkload, options.startupSamples, log),
    )
  }

  const rows = toRows(baseline, mock)
  const totalSeconds = (performance.now() - started) / 1000
  process.stdout.write(
    [
      '',
      `Throughput on ${LOAD_CONTACTS.toLocaleString('en-US')} contacts ` +
        `(${String(options.durationSeconds)} s per operation; ratio = req/s / baseline req/s):`,
      textTable(HEADER, rows.map(rowCells)),
      '',
      'Mock start-up and memory:',
      textTable(STARTUP_HEADER, startup.map(startupCells)),
      baselineFloor(baseline),
      '',
      `Bench run: ${totalSeconds.toFixed(0)} s`,
      '',
    ].join('\n'),
  )

  const problems = [baseline, ...mock].flatMap((result) => result.problems)
  if (problems.length > 0) {
    // Failed requests make the numbers meaningless: report them and keep BENCHMARKS.md as it was.
    log(`\nERRORS: the numbers are not valid:\n${problems.map((p) => `  ${p}`).join('\n')}`)
    return 1
  }
  const disturbed = [
    ...rows.filter((row) => row.measurement.otherCores > DISTURBED_CORES).map((row) => row.name),
    ...startup
      .filter((result) => result.otherCores > DISTURBED_CORES)
      .map((result) => `start-up with ${String(result.contacts)} contacts`),
  ]
  if (disturbed.length > 0) {
    // Someone else's work skews the ratios either way: such numbers are not for BENCHMARKS.md.
    log(`\nDISTURBED by other work on the machine: ${disturbed.join('; ')}.`)
    log('BENCHMARKS.md was not written; run again when the machine is idle.')
    return 1
  }
  if (options.write) {
    const path = await writeBenchmarks({
      date: new Date(),
      quick: options.quick,
      machine,
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
      dataContacts: LOAD_CONTACTS,
      searchTerm: workload.searchTerm,
      rows,
      startup,
      startupSamples: options.startupSamples,
      startupFloor: baselineFloor(baseline),
      totalSeconds,
    })
    log(`Wrote ${path}`)
  }
  const missed = rows.filter((row) => !passes(row))
  if (missed.length > 0) {
    log(`\nTargets missed: ${missed.map((row) => row.name).join('; ')}`)
    return 1
  }
  log('\nEvery target is met.')
  return 0
}

async function main(argv: string[]): Promise<number> {
  let options: BenchOptions
  try {
    options = parseOptions(argv, process.env)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    log(`error: ${error.message}\n\n${USAGE}`)
    return 2
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const dir = mkdtempSync(join(options.baseDir, 'contacts-bench-'))
  const deadline = setTimeout(() => {
    log(`The bench ran for more than ${String(DEADLINE_MS / 60_000)} minutes: stopping.`)
    rmSync(dir, { recursive: true, force: true })
    process.exit(1)
  }, DEADLINE_MS)
  deadline.unref()
  try {
    return await bench(options, dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    log(
      `The bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
    process.exitCode = 1
  },
)
