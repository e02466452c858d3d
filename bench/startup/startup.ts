// Start-up time and memory: the compiled mock on each data file, and the baseline app with no data
// (what Node and Express alone cost), each the median of a few starts.
import { statSync } from 'node:fs'
import type { StepInputs } from '../harness/entry-point.ts'
import { DISTURBED_CORES, median, medianBy } from '../harness/measurement.ts'
import {
  cpuJiffies,
  DEFAULTS,
  readMemory,
  readTreeCpuSeconds,
  startMock,
} from '../harness/processes.ts'
import { startBaseline } from '../http/express.ts'
import { fetchFirst, LIST_PAGE, probe, searchFor } from '../http/requests.ts'
import { contextOf } from '../http/sessions.ts'
import type { BaselineStart, StartupResult } from '../results/results.ts'

const FLOOR_SAMPLES = 3

interface Sample {
  startupMs: number
  rssReady: number
  rssWarm: number
  peak: number
  otherCores: number
}

async function sampleOnce(inputs: StepInputs, dataFile: string, contacts: number): Promise<Sample> {
  let busyBefore = 0
  let benchBefore = process.cpuUsage()
  // the defaults a user runs: the request log on, drained by the bench as a terminal would
  const mock = await startMock({
    ...inputs,
    data: { dataFile },
    contacts,
    flags: DEFAULTS,
    beforeSpawn: () => {
      busyBefore = cpuJiffies()[0]
      benchBefore = process.cpuUsage()
    },
  })
  try {
    const ready = readMemory(mock.pid)
    const { user, system } = process.cpuUsage(benchBefore)
    const others =
      (cpuJiffies()[0] - busyBefore) / 100 - readTreeCpuSeconds(mock.pid) - (user + system) / 1e6
    // each read a few times, so that lazy work (search texts, cached JSON) is done
    const context = await contextOf(inputs, contacts)(mock)
    for (let round = 0; round < 3; round++) {
      for (const read of [fetchFirst(context), LIST_PAGE, searchFor(context)]) {
        await probe(mock.url, read)
      }
    }
    const warm = readMemory(mock.pid)
    return {
      startupMs: mock.startupMs,
      rssReady: ready.rss,
      rssWarm: warm.rss,
      peak: warm.peak,
      otherCores: Math.max(0, others) / (mock.startupMs / 1000),
    }
  } finally {
    // nothing was written: the snapshot it would write on SIGTERM is not wanted
    await mock.stop('SIGKILL')
  }
}

/** Start-up time and memory of the compiled mock on one data file, as the median of a few starts. */
export async function measureStartup(
  inputs: StepInputs,
  contacts: number,
  samples: number,
): Promise<StartupResult> {
  const dataFile = await inputs.files.get(contacts)
  const taken: Sample[] = []
  // A start-up during which another process was busy is taken again, a few times at most.
  for (let attempt = 1; attempt <= samples + 2; attempt++) {
    const sample = await sampleOnce(inputs, dataFile, contacts)
    const disturbed = sample.otherCores > DISTURBED_CORES
    inputs.log(
      `  start-up ${contacts.toLocaleString('en-US')} contacts #${String(attempt)}: ` +
        `${sample.startupMs.toFixed(0)} ms, RSS ${(sample.rssReady / 1e6).toFixed(0)} MB ready, ` +
        `${(sample.rssWarm / 1e6).toFixed(0)} MB warm, ` +
        `other ${(sample.otherCores * 100).toFixed(0)}% CPU${disturbed ? ' (disturbed)' : ''}`,
    )
    taken.push(sample)
    if (taken.filter((kept) => kept.otherCores <= DISTURBED_CORES).length === samples) break
  }
  const kept = taken.sort((a, b) => a.otherCores - b.otherCores).slice(0, samples)
  return {
    contacts,
    fileBytes: statSync(dataFile).size,
    samples,
    startupMs: median(kept.map((sample) => sample.startupMs)),
    rssReady: median(kept.map((sample) => sample.rssReady)),
    rssWarm: median(kept.map((sample) => sample.rssWarm)),
    peakRss: Math.max(...kept.map((sample) => sample.peak)),
    otherCores: Math.max(...kept.map((sample) => sample.otherCores)),
  }
}

/** What Node and Express alone cost at start, to read the mock's start-up and memory against. */
export async function measureFloor(inputs: StepInputs): Promise<BaselineStart> {
  const samples: { startupMs: number; rssReady: number }[] = []
  for (let sample = 0; sample < FLOOR_SAMPLES; sample++) {
    const server = await startBaseline(inputs)
    samples.push({ startupMs: server.startupMs, rssReady: readMemory(server.pid).rss })
    await server.stop('SIGKILL')
  }
  // the median start, with the RSS it had
  return { samples: FLOOR_SAMPLES, ...medianBy(samples, (sample) => sample.startupMs) }
}
