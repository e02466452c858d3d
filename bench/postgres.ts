// npm run bench:postgres: only the PostgreSQL rows at scale of `npm run bench` (1M contacts; 10k
// with --quick), with the same code and options, for work on the PostgreSQL store. It prints its
// table and targets; BENCHMARKS.md comes from `npm run bench -- --write` alone.
import { buildPackage } from './compiled-package.ts'
import { log, prepareInputs, runEntryPoint } from './entry-point.ts'
import { DISTURBED_CORES } from './measure.ts'
import type { BenchOptions } from './options.ts'
import { startBenchCluster, type BenchCluster } from './postgres-cluster.ts'
import { scaleSection } from './postgres-sections.ts'
import { measurePostgresAtScale } from './postgres-steps.ts'
import { sectionLines, targetLines } from './print.ts'
import { toRows } from './rows.ts'
import { checksOf } from './targets.ts'

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
  const checks = checksOf(rows, undefined, [])
  const lines = [
    '',
    ...sectionLines(scaleSection(rows, step.database, step.searchAlone)),
    ...targetLines(checks),
  ]
  process.stdout.write(lines.join('\n'))
  const problems = step.measured.flatMap((result) => result.problems)
  if (problems.length > 0) {
    log(`ERRORS: the numbers are not valid:\n${problems.map((p) => `  ${p}`).join('\n')}`)
    return 1
  }
  const disturbed = rows.filter((row) => row.measurement.otherCores > DISTURBED_CORES)
  if (disturbed.length > 0) {
    log(`DISTURBED by other work on the machine: ${disturbed.map((row) => row.name).join('; ')}.`)
  }
  return checks.every((check) => check.met) ? 0 : 1
}

async function benchPostgres(options: BenchOptions, dir: string): Promise<number> {
  if (options.write) {
    log(
      'error: npm run bench:postgres does not write BENCHMARKS.md (npm run bench -- --write does)',
    )
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
