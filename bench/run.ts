// npm run bench: the compiled mock against a minimal Express app, its mixed workload, durable
// writes against a raw fdatasync loop, its stalls under writes, and its start-up and memory.
// See BENCHMARKS.md ("What is measured") for the method; --help for the options.
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { writeBenchmarks } from './benchmarks-file.ts'
import { buildPackage } from './compiled-package.ts'
import { createDataFiles, readWorkload } from './data-files.ts'
import { describeMachine, machineLines } from './machine.ts'
import { DISTURBED_CORES } from './measure.ts'
import { parseOptions, USAGE, UsageError, type BenchOptions } from './options.ts'
import { printTables } from './print.ts'
import { toRows } from './rows.ts'
import { measureFloor } from './sessions.ts'
import { measureStartup, type StartupResult } from './startup.ts'
import { measureAgainstExpress, measureDurable, measureMixed, type StepInputs } from './steps.ts'
import { measureStallStep } from './stall-step.ts'
import { checkLine, checksOf } from './targets.ts'

/** The data file of the reads against the baseline and of the durable creates. */
const LOAD_CONTACTS = 10_000
// Far above a full run (about 10 minutes, the million-contact file included): only a hang gets here.
const DEADLINE_MS = 30 * 60_000

const log = (line: string): void => {
  process.stderr.write(`${line}\n`)
}

async function bench(options: BenchOptions, dir: string): Promise<number> {
  const started = performance.now()
  log(
    options.skipBuild
      ? 'Using dist/ as it is (--skip-build)'
      : 'Building the package (npm run build)…',
  )
  const pkg = await buildPackage(dir, options.skipBuild)
  const machine = await describeMachine(dir)
  log(machineLines(machine).join('\n'))
  if (machine.dataFilesystem === 'tmpfs') {
    log('WARNING: the data files are on tmpfs, where fdatasync costs nothing; use --dir.')
  }
  if (machine.busyBefore > 0.1) {
    log('WARNING: the machine is busy (over 10% CPU before the run); the numbers will suffer.')
  }
  const files = createDataFiles(dir, log)
  const workload = await readWorkload(await files.get(LOAD_CONTACTS))
  const settings = { ...options, log }
  const inputs: StepInputs = {
    ...options,
    pkg,
    dir,
    workload,
    workloadContacts: LOAD_CONTACTS,
    files,
    settings,
  }

  const measured = [
    ...(await measureAgainstExpress(inputs)),
    ...(await measureDurable(inputs)),
    ...(await measureMixed(inputs, options.mixedSizes)),
  ]
  const stall = await measureStallStep(inputs, options.stall)
  log('Start-up and memory (mock with default flags):')
  const startup: StartupResult[] = []
  for (const { contacts, samples } of options.startupSizes) {
    const dataFile = await files.get(contacts)
    const { searchTerm } = workload
    startup.push(await measureStartup({ pkg, dataFile, contacts, searchTerm, samples, log }))
    if (contacts !== LOAD_CONTACTS) files.drop(contacts)
  }
  const floor = await measureFloor(inputs)

  const rows = toRows(measured)
  const checks = checksOf(rows, stall, startup)
  const totalSeconds = (performance.now() - started) / 1000
  const summary = {
    date: new Date(),
    options,
    machine,
    workload,
    rows,
    measured,
    stall,
    startup,
    floor,
    checks,
    totalSeconds,
  }
  process.stdout.write(printTables(summary))

  const problems = [...measured.flatMap((result) => result.problems), ...stall.problems]
  if (problems.length > 0) {
    // Failed requests make the numbers meaningless: report them and keep BENCHMARKS.md as it was.
    log(`\nERRORS: the numbers are not valid:\n${problems.map((p) => `  ${p}`).join('\n')}`)
    return 1
  }
  const disturbed = [
    ...rows.filter((row) => row.measurement.otherCores > DISTURBED_CORES).map((row) => row.name),
    ...(stall.otherCores > DISTURBED_CORES ? ['the stall run'] : []),
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
  if (options.write) log(`Wrote ${await writeBenchmarks(summary)}`)
  const missed = checks.filter((check) => !check.met)
  if (missed.length > 0) {
    log(`\nTargets missed:\n${missed.map((check) => `  ${checkLine(check)}`).join('\n')}`)
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
