import { closeSync, fdatasyncSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { cpus, release, totalmem, type } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { median } from './measurement.ts'
import { cpuJiffies } from './processes.ts'

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

/** The share of the machine's CPU time that was busy over the next `ms` milliseconds. */
export async function sampleBusy(ms: number): Promise<number> {
  const [busyBefore, totalBefore] = cpuJiffies()
  await sleep(ms)
  const [busyAfter, totalAfter] = cpuJiffies()
  return totalAfter === totalBefore ? 0 : (busyAfter - busyBefore) / (totalAfter - totalBefore)
}

export type SyncStyle = 'promises' | 'blocking'

/**
 * Appends `line` to a new file at `path`, then fdatasync, and again, one at a time while
 * `more(count)`; resolves with the time of each, in ms, and removes the file. 'promises' calls
 * FileHandle.write, then datasync, each through libuv's thread pool (the journal makes one trip:
 * its file is opened O_DSYNC); 'blocking' makes the synchronous calls, with no hop.
 */
export async function timeAppends(
  path: string,
  style: SyncStyle,
  line: string,
  more: (count: number) => boolean,
): Promise<number[]> {
  const times: number[] = []
  try {
    if (style === 'promises') {
      const handle = await open(path, 'a')
      try {
        while (more(times.length)) {
          const begun = performance.now()
          await handle.write(line)
          await handle.datasync()
          times.push(performance.now() - begun)
        }
      } finally {
        await handle.close()
      }
    } else {
      const fd = openSync(path, 'a')
      try {
        while (more(times.length)) {
          const begun = performance.now()
          writeSync(fd, line)
          fdatasyncSync(fd)
          times.push(performance.now() - begun)
        }
      } finally {
        closeSync(fd)
      }
    }
  } finally {
    rmSync(path, { force: true })
  }
  return times
}

/** The filesystem a folder is on: fdatasync on tmpfs costs nothing. */
export function filesystemOf(dir: string): string {
  const magic = statfsSync(dir).type
  return FILESYSTEMS.get(magic) ?? `type 0x${magic.toString(16)}`
}

export async function describeMachine(dataDir: string): Promise<Machine> {
  const cores = cpus()
  // what the mock's journal does for each group commit: a small append, then fdatasync
  const probe = join(dataDir, 'fdatasync-probe.log')
  const syncs = await timeAppends(probe, 'promises', `${'x'.repeat(300)}\n`, (n) => n < 200)
  return {
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    cpuCount: cores.length,
    totalMemoryGiB: totalmem() / 2 ** 30,
    node: process.version,
    kernel: `${type()} ${release()}`,
    dataFilesystem: filesystemOf(dataDir),
    fdatasyncMs: median(syncs),
    // The load average would still count the bench's own previous run for minutes.
    busyBefore: await sampleBusy(2000),
  }
}
