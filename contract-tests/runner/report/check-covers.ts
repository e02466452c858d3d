// The rules each check covers, as the test files recorded them while their checks registered
// (suite/support/check-registry.ts: one JSON line per check in the run's covers file), put on the
// check's result. Read after the run, so nothing of it passes through the reports' redaction.
import { readFile } from 'node:fs/promises'
import { relative } from 'node:path'
import type { CoversRecord } from '../../suite/support/check-registry.ts'
import type { CheckResult } from './check-results.ts'

const keyOf = (file: string, path: readonly string[]): string => [file, ...path].join('\u0000')

/** The rules of each check by file and titles; a check registered twice has the rules of both. */
async function readCovers(
  coversFile: string | undefined,
  suiteDir: string,
): Promise<Map<string, string[]>> {
  const text = coversFile === undefined ? '' : await readFile(coversFile, 'utf8').catch(() => '')
  const covers = new Map<string, string[]>()
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    const record = JSON.parse(line) as CoversRecord
    const key = keyOf(relative(suiteDir, record.file), record.path)
    covers.set(key, [...new Set([...(covers.get(key) ?? []), ...record.covers])])
  }
  return covers
}

/** Gives each check the rules it declared (none when it declared none). */
export async function attachCovers(
  checks: CheckResult[],
  coversFile: string | undefined,
  suiteDir: string,
): Promise<void> {
  const covers = await readCovers(coversFile, suiteDir)
  for (const check of checks) check.covers = covers.get(keyOf(check.file, check.path)) ?? []
}
