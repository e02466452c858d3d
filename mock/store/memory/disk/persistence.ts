import { committedData, undoEntryOf, type Change } from '../change.ts'
import type { Persistence } from '../durability.ts'
import type { Data } from '../../../shared/data.ts'
import type { JournalEntry } from '../change.ts'
import type { Journal } from './journal.ts'

export interface PersistenceOptions {
  journal: Journal
  /** The data in memory, unsaved changes included. */
  current: () => Data
  /** How many records `current()` would hold, counted without building it. */
  records: () => number
  /** Writes a whole snapshot durably, holding the changes of the journals up to `generation`. */
  saveSnapshot: (data: Data, generation: number) => Promise<void>
  /** Applies entries that take changes back, newest change first. */
  undo: (entries: JournalEntry[]) => void
  /**
   * Journal entries after which a snapshot is written, at the least: on larger data the snapshot
   * waits for an eighth of its records in changes (see `changesBeforeSnapshot`).
   */
  snapshotEvery?: number
  /** A snapshot nobody waits for failed; the journals still hold every change. */
  onSnapshotError?: (error: unknown) => void
  /** What a failed write's requests are rejected with. */
  toWriteError?: (error: unknown) => unknown
}

interface Waiter {
  resolve: () => void
  reject: (error: unknown) => void
}

/**
 * A snapshot rewrites every record. At a fixed interval a million records would be rewritten every
 * 20,000 changes (50 record writes per change); waiting for an eighth of the records in changes
 * bounds that to 8, as a log-structured store compacts in proportion to its size, and bounds what a
 * start after a crash replays to an eighth of what it loads. Up to 160,000 records the interval
 * stays 20,000: the bench's stall step at 100,000 contacts sees the same snapshots as before.
 */
export const changesBeforeSnapshot = (records: number, snapshotEvery: number): number =>
  Math.max(snapshotEvery, Math.ceil(records / 8))

/** The records of a snapshot's data. */
const recordsOf = (data: Data): number =>
  data.orgs.length + data.users.length + data.contacts.length + data.user_relationships.length

const replaced = (): Error =>
  new Error('the data was replaced while this change was being saved; it was not kept')

/**
 * Group commit: while one journal write is on its way to the disk, every change that comes in
 * waits for the next one, so N concurrent requests cost one durable append, not N.
 * A snapshot sets the journal aside and is written in the background while writes go on into a
 * new one; resets and journal writes take turns in one chain, so none sees another half done.
 */
