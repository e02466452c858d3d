import { passes, times, type Row } from './report.ts'
import type { StallResult } from './stall.ts'
import type { StartupResult } from './startup.ts'

/** One acceptance target of the issue and what this run measured for it. */
export interface Check {
  label: string
  measured: string
  target: string
  met: boolean
}

export const STALL_TARGET_MS = 50
/** The stall and start-up targets are set at this size. */
export const TARGET_CONTACTS = 100_000
export const STARTUP_TARGET_MS = 1500
export const RSS_TARGET_BYTES = 350e6

const rate = (row: Row): string => `${row.measurement.requestsPerSecond.toFixed(0)} req/s`

function rowCheck(row: Row): Check[] {
  const { reference, ratio, target } = row
  if (reference === undefined || ratio === undefined || target === undefined) return []
  return [
    {
      label: `${row.name}, against ${reference.name}`,
      measured: `${ratio.toFixed(2)}x (${rate(row)} against ${rate(reference)})`,
      target: `at least ${times(target)}`,
      met: passes(row),
    },
  ]
}

/** A row that must answer within a time: PostgreSQL's list and search at a million contacts. */
function latencyCheck(row: Row): Check[] {
  const limit = row.p99TargetMs
  if (limit === undefined) return []
  const { p50Ms, p99Ms } = row.measurement
  return [
    {
      label: `${row.name}, ${(row.contacts ?? 0).toLocaleString('en-US')} contacts, ${String(row.connections)} connections: p99`,
      measured: `${p99Ms.toFixed(1)} ms (p50 ${p50Ms.toFixed(1)} ms, ${rate(row)})`,
      target: `under ${String(limit)} ms`,
      met: p99Ms < limit,
    },
  ]
}

function stallCheck(stall: StallResult): Check[] {
  if (stall.contacts !== TARGET_CONTACTS) return []
  const crossed = stall.snapshotSeconds.length
  return [
    {
      label: `worst stall of a GET every 5 ms while 8 connections create, ${TARGET_CONTACTS.toLocaleString('en-US')} contacts`,
      measured:
        `${stall.maxMs.toFixed(1)} ms over ${stall.seconds.toFixed(0)} s, ` +
        `${String(crossed)} background snapshots crossed (${String(stall.snapshots)} needed)`,
      target: `under ${String(STALL_TARGET_MS)} ms`,
      met: stall.maxMs < STALL_TARGET_MS && crossed >= stall.snapshots,
    },
  ]
}

function startupChecks(startup: StartupResult[]): Check[] {
  const measured = startup.find((result) => result.contacts === TARGET_CONTACTS)
  if (measured === undefined) return []
  const size = TARGET_CONTACTS.toLocaleString('en-US')
  return [
    {
      label: `start-up with ${size} contacts (spawn to "Mock listening")`,
      measured: `${measured.startupMs.toFixed(0)} ms (median of ${String(measured.samples)})`,
      target: `under ${String(STARTUP_TARGET_MS)} ms`,
      met: measured.startupMs < STARTUP_TARGET_MS,
    },
    {
      label: `RSS when ready with ${size} contacts`,
      measured: `${(measured.rssReady / 1e6).toFixed(0)} MB`,
      target: `under ${(RSS_TARGET_BYTES / 1e6).toFixed(0)} MB`,
      met: measured.rssReady < RSS_TARGET_BYTES,
    },
  ]
}

export function checksOf(
  rows: readonly Row[],
  stall: StallResult | undefined,
  startup: readonly StartupResult[],
): Check[] {
  return [
    ...rows.flatMap(rowCheck),
    ...rows.flatMap(latencyCheck),
    ...(stall ? stallCheck(stall) : []),
    ...startupChecks([...startup]),
  ]
}

export const checkLine = (check: Check): string =>
  `${check.met ? 'met' : 'MISSED'}: ${check.label}: ${check.measured}; target ${check.target}`
