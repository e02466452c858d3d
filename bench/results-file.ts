import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { format, resolveConfig } from 'prettier'
import { fillRegions } from './render.ts'
import type { BenchResults } from './results.ts'
import { ROOT } from './server-process.ts'

/** Every run's results, kept after its temporary folder is gone (reports/ is not committed). */
export const LATEST_RESULTS = join(ROOT, 'reports', 'bench.json')
/** The results BENCHMARKS.md shows, committed beside the bench: `--write` writes both. */
export const SHOWN_RESULTS = join(ROOT, 'bench', 'results.json')
const BENCHMARKS = join(ROOT, 'BENCHMARKS.md')

/** Writes `text` formatted as `prettier --check` wants it. */
async function writeFormatted(path: string, text: string): Promise<void> {
  const config = (await resolveConfig(path)) ?? {}
  writeFileSync(path, await format(text, { ...config, filepath: path }))
}

export async function saveResults(results: BenchResults, path: string): Promise<string> {
  mkdirSync(dirname(path), { recursive: true })
  await writeFormatted(path, JSON.stringify(results, null, 2))
  return path
}

export function readResults(path: string): BenchResults {
  const results = JSON.parse(readFileSync(path, 'utf8')) as Partial<BenchResults>
  if (!Array.isArray(results.rows) || !Array.isArray(results.targets)) {
    throw new Error(`${path} is not a results file of the bench (no rows or targets)`)
  }
  return results as BenchResults
}

/** BENCHMARKS.md with the tables of `results` in its regions, its hand-written text unchanged. */
export async function writeBenchmarks(results: BenchResults): Promise<string> {
  await writeFormatted(BENCHMARKS, fillRegions(readFileSync(BENCHMARKS, 'utf8'), results))
  return BENCHMARKS
}
