// npm run bench:postgres: only the PostgreSQL rows at scale of `npm run bench` (1M contacts; 10k
// with --quick), with the same code and options, for work on the PostgreSQL store. It prints its
// tables and targets; BENCHMARKS.md comes from `npm run bench -- --write` alone.
import { buildPackage } from './harness/compiled-package.ts'
import { log, prepareInputs, runEntryPoint } from './harness/entry-point.ts'
import type { BenchOptions } from './harness/options.ts'
import { withBenchCluster } from './postgres/cluster.ts'
import { measurePostgresAtScale } from './postgres/steps.ts'
import { renderText } from './render/render.ts'
import { disturbedOf, toRows, type BenchResults } from './results/results.ts'
import { targetsOf } from './results/targets.ts'

async function benchPostgres(options: BenchOptions, dir: string): Promise<number> {
  if (options.write || options.render !== undefined) {
    log('error: npm run bench:postgres neither writes nor renders (npm run bench -- --write does)')
    return 2
  }
  const results = await withBenchCluster(options.baseDir, log, async (cluster) => {
    const pkg = await buildPackage(dir, options.skipBuild, log)
    const inputs = await prepareInputs(options, dir, pkg)
    const step = await measurePostgresAtScale(inputs, cluster, options.postgresContacts)
    const rows = toRows(step.measured)
    return {
      rows,
      startup: [],
      databases: [{ section: 'postgres', ...step.database }],
      searchAlone: step.searchAlone,
      targets: targetsOf(rows),
      problems: step.measured.flatMap((result) => result.problems),
    } satisfies BenchResults
  })
  process.stdout.write(`\n${renderText(results)}\n`)
  if (results.problems.length > 0) {
    log(`ERRORS: the numbers are not valid:\n${results.problems.map((p) => `  ${p}`).join('\n')}`)
    return 1
  }
  const disturbed = disturbedOf(results)
  if (disturbed.length > 0) log(`DISTURBED by other work on the machine: ${disturbed.join('; ')}.`)
  return results.targets.every((target) => target.met) ? 0 : 1
}

runEntryPoint(process.argv.slice(2), benchPostgres)
