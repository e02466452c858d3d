import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { cpuJiffies } from './machine.ts'
import type { Measurement } from './measure.ts'

/** About the size of one journal entry of a created contact. */
const LINE = `${'x'.repeat(299)}\n`
// A bound besides the time: even a disk that ignores fdatasync ends the loop.
const MAX_LINES = 2_000_000

export type SyncStyle = 'promises' | 'blocking'

function percentile(sorted: Float64Array, fraction: number): number {
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)))
  return sorted[rank - 1] ?? Number.NaN
}

/**
 * The floor a durable write is measured against: append one line, fdatasync, and again, one at a
 * time, for `seconds`. 'promises' calls FileHandle.write, then datasync, each through libuv's
 * thread pool (the journal makes one trip: its file is opened O_DSYNC); 'blocking' makes the
 * synchronous calls, with no hop.
 */
export async function measureRawSync(
  dir: string,
  style: SyncStyle,
  seconds: number,
): Promise<Measurement> {
  const path = join(dir, `raw-fdatasync-${style}.log`)
  const latencies: number[] = []
  const [busyBefore] = cpuJiffies()
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const deadline = started + seconds * 1000
  try {
    if (style === 'promises') {
      const handle = await open(path, 'a')
      try {
        while (performance.now() < deadline && latencies.length < MAX_LINES) {
          const begun = performance.now()
          await handle.write(LINE)
          await handle.datasync()
          latencies.push(performance.now() - begun)
        }
      } finally {
        await handle.close()
      }
    } else {
      const fd = openSync(path, 'a')
      try {
        while (performance.now() < deadline && latencies.length < MAX_LINES) {
          const begun = performance.now()
          writeSync(fd, LINE)
          fdatasyncSync(fd)
          latencies.push(performance.now() - begun)
        }
      } finally {
        closeSync(fd)
      }
    }
  } finally {
    rmSync(path, { force: true })
  }
  const elapsed = (performance.now() - started) / 1000
  const { user, system } = process.cpuUsage(cpuBefore)
  const ownCpu = (user + system) / 1e6
  const machineBusy = (cpuJiffies()[0] - busyBefore) / 100
  const sorted = Float64Array.from(latencies).sort()
  return {
    requestsPerSecond: latencies.length / elapsed,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    requests: latencies.length,
    bytesPerResponse: LINE.length,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodes: {},
    // the loop is the "server" of this row: it does the work, in the bench's own process
    serverCores: ownCpu / elapsed,
    generatorCores: 0,
    databaseCores: 0,
    otherCores: Math.max(0, machineBusy - ownCpu) / elapsed,
    serverCpuUsPerRequest: latencies.length === 0 ? 0 : (ownCpu * 1e6) / latencies.length,
    databaseCpuUsPerRequest: 0,
  }
}
