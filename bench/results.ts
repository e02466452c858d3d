// The results of a run as JSON: the terminal's tables and BENCHMARKS.md's are rendered from this
// alone (render.ts), by the run or later from a saved file (npm run bench -- --render FILE).
import type { BrowserBundle } from './browser-bundle.ts'
import type { Machine } from './machine.ts'
import type { Measurement } from './measure.ts'
import { RAW_SYNC_ID } from './operations.ts'
import type { LoadedDatabase } from './postgres-cluster.ts'
import type { QueryAlone } from './postgres-query-alone.ts'
import type { BaselineStart } from './sessions.ts'
import type { StallResult } from './stall.ts'
import type { StartupResult } from './startup.ts'
import type { Measured } from './steps.ts'
import type { TargetResult } from './targets.ts'

/** The table a load row belongs to. */
export type Section = 'express' | 'mixed' | 'durable' | 'stores' | 'postgres'

/** The figures every table of loads shows. */
type Shown = 'requestsPerSecond' | 'p50Ms' | 'p99Ms' | 'serverCores'

/**
 * One measured load: its figures as measure.ts takes them (CPU in cores, 1 = one core busy all
 * along), those that do not apply left out (a load generator for the raw loops, run in the bench
 * process). A file written by hand from an older BENCHMARKS.md holds only what its tables showed.
 */
export interface LoadRow extends Partial<Omit<Measurement, Shown>>, Pick<Measurement, Shown> {
  id: string
  section: Section
  label: string
  /** Contacts in the data file; none for the baseline and the raw loops. */
  contacts?: number
  connections: number
  /** What the server wrote to stdout per response: its request log. */
  stdoutBytesPerRequest?: number
  /** The row whose req/s this row's is divided by, and that ratio. */
  reference?: string
  ratio?: number
  /** The mix: every round's ratio (the row kept is the round with the median one). */
  roundRatios?: number[]
  /** Durable creates: req/s divided by the raw loop's with synchronous calls. */
  syncLoopRatio?: number
  /** The least ratio to the reference, or the p99 to stay under; whether the run met it. */
  target?: number
  p99TargetMs?: number
  met?: boolean
}

export interface DatabaseLoad {
  section: 'stores' | 'postgres'
  contacts: number
  readSeconds: number
  loadSeconds: number
  vacuumSeconds: number
}

/** What the tables do not show as rows: when, where and how the run ran. */
export interface RunInfo {
  /** ISO 8601, to the second. */
  date: string
  quick: boolean
  skipBuild: boolean
  machine: Machine
  /** The PostgreSQL cluster: version, filesystem, settings. */
  postgres: string
  versions: Record<string, string>
  warmupSeconds: number
  durationSeconds: number
  searchTerm: string
  totalSeconds: number
}

/** A run's results; `npm run bench:postgres` fills only its rows, database and targets. */
export interface BenchResults {
  run?: RunInfo
  rows: LoadRow[]
  stall?: StallResult
  startup: StartupResult[]
  /** The minimal Express app's own start: Node and Express with no data. */
  baselineStart?: BaselineStart
  databases: DatabaseLoad[]
  /** The search's query at scale sent by pgbench, with no mock. */
  searchAlone?: QueryAlone
  /** The browser entry's size, and what takes the room. */
  browserBundle?: BrowserBundle
  targets: TargetResult[]
  /** Errors, timeouts or non-2xx answers: numbers measured with any are not valid. */
  problems: string[]
}

/** A database's load times, without its URL. */
export const databaseLoad = (
  section: DatabaseLoad['section'],
  { url: _, ...load }: LoadedDatabase,
) => ({ section, ...load })

function loadRow({ operation, measurement, local, problems: _, ...result }: Measured): LoadRow {
  const { generatorCores, ...figures } = measurement
  const { id, name: label, connections } = operation
  return { id, label, connections, ...result, ...figures, ...(!local && { generatorCores }) }
}

/** The rows in the order measured, each with its ratio to its reference and its verdict. */
export function toRows(measured: readonly Measured[]): LoadRow[] {
  const rows = new Map<string, LoadRow>()
  for (const result of measured) {
    const { reference: referenceId, target, p99TargetMs } = result.operation
    const row = loadRow(result)
    if (referenceId !== undefined) {
      const reference = rows.get(referenceId)
      // a reference is always measured first, in the same run
      if (!reference) throw new Error(`${row.label}: its reference ${referenceId} was not measured`)
      row.reference = referenceId
      row.ratio = row.requestsPerSecond / reference.requestsPerSecond
    }
    const sync = referenceId === RAW_SYNC_ID ? rows.get(`${RAW_SYNC_ID}-blocking`) : undefined
    if (sync) row.syncLoopRatio = row.requestsPerSecond / sync.requestsPerSecond
    if (target !== undefined) Object.assign(row, { target, met: (row.ratio ?? 0) >= target })
    if (p99TargetMs !== undefined) Object.assign(row, { p99TargetMs, met: row.p99Ms < p99TargetMs })
    rows.set(row.id, row)
  }
  return [...rows.values()]
}
