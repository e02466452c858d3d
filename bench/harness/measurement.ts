// A measured load and the row it makes, the retakes of a disturbed one, and the statistics its
// figures are read with.

/**
 * On a shared machine another process may take a core mid-run. A measurement during which more
 * than this share of a core went to neither the server nor the load generator is disturbed: it
 * is taken again, and BENCHMARKS.md is not written from it.
 */
export const DISTURBED_CORES = 0.25

export interface Measurement {
  requestsPerSecond: number
  /** Latencies of the 2xx responses, in ms, from autocannon's high-resolution timings. */
  p50Ms: number
  p99Ms: number
  requests: number
  /** Average size of a response (headers and body), in bytes. */
  bytesPerResponse: number
  errors: number
  timeouts: number
  non2xx: number
  statusCodes: Record<string, number>
  /** Cores busy during the run (1 = one core all the time): the server, and this process. */
  serverCores: number
  /** None when the row's work runs in one process with no load generator (ownMeasurement). */
  generatorCores?: number
  /** Cores busy in the database server's processes; 0 without one (the file store). */
  databaseCores: number
  /** Cores busy with anything else: other processes, and kernel work such as loopback traffic. */
  otherCores: number
  /** Server CPU time per response, in microseconds. */
  serverCpuUsPerRequest: number
  /** The database server's CPU time per response, in microseconds; 0 without one. */
  databaseCpuUsPerRequest: number
}

/** The table a load row belongs to. */
export type Section = 'express' | 'mixed' | 'durable' | 'stores' | 'postgres'

/** What a row is: a load of one or more kinds of requests, compared with another row. */
export interface RowSpec {
  /** Unique in the run; other rows name it as their reference. */
  id: string
  name: string
  connections: number
  /** The id of the row whose req/s this one's is divided by. */
  reference?: string
  /** The least acceptable ratio to the reference. */
  target?: number
  /** The p99 latency it must stay under, in ms. */
  p99TargetMs?: number
  /** Durable creates: the raw loop of synchronous calls, whose req/s is set beside the ratio's. */
  syncLoop?: string
}

/** A measured row and where it goes. */
export interface Measured {
  section: Section
  operation: RowSpec
  measurement: Measurement
  /** Contacts in the data file; none for the baseline and the raw loops. */
  contacts: number | undefined
  /** Errors, timeouts or non-2xx answers, of the warm-up or the measured run. */
  problems: string[]
  /** What the server wrote to stdout per response: the request log's volume when it is on. */
  stdoutBytesPerRequest?: number
  /** Every round's ratio, when the row is the median round of several (the mixed workload). */
  roundRatios?: number[]
}

/** What one process did alone, measured from inside: `requests` of work in `elapsedSeconds`. */
export type OwnRun = Pick<
  Measurement,
  'requests' | 'p50Ms' | 'p99Ms' | 'bytesPerResponse' | 'non2xx' | 'statusCodes'
> & { elapsedSeconds: number; cpuSeconds: number; machineBusySeconds: number }

/**
 * The measurement of work with no load generator (the raw loops, the fetch function in its
 * process): the process doing it is the row's "server", and the rest of the machine "other".
 */
export function ownMeasurement(run: OwnRun): Measurement {
  const { requests, elapsedSeconds: elapsed, cpuSeconds: cpu, p50Ms, p99Ms } = run
  return {
    requestsPerSecond: requests / elapsed,
    p50Ms,
    p99Ms,
    requests,
    bytesPerResponse: run.bytesPerResponse,
    errors: 0,
    timeouts: 0,
    non2xx: run.non2xx,
    statusCodes: run.statusCodes,
    serverCores: cpu / elapsed,
    databaseCores: 0,
    otherCores: Math.max(0, run.machineBusySeconds - cpu) / elapsed,
    serverCpuUsPerRequest: requests === 0 ? 0 : (cpu * 1e6) / requests,
    databaseCpuUsPerRequest: 0,
  }
}

export function describeMeasurement(m: Measurement): string {
  const percent = (cores: number): string => `${(cores * 100).toFixed(0)}%`
  const database =
    m.databaseCores > 0
      ? `, database ${percent(m.databaseCores)} (${m.databaseCpuUsPerRequest.toFixed(0)} µs/req)`
      : ''
  return (
    `${m.requestsPerSecond.toFixed(0)} req/s, p50 ${m.p50Ms.toFixed(2)} ms, ` +
    `p99 ${m.p99Ms.toFixed(2)} ms; CPU: server ${percent(m.serverCores)} ` +
    `(${m.serverCpuUsPerRequest.toFixed(0)} µs/req)${database}, ` +
    `load generator ${percent(m.generatorCores ?? 0)}, other ${percent(m.otherCores)}`
  )
}

/**
 * Takes a measurement, and again while it is disturbed (`attempts` in all at most): the least
 * disturbed one is kept.
 */
export async function leastDisturbed<T extends { otherCores: number }>(
  attempts: number,
  log: (line: string) => void,
  take: () => Promise<T>,
): Promise<T> {
  let kept = await take()
  for (let attempt = 1; kept.otherCores > DISTURBED_CORES; attempt++) {
    log(`    disturbed: other processes used the CPU${attempt < attempts ? '; again' : ''}`)
    if (attempt === attempts) break
    const taken = await take()
    if (taken.otherCores < kept.otherCores) kept = taken
  }
  return kept
}

/** Nearest rank: the smallest of the sorted values that at least `fraction` of them do not exceed. */
export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)))
  return sorted[rank - 1] ?? Number.NaN
}

/** The item in the middle by `key` (of an even count, the upper of the two). */
export function medianBy<T>(items: readonly T[], key: (item: T) => number): T {
  const middle = [...items].sort((a, b) => key(a) - key(b))[items.length >> 1]
  if (middle === undefined) throw new Error('the median of nothing')
  return middle
}

export const median = (values: readonly number[]): number => medianBy(values, (value) => value)
