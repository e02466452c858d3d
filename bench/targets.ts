import type { BrowserBundle } from './browser-bundle.ts'
import type { LoadRow } from './results.ts'
import { PROBE_INTERVAL_MS, STALL_CONNECTIONS, type StallResult } from './stall.ts'
import type { StartupResult } from './startup.ts'
import type { WorkerStartup } from './worker-startup.ts'

/** One acceptance target of the issue and what this run measured for it. */
export interface TargetResult {
  label: string
  /** A ratio (unit x), which must be at least `limit`; or a time or a size, which must stay under. */
  value: number
  unit: 'x' | 'ms' | 'bytes'
  limit: number
  met: boolean
}

export const STALL_TARGET_MS = 50
/** The stall and start-up targets are set at this size. */
export const TARGET_CONTACTS = 100_000
export const STARTUP_TARGET_MS = 1500
export const RSS_TARGET_BYTES = 350e6
/** The browser entry, minified and gzipped, without msw. */
export const BROWSER_BUNDLE_TARGET_BYTES = 250_000
/** From startMockWorker() to the first answer, bundled fixtures / 10,000 contacts in IndexedDB. */
export const WORKER_FIXTURES_TARGET_MS = 500
export const WORKER_LARGE_TARGET_MS = 1500

const size = (contacts = 0): string => contacts.toLocaleString('en-US')

/** A time or a size that must stay under `limit` (and meet `also`). */
const under = (
  label: string,
  value: number,
  unit: 'ms' | 'bytes',
  limit: number,
  also = true,
): TargetResult => ({ label, value, unit, limit, met: value < limit && also })

/** A ratio to the reference row, or a p99 to stay under (PostgreSQL's list and search at scale). */
function rowTarget(row: LoadRow, rows: readonly LoadRow[]): TargetResult[] {
  const { target, ratio, p99TargetMs, connections } = row
  const reference = rows.find((other) => other.id === row.reference)
  if (target !== undefined && ratio !== undefined && reference) {
    const label = `${row.label}, against ${reference.label}`
    return [{ label, value: ratio, unit: 'x', limit: target, met: ratio >= target }]
  }
  if (p99TargetMs === undefined) return []
  const label = `${row.label}, ${size(row.contacts)} contacts, ${String(connections)} connections: p99`
  return [under(label, row.p99Ms, 'ms', p99TargetMs)]
}

function stallTarget(stall: StallResult): TargetResult[] {
  if (stall.contacts !== TARGET_CONTACTS) return []
  const label =
    `worst stall of a GET every ${String(PROBE_INTERVAL_MS)} ms while ` +
    `${String(STALL_CONNECTIONS)} connections create, ${size(TARGET_CONTACTS)} contacts, ` +
    `across ${String(stall.snapshots)} background snapshots`
  const crossed = stall.snapshotSeconds.length >= stall.snapshots
  return [under(label, stall.maxMs, 'ms', STALL_TARGET_MS, crossed)]
}

function startupTargets(startup: readonly StartupResult[]): TargetResult[] {
  const measured = startup.find((result) => result.contacts === TARGET_CONTACTS)
  if (measured === undefined) return []
  const contacts = `${size(TARGET_CONTACTS)} contacts`
  return [
    under(
      `start-up with ${contacts} (spawn to "Mock listening")`,
      measured.startupMs,
      'ms',
      STARTUP_TARGET_MS,
    ),
    under(`RSS when ready with ${contacts}`, measured.rssReady, 'bytes', RSS_TARGET_BYTES),
  ]
}

const bundleTargets = (bundle: BrowserBundle): TargetResult[] => [
  under(
    `browser entry, minified and gzipped, without msw (${size(bundle.rawBytes)} bytes minified)`,
    bundle.gzipBytes,
    'bytes',
    BROWSER_BUNDLE_TARGET_BYTES,
  ),
]

const workerTargets = ({ fixtures, large, contacts }: WorkerStartup): TargetResult[] => [
  under(
    'startMockWorker() to the first answer in headless Chromium, bundled fixtures',
    fixtures.answeredMs,
    'ms',
    WORKER_FIXTURES_TARGET_MS,
  ),
  under(
    `startMockWorker() to the first answer in headless Chromium, ${size(contacts)} contacts in IndexedDB`,
    large.answeredMs,
    'ms',
    WORKER_LARGE_TARGET_MS,
  ),
]

/** The targets this run measured: ratios and p99s of rows, the stall, the start-up. */
export function targetsOf(
  rows: readonly LoadRow[],
  stall?: StallResult,
  startup: readonly StartupResult[] = [],
  bundle?: BrowserBundle,
  worker?: WorkerStartup,
): TargetResult[] {
  const ordered = [
    ...rows.filter((row) => row.target !== undefined),
    ...rows.filter((row) => row.p99TargetMs !== undefined),
  ]
  return [
    ...ordered.flatMap((row) => rowTarget(row, rows)),
    ...(stall ? stallTarget(stall) : []),
    ...startupTargets(startup),
    ...(bundle ? bundleTargets(bundle) : []),
    ...(worker ? workerTargets(worker) : []),
  ]
}
