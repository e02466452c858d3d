// Where the suite's files are, from TypeScript sources (run through tsx) or from compiled
// JavaScript in dist/ with the same layout: always relative to this module, never to the cwd.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** True when this module runs as TypeScript: the processes it starts then need tsx too. */
export const RUNS_AS_TYPESCRIPT = import.meta.url.endsWith('.ts')
const EXTENSION = RUNS_AS_TYPESCRIPT ? '.ts' : '.js'

/** contract-tests/suite/ (or dist/contract-tests/suite/): the test files and their checks. */
export const SUITE_DIR = fileURLToPath(new URL('../suite/', import.meta.url))

const sibling = (pathBelowRoot: string): string =>
  fileURLToPath(new URL(`../../${pathBelowRoot}${EXTENSION}`, import.meta.url))

/** The bundled mock's entry point. */
export const MOCK_MAIN = sibling('mock/process/main')

/** The process that runs the test files (see test-process.ts). */
export const TEST_PROCESS = sibling('contract-tests/runner/test-process')

/** The suite's test files, in name order: one per resource or concern. */
export function listTestFiles(): string[] {
  const suffix = `.contract${EXTENSION}`
  return readdirSync(SUITE_DIR)
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => join(SUITE_DIR, name))
}

/** `node` arguments that run `script` with `args`, through tsx when the sources are TypeScript. */
export function nodeArgs(script: string, ...args: string[]): string[] {
  const loader = RUNS_AS_TYPESCRIPT ? ['--import', import.meta.resolve('tsx')] : []
  return [...loader, script, ...args]
}
