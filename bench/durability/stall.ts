// The stalls of the mock under sustained writes: creates on 8 connections while a probe fetches
// one contact every 5 ms on its own connection, across the background snapshots they cause, which
// are followed through the mock's files.
import { readdirSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { basename, dirname } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { startAutocannon, toAutocannonRequests } from '../harness/autocannon.ts'
import type { StepInputs } from '../harness/entry-point.ts'
import { leastDisturbed, percentile } from '../harness/measurement.ts'
import {
  cpuJiffies,
  DEFAULTS,
  readCpuSeconds,
  startMock,
  type RunningMock,
} from '../harness/processes.ts'
import { CREATE_ONE, fetchFirst, probe, type MockContext } from '../http/requests.ts'
import { contextOf } from '../http/sessions.ts'
import type { StallResult, StallSettings } from '../results/results.ts'

const STALL_CONNECTIONS = 8
const PROBE_INTERVAL_MS = 5
/** The creates run this long before the probe starts: the stall of a cold start is not counted. */
const SETTLE_MS = 1000
/** After the last snapshot the load goes on this long: its garbage is collected meanwhile. */
const AFTER_MS = 1000
const STALL_ATTEMPTS = 2

interface ProbeSample {
  sentMs: number
  latencyMs: number
}

/**
 * A client that sends a cheap GET every `intervalMs` on a connection of its own and times each
 * answer. One probe at a time: while one waits, the ticks that fall due are skipped, so a stall of
 * the server shows as one long probe, not as a queue of them.
 */
function startProbe(
  url: string,
  path: string,
  headers: Record<string, string>,
  intervalMs: number,
) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const samples: ProbeSample[] = []
  const errors: string[] = []
  let inFlight: Promise<void> | undefined
  const send = (): Promise<void> =>
    new Promise((resolve) => {
      const sentMs = performance.now()
      const req = request(url + path, { agent, headers, timeout: 30_000 }, (res) => {
        res.resume()
        res.once('end', () => {
          if (res.statusCode === 200) {
            samples.push({ sentMs, latencyMs: performance.now() - sentMs })
          } else errors.push(`probe answered ${String(res.statusCode)}`)
          resolve()
        })
      })
      req.once('timeout', () => req.destroy(new Error('no answer in 30 s')))
      req.once('error', (error) => {
        errors.push(`probe failed: ${error.message}`)
        resolve()
      })
      req.end()
    })
  const timer = setInterval(() => {
    inFlight ??= send().finally(() => {
      inFlight = undefined
    })
  }, intervalMs)
  return {
    samples: () => samples,
    errors: () => errors,
    /** Stops sending and waits (a little) for the probe in flight. */
    async stop() {
      clearInterval(timer)
      if (inFlight) await Promise.race([inFlight, new Promise((r) => setTimeout(r, 31_000))])
      agent.destroy()
    },
  }
}

/** A background snapshot as seen from outside: from its journal's rotation to its removal. */
interface SnapshotSpan {
  startMs: number
  /** Undefined while it is still being written. */
  endMs: number | undefined
}

const POLL_MS = 10

/**
 * Follows the mock's snapshots through its files: a snapshot starts by setting the journal aside as
 * `<db>.journal.<n>` and ends by removing it once the new data file is in place.
 */
function watchSnapshots(dbFile: string) {
  const folder = dirname(dbFile)
  const rotated = new RegExp(`^${basename(dbFile).replace(/\./g, '\\.')}\\.journal\\.(\\d+)$`)
  const open = new Map<string, SnapshotSpan>()
  const spans: SnapshotSpan[] = []
  const poll = (): void => {
    const now = performance.now()
    const present = new Set(readdirSync(folder).filter((name) => rotated.test(name)))
    for (const name of present) {
      if (open.has(name)) continue
      const span = { startMs: now, endMs: undefined }
      open.set(name, span)
      spans.push(span)
    }
    for (const [name, span] of open) {
      if (present.has(name)) continue
      span.endMs = now
      open.delete(name)
    }
  }
  const timer = setInterval(poll, POLL_MS)
  return {
    spans: () => spans,
    completed: () => spans.filter((span) => span.endMs !== undefined).length,
    /** Whether [fromMs, toMs] (performance.now()) overlaps a snapshot, give or take a poll period. */
    overlaps: (fromMs: number, toMs: number) =>
      spans.some(
        (span) => toMs >= span.startMs - POLL_MS && fromMs <= (span.endMs ?? Infinity) + POLL_MS,
      ),
    stop: () => {
      clearInterval(timer)
    },
  }
}

const worst = (samples: readonly ProbeSample[]): number =>
  samples.reduce((max, sample) => Math.max(max, sample.latencyMs), 0)

