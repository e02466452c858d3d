import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { CompiledPackage } from './compiled-package.ts'
import { createDataFiles, LOAD_CONTACTS, readWorkload } from './data-files.ts'
import { parseOptions, USAGE, UsageError, type BenchOptions } from './options.ts'
import type { StepInputs } from './steps.ts'

// Far above a full run (about 10 minutes with PostgreSQL at a million contacts): only a hang gets
// here.
const DEADLINE_MS = 30 * 60_000

export const log = (line: string): void => {
  process.stderr.write(`${line}\n`)
}

/** The work of an entry point, in its temporary folder; resolves with the exit code. */
export type BenchBody = (options: BenchOptions, dir: string) => Promise<number>

/** What every step needs: the data files (made when first needed) and the workload's requests. */
export async function prepareInputs(
  options: BenchOptions,
  dir: string,
  pkg: CompiledPackage,
): Promise<StepInputs> {
  const files = createDataFiles(dir, log)
  // the search term and the baseline's contact come from the 10k file, whatever the step's size
  const workload = await readWorkload(await files.get(LOAD_CONTACTS))
  return {
    ...options,
    pkg,
    dir,
    workload,
    workloadContacts: LOAD_CONTACTS,
    files,
    settings: { ...options, log },
  }
}

async function main(argv: string[], body: BenchBody): Promise<number> {
  let options: BenchOptions
  try {
    options = parseOptions(argv, process.env)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    log(`error: ${error.message}\n\n${USAGE}`)
    return 2
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`)
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
