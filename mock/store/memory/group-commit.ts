// The one group commit of the memory engine, whatever keeps its changes (the journal on disk,
// IndexedDB): a store gives it only how to write a batch, what a reset writes, and what a failure
// is. Transport-free: it runs in the page too.
import type { Data } from '../../shared/data.ts'
import type { StoreError } from '../store-error.ts'
import { committedData, undoEntryOf, type Change } from './change.ts'
import type { Persistence, PersistenceHooks } from './durability.ts'

/** What a durable store gives the group commit. */
export interface CommitTarget {
  /** Makes a batch of changes durable, all of them or none; rejects when it could not. */
  write: (batch: readonly Change[]) => Promise<void>
  /** Makes `data` durable as all there is (a reset), before memory takes it. */
  replace: (data: Data) => Promise<void>
  /** What a failed write's requests are rejected with (the store's classifier). */
  failure: (error: unknown) => StoreError
  /** Runs after each batch is durable, before the next one (the disk's snapshots); never rejects. */
  afterWrite?: () => Promise<void>
}

export interface GroupCommit extends Omit<Persistence, 'snapshot' | 'isClean'> {
  /** Runs `work` between two batches, in turn with the resets: neither sees the other half done. */
  inTurn: <T>(work: () => Promise<T>) => Promise<T>
  /** Whether nothing is recorded, waiting or under way. */
  idle: () => boolean
}

interface Waiter {
  resolve: () => void
  reject: (error: unknown) => void
}

const replaced = (): Error =>
  new Error('the data was replaced while this change was being saved; it was not kept')

/**
 * Group commit: while one batch is on its way to the store, every change that comes in waits for
 * the next, so N concurrent requests cost one durable write, not N. A write is answered once its
 * batch is durable; one the store refused takes its change back, and every change made on top of
 * it, and its requests are rejected with the store's error. Resets (and the store's own turns)
 * and batches take turns in one chain, so none sees another half done.
 */
export function createGroupCommit(
  hooks: Pick<PersistenceHooks, 'current' | 'undo'>,
  target: CommitTarget,
): GroupCommit {
  let pending: Change[] = []
  // the batch on its way to the store: in memory, not yet durable
  let inFlight: readonly Change[] = []
  let waiters: Waiter[] = []
  const turns: (() => Promise<void>)[] = []
  let running: Promise<void> | undefined

  function takeBack(failed: readonly Change[], failedWaiters: Waiter[], error: unknown): void {
    // Memory holds the failed batch and every change made on top of it since: all go back.
    const changes = [...failed, ...pending]
    const all = [...failedWaiters, ...waiters]
    pending = []
    waiters = []
    hooks.undo(changes.reverse().map(undoEntryOf))
    const reason = target.failure(error)
    for (const waiter of all) waiter.reject(reason)
  }

  async function flush(): Promise<void> {
    const batch = pending
    const batchWaiters = waiters
    pending = []
    waiters = []
    inFlight = batch
    try {
      if (batch.length > 0) await target.write(batch)
    } catch (error) {
      takeBack(batch, batchWaiters, error)
      return
    } finally {
      inFlight = []
    }
    for (const waiter of batchWaiters) waiter.resolve()
    if (batch.length > 0) await target.afterWrite?.()
    for (let turn = turns.shift(); turn; turn = turns.shift()) await turn()
  }

  function schedule(): void {
    running ??= flush().finally(() => {
      running = undefined
      if (waiters.length + turns.length > 0) schedule()
    })
  }

  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      turns.push(() => work().then(resolve, reject))
      schedule()
    })
  }

  return {
    record(change) {
      pending.push(change)
    },
    commit: () =>
      new Promise((resolve, reject) => {
        waiters.push({ resolve, reject })
        schedule()
      }),
    replace: (data, swap) =>
      inTurn(async () => {
        try {
          await target.replace(data)
        } catch (error) {
          throw target.failure(error)
        }
        // Changes made meanwhile went to the data that is now replaced, and never reached the store.
        const raced = waiters
        pending = []
        waiters = []
        swap()
        for (const waiter of raced) waiter.reject(target.failure(replaced()))
      }),
    committed: () => committedData(hooks.current(), [...inFlight, ...pending]),
    inTurn,
    idle: () => pending.length + waiters.length + turns.length === 0 && running === undefined,
  }
}
