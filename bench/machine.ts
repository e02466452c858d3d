import { readFileSync, rmSync, statfsSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { cpus, release, totalmem, type } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

// statfs magic numbers (linux/magic.h) of the filesystems a bench is likely to meet.
const FILESYSTEMS = new Map([
  [0xef53, 'ext4'],
  [0x01021994, 'tmpfs'],
  [0x58465342, 'xfs'],
  [0x9123683e, 'btrfs'],
  [0x794c7630, 'overlayfs'],
])

export interface Machine {
  cpuModel: string
  cpuCount: number
  totalMemoryGiB: number
  node: string
  kernel: string
  /** Filesystem of the data files: fdatasync on tmpfs would make "durable" free. */
  dataFilesystem: string
  /** Median time of one small append + fdatasync there, in ms: the floor of a durable write. */
  fdatasyncMs: number
  /** Share of all cores busy just before the bench: other work on the machine skews results. */
  busyBefore: number
}

/** Jiffies (1/100 s) of all cores from /proc/stat: [busy, total]. */
export function cpuJiffies(): [number, number] {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  const ticks = line.split(/\s+/).slice(1).filter(Boolean).map(Number)
  const total = ticks.reduce((sum, tick) => sum + tick, 0)
  // idle and iowait are the 4th and 5th numbers
  return [total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total]
}

/** The share of the machine's CPU time that was busy over the next `ms` milliseconds. */
export async function sampleBusy(ms: number): Promise<number> {
  const [busyBefore, totalBefore] = cpuJiffies()
  await sleep(ms)
  const [busyAfter, totalAfter] = cpuJiffies()
  return totalAfter === totalBefore ? 0 : (busyAfter - busyBefore) / (totalAfter - totalBefore)
}

const SYNC_SAMPLES = 200

/** Times what the mock's journal does for each group commit: a small append, then fdatasync. */
async function timeFdatasync(dir: string): Promise<number> {
  const path = join(dir, 'fdatasync-probe.log')
  const handle = await open(path, 'a')
  const times: number[] = []
  try {
    for (let index = 0; index < SYNC_SAMPLES; index++) {
      const started = performance.now()
      await handle.write(`${'x'.repeat(300)}\n`)
      await handle.datasync()
      times.push(performance.now() - started)
    }
  } finally {
    await handle.close()
    rmSync(path, { force: true })
  }
  return times.sort((a, b) => a - b)[SYNC_SAMPLES / 2] ?? Number.NaN
}

/** The filesystem a folder is on: fdatasync on tmpfs costs nothing. */
export function filesystemOf(dir: string): string {
  const magic = statfsSync(dir).type
  return FILESYSTEMS.get(magic) ?? `type 0x${magic.toString(16)}`
}

export async function describeMachine(dataDir: string): Promise<Machine> {
  const cores = cpus()
  return {
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    cpuCount: cores.length,
    totalMemoryGiB: totalmem() / 2 ** 30,
    node: process.version,
    kernel: `${type()} ${release()}`,
    dataFilesystem: filesystemOf(dataDir),
    fdatasyncMs: await timeFdatasync(dataDir),
    // The load average would still count the bench's own previous run for minutes.
    busyBefore: await sampleBusy(2000),
  }
}
