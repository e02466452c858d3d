import type { Journal, JournalEntry } from './journal.ts'

export interface Persistence {
  /** Notes a change made in memory; `commit` makes it durable. */
  record: (entry: JournalEntry) => void
  /** Resolves once every change recorded before the call is on disk. */
  commit: () => Promise<void>
  /** Writes the whole data as a new snapshot and empties the journal. */
  snapshot: () => Promise<void>
}

interface Waiter {
  resolve: () => void
  reject: (error: unknown) => void
}

export interface PersistenceOptions {
  journal: Journal
  writeSnapshot: () => Promise<void>
  /** Journal entries after which the next commit also writes a snapshot. */
  snapshotEvery?: number
}

/**
 * Group commit: while one journal write is on its way to the disk, every change that comes in
 * waits for the next one, so N concurrent requests cost one append and one fdatasync, not N, and
 * the cost does not grow with the size of the data file.
 */
export function createPersistence(options: PersistenceOptions): Persistence {
  const { journal, writeSnapshot, snapshotEvery = 20_000 } = options
  let pending: JournalEntry[] = []
  let waiters: Waiter[] = []
  let journaled = 0
  let snapshotWanted = false
  let running: Promise<void> | undefined

  async function flush(): Promise<void> {
    const batch = pending
    const batchWaiters = waiters
    pending = []
    waiters = []
    try {
      if (batch.length > 0) await journal.append(batch)
      journaled += batch.length
      if (snapshotWanted || journaled >= snapshotEvery) {
        snapshotWanted = false
        await writeSnapshot()
        await journal.clear()
        journaled = 0
      }
      for (const waiter of batchWaiters) waiter.resolve()
    } catch (error) {
      // Memory holds changes the journal may not: the next flush rewrites everything.
      snapshotWanted = true
      for (const waiter of batchWaiters) waiter.reject(error)
    }
  }

  function schedule(): void {
    running ??= flush().finally(() => {
      running = undefined
      if (waiters.length > 0) schedule()
    })
  }

  function enqueue(): Promise<void> {
    return new Promise((resolve, reject) => {
      waiters.push({ resolve, reject })
      schedule()
    })
  }

  return {
    record(entry) {
      pending.push(entry)
    },
    commit: enqueue,
    snapshot() {
      snapshotWanted = true
      return enqueue()
    },
  }
}
