// npm run bench:postgres: only the PostgreSQL rows at scale of `npm run bench` (1M contacts; 10k
// with --quick), with the same code and options, for work on the PostgreSQL store. It prints its
// tables and targets; BENCHMARKS.md comes from `npm run bench -- --write` alone.
import { buildPackage } from './compiled-package.ts'
import { log, prepareInputs, runEntryPoint } from './entry-point.ts'
import { DISTURBED_CORES } from './measure.ts'
import type { BenchOptions } from './options.ts'
import { startBenchCluster, type BenchCluster } from './postgres-cluster.ts'
import { measurePostgresAtScale } from './postgres-steps.ts'
import { renderText } from './render.ts'
import { databaseLoad, toRows } from './results.ts'
import { targetsOf } from './targets.ts'

async function measureAtScale(
  options: BenchOptions,
  dir: string,
  cluster: BenchCluster,
): Promise<number> {
  log(options.skipBuild ? 'Using dist/ as it is (--skip-build)' : 'Building the package…')
  const pkg = await buildPackage(dir, options.skipBuild)
  const inputs = await prepareInputs(options, dir, pkg)
  const step = await measurePostgresAtScale(inputs, cluster, options.postgresContacts)
  const rows = toRows(step.measured)
  const targets = targetsOf(rows)
  const results = {
    rows,
    startup: [],
    databases: [databaseLoad('postgres', step.database)],
    searchAlone: step.searchAlone,
    targets,
    problems: step.measured.flatMap((result) => result.problems),
  }
  process.stdout.write(`\n${renderText(results)}\n`)
  if (results.problems.length > 0) {
    log(`ERRORS: the numbers are not valid:\n${results.problems.map((p) => `  ${p}`).join('\n')}`)
    return 1
  }
  const disturbed = rows.filter((row) => (row.otherCores ?? 0) > DISTURBED_CORES)
  if (disturbed.length > 0) {
    log(`DISTURBED by other work on the machine: ${disturbed.map((row) => row.label).join('; ')}.`)
  }
  return targets.every((target) => target.met) ? 0 : 1
}

async function benchPostgres(options: BenchOptions, dir: string): Promise<number> {
  if (options.write || options.render !== undefined) {
    log('error: npm run bench:postgres neither writes nor renders (npm run bench -- --write does)')
    return 2
  }
  const cluster = await startBenchCluster(options.baseDir, log)
  try {
    return await measureAtScale(options, dir, cluster)
  } finally {
    cluster.stop()
  }
}

runEntryPoint(process.argv.slice(2), benchPostgres)
