import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Workload } from './data-files.ts'
import { DISTURBED_CORES, measure, problemsOf, type Measurement } from './measure.ts'
import { baselineOperation, firstListedId, mockOperations, type Operation } from './operations.ts'
import { readMemory, startServer, type ServerProcess } from './server-process.ts'
import { startMock } from './startup.ts'

const BASELINE_READY = /Baseline listening on (http:\/\/\S+)\r?\n/

export interface ThroughputSettings {
  durationSeconds: number
  warmupSeconds: number
  /** Where the mock's --cpu-prof output goes; undefined: no profiling. */
  profileDir: string | undefined
  log: (line: string) => void
}

export interface OperationResult {
  operation: Operation
  measurement: Measurement
  /** Errors, timeouts or non-2xx answers, of the warm-up or the measured run. */
  problems: string[]
}

// A disturbed run is taken again (baseline and mock alike); the least disturbed attempt is kept.
const ATTEMPTS = 3

function describe(m: Measurement): string {
  const percent = (cores: number): string => `${(cores * 100).toFixed(0)}%`
  return (
    `${m.requestsPerSecond.toFixed(0)} req/s, p50 ${m.p50Ms.toFixed(2)} ms, ` +
    `p99 ${m.p99Ms.toFixed(2)} ms; CPU: server ${percent(m.serverCores)} ` +
    `(${m.serverCpuUsPerRequest.toFixed(0)} µs/req), load generator ${percent(m.generatorCores)}, ` +
    `other ${percent(m.otherCores)}`
  )
}

async function runOperation(
  server: ServerProcess,
  operation: Operation,
  settings: ThroughputSettings,
): Promise<OperationResult> {
  await operation.probe(server.url)
  const load = {
    url: server.url,
    path: operation.path,
    method: operation.method,
    headers: operation.headers,
    connections: operation.connections,
    serverPid: server.pid,
    ...(operation.body && { body: operation.body }),
  }
  const warmup = await measure({ ...load, durationSeconds: settings.warmupSeconds })
  const problems = problemsOf(`${operation.name} (warm-up)`, warmup)
  let measurement: Measurement | undefined
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const taken = await measure({ ...load, durationSeconds: settings.durationSeconds })
    problems.push(...problemsOf(operation.name, taken))
    settings.log(`  ${operation.name}: ${describe(taken)}`)
    if (measurement === undefined || taken.otherCores < measurement.otherCores) {
      measurement = taken
    }
    if (taken.otherCores <= DISTURBED_CORES) break
    settings.log(
      `    disturbed: other processes used the CPU${attempt < ATTEMPTS ? '; again' : ''}`,
    )
  }
  if (measurement === undefined) throw new Error('unreachable: ATTEMPTS is at least 1')
  for (const problem of problems) settings.log(`  !! ${problem}`)
  return { operation, measurement, problems }
}

async function runAll(
  server: ServerProcess,
  operations: Operation[],
  settings: ThroughputSettings,
): Promise<OperationResult[]> {
  const results: OperationResult[] = []
  try {
    for (const operation of operations)
      results.push(await runOperation(server, operation, settings))
  } finally {
    await server.stop()
  }
  return results
}

export interface BaselineResult extends OperationResult {
  /** Spawn to ready line, and RSS then: the floor of Node + tsx + Express, for scale. */
  startupMs: number
  rss: number
}

/** The minimal Express app, alone on the machine, serving the contact the mock will serve. */
export async function runBaseline(
  dir: string,
  workload: Workload,
  settings: ThroughputSettings,
): Promise<BaselineResult> {
  const contactFile = join(dir, 'baseline-contact.json')
  writeFileSync(contactFile, JSON.stringify(workload.contact))
  settings.log('Baseline (minimal Express app):')
  const server = await startServer({
    args: ['--import', 'tsx', 'bench/baseline-server.ts', '--contact', contactFile],
    ready: BASELINE_READY,
    timeoutMs: 60_000,
  })
  const { rss } = readMemory(server.pid)
  const [result] = await runAll(server, [baselineOperation(workload)], settings)
  if (result === undefined) throw new Error('The baseline produced no result')
  return { ...result, startupMs: server.startupMs, rss }
}

/** The mock, alone on the machine, on a copy of the data file (create adds to it). */
export async function runMock(
  dataFile: string,
  workload: Workload,
  settings: ThroughputSettings,
): Promise<OperationResult[]> {
  const copy = join(dataFile, '..', 'throughput-db.json')
  copyFileSync(dataFile, copy)
  const flags = settings.profileDir ? ['--cpu-prof', '--cpu-prof-dir', settings.profileDir] : []
  settings.log(`Mock${flags.length > 0 ? ` (profiled into ${String(settings.profileDir)})` : ''}:`)
  const server = await startMock(copy, flags)
  let contactId: string
  try {
    contactId = await firstListedId(server.url)
  } catch (error) {
    await server.stop()
    throw error
  }
  if (contactId !== workload.contact.id) {
    settings.log(`  note: the mock lists ${contactId} first, the baseline serves another record`)
  }
  return runAll(server, mockOperations(workload, contactId), settings)
}
