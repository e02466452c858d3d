// The issue's targets, checked against the run: the rows' ratios and p99s (set with the rows), the
// stall, the start-up, the browser entry and the worker's start.
import type {
  BrowserBundle,
  LoadRow,
  McpStartup,
  StallResult,
  StartupResult,
  TargetResult,
  WorkerStartup,
} from './results.ts'

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
/** `contacts-mock mcp` from spawn to its first tool answer (issue 52). */
export const MCP_STARTUP_TARGET_MS = 1000

const size = (contacts = 0): string => contacts.toLocaleString('en-US')
const WORKER = 'startMockWorker() to the first answer in headless Chromium'

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
    `worst stall of a GET every ${String(stall.probeIntervalMs)} ms while ` +
    `${String(stall.connections)} connections create, ${size(TARGET_CONTACTS)} contacts, ` +
    `across ${String(stall.snapshots)} background snapshots`
  const crossed = stall.snapshotSeconds.length >= stall.snapshots
  return [under(label, stall.maxMs, 'ms', STALL_TARGET_MS, crossed)]
}

function startupTargets(startup: readonly StartupResult[]): TargetResult[] {
  const measured = startup.find((result) => result.contacts === TARGET_CONTACTS)
  if (measured === undefined) return []
  const contacts = `${size(TARGET_CONTACTS)} contacts`
  const spawned = `start-up with ${contacts} (spawn to "Mock listening")`
  return [
    under(spawned, measured.startupMs, 'ms', STARTUP_TARGET_MS),
    under(`RSS when ready with ${contacts}`, measured.rssReady, 'bytes', RSS_TARGET_BYTES),
  ]
}

/** The targets this run measured: ratios and p99s of rows, the stall, the start-up. */
export function targetsOf(
  rows: readonly LoadRow[],
  stall?: StallResult,
  startup: readonly StartupResult[] = [],
  bundle?: BrowserBundle,
  worker?: WorkerStartup,
  mcp?: McpStartup,
): TargetResult[] {
  const ordered = [
    ...rows.filter((row) => row.target !== undefined),
    ...rows.filter((row) => row.p99TargetMs !== undefined),
  ]
  const bundleLabel = `browser entry, minified and gzipped, without msw (${size(bundle?.rawBytes)} bytes minified)`
  return [
    ...ordered.flatMap((row) => rowTarget(row, rows)),
    ...(stall ? stallTarget(stall) : []),
    ...startupTargets(startup),
    ...(bundle ? [under(bundleLabel, bundle.gzipBytes, 'bytes', BROWSER_BUNDLE_TARGET_BYTES)] : []),
    ...(worker
      ? [
          under(
            `${WORKER}, bundled fixtures`,
            worker.fixtures.answeredMs,
            'ms',
            WORKER_FIXTURES_TARGET_MS,
          ),
          under(
            `${WORKER}, ${size(worker.contacts)} contacts in IndexedDB`,
            worker.large.answeredMs,
            'ms',
            WORKER_LARGE_TARGET_MS,
          ),
        ]
      : []),
    ...(mcp
      ? [
          under(
            'contacts-mock mcp: spawn to the first tool answer over stdio',
            mcp.startupMs,
            'ms',
            MCP_STARTUP_TARGET_MS,
          ),
        ]
      : []),
  ]
}
