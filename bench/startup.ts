import { statSync } from 'node:fs'
import type { CompiledPackage } from './compiled-package.ts'
import { cpuJiffies } from './machine.ts'
import { DISTURBED_CORES } from './measure.ts'
import { DEFAULTS, startMock } from './mock-process.ts'
import { fetchOne, LIST_PAGE, listedIds, probe, searchFor } from './requests.ts'
import { readMemory, readTreeCpuSeconds } from './server-process.ts'

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

export interface StartupRun {
  pkg: CompiledPackage
  dataFile: string
  contacts: number
  searchTerm: string
  samples: number
  log: (line: string) => void
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const upper = sorted[middle] ?? Number.NaN
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? upper) + upper) / 2
}

interface Sample {
  startupMs: number
  rssReady: number
  rssWarm: number
  peak: number
  otherCores: number
}

async function sampleOnce(run: StartupRun): Promise<Sample> {
  let busyBefore = 0
  let benchBefore = process.cpuUsage()
  // the defaults a user runs: the request log on, drained by the bench as a terminal would
  const mock = await startMock({
    ...run,
    flags: DEFAULTS,
    beforeSpawn: () => {
      busyBefore = cpuJiffies()[0]
      benchBefore = process.cpuUsage()
    },
  })
  const { server } = mock
  try {
    const ready = readMemory(server.pid)
    const { user, system } = process.cpuUsage(benchBefore)
    const others =
      (cpuJiffies()[0] - busyBefore) / 100 - readTreeCpuSeconds(server.pid) - (user + system) / 1e6
    // each read a few times, so that lazy work (search texts, cached JSON) is done
    const ids = await listedIds(server.url)
    const context = { ids, searchTerm: run.searchTerm, searchMatches: 1 }
    for (let round = 0; round < 3; round++) {
      for (const read of [fetchOne(ids.slice(0, 1)), LIST_PAGE, searchFor(context)]) {
        await probe(server.url, read)
      }
    }
    const warm = readMemory(server.pid)
    return {
      startupMs: server.startupMs,
      rssReady: ready.rss,
      rssWarm: warm.rss,
      peak: warm.peak,
      otherCores: Math.max(0, others) / (server.startupMs / 1000),
    }
  } finally {
    // nothing was written: the snapshot it would write on SIGTERM is not wanted
    await mock.dispose('SIGKILL')
  }
}

/** Start-up time and memory of the compiled mock on one data file, as the median of a few starts. */
export async function measureStartup(run: StartupRun): Promise<StartupResult> {
  const taken: Sample[] = []
  // A start-up during which another process was busy is taken again, a few times at most.
  for (let attempt = 1; attempt <= run.samples + 2; attempt++) {
    const sample = await sampleOnce(run)
    const disturbed = sample.otherCores > DISTURBED_CORES
    run.log(
      `  start-up ${run.contacts.toLocaleString('en-US')} contacts #${String(attempt)}: ` +
        `${sample.startupMs.toFixed(0)} ms, RSS ${(sample.rssReady / 1e6).toFixed(0)} MB ready, ` +
        `${(sample.rssWarm / 1e6).toFixed(0)} MB warm, ` +
        `other ${(sample.otherCores * 100).toFixed(0)}% CPU${disturbed ? ' (disturbed)' : ''}`,
    )
    taken.push(sample)
    if (taken.filter((kept) => kept.otherCores <= DISTURBED_CORES).length === run.samples) break
  }
  const kept = taken.sort((a, b) => a.otherCores - b.otherCores).slice(0, run.samples)
  return {
    contacts: run.contacts,
    fileBytes: statSync(run.dataFile).size,
    samples: run.samples,
    startupMs: median(kept.map((sample) => sample.startupMs)),
    rssReady: median(kept.map((sample) => sample.rssReady)),
    rssWarm: median(kept.map((sample) => sample.rssWarm)),
    peakRss: Math.max(...kept.map((sample) => sample.peak)),
    otherCores: Math.max(...kept.map((sample) => sample.otherCores)),
  }
}
