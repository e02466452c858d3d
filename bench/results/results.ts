// The results of a run as JSON, what each step hands back: the terminal's tables and BENCHMARKS.md's
// are rendered from this alone (render/render.ts), by the run or later from a saved file
// (npm run bench -- --render FILE). Read and written here too.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { format, resolveConfig } from 'prettier'
import type { Machine } from '../harness/machine.ts'
import {
  DISTURBED_CORES,
  type Measured,
  type Measurement,
  type RowSpec,
} from '../harness/measurement.ts'
import { ROOT } from '../harness/processes.ts'

/** The figures every table of loads shows. */
type Shown = 'requestsPerSecond' | 'p50Ms' | 'p99Ms' | 'serverCores'

/**
 * One measured load: its figures as harness/autocannon.ts takes them (CPU in cores, 1 = one core
 * busy all along), those that do not apply left out (a load generator for the raw loops, run in
 * the bench process). A file written by hand from an older BENCHMARKS.md holds only what its
 * tables showed.
 */
export interface LoadRow
  extends
    Partial<Omit<Measurement, Shown>>,
    Pick<Measurement, Shown>,
    Pick<RowSpec, 'id' | 'connections' | 'reference' | 'target' | 'p99TargetMs'>,
    Pick<Measured, 'section' | 'stdoutBytesPerRequest' | 'roundRatios'> {
  label: string
  /** Contacts in the data file; none for the baseline and the raw loops. */
  contacts?: number
  /** Its req/s divided by its reference's. */
  ratio?: number
  /** Durable creates: req/s divided by the raw loop's with synchronous calls. */
  syncLoopRatio?: number
  /** Whether the run met its target (a ratio, or a p99 to stay under). */
  met?: boolean
}

/** The stall measurement: its data file, the snapshots it must cross, its longest run. */
export interface StallSettings {
  contacts: number
  /** Background snapshots that must finish while the probe runs. */
  snapshots: number
  /** The load stops after this long even if fewer snapshots finished. */
  maxSeconds: number
}

export interface StallResult extends StallSettings {
  connections: number
  /** The probe fetches one contact this often, in ms. */
  probeIntervalMs: number
  /** Probed time, in seconds. */
  seconds: number
  createsPerSecond: number
  /** Durations of the snapshots that finished, in seconds. */
  snapshotSeconds: number[]
  probes: number
  maxMs: number
  p99Ms: number
  maxDuringSnapshotMs: number
  maxOutsideSnapshotMs: number
  /** The bench's own worst event-loop delay: a stall of the probe client, not of the mock. */
  benchLoopMaxMs: number
  serverCores: number
  otherCores: number
  problems: string[]
}

export interface StartupResult {
  contacts: number
  fileBytes: number
  samples: number
  /** Median of the samples, from spawn() to the "Mock listening" line. */
  startupMs: number
  /** Medians, in bytes: right after the ready line, and after the warm requests. */
  rssReady: number
  rssWarm: number
  /** Highest VmHWM (peak RSS) seen in the samples: loading the data costs more than keeping it. */
  peakRss: number
  /** Most CPU (in cores) used by other processes during a kept sample's start-up. */
  otherCores: number
}

/** `contacts-mock mcp`'s start (bench/startup/mcp-startup.ts): the median of a few. */
export interface McpStartup {
  /** What the start-up table names it. */
  server: string
  samples: number
  /** Median, from spawn() to the first tool call's answer over stdio. */
  startupMs: number
  /** That sample's: from spawn() to the protocol's handshake done. */
  initializedMs: number
  /** That sample's VmRSS after the answer, in bytes. */
  rssReady: number
}

/** The baseline app's start: Node and Express with no data, the median of a few. */
export interface BaselineStart {
  samples: number
  startupMs: number
  /** VmRSS when ready, in bytes. */
  rssReady: number
}

export interface DatabaseLoad {
  section: 'stores' | 'postgres'
  contacts: number
  /** Reading and parsing the data file. */
  readSeconds: number
  /** openPostgresStore on the empty database: the migrations, then every record, one commit. */
  loadSeconds: number
  /** VACUUM ANALYZE of the database afterwards. */
  vacuumSeconds: number
}

