// npm run bench: the compiled mock against a minimal Express app, its mixed workload, durable
// writes against a raw fdatasync loop, its stalls under writes, its start-up and memory; then the
// file store beside PostgreSQL, and PostgreSQL at a million contacts. The results go to a JSON
// file (results/results.ts) that the tables are rendered from (render/render.ts); --render FILE
// renders a saved one. See BENCHMARKS.md ("What is measured") for the method; --help for the
// options.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { browserBundleLines, measureBrowserBundle } from './browser/bundle.ts'
import { measureWorkerStartup, workerStartupLines } from './browser/worker-startup.ts'
import { measureDurable } from './durability/durable-creates.ts'
import { measureStallStep } from './durability/stall.ts'
import { measureMockFetch } from './fetch/mock-fetch.ts'
import { buildPackage } from './harness/compiled-package.ts'
import { LOAD_CONTACTS } from './harness/data-files.ts'
import { log, prepareInputs, runEntryPoint, type StepInputs } from './harness/entry-point.ts'
import { describeMachine, type Machine } from './harness/machine.ts'
import type { BenchOptions } from './harness/options.ts'
import { ROOT } from './harness/processes.ts'
import { measureAgainstExpress } from './http/express.ts'
import { measureMixed } from './http/mixed.ts'
import { clusterLine, withBenchCluster, type BenchCluster } from './postgres/cluster.ts'
import { measurePostgresAtScale, measureStoresCompared } from './postgres/steps.ts'
import { fillRegions, machineRows, renderText } from './render/render.ts'
import {
  BENCHMARKS,
  disturbedOf,
  LATEST_RESULTS,
  readResults,
  saveResults,
  SHOWN_RESULTS,
  toRows,
  writeFormatted,
  type BenchResults,
  type StartupResult,
} from './results/results.ts'
import { targetsOf } from './results/targets.ts'
import { measureMcpStartup } from './startup/mcp-startup.ts'
import { measureFloor, measureStartup } from './startup/startup.ts'

const versionsOf = (names: string[]): Record<string, string> =>
  Object.fromEntries(
    names.map((name) => {
      const manifest = join(ROOT, 'node_modules', name, 'package.json')
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: unknown }
      return [name, String(version)]
    }),
  )

/** Every step in turn, on the cluster started before them; `started`: performance.now() then. */
async function measureSteps(
  options: BenchOptions,
  inputs: StepInputs,
  machine: Machine,
  cluster: BenchCluster,
  started: number,
): Promise<BenchResults> {
  const { files } = inputs
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
    startup.push(await measureStartup(inputs, contacts, samples))
    if (!kept.has(contacts)) files.drop(contacts)
  }
  log('contacts-mock mcp (spawn to the first tool answer over stdio):')
  const mcpStartup = await measureMcpStartup(inputs)
  const compared = await measureStoresCompared(inputs, cluster)
  const scale = await measurePostgresAtScale(inputs, cluster, options.postgresContacts)
  if (options.postgresContacts !== LOAD_CONTACTS) files.drop(options.postgresContacts)
  measured.push(...compared.measured, ...scale.measured)
  const baselineStart = await measureFloor(inputs)
  log('Browser entry (contacts-mock-kit/browser):')
  const browserBundle = await measureBrowserBundle(inputs.dir)
  browserBundleLines(browserBundle).forEach(log)
  log('Worker start-up (startMockWorker in headless Chromium):')
  const workerStartup = await measureWorkerStartup(inputs.dir)
  workerStartupLines(workerStartup).forEach(log)

  const rows = toRows(measured)
  return {
    run: {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      quick: options.quick,
      skipBuild: options.skipBuild,
      machine,
      postgres: clusterLine(cluster.description),
      versions: versionsOf(['express', 'pg', 'pino', 'autocannon']),
      warmupSeconds: options.warmupSeconds,
      durationSeconds: options.durationSeconds,
      searchTerm: inputs.workload.searchTerm,
      totalSeconds: (performance.now() - started) / 1000,
    },
    rows,
    stall,
    startup,
    mcpStartup,
    baselineStart,
    databases: [
      { section: 'stores', ...compared.database },
      { section: 'postgres', ...scale.database },
    ],
    searchAlone: scale.searchAlone,
    browserBundle,
    targets: targetsOf(rows, stall, startup, browserBundle, workerStartup, mcpStartup),
    problems: [...measured.flatMap((result) => result.problems), ...stall.problems],
  }
}

/** BENCHMARKS.md with the tables of `results` in its regions, its hand-written text unchanged. */
async function writeBenchmarks(results: BenchResults): Promise<string> {
  await writeFormatted(BENCHMARKS, fillRegions(readFileSync(BENCHMARKS, 'utf8'), results))
  return BENCHMARKS
}

/** The exit code of a run: 1 when its numbers are invalid or disturbed or a target is missed. */
async function verdictOf(results: BenchResults, write: boolean): Promise<number> {
  const { problems, targets } = results
  if (problems.length > 0) {
    // Failed requests make the numbers meaningless: report them and keep BENCHMARKS.md as it was.
    log(`\nERRORS: the numbers are not valid:\n${problems.map((p) => `  ${p}`).join('\n')}`)
    return 1
  }
  const disturbed = disturbedOf(results)
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

async function bench(options: BenchOptions, dir: string): Promise<number> {
  if (options.render !== undefined) {
    // the tables of a saved run, and with --write BENCHMARKS.md's, measuring nothing
    const results = readResults(options.render)
    process.stdout.write(`${renderText(results)}\n`)
    if (options.write) log(`Wrote ${await writeBenchmarks(results)}`)
    return 0
  }
  const started = performance.now()
  const pkg = await buildPackage(dir, options.skipBuild, log)
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
  const results = await withBenchCluster(options.baseDir, log, async (cluster) => {
    const inputs = await prepareInputs(options, dir, pkg)
    return measureSteps(options, inputs, machine, cluster, started)
  })
  process.stdout.write(`\n${renderText(results)}\n\n`)
  log(`Results: ${await saveResults(results, LATEST_RESULTS)}`)
  return verdictOf(results, options.write)
}

runEntryPoint(process.argv.slice(2), bench)
