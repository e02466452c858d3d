import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Workload } from './data-files.ts'
import { cpuJiffies } from './machine.ts'
import { DISTURBED_CORES } from './measure.ts'
import { firstListedId, mockOperations } from './operations.ts'
import {
  readMemory,
  readTreeCpuSeconds,
  startServer,
  type ServerProcess,
} from './server-process.ts'

const MOCK_READY = /Mock listening on (http:\/\/\S+)\r?\n/

/** Arguments of `node` that start the mock on a free port, quiet, on `file`. */
export function mockArgs(file: string, nodeFlags: string[] = []): string[] {
  return [
    ...nodeFlags,
    '--import',
    'tsx',
    'mock/main.ts',
    ...['--port', '0', '--host', '127.0.0.1', '--db', file, '--quiet'],
  ]
}

export function startMock(file: string, nodeFlags: string[] = []): Promise<ServerProcess> {
  // Generous: 100k contacts take seconds to parse, and a busy machine more.
  return startServer({ args: mockArgs(file, nodeFlags), ready: MOCK_READY, timeoutMs: 180_000 })
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
  /** Highest VmHWM (peak RSS) seen in the samples: loading the JSON costs more than keeping it. */
  peakRss: number
  /** Most CPU (in cores) used by other processes during a kept sample's start-up. */
  otherCores: number
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const upper = sorted[middle] ?? Number.NaN
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2
}

/** Each read operation a few times, so that lazy work (search's text cache) is done. */
async function warmUp(mock: ServerProcess, workload: Workload): Promise<void> {
  const id = await firstListedId(mock.url)
  const reads = mockOperations(workload, id).filter((operation) => operation.method === 'GET')
  for (let round = 0; round < 3; round++) {
    for (const operation of reads) await operation.probe(mock.url)
  }
}

interface Sample {
  startupMs: number
  rssReady: number
  rssWarm: number
  peak: number
  otherCores: number
}

async function sampleOnce(file: string, workload: Workload): Promise<Sample> {
  // A fresh copy each time: the mock rewrites its file when it stops, and locks it meanwhile.
  const dir = mkdtempSync(join(file, '..', 'startup-'))
  const copy = join(dir, 'db.json')
  copyFileSync(file, copy)
  const [busyBefore] = cpuJiffies()
  const benchBefore = process.cpuUsage()
  const mock = await startMock(copy)
  try {
    const ready = readMemory(mock.pid)
    const { user, system } = process.cpuUsage(benchBefore)
    const others =
      (cpuJiffies()[0] - busyBefore) / 100 - readTreeCpuSeconds(mock.pid) - (user + system) / 1e6
    await warmUp(mock, workload)
    const warm = readMemory(mock.pid)
    return {
      startupMs: mock.startupMs,
      rssReady: ready.rss,
      rssWarm: warm.rss,
      peak: warm.peak,
      otherCores: Math.max(0, others) / (mock.startupMs / 1000),
    }
  } finally {
    await mock.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Start-up time and memory of the mock on one data file, as the median of a few starts. */
export async function measureStartup(
  file: string,
  contacts: number,
  workload: Workload,
  samples: number,
  log: (line: string) => void,
): Promise<StartupResult> {
  const taken: Sample[] = []
  // A start-up during which another process was busy is taken again, a few times at most.
  for (let attempt = 1; attempt <= samples + 3; attempt++) {
    const sample = await sampleOnce(file, workload)
    const disturbed = sample.otherCores > DISTURBED_CORES
    log(
      `  start-up ${String(contacts)} contacts #${String(attempt)}: ` +
        `${sample.startupMs.toFixed(0)} ms, RSS ${(sample.rssWarm / 2 ** 20).toFixed(0)} MiB warm, ` +
        `other ${(sample.otherCores * 100).toFixed(0)}% CPU${disturbed ? ' (disturbed)' : ''}`,
    )
    taken.push(sample)
    if (taken.filter((kept) => kept.otherCores <= DISTURBED_CORES).length === samples) break
  }
  const kept = taken.sort((a, b) => a.otherCores - b.otherCores).slice(0, samples)
  return {
    contacts,
    fileBytes: statSync(file).size,
    samples,
    startupMs: median(kept.map((sample) => sample.startupMs)),
    rssReady: median(kept.map((sample) => sample.rssReady)),
    rssWarm: median(kept.map((sample) => sample.rssWarm)),
    peakRss: Math.max(...kept.map((sample) => sample.peak)),
    otherCores: Math.max(...kept.map((sample) => sample.otherCores)),
  }
}
