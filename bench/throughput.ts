import { DISTURBED_CORES, measure, problemsOf, type Measurement } from './measure.ts'
import type { Operation } from './operations.ts'
import { probe, type CheckedRequest, type MockContext } from './requests.ts'
import type { ServerProcess } from './server-process.ts'

export interface ThroughputSettings {
  durationSeconds: number
  warmupSeconds: number
  log: (line: string) => void
}

export interface StartedServer {
  server: ServerProcess
  dispose: () => Promise<void>
  /** The database server it uses, if any: its CPU is counted as the database's. */
  databasePid?: number | undefined
}

/** A server started for some operations, measured one after the other, then stopped. */
export interface Session {
  label: string
  start: () => Promise<StartedServer>
  /** What the requests need from the server, read once it runs. */
  context: (server: ServerProcess) => Promise<MockContext>
  operations: (context: MockContext) => Operation[]
}

export interface OperationResult {
  operation: Operation
  measurement: Measurement
  /** Errors, timeouts or non-2xx answers, of the warm-up or the measured run. */
  problems: string[]
  /** What the server wrote to stdout per response: the request log's volume when it is on. */
  stdoutBytesPerRequest: number
}

// A disturbed run is taken again; the least disturbed attempt is kept.
const ATTEMPTS = 3

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
    `load generator ${percent(m.generatorCores)}, other ${percent(m.otherCores)}`
  )
}

async function runOperation(
  { server, databasePid }: StartedServer,
  operation: Operation,
  settings: ThroughputSettings,
): Promise<OperationResult> {
  for (const request of new Set<CheckedRequest>(operation.requests)) {
    await probe(server.url, request)
  }
  const load = {
    url: server.url,
    requests: operation.requests.map((request) => request.spec),
    connections: operation.connections,
    serverPid: server.pid,
    databasePid,
  }
  const warmup = await measure({ ...load, durationSeconds: settings.warmupSeconds })
  const problems = problemsOf(`${operation.name} (warm-up)`, warmup)
  let kept: { measurement: Measurement; stdoutBytes: number } | undefined
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const stdoutBefore = server.stdoutBytes()
    const taken = await measure({ ...load, durationSeconds: settings.durationSeconds })
    const stdoutBytes = server.stdoutBytes() - stdoutBefore
    problems.push(...problemsOf(operation.name, taken))
    settings.log(`  ${operation.name}: ${describeMeasurement(taken)}`)
    if (kept === undefined || taken.otherCores < kept.measurement.otherCores) {
      kept = { measurement: taken, stdoutBytes }
    }
    if (taken.otherCores <= DISTURBED_CORES) break
    settings.log(
      `    disturbed: other processes used the CPU${attempt < ATTEMPTS ? '; again' : ''}`,
    )
  }
  if (kept === undefined) throw new Error('unreachable: ATTEMPTS is at least 1')
  for (const problem of problems) settings.log(`  !! ${problem}`)
  const { measurement, stdoutBytes } = kept
  return {
    operation,
    measurement,
    problems,
    stdoutBytesPerRequest: measurement.requests === 0 ? 0 : stdoutBytes / measurement.requests,
  }
}

/** Starts the session's server, measures its operations one at a time, and stops it. */
export async function runSession(
  session: Session,
  settings: ThroughputSettings,
): Promise<OperationResult[]> {
  settings.log(`${session.label}:`)
  const started = await session.start()
  const results: OperationResult[] = []
  try {
    const operations = session.operations(await session.context(started.server))
    for (const operation of operations) {
      results.push(await runOperation(started, operation, settings))
    }
  } finally {
    await started.dispose()
  }
  return results
}
