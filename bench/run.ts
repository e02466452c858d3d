// npm run bench: the compiled mock against a minimal Express app, its mixed workload, durable
// writes against a raw fdatasync loop, its stalls under writes, its start-up and memory; then the
// file store beside PostgreSQL, and PostgreSQL at a million contacts.
// See BENCHMARKS.md ("What is measured") for the method; --help for the options.
import { writeBenchmarks } from './benchmarks-file.ts'
import { buildPackage, type CompiledPackage } from './compiled-package.ts'
import { LOAD_CONTACTS } from './data-files.ts'
import { log, prepareInputs, runEntryPoint } from './entry-point.ts'
import { describeMachine, machineLines, type Machine } from './machine.ts'
import { DISTURBED_CORES } from './measure.ts'
import type { BenchOptions } from './options.ts'
import { startBenchCluster, type BenchCluster } from './postgres-cluster.ts'
import { measurePostgresAtScale, measureStoresCompared } from './postgres-steps.ts'
import { printTables } from './print.ts'
import { toRows } from './rows.ts'
import { measureFloor } from './sessions.ts'
import { measureStartup, type StartupResult } from './startup.ts'
import { measureMixed } from './mixed-rounds.ts'
import { measureAgainstExpress, measureDurable } from './steps.ts'
import { measureStallStep } from './stall-step.ts'
import type { RunSummary } from './summary.ts'
import { checkLine, checksOf } from './targets.ts'

interface RunStart {
  options: BenchOptions
  dir: string
  /** performance.now() when the run began. */
  started: number
  machine: Machine
  pkg: CompiledPackage
  cluster: BenchCluster
}

/** Every step in turn, on the cluster started before them. */
async function measureSteps(run: RunStart): Promise<RunSummary> {
  const { options, pkg, cluster } = run
  const inputs = await prepareInputs(options, run.dir, pkg)
  const { files, workload } = inputs

  const measured = [
    ...(await measureAgainstExpress(inputs)),
    ...(await measureDurable(inputs)),
    ...(await measureMixed(inputs, options.mixedSizes)),
  ]
  const stall = await measureStallStep(inputs, options.stall)
  log('Start-up and memory (mock with default flags):')
  const startup: StartupResult[] = []
  // the file PostgreSQL is loaded from at scale is kept for it: a million contacts take a minute
  const kept = new Set([LOAD_CONTACTS, options.postgresContacts])
  for (const { contacts, samples } of options.startupSizes) {
    const dataFile = await files.get(contacts)
    const { searchTerm } = workload
    startup.push(await measureStartup({ pkg, dataFile, contacts, searchTerm, samples, log }))
    if (!kept.has(contacts)) files.drop(contacts)
  }
  const compared = await measureStoresCompared(inputs, cluster)
  const scale = await measurePostgresAtScale(inputs, cluster, options.postgresContacts)
  if (options.postgresContacts !== LOAD_CONTACTS) files.drop(options.postgresContacts)
  measured.push(...compared.measured, ...scale.measured)
  const floor = await measureFloor(inputs)

  const rows = toRows(measured)
  return {
    date: new Date(),
    options,
    machine: run.machine,
    workload,
    rows,
    measured,
    stall,
    startup,
    postgres: {
      cluster: cluster.description,
      compared: compared.database,
      scale: scale.database,
      searchAlone: scale.searchAlone,
    },
    floor,
    checks: checksOf(rows, stall, startup),
    totalSeconds: (performance.now() - run.started) / 1000,
  }
}

/** The exit code of a run: 1 when its numbers are invalid or disturbed or a target is missed. */
async function verdictOf(summary: RunSummary): Promise<number> {
  const { measured, stall, rows, startup, checks, options } = summary
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
  // Started before the other steps: a missing PostgreSQL fails the run now, not minutes later.
  const cluster = await startBenchCluster(options.baseDir, log)
  let summary: RunSummary
  try {
    summary = await measureSteps({ options, dir, started, machine, pkg, cluster })
  } finally {
    cluster.stop()
  }
  process.stdout.write(printTables(summary))
  return verdictOf(summary)
}

runEntryPoint(process.argv.slice(2), bench)
