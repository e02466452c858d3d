import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { cpuJiffies } from './machine.ts'
import type { RunningMock } from './mock-process.ts'
import {
  CONTACTS_PATH,
  CREATE_ONE,
  contactForm,
  fetchOne,
  probe,
  type MockContext,
} from './requests.ts'
import { readCpuSeconds } from './server-process.ts'
import { startProbe, type ProbeSample } from './stall-probe.ts'
import { watchSnapshots } from './snapshot-watch.ts'

export const STALL_CONNECTIONS = 8
export const PROBE_INTERVAL_MS = 5
/** The creates run this long before the probe starts: the stall of a cold start is not counted. */
const SETTLE_MS = 1000
/** After the last snapshot the load goes on this long: its garbage is collected meanwhile. */
const AFTER_MS = 1000

export interface StallSettings {
  contacts: number
  /** Background snapshots that must finish while the probe runs. */
  snapshots: number
  /** The load stops after this long even if fewer snapshots finished. */
  maxSeconds: number
}

export interface StallResult extends StallSettings {
  connections: number
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

const worst = (samples: readonly ProbeSample[]): number =>
  samples.reduce((max, sample) => Math.max(max, sample.latencyMs), 0)

/** 8 connections create contacts while a probe fetches one every 5 ms, across `snapshots`. */
export async function measureStall(
  mock: RunningMock,
  context: MockContext,
  settings: StallSettings,
): Promise<StallResult> {
  const { server } = mock
  const fetch = fetchOne(context.ids.slice(0, 1))
  await probe(server.url, fetch)
  const watch = watchSnapshots(mock.dbFile)
  let creates = 0
  let loadErrors = 0
  let sequence = 0
  // a set: a mock that fails every create would otherwise add a line per request
  const problems = new Set<string>()
  let loadFinished: (error: unknown) => void = () => undefined
  // ends once the load is stopped (with the callback, autocannon hands back its instance)
  const loadDone = new Promise<void>((resolve, reject) => {
    loadFinished = (error) => {
      if (error instanceof Error) reject(error)
      else if (error) reject(new Error('the load generator failed'))
      else resolve()
    }
  })
  const instance = autocannon(
    {
      url: server.url,
      connections: STALL_CONNECTIONS,
      pipelining: 1,
      duration: settings.maxSeconds + 60,
      timeout: 30,
      requests: [
        {
          method: 'POST',
          path: CONTACTS_PATH,
          headers: CREATE_ONE.spec.headers,
          setupRequest: (request) => ({ ...request, body: contactForm(sequence++) }),
        },
      ],
    },
    (error: unknown, result?: autocannon.Result) => {
      if (result) loadErrors = result.errors + result.timeouts
      loadFinished(error)
    },
  )
  instance.on('response', (_client, statusCode) => {
    if (statusCode === 201) creates++
    else problems.add(`create answered ${String(statusCode)}`)
  })
  await sleep(SETTLE_MS)

  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  const [busyBefore] = cpuJiffies()
  const serverBefore = readCpuSeconds(server.pid)
  const ownBefore = process.cpuUsage()
  const createsBefore = creates
  const started = performance.now()
  const { path, headers } = fetch.spec
  const probePath = typeof path === 'string' ? path : path(0)
  const client = startProbe(server.url, probePath, headers, PROBE_INTERVAL_MS)
  let enoughAt: number | undefined
  while (performance.now() - started < settings.maxSeconds * 1000) {
    await sleep(100)
    if (watch.completed() >= settings.snapshots) enoughAt ??= performance.now()
    if (enoughAt !== undefined && performance.now() - enoughAt >= AFTER_MS) break
  }
  const seconds = (performance.now() - started) / 1000
  const created = creates - createsBefore
  instance.stop()
  await client.stop()
  await loadDone
  delay.disable()
  watch.stop()
  const serverCpu = readCpuSeconds(server.pid) - serverBefore
  const { user, system } = process.cpuUsage(ownBefore)
  const machineBusy = (cpuJiffies()[0] - busyBefore) / 100

  const samples = client.samples()
  const latencies = Float64Array.from(samples, (sample) => sample.latencyMs).sort()
  const rank = Math.max(1, Math.ceil(0.99 * latencies.length))
  const during = samples.filter((s) => watch.overlaps(s.sentMs, s.sentMs + s.latencyMs))
  const outside = samples.filter((s) => !watch.overlaps(s.sentMs, s.sentMs + s.latencyMs))
  for (const error of client.errors()) problems.add(error)
  if (loadErrors > 0) problems.add(`${String(loadErrors)} create errors or timeouts`)
  if (samples.length === 0) problems.add('no probe was answered')
  return {
    ...settings,
    connections: STALL_CONNECTIONS,
    seconds,
    createsPerSecond: created / seconds,
    snapshotSeconds: watch
      .spans()
      .flatMap((span) => (span.endMs === undefined ? [] : [(span.endMs - span.startMs) / 1000])),
    probes: samples.length,
    maxMs: worst(samples),
    p99Ms: latencies[rank - 1] ?? Number.NaN,
    maxDuringSnapshotMs: worst(during),
    maxOutsideSnapshotMs: worst(outside),
    benchLoopMaxMs: delay.max / 1e6,
    serverCores: serverCpu / seconds,
    otherCores: Math.max(0, machineBusy - serverCpu - (user + system) / 1e6) / seconds,
    problems: [...problems],
  }
}
