// The drift ledger (--ledger FILE): one JSON line per run, appended: its date, its target, the
// document's version and the verdict of every rule (rule-verdicts.ts). Before it appends, the run
// reads the runs before it on the same target, and says what changed since the last one (the
// rules newly failing, the rules fixed) and since when each failing rule has failed. A line is
// appended whole and synced to the disk before the run goes on, so a run stopped half-way leaves
// no half line; a line that is not a record of this tool (a corrupt one, another tool's) is named
// in the report and left where it is.
import { open, readFile } from 'node:fs/promises'
import type { RuleVerdict, Verdict } from './rule-verdicts.ts'

/** What a record says it is: a line without it is no line of this ledger. */
const KIND = 'contacts-contract run'

export interface LedgerRecord {
  kind: typeof KIND
  /** ISO 8601, UTC. */
  date: string
  /** The server the run checked (not a Prism proxy in front of it). */
  target: string
  /** The document's `info.version`. */
  documentVersion: string
  /** Every rule of the document, by id. */
  verdicts: Record<string, Verdict>
}

export interface Ledger {
  records: LedgerRecord[]
  /** Lines that are no record of this ledger: their number (1-based) and why. */
  refused: { line: number; reason: string }[]
}

const VERDICTS: readonly string[] = ['passed', 'failed', 'skipped']

function refusalOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not an object'
  const record = value as Record<string, unknown>
  if (record['kind'] !== KIND) return `its kind is not "${KIND}"`
  for (const key of ['date', 'target', 'documentVersion'] as const) {
    if (typeof record[key] !== 'string') return `it has no ${key}`
  }
  const verdicts = record['verdicts']
  if (typeof verdicts !== 'object' || verdicts === null || Array.isArray(verdicts)) {
    return 'it has no verdicts'
  }
  const bad = Object.entries(verdicts).find(([, verdict]) => !VERDICTS.includes(String(verdict)))
  return bad === undefined
    ? undefined
    : `the verdict of ${bad[0]} is none of ${VERDICTS.join(', ')}`
}

/** The ledger's records, in the order they were appended; a missing file is an empty ledger. */
export async function readLedger(file: string): Promise<Ledger> {
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ''
    throw error
  })
  const ledger: Ledger = { records: [], refused: [] }
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      ledger.refused.push({ line: index + 1, reason: 'not JSON' })
      return
    }
    const reason = refusalOf(value)
    if (reason === undefined) ledger.records.push(value as LedgerRecord)
    else ledger.refused.push({ line: index + 1, reason })
  })
  return ledger
}

export function recordOf(
  verdicts: readonly RuleVerdict[],
  target: string,
  documentVersion: string,
  date: Date = new Date(),
): LedgerRecord {
  return {
    kind: KIND,
    date: date.toISOString(),
    target,
    documentVersion,
    verdicts: Object.fromEntries(verdicts.map(({ rule, verdict }) => [rule.id, verdict])),
  }
}

/**
 * Appends the record as one line and syncs it. A file that does not end in a newline (a line cut
 * short by a crash) gets one first, so the cut line stays one bad line and this one stays whole.
 */
export async function appendRecord(file: string, record: LedgerRecord): Promise<void> {
  const handle = await open(file, 'a+')
  try {
    const { size } = await handle.stat()
    let lead = ''
    if (size > 0) {
      const last = Buffer.alloc(1)
      await handle.read(last, 0, 1, size - 1)
      if (last.toString('utf8') !== '\n') lead = '\n'
    }
    await handle.appendFile(`${lead}${JSON.stringify(record)}\n`)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export interface Drift {
  target: string
  /** The last run before this one on the target; undefined for the first. */
  previous: LedgerRecord | undefined
  newlyFailing: string[]
  fixed: string[]
  /** Each failing rule with the date of the first run of its current streak of failures. */
  failingSince: { id: string; since: string; runs: number }[]
  refused: Ledger['refused']
}

/** What changed since the previous run on the same target, and since when each failure lasts. */
export function driftOf(ledger: Ledger, current: LedgerRecord): Drift {
  const earlier = ledger.records.filter(({ target }) => target === current.target)
  const previous = earlier.at(-1)
  const ids = Object.keys(current.verdicts)
  const failing = ids.filter((id) => current.verdicts[id] === 'failed')
  const failingSince = failing.map((id) => {
    let since = current.date
    let runs = 1
    for (const record of [...earlier].reverse()) {
      if (record.verdicts[id] !== 'failed') break
      since = record.date
      runs += 1
    }
    return { id, since, runs }
  })
  return {
    target: current.target,
    previous,
    newlyFailing:
      previous === undefined ? [] : failing.filter((id) => previous.verdicts[id] !== 'failed'),
    fixed:
      previous === undefined
        ? []
        : ids.filter(
            (id) => previous.verdicts[id] === 'failed' && current.verdicts[id] === 'passed',
          ),
    failingSince,
    refused: ledger.refused,
  }
}

/** Reads the ledger, appends this run's record, and says what changed. */
export async function recordRun(file: string, current: LedgerRecord): Promise<Drift> {
  const ledger = await readLedger(file)
  await appendRecord(file, current)
  return driftOf(ledger, current)
}

const listed = (ids: readonly string[], titleOf: (id: string) => string): string[] =>
  ids.map((id) => `    ${id}  ${titleOf(id)}`)

/** The drift as lines of text, for the console (Markdown takes them as they are, in a block). */
export function formatDrift(drift: Drift, file: string, titleOf: (id: string) => string): string[] {
  const refused = drift.refused.map(
    ({ line, reason }) =>
      `  line ${String(line)} of the ledger is no record of this tool (${reason}): left as it is`,
  )
  if (drift.previous === undefined) {
    return [`Drift ledger ${file}: the first run on ${drift.target} it records.`, ...refused]
  }
  const { previous } = drift
  return [
    `Drift ledger ${file}: since the previous run on ${drift.target} (${previous.date}, document ${previous.documentVersion}):`,
    ...refused,
    `  newly failing (${String(drift.newlyFailing.length)}):`,
    ...listed(drift.newlyFailing, titleOf),
    `  fixed (${String(drift.fixed.length)}):`,
    ...listed(drift.fixed, titleOf),
    ...(drift.failingSince.length === 0
      ? []
      : [
          `  failing since:`,
          ...drift.failingSince.map(
            ({ id, since, runs }) =>
              `    ${id}  since ${since} (${String(runs)} run${runs === 1 ? '' : 's'})`,
          ),
        ]),
  ]
}
