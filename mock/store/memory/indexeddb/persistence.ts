// The memory engine's changes made durable in IndexedDB by the group commit (../group-commit.ts):
// each batch in one transaction, a reset in one go.
import { writeFailure, type StoreError } from '../../store-error.ts'
import type { Persistence, PersistenceHooks } from '../durability.ts'
import { createGroupCommit } from '../group-commit.ts'
import type { Data } from '../../../shared/data.ts'
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

const isQuotaFull = (cause: unknown): boolean =>
  (cause as { name?: unknown } | null)?.name === 'QuotaExceededError'

/** A write IndexedDB refused: 507 when the origin's quota is full, else a 503 to retry. */
export const idbWriteFailure = (cause: unknown): StoreError => writeFailure(cause, isQuotaFull)

/**
 * A write is answered once its transaction has committed; one IndexedDB aborts is taken back.
 * Each commit is the one after `ledger`'s generation, and is refused if another tab's came first.
 */
export function createIndexedDbPersistence(
  db: IdbDatabase,
  hooks: PersistenceHooks,
  durability: Durability,
  ledger: Ledger,
): Persistence {
  async function commitNext(write: (generation: number) => Promise<void>): Promise<void> {
    const at = ledger.generation
    ledger.commits++
    await write(at)
    ledger.generation = at + 1
  }
  const commits = createGroupCommit(hooks, {
    // the whole batch in one transaction: all its changes are kept, or none
    write: (batch) => commitNext((at) => writeChanges(db, batch, durability, at)),
    async replace(data) {
      // data another tab saved, read whole: memory takes it, the database has it already
      const saved = ledger.readWhole.get(data)
      if (saved === undefined) await commitNext((at) => writeData(db, data, durability, at))
      else ledger.generation = saved
    },
    failure: idbWriteFailure,
  })
  // every record is written as it changes: there is no other copy to bring up to date
  return { ...commits, snapshot: commits.commit, isClean: commits.idle }
}
