// npm run bench: the compiled mock against a minimal Express app, its mixed workload, durable
// writes against a raw fdatasync loop, its stalls under writes, its start-up and memory; then the
// file store beside PostgreSQL, and PostgreSQL at a million contacts. The results go to a JSON
// file (results.ts) that the tables are rendered from (render.ts); --render FILE renders a saved one.
// See BENCHMARKS.md ("What is measured") for the method; --help for the options.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { browserBundleLines, measureBrowserBundle } from './browser-bundle.ts'
import { buildPackage, type CompiledPackage } from './compiled-package.ts'
import { LOAD_CONTACTS } from './data-files.ts'
import { log, prepareInputs, runEntryPoint } from './entry-point.ts'
import { describeMachine, type Machine } from './machine.ts'
import { DISTURBED_CORES } from './measure.ts'
import type { BenchOptions } from './options.ts'
import { clusterLine, startBenchCluster, type BenchCluster } from './postgres-cluster.ts'
import { measurePostgresAtScale, measureStoresCompared } from './postgres-steps.ts'
import { machineRows } from './render-columns.ts'
import { renderText } from './render.ts'
import {
  LATEST_RESULTS,
  readResults,
  saveResults,
  SHOWN_RESULTS,
  writeBenchmarks,
} from './results-file.ts'
import { databaseLoad, toRows, type BenchResults } from './results.ts'
import { measureFloor } from './sessions.ts'
import { ROOT } from './server-process.ts'
import { measureStartup, type StartupResult } from './startup.ts'
import { measureMixed } from './mixed-rounds.ts'
import { measureMockFetch } from './mock-fetch.ts'
import { measureAgainstExpress, measureDurable } from './steps.ts'
import { measureStallStep } from './stall-step.ts'
import { targetsOf } from './targets.ts'
import { measureWorkerStartup, workerStartupLines } from './worker-startup.ts'

interface RunStart {
  options: BenchOptions
  dir: string
  /** performance.now() when the run began. */
  started: number
  machine: Machine
  pkg: CompiledPackage
  cluster: BenchCluster
}

const versionsOf = (names: string[]): Record<string, string> =>
  Object.fromEntries(
    names.map((name) => {
      const manifest = join(ROOT, 'node_modules', name, 'package.json')
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: unknown }
      return [name, String(version)]
    }),
  )

/** Every step in turn, on the cluster started before them. */
async function measureSteps(run: RunStart): Promise<BenchResults> {
  const { options, pkg, cluster } = run
  const inputs = await prepareInputs(options, run.dir, pkg)
  const { files, workload } = inputs

  const measured = [
    ...(await measureAgainstExpress(inputs)),
    await measureMockFetch(inputs),
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
  const baselineStart = await measureFloor(inputs)
  log('Browser entry (contacts-mock-kit/browser):')
  const browserBundle = await measureBrowserBundle(run.dir)
  browserBundleLines(browserBundle).forEach(log)
  log('Worker start-up (startMockWorker in headless Chromium):')
  const workerStartup = await measureWorkerStartup(run.dir)
  workerStartupLines(workerStartup).forEach(log)

  const rows = toRows(measured)
  return {
    run: {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      quick: options.quick,
      skipBuild: options.skipBuild,
      machine: run.machine,
      postgres: clusterLine(cluster.description),
      versions: versionsOf(['express', 'pg', 'pino', 'autocannon']),
      warmupSeconds: options.warmupSeconds,
      durationSeconds: options.durationSeconds,
      searchTerm: workload.searchTerm,
      totalSeconds: (performance.now() - run.started) / 1000,
    },
    rows,
    stall,
    startup,
    baselineStart,
    databases: [
      databaseLoad('stores', compared.database),
      databaseLoad('postgres', scale.database),
    ],
    searchAlone: scale.searchAlone,
    browserBundle,
    targets: targetsOf(rows, stall, startup, browserBundle, workerStartup),
    problems: [...measured.flatMap((result) => result.problems), ...stall.problems],
  }
}

/** The exit code of a run: 1 when its numbers are invalid or disturbed or a target is missed. */
async function verdictOf(results: BenchResults, write: boolean): Promise<number> {
  const { problems, rows, stall, startup, targets } = results
  if (problems.length > 0) {
    // Failed requests make the numbers meaningless: report them and keep BENCHMARKS.md as it was.
    log(`\nERRORS: the numbers are not valid:\n${problems.map((p) => `  ${p}`).join('\n')}`)
    return 1
  }
  const disturbed = [
    ...rows.filter((row) => (row.otherCores ?? 0) > DISTURBED_CORES).map((row) => row.label),
    ...(stall && stall.otherCores > DISTURBED_CORES ? ['the stall run'] : []),
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
  if (write) {
    log(`Wrote ${await saveResults(results, SHOWN_RESULTS)} and ${await writeBenchmarks(results)}`)
  }
  const missed = targets.filter((target) => !target.met)
  if (missed.length > 0) {
    log(`\nTargets missed:\n${missed.map((target) => `  ${target.label}`).join('\n')}`)
    return 1
  }
  log('\nEvery target is met.')
  return 0
}

/** --render FILE: the tables of a saved run, and with --write BENCHMARKS.md's, measuring nothing. */
async function renderSaved(file: string, write: boolean): Promise<number> {
  const results = readResults(file)
  process.stdout.write(`${renderText(results)}\n`)
  if (write) log(`Wrote ${await writeBenchmarks(results)}`)
  return 0
}

async function bench(options: BenchOptions, dir: string): Promise<number> {
  if (options.render !== undefined) return renderSaved(options.render, options.write)
  const started = performance.now()
  log(
    options.skipBuild
      ? 'Using dist/ as it is (--skip-build)'
      : 'Building the package (npm run build)…',
  )
  const pkg = await buildPackage(dir, options.skipBuild)
  const machine = await describeMachine(dir)
  log(
    machineRows(machine)
      .map((pair) => pair.join(': '))
      .join('\n'),
  )
  if (machine.dataFilesystem === 'tmpfs') {
    log('WARNING: the data files are on tmpfs, where fdatasync costs nothing; use --dir.')
  }
  if (machine.busyBefore > 0.1) {
    log('WARNING: the machine is busy (over 10% CPU before the run); the numbers will suffer.')
  }
  // Started before the other steps: a missing PostgreSQL fails the run now, not minutes later.
  const cluster = await startBenchCluster(options.baseDir, log)
  let results: BenchResults
  try {
    results = await measureSteps({ options, dir, started, machine, pkg, cluster })
  } finally {
    cluster.stop()
  }
  process.stdout.write(`\n${renderText(results)}\n\n`)
  log(`Results: ${await saveResults(results, LATEST_RESULTS)}`)
  return verdictOf(results, options.write)
}

runEntryPoint(process.argv.slice(2), bench)
