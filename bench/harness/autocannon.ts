import autocannon from 'autocannon'
import { percentile, type Measurement } from './measurement.ts'
import { cpuJiffies, readCpuSeconds, readTreeCpuSeconds } from './processes.ts'

/** One kind of request of a load; a load with several sends them in turn on each connection. */
export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH'
  /** A fixed path, or one per request (e.g. a different contact each time). */
  path: string | ((sequence: number) => string)
  headers: Record<string, string>
  /** Called for every request: a different body each time, e.g. a new contact. */
  body?: (sequence: number) => string
}

export interface Load {
  url: string
  requests: readonly RequestSpec[]
  connections: number
  durationSeconds: number
  /** The server's process: its CPU time tells whether it or the load generator was the limit. */
  serverPid: number
  /**
   * The database server the mock uses (PostgreSQL's postmaster): its processes work for the
   * mock, so their CPU time is the database's, not someone else's.
   */
  databasePid?: number | undefined
}

/** autocannon's form of a request: static ones are built once, dynamic ones per request. */
function toAutocannon(spec: RequestSpec, next: () => number): autocannon.Request {
  const { method, path, headers, body } = spec
  if (typeof path === 'string' && body === undefined) return { method, path, headers }
  return {
    method,
    headers,
    setupRequest: (request) => {
      const sequence = next()
      return {
        ...request,
        path: typeof path === 'string' ? path : path(sequence),
        ...(body && { body: body(sequence) }),
      }
    },
  }
}

/** One counter per kind of request, shared by every connection and every place in the turn. */
export function toAutocannonRequests(specs: readonly RequestSpec[]): autocannon.Request[] {
  const counters = new Map<RequestSpec, number>()
  const next = (spec: RequestSpec) => (): number => {
    const sequence = counters.get(spec) ?? 0
    counters.set(spec, sequence + 1)
    return sequence
  }
  return specs.map((spec) => toAutocannon(spec, next(spec)))
}

/** Starts autocannon; `done` settles once it ends by itself or is stopped. */
export function startAutocannon(options: autocannon.Options): {
  instance: autocannon.Instance
  done: Promise<autocannon.Result>
} {
  let settle: (error: unknown, result?: autocannon.Result) => void = () => undefined
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    settle = (error, result) => {
      if (result === undefined) reject(error instanceof Error ? error : new Error(String(error)))
      else resolve(result)
    }
  })
  const instance = autocannon(options, (error: unknown, result?: autocannon.Result) => {
    settle(error, result)
  })
  return { instance, done }
}

/** One bounded autocannon run; autocannon ends it after `durationSeconds`, and a guard after that. */
export async function measure(load: Load): Promise<Measurement> {
  // autocannon's own histogram counts whole milliseconds, too coarse for a 1 ms fetch.
  const latencies: number[] = []
  let bytes = 0
  const [machineBusyBefore] = cpuJiffies()
  const serverCpuBefore = readCpuSeconds(load.serverPid)
  const { databasePid } = load
  const databaseCpu = (): number =>
    databasePid === undefined ? 0 : readTreeCpuSeconds(databasePid)
  const databaseCpuBefore = databaseCpu()
  const generatorCpuBefore = process.cpuUsage()
  const { instance, done } = startAutocannon({
    url: load.url,
    connections: load.connections,
    pipelining: 1,
    duration: load.durationSeconds,
    timeout: 10,
    // each connection sends them in this order, over and over
    requests: toAutocannonRequests(load.requests),
  })
  instance.on('response', (_client, statusCode, resBytes, responseTime) => {
    bytes += resBytes
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime)
  })
  const guard = setTimeout(
    () => {
      instance.stop()
    },
    (load.durationSeconds + 30) * 1000,
  )
  const result = await done.finally(() => {
    clearTimeout(guard)
  })
  const serverCpu = readCpuSeconds(load.serverPid) - serverCpuBefore
  const databaseCpuUsed = databaseCpu() - databaseCpuBefore
  const { user, system } = process.cpuUsage(generatorCpuBefore)
  const generatorCpu = (user + system) / 1e6
  const machineBusy = (cpuJiffies()[0] - machineBusyBefore) / 100
  const sorted = Float64Array.from(latencies).sort()
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
  )
  const responses = Object.values(statusCodes).reduce((sum, count) => sum + count, 0)
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    requests: responses,
    bytesPerResponse: responses === 0 ? 0 : bytes / responses,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    serverCores: serverCpu / result.duration,
    generatorCores: generatorCpu / result.duration,
    databaseCores: databaseCpuUsed / result.duration,
    otherCores:
      Math.max(0, machineBusy - serverCpu - generatorCpu - databaseCpuUsed) / result.duration,
    serverCpuUsPerRequest: responses === 0 ? 0 : (serverCpu * 1e6) / responses,
    databaseCpuUsPerRequest: responses === 0 ? 0 : (databaseCpuUsed * 1e6) / responses,
  }
}

/** Problems that make a measurement worthless; empty when every request got a 2xx. */
export function problemsOf(name: string, measurement: Measurement): string[] {
  const problems: string[] = []
  const { errors, timeouts, non2xx, requests, statusCodes } = measurement
  if (requests === 0) problems.push(`${name}: no response at all`)
  if (errors > 0) problems.push(`${name}: ${String(errors)} connection errors`)
  if (timeouts > 0) problems.push(`${name}: ${String(timeouts)} timeouts`)
  if (non2xx > 0) {
    const codes = Object.entries(statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, count]) => `${code}×${String(count)}`)
      .join(', ')
    problems.push(`${name}: ${String(non2xx)} non-2xx responses (${codes})`)
  }
  return problems
}
