// The load of the createMockFetch row, run by Node as JavaScript (transpiled like the baseline) in
// a process of its own: the compiled package's fetch function on a copy of the data file, one
// caller fetching one contact and reading its body, over and over, timed as autocannon times.
// Arguments: the package's root, the data file, the request's path, its bearer token, the id the
// answer must have, the warm-up and the measured seconds. Prints one JSON line.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

interface MockFetch {
  (input: string, init?: RequestInit): Promise<Response>
  close: () => Promise<void>
}

const [root = '', dbFile = '', path = '', token = '', id = '', warmup = '0', duration = '0'] =
  process.argv.slice(2)
const entry = pathToFileURL(join(root, 'dist', 'mock', 'fetch', 'node', 'fetch.js')).href
const { openMockFetch } = (await import(entry)) as {
  openMockFetch: (options: { dbFile: string }) => Promise<MockFetch>
}
const mock = await openMockFetch({ dbFile })
const url = `http://localhost${path}`
const init = { headers: { authorization: `Bearer ${token}` } }

const first = await mock(url, init)
const body = (await first.json()) as { id?: unknown }
if (first.status !== 200 || body.id !== id) {
  process.stderr.write(`the probe got ${String(first.status)}, id ${String(body.id)}\n`)
  process.exit(1)
}

// a bound besides the time, as autocannon's own
const latencies = new Float64Array(20_000_000)
let statusOther = 0
let bytes = 0

async function load(seconds: number, record: boolean): Promise<number> {
  const deadline = performance.now() + seconds * 1000
  let count = 0
  while (count < latencies.length) {
    const begun = performance.now()
    if (begun >= deadline) break
    const response = await mock(url, init)
    const text = await response.text()
    if (record) {
      latencies[count] = performance.now() - begun
      if (response.status !== 200) statusOther++
      bytes += text.length
    }
    count++
  }
  return count
}

/** Busy seconds of all cores so far, from /proc/stat (as bench/harness/machine.ts reads it). */
function busySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  const ticks = line.split(/\s+/).slice(1).filter(Boolean).map(Number)
  const total = ticks.reduce((sum, tick) => sum + tick, 0)
  return (total - (ticks[3] ?? 0) - (ticks[4] ?? 0)) / 100
}

await load(Number(warmup), false)
const busy = busySeconds()
const cpu = process.cpuUsage()
const started = performance.now()
const requests = await load(Number(duration), true)
const elapsedSeconds = (performance.now() - started) / 1000
const { user, system } = process.cpuUsage(cpu)
const machineBusySeconds = busySeconds() - busy
await mock.close()
const sorted = latencies.subarray(0, requests).sort()
const percentile = (fraction: number): number =>
  sorted[Math.min(requests, Math.max(1, Math.ceil(fraction * requests))) - 1] ?? Number.NaN
process.stdout.write(
  JSON.stringify({
    requests,
    elapsedSeconds,
    cpuSeconds: (user + system) / 1e6,
    machineBusySeconds,
    p50Ms: percentile(0.5),
    p99Ms: percentile(0.99),
    bytesPerResponse: requests === 0 ? 0 : bytes / requests,
    non2xx: statusOther,
  }) + '\n',
)