/** 8 connections create contacts while a probe fetches one every 5 ms, across `snapshots`. */
async function measureStall(
  mock: RunningMock,
  context: MockContext,
  settings: StallSettings,
): Promise<StallResult> {
  const fetch = fetchFirst(context)
  await probe(mock.url, fetch)
  if (mock.dbFile === undefined) throw new Error('The stall is measured on a data file')
  const watch = watchSnapshots(mock.dbFile)
  let creates = 0
  // a set: a mock that fails every create would otherwise add a line per request
  const problems = new Set<string>()
  const load = startAutocannon({
    url: mock.url,
    connections: STALL_CONNECTIONS,
    pipelining: 1,
    duration: settings.maxSeconds + 60,
    timeout: 30,
    requests: toAutocannonRequests([CREATE_ONE]),
  })
  load.instance.on('response', (_client, statusCode) => {
    if (statusCode === 201) creates++
    else problems.add(`create answered ${String(statusCode)}`)
  })
  await sleep(SETTLE_MS)

  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  const [busyBefore] = cpuJiffies()
  const serverBefore = readCpuSeconds(mock.pid)
  const ownBefore = process.cpuUsage()
  const createsBefore = creates
  const started = performance.now()
  const { path, headers } = fetch
  const probePath = typeof path === 'string' ? path : path(0)
  const client = startProbe(mock.url, probePath, headers, PROBE_INTERVAL_MS)
  let enoughAt: number | undefined
  while (performance.now() - started < settings.maxSeconds * 1000) {
    await sleep(100)
    if (watch.completed() >= settings.snapshots) enoughAt ??= performance.now()
    if (enoughAt !== undefined && performance.now() - enoughAt >= AFTER_MS) break
  }
  const seconds = (performance.now() - started) / 1000
  const created = creates - createsBefore
  load.instance.stop()
  await client.stop()
  const result = await load.done
  delay.disable()
  watch.stop()
  const serverCpu = readCpuSeconds(mock.pid) - serverBefore
  const { user, system } = process.cpuUsage(ownBefore)
  const machineBusy = (cpuJiffies()[0] - busyBefore) / 100

  const samples = client.samples()
  const latencies = Float64Array.from(samples, (sample) => sample.latencyMs).sort()
  const during = samples.filter((s) => watch.overlaps(s.sentMs, s.sentMs + s.latencyMs))
  const outside = samples.filter((s) => !watch.overlaps(s.sentMs, s.sentMs + s.latencyMs))
  for (const error of client.errors()) problems.add(error)
  const loadErrors = result.errors + result.timeouts
  if (loadErrors > 0) problems.add(`${String(loadErrors)} create errors or timeouts`)
  if (samples.length === 0) problems.add('no probe was answered')
  return {
    ...settings,
    connections: STALL_CONNECTIONS,
    probeIntervalMs: PROBE_INTERVAL_MS,
    seconds,
    createsPerSecond: created / seconds,
    snapshotSeconds: watch
      .spans()
      .flatMap((span) => (span.endMs === undefined ? [] : [(span.endMs - span.startMs) / 1000])),
    probes: samples.length,
    maxMs: worst(samples),
    p99Ms: percentile(latencies, 0.99),
    maxDuringSnapshotMs: worst(during),
    maxOutsideSnapshotMs: worst(outside),
    benchLoopMaxMs: delay.max / 1e6,
    serverCores: serverCpu / seconds,
    otherCores: Math.max(0, machineBusy - serverCpu - (user + system) / 1e6) / seconds,
    problems: [...problems],
  }
}

/** The stall run on a mock started with the defaults (request log on); a disturbed one again. */
export async function measureStallStep(
  inputs: StepInputs,
  stall: StallSettings,
): Promise<StallResult> {
  const { log } = inputs
  const { contacts } = stall
  const data = { dataFile: await inputs.files.get(contacts) }
  return leastDisturbed(STALL_ATTEMPTS, log, async () => {
    const size = contacts.toLocaleString('en-US')
    log(`Stall during sustained writes (mock, ${size} contacts, default flags):`)
    const mock = await startMock({ ...inputs, data, contacts, flags: DEFAULTS })
    let result: StallResult
    try {
      result = await measureStall(mock, await contextOf(inputs, contacts)(mock), stall)
    } finally {
      await mock.stop()
    }
    log(
      `  worst probe ${result.maxMs.toFixed(1)} ms (in a snapshot ${result.maxDuringSnapshotMs.toFixed(1)}, ` +
        `outside ${result.maxOutsideSnapshotMs.toFixed(1)}), p99 ${result.p99Ms.toFixed(1)} ms, ` +
        `${String(result.probes)} probes over ${result.seconds.toFixed(1)} s; ` +
        `${result.createsPerSecond.toFixed(0)} creates/s; snapshots ` +
        `${result.snapshotSeconds.map((s) => `${s.toFixed(1)} s`).join(', ') || 'none finished'}; ` +
        `bench loop max ${result.benchLoopMaxMs.toFixed(1)} ms; other ${(result.otherCores * 100).toFixed(0)}% CPU`,
    )
    for (const problem of result.problems) log(`  !! ${problem}`)
    return result
  })
}
