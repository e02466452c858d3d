import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'

export const USAGE = `Usage: npm run bench -- [--duration S] [--warmup S] [--quick] [--write] [--dir DIR]
                       [--profile DIR]

  --duration S   seconds of load per operation (default 8; 2 with --quick)
  --warmup S     seconds of discarded load before each operation (default 2; 1 with --quick)
  --quick        smoke run: short runs, one start-up sample, no 100k data file
  --write        also write BENCHMARKS.md (or BENCH_WRITE=1)
  --dir DIR      where the temporary data files go (default: the OS temp folder); it must be a
                 real disk for the durable create to mean anything
  --profile DIR  start the mock under --cpu-prof and leave the .cpuprofile in DIR
  --help         show this help`

export interface BenchOptions {
  help: boolean
  durationSeconds: number
  warmupSeconds: number
  quick: boolean
  write: boolean
  /** Start-up samples per data file; the median is reported. */
  startupSamples: number
  /** Contact counts of the data files measured for start-up time and memory. */
  startupSizes: number[]
  baseDir: string
  profileDir: string | undefined
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
        dir: { type: 'string' },
        profile: { type: 'string' },
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
    startupSamples: quick ? 1 : 3,
    startupSizes: quick ? [10_000] : [10_000, 100_000],
    baseDir: values.dir === undefined ? tmpdir() : resolve(cwd, values.dir),
    profileDir: values.profile === undefined ? undefined : resolve(cwd, values.profile),
  }
}
