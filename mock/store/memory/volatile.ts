// The memory engine with nothing behind it: what a fetch function or an MSW handler in a test
// keeps. The data lives as long as the process (or the page); a write is durable the moment memory
// holds it, so it is acknowledged at once and never taken back.
import type { Data, StoredContact } from '../../shared/data.ts'
import type { NamedSnapshots, SnapshotInfo } from '../repositories.ts'
import type { Persistence, PersistenceHooks } from './durability.ts'
import { createMemoryEngine, type MemoryEngine } from './memory-engine.ts'
import { createTextSnapshots, type SnapshotShelf } from './text-snapshots.ts'

/** A persistence that keeps nothing beyond memory: commits at once, a reset swaps in place. */
export function createVolatilePersistence(hooks: PersistenceHooks): Persistence {
  return {
    record: () => undefined,
    commit: () => Promise.resolve(),
    snapshot: () => Promise.resolve(),
    replace(_data, swap) {
      swap()
      return Promise.resolve()
    },
    isClean: () => true,
    // nothing is ever pending: what memory holds is what is kept
    committed: () => hooks.current(),
  }
}

/** Named snapshots held in memory: a save copies the data as it is now (text-snapshots.ts). */
export function createMemorySnapshots(now?: () => Date): NamedSnapshots {
  const saved = new Map<string, { info: SnapshotInfo; text: string }>()
  const shelf: SnapshotShelf = {
    put(info, text) {
      saved.set(info.name, { info, text })
      return Promise.resolve()
    },
    infos: () => Promise.resolve([...saved.values()].map(({ info }) => info)),
    text: (name) => Promise.resolve(saved.get(name)?.text),
    remove: (name) => Promise.resolve(saved.delete(name)),
  }
  return createTextSnapshots(shelf, now)
}

export interface VolatileEngineOptions {
  /** How long a login token lasts; undefined for no expiry. */
  tokenTtlMs?: number | undefined
  /** Where named snapshots go: by default in memory beside the data. */
  snapshots?: NamedSnapshots
}

/** The memory engine on `initial`, kept in memory only (`where`: 'memory'). */
export function createVolatileEngine(
  initial: Data,
  searchTextOf: (contact: StoredContact) => string,
  options: VolatileEngineOptions = {},
): MemoryEngine {
  return createMemoryEngine(initial, searchTextOf, createVolatilePersistence, {
    tokenTtlMs: options.tokenTtlMs,
    snapshots: options.snapshots ?? createMemorySnapshots(),
    where: 'memory',
  })
}
