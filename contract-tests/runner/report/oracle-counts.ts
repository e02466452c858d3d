// What the reference model did in a run: each test process adds its counts to one file (one JSON
// line each, see suite/support/oracle/oracle.ts), summed here into one line of the run's output.
import { readFile } from 'node:fs/promises'

/** Requests by what became of them: `compared`, or the reason they were left out. */
export type OracleCounts = Map<string, number>

export const COMPARED = 'compared'

/** The counts the test processes wrote; empty when none did (the oracle off, or no request). */
export async function readOracleCounts(file: string): Promise<OracleCounts> {
  const text = await readFile(file, 'utf8').catch(() => '')
  const counts: OracleCounts = new Map()
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch {
      continue
    }
    if (typeof parsed !== 'object' || parsed === null) continue
    for (const [reason, count] of Object.entries(parsed)) {
      if (typeof count === 'number') counts.set(reason, (counts.get(reason) ?? 0) + count)
    }
  }
  return counts
}

/** "the reference model compared 1949 of 2260 requests; not compared: 211 × …"; undefined: none. */
export function formatOracleCounts(counts: OracleCounts): string | undefined {
  const all = [...counts.values()].reduce((sum, count) => sum + count, 0)
  if (all === 0) return undefined
  const left = [...counts]
    .filter(([reason]) => reason !== COMPARED)
    .sort(([, a], [, b]) => b - a)
    .map(([reason, count]) => `${String(count)} × ${reason}`)
  return (
    `the reference model compared ${String(counts.get(COMPARED) ?? 0)} of ${String(all)} requests` +
    (left.length === 0 ? '' : `; not compared: ${left.join('; ')}`)
  )
}