export function createPersistence(options: PersistenceOptions): Persistence {
  const { journal, snapshotEvery = 20_000, onSnapshotError = () => undefined } = options
  const toWriteError = options.toWriteError ?? ((error: unknown) => error)
  let pending: Change[] = []
  // the batch on its way to the disk: in memory, not yet durable
  let inFlight: Change[] = []
  let waiters: Waiter[] = []
  let snapshotWaiters: Waiter[] = []
  const replacements: (Waiter & { data: Data; swap: () => void })[] = []
  let journaled = 0
  // a snapshot failed: the journals set aside hold changes no snapshot has yet
  let behind = false
  // set at the first write: the journal's replay at start adds records after the store creates this
  let nextSnapshotAt: number | undefined
  let running: Promise<void> | undefined
  let writing: Promise<void> | undefined

  function takeBack(failed: Change[], failedWaiters: Waiter[], error: unknown): void {
    // Memory holds the failed batch and every change made on top of it since: all go back.
    const changes = [...failed, ...pending]
    const all = [...failedWaiters, ...waiters]
    pending = []
    waiters = []
    options.undo(changes.reverse().map(undoEntryOf))
    const reason = toWriteError(error)
    for (const waiter of all) waiter.reject(reason)
  }

  /** Starts writing what is on disk now; changes from here on go to a new journal. */
  async function startSnapshot(): Promise<{ done: Promise<void> }> {
    // Records are replaced, never changed in place: the copied lists stay as they are now. Changes
    // recorded while the last append ran are not on disk yet: the snapshot leaves them out.
    const state = committedData(options.current(), pending)
    let generation: number
    try {
      generation = await journal.rotate()
    } catch (error) {
      // nothing was set aside: the journal in use still holds every change, and takes the next
      // ones; the snapshot is tried again a little later, as after one that failed to write
      nextSnapshotAt = journaled + Math.ceil(snapshotEvery / 10)
      throw error
    }
    journaled = 0
    nextSnapshotAt = changesBeforeSnapshot(recordsOf(state), snapshotEvery)
    const done = options
      .saveSnapshot(state, generation)
      .then(() => journal.dropRotated(generation))
      .then(() => {
        behind = false
      })
    writing = done
      .catch((error: unknown) => {
        behind = true
        nextSnapshotAt = journaled + Math.ceil(snapshotEvery / 10)
        onSnapshotError(error)
      })
      .finally(() => {
        writing = undefined
      })
    // wrapped: an async function would wait for a promise it returns
    return { done }
  }

  async function takeSnapshot(): Promise<void> {
    const requested = snapshotWaiters
    snapshotWaiters = []
    if (writing) {
      if (requested.length === 0) return
      await writing
    }
    let started: { done: Promise<void> }
    try {
      started = await startSnapshot()
    } catch (error) {
      if (requested.length === 0) onSnapshotError(error)
      for (const waiter of requested) waiter.reject(error)
      return
    }
    if (requested.length === 0) return
    try {
      await started.done
      for (const waiter of requested) waiter.resolve()
    } catch (error) {
      for (const waiter of requested) waiter.reject(error)
    }
  }

  async function replace(): Promise<void> {
    const request = replacements.shift()
    if (!request) return
    // a snapshot still being written would land after this one and bring the old data back
    if (writing) await writing
    try {
      const generation = await journal.rotate()
      await options.saveSnapshot(request.data, generation)
      await journal.dropRotated(generation)
      journaled = 0
      behind = false
      nextSnapshotAt = changesBeforeSnapshot(recordsOf(request.data), snapshotEvery)
    } catch (error) {
      behind = true
      request.reject(toWriteError(error))
      return
    }
    // Changes made meanwhile went to the data that is now replaced, and never reached the disk.
    const raced = waiters
    pending = []
    waiters = []
    request.swap()
    for (const waiter of raced) waiter.reject(toWriteError(replaced()))
    request.resolve()
  }

  async function flush(): Promise<void> {
    const batch = pending
    const batchWaiters = waiters
    pending = []
    waiters = []
    inFlight = batch
    try {
      if (batch.length > 0) await journal.append(batch.map((change) => change.entry))
    } catch (error) {
      takeBack(batch, batchWaiters, error)
      return
    } finally {
      inFlight = []
    }
    journaled += batch.length
    for (const waiter of batchWaiters) waiter.resolve()
    nextSnapshotAt ??= changesBeforeSnapshot(options.records(), snapshotEvery)
    if (snapshotWaiters.length > 0 || journaled >= nextSnapshotAt) await takeSnapshot()
    while (replacements.length > 0) await replace()
  }

  function schedule(): void {
    running ??= flush().finally(() => {
      running = undefined
      if (waiters.length + snapshotWaiters.length + replacements.length > 0) schedule()
    })
  }

  function enqueue(list: Waiter[]): Promise<void> {
    return new Promise((resolve, reject) => {
      list.push({ resolve, reject })
      schedule()
    })
  }

  return {
    record(change) {
      pending.push(change)
    },
    commit: () => enqueue(waiters),
    isClean: () =>
      !behind &&
      journaled === 0 &&
      pending.length + waiters.length + snapshotWaiters.length + replacements.length === 0 &&
      running === undefined &&
      writing === undefined,
    snapshot: () => enqueue(snapshotWaiters),
    committed: () => committedData(options.current(), [...inFlight, ...pending]),
    replace: (data, swap) =>
      new Promise((resolve, reject) => {
        replacements.push({ data, swap, resolve, reject })
        schedule()
      }),
  }
}
