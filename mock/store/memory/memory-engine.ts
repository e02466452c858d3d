import { changeOf, idOf } from './change.ts'
import type { Data, Session, StoredContact } from '../../shared/data.ts'
import type { JournalEntry } from './change.ts'
import { createMemoryState, type MemoryState } from './memory-state.ts'
import { createMemoryRepositories } from './memory-repositories.ts'
import type { Persistence, PersistenceHooks } from './durability.ts'
import type { NamedSnapshots, StorageEngine } from '../repositories.ts'

export interface MemoryEngine extends StorageEngine {
  /** Applies a journal entry without recording it (the replay at start). */
  apply: (entry: JournalEntry) => void
  /** Writes a snapshot of what is on disk, and resolves once it is in place. */
  snapshot: () => Promise<void>
  /** The same, unless the last snapshot already holds everything (a stop after no writes). */
  snapshotIfChanged: () => Promise<void>
}

// Node's next turn of the event loop; a browser (a page, a service worker) has no setImmediate
const nextTurn: (step: () => void) => void =
  typeof setImmediate === 'function' ? setImmediate : (step) => setTimeout(step, 0)

/**
 * The in-memory engine: every read is answered from indexed memory; a write changes memory at once
 * (so concurrent writes to one record build on each other) and is journaled by `persistence`
 * before the request is answered, or taken back if that fails.
 */
export function createMemoryEngine(
  initial: Data,
  searchTextOf: (contact: StoredContact) => string,
  persist: (hooks: PersistenceHooks) => Persistence,
  options: {
    tokenTtlMs?: number | undefined
    snapshots: NamedSnapshots
    /** Where the data is kept, as the banner shows it. */
    where: string
  },
): MemoryEngine {
  // Login tokens live in memory: a restart or a reset logs everyone out (decision 22).
  const sessions = new Map<string, Session>()
  let state: MemoryState = createMemoryState(initial, searchTextOf)
  // The first search would otherwise join every contact's search text at once (0.6 s at 100k):
  // it is done after the start instead, 32 blocks (2,000 to 4,000 rows) per turn of the event loop.
  const warmSearch = (): void => {
    const warming = state
    const step = (): void => {
      if (state === warming && warming.warmSearch(32)) nextTurn(step)
    }
    nextTurn(step)
  }
  warmSearch()
  const apply = (entry: JournalEntry): void => {
    state.apply(entry)
  }
  const persistence = persist({
    current: () => state.data(),
    records: () =>
      state.orgs.size + state.users.size + state.contacts.size + state.relationships.size,
    undo: (entries) => {
      for (const entry of entries) apply(entry)
    },
  })

  function change(entry: JournalEntry): void {
    // what the change replaces is noted first: a failed commit puts it back
    persistence.record(changeOf(entry, state.find(entry.collection, idOf(entry))))
    apply(entry)
  }

  const context = { state: () => state, change, sessions, tokenTtlMs: options.tokenTtlMs }
  const repositories = createMemoryRepositories(context)

  return {
    apply,
    snapshot: () => persistence.snapshot(),
    snapshotIfChanged: () => (persistence.isClean() ? Promise.resolve() : persistence.snapshot()),
    snapshots: options.snapshots,
    read: (work) => work(repositories),
    async write(work) {
      // A write's own repositories tell whether it changed anything: one that did not (a named
      // snapshot saved, a login) has nothing to wait for, and no reset racing it can undo it.
      let changes = 0
      const own = createMemoryRepositories({
        ...context,
        change: (entry) => {
          changes++
          change(entry)
        },
      })
      const result = await work(own)
      if (changes > 0) await persistence.commit()
      return result
    },
    reset: (data) =>
      persistence.replace(data, () => {
        state = createMemoryState(data, searchTextOf)
        sessions.clear()
        warmSearch()
      }),
    // what is durable: a write that may still be refused is in no export or named snapshot
    exportData: () => Promise.resolve(persistence.committed()),
    describe: () =>
      Promise.resolve({
        orgs: [...state.orgs.values()],
        users: [...state.users.values()],
        contacts: state.contacts.size,
        where: options.where,
      }),
  }
}
