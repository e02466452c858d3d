// The memory engine's changes made durable in IndexedDB, as the disk's persistence makes them
// durable in its journal: group commit, a failed write taken back, a reset in one go.
import { StoreError } from '../../store-error.ts'
import type { Data } from '../../../shared/data.ts'
import { committedData, undoEntryOf, type Change } from '../change.ts'
import type { Persistence } from '../durability.ts'
import type { PersistenceHooks } from '../memory-engine.ts'
import type { IdbDatabase } from './idb.ts'
import { writeChanges, writeData, type Durability } from './records.ts'

/** Where this tab's memory is among the commits of all tabs; its persistence and turns share it. */
export interface Ledger {
  /** The generation memory is at: the number of the last commit, of any tab, applied to it. */
  generation: number
  /** How many commits this tab has started (a turn takes in writes until its second, tabs.ts). */
  commits: number
  /** Data read whole from the database, with its generation: a reset to it only swaps it in. */
  readWhole: WeakMap<Data, number>
}

/** A write IndexedDB refused: 507 when the origin's quota is full, else a 503 to retry. */
export function idbWriteFailure(cause: unknown): StoreError {
  if (cause instanceof StoreError) return cause
  const full = (cause as { name?: unknown } | null)?.name === 'QuotaExceededError'
  return new StoreError(full ? 'full' : 'unavailable', 'write', cause)
}

interface Waiter {
  resolve: () => void
  reject: (error: unknown) => void
}

const replaced = (): Error =>
  new Error('the data was replaced while this change was being saved; it was not kept')

/**
 * Group commit: while one transaction is on its way, every change that comes in waits for the
 * next, so N concurrent requests cost one commit, not N. A write is answered once its transaction
 * has committed; one IndexedDB aborts takes its change back, and every change made on top of it.
 * Resets and commits take turns in one chain, so none sees another half done. Each commit is the
 * one after `ledger`'s generation, and is refused if another tab's came first.
 */
export function createIndexedDbPersistence(
  db: IdbDatabase,
  hooks: PersistenceHooks,
  durability: Durability,
  ledger: Ledger,
): Persistence {
  let pending: Change[] = []
  // the batch whose transaction is under way: in memory, not yet durable
  let inFlight: Change[] = []
  let waiters: Waiter[] = []
  const replacements: (Waiter & { data: Data; swap: () => void })[] = []
  let running: Promise<void> | undefined

  function takeBack(failed: Change[], failedWaiters: Waiter[], error: unknown): void {
    // Memory holds the failed batch and every change made on top of it since: all go back.
    const changes = [...failed, ...pending]
    const all = [...failedWaiters, ...waiters]
    pending = []
    waiters = []
    hooks.undo(changes.reverse().map(undoEntryOf))
    const reason = idbWriteFailure(error)
    for (const waiter of all) waiter.reject(reason)
  }

  async function replace(): Promise<void> {
    const request = replacements.shift()
    if (!request) return
    // data another tab saved, read whole: memory takes it, the database has it already
    const saved = ledger.readWhole.get(request.data)
    try {
      if (saved === undefined) {
        const at = ledger.generation
        ledger.commits++
        await writeData(db, request.data, durability, at)
        ledger.generation = at + 1
      } else ledger.generation = saved
    } catch (error) {
      request.reject(idbWriteFailure(error))
      return
    }
    // Changes made meanwhile went to the data that is now replaced, and were never saved.
    const raced = waiters
    pending = []
    waiters = []
    request.swap()
    for (const waiter of raced) waiter.reject(idbWriteFailure(replaced()))
    request.resolve()
  }

  async function flush(): Promise<void> {
    const batch = pending
    const batchWaiters = waiters
    pending = []
    waiters = []
    inFlight = batch
    try {
      // the whole batch in one transaction: all its changes are kept, or none
      if (batch.length > 0) {
        const at = ledger.generation
        ledger.commits++
        await writeChanges(db, batch, durability, at)
        ledger.generation = at + 1
      }
    } catch (error) {
      takeBack(batch, batchWaiters, error)
      return
    } finally {
      inFlight = []
    }
    for (const waiter of batchWaiters) waiter.resolve()
    while (replacements.length > 0) await replace()
  }

  function schedule(): void {
    running ??= flush().finally(() => {
      running = undefined
      if (waiters.length + replacements.length > 0) schedule()
    })
  }

  const commit = (): Promise<void> =>
    new Promise((resolve, reject) => {
      waiters.push({ resolve, reject })
      schedule()
    })

  return {
    record(change) {
      pending.push(change)
    },
    commit,
    // every record is written as it changes: there is no other copy to bring up to date
    snapshot: commit,
    isClean: () =>
      pending.length + waiters.length + replacements.length === 0 && running === undefined,
    committed: () => committedData(hooks.current(), [...inFlight, ...pending]),
    replace: (data, swap) =>
      new Promise((resolve, reject) => {
        replacements.push({ data, swap, resolve, reject })
        schedule()
      }),
  }
}
