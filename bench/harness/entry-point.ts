import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { CompiledPackage } from './compiled-package.ts'
import {
  createDataFiles,
  LOAD_CONTACTS,
  readWorkload,
  type DataFiles,
  type Workload,
} from './data-files.ts'
import { helpText, usageLine, UsageError } from '../../mock/process/command-line.ts'
import { BENCH_COMMAND, parseOptions, type BenchOptions } from './options.ts'

// Far above a full run (about 10 minutes with PostgreSQL at a million contacts): only a hang gets
// here.
const DEADLINE_MS = 30 * 60_000

export const log = (line: string): void => {
  process.stderr.write(`${line}\n`)
}

/** What every step needs: the package, the data files (made when first needed), the workload. */
export interface StepInputs {
  pkg: CompiledPackage
  /** The bench's temporary folder. */
  dir: string
  files: DataFiles
  /** Read from the 10k data file (LOAD_CONTACTS): the baseline's contact and the search term. */
  workload: Workload
  durationSeconds: number
  warmupSeconds: number
  /** Where the mocks' --cpu-prof output goes; undefined: no profiling. */
  profileDir: string | undefined
  log: (line: string) => void
}

export async function prepareInputs(
  options: BenchOptions,
  dir: string,
  pkg: CompiledPackage,
): Promise<StepInputs> {
  const files = createDataFiles(dir, log)
  // the search term and the baseline's contact come from the 10k file, whatever the step's size
  const workload = await readWorkload(await files.get(LOAD_CONTACTS))
  return { ...options, pkg, dir, files, workload, log }
}

/** The work of an entry point, in its temporary folder; resolves with the exit code. */
type BenchBody = (options: BenchOptions, dir: string) => Promise<number>

async function main(argv: string[], body: BenchBody): Promise<number> {
  let options: BenchOptions
  try {
    options = parseOptions(argv, process.env)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    log(usageLine(BENCH_COMMAND, error))
    return 2
  }
  if (options.help) {
    process.stdout.write(`${helpText(BENCH_COMMAND)}\n`)
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
    return await body(options, dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Runs `body` as the process's work: the options parsed (exit code 2 on a bad one), a temporary
 * folder removed afterwards, a deadline, and the exit code set from its result or its failure.
 */
export function runEntryPoint(argv: string[], body: BenchBody): void {
  main(argv, body).then(
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
}