/** The search's query alone as pgbench measured it, or why it was not measured. */
export type QueryAlone = MeasuredAlone | { notMeasured: string }

export interface MeasuredAlone {
  /** The count each query returns: the matches it finds. */
  matches: number
  connections: number
  seconds: number
  perSecond: number
  p50Ms: number
  p99Ms: number
}

export interface BrowserBundle {
  rawBytes: number
  /** gzip at level 9, as the size tools of bundles count. */
  gzipBytes: number
  /** Bytes of minified output per part (a package, a folder of ours, a generated module), largest first. */
  parts: { part: string; bytes: number }[]
}

export interface WorkerStartupSample {
  /** From startMockWorker() to its promise resolved (worker registered, data in memory). */
  startedMs: number
  /** From startMockWorker() to the first answer's body read. */
  answeredMs: number
}

/** The worker's start with the bundled fixtures, and with `contacts` in IndexedDB. */
export interface WorkerStartup {
  fixtures: WorkerStartupSample
  large: WorkerStartupSample
  contacts: number
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

/** One acceptance target of the issue and what this run measured for it. */
export interface TargetResult {
  label: string
  /** A ratio (unit x), which must be at least `limit`; or a time or a size, which must stay under. */
  value: number
  unit: 'x' | 'ms' | 'bytes'
  limit: number
  met: boolean
}

/** A run's results; `npm run bench:postgres` fills only its rows, database and targets. */
export interface BenchResults {
  run?: RunInfo
  rows: LoadRow[]
  stall?: StallResult
  startup: StartupResult[]
  /** The MCP server's start to its first tool answer. */
  mcpStartup?: McpStartup
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

function loadRow({ operation, measurement, problems: _, ...measured }: Measured): LoadRow {
  const { id, name: label, connections } = operation
  return { id, label, connections, ...measured, ...measurement }
}

/** The rows in the order measured, each with its ratio to its reference and its verdict. */
export function toRows(measured: readonly Measured[]): LoadRow[] {
  const rows = new Map<string, LoadRow>()
  for (const result of measured) {
    const { reference: referenceId, syncLoop, target, p99TargetMs } = result.operation
    const row = loadRow(result)
    if (referenceId !== undefined) {
      const reference = rows.get(referenceId)
      // a reference is always measured first, in the same run
      if (!reference) throw new Error(`${row.label}: its reference ${referenceId} was not measured`)
      row.reference = referenceId
      row.ratio = row.requestsPerSecond / reference.requestsPerSecond
    }
    const sync = syncLoop === undefined ? undefined : rows.get(syncLoop)
    if (sync) row.syncLoopRatio = row.requestsPerSecond / sync.requestsPerSecond
    if (target !== undefined) Object.assign(row, { target, met: (row.ratio ?? 0) >= target })
    if (p99TargetMs !== undefined) Object.assign(row, { p99TargetMs, met: row.p99Ms < p99TargetMs })
    rows.set(row.id, row)
  }
  return [...rows.values()]
}

/** The parts of a run that other work on the machine disturbed: their numbers are not to quote. */
export function disturbedOf({ rows, stall, startup }: BenchResults): string[] {
  return [
    ...rows.filter((row) => (row.otherCores ?? 0) > DISTURBED_CORES).map((row) => row.label),
    ...(stall && stall.otherCores > DISTURBED_CORES ? ['the stall run'] : []),
    ...startup
      .filter((result) => result.otherCores > DISTURBED_CORES)
      .map((result) => `start-up with ${String(result.contacts)} contacts`),
  ]
}

/** Every run's results, kept after its temporary folder is gone (reports/ is not committed). */
export const LATEST_RESULTS = join(ROOT, 'reports', 'bench.json')
/** The results BENCHMARKS.md shows, committed beside the bench: `--write` writes both. */
export const SHOWN_RESULTS = join(ROOT, 'bench', 'results.json')
/** Their tables' page: its regions are written from them, the rest by hand. */
export const BENCHMARKS = join(ROOT, 'BENCHMARKS.md')

/** Writes `text` formatted as `prettier --check` wants it. */
export async function writeFormatted(path: string, text: string): Promise<void> {
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
