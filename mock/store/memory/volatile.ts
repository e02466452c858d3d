// The memory engine with nothing behind it: what a fetch function or an MSW handler in a test
// keeps. The data lives as long as the process (or the page); a write is durable the moment memory
// holds it, so it is acknowledged at once and never taken back.
import type { Data, StoredContact } from '../../shared/data.ts'
import type { NamedSnapshots, SnapshotInfo } from '../repositories.ts'
import type { Persistence } from './durability.ts'
import { createMemoryEngine, type MemoryEngine, type PersistenceHooks } from './memory-engine.ts'

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

const encoder = new TextEncoder()

/**
 * Named snapshots held as JSON text: a save copies the data as it is now, and a load gives lists
 * and records of its own, so no later write reaches a saved state.
 */
export function createMemorySnapshots(now: () => Date = () => new Date()): NamedSnapshots {
  const saved = new Map<string, { text: string; info: SnapshotInfo }>()
  return {
    save(name, data) {
      const text = JSON.stringify(data)
      const info = { name, saved_at: now().toISOString(), bytes: encoder.encode(text).length }
      saved.set(name, { text, info })
      return Promise.resolve({ ...info })
    },
    list: () =>
      Promise.resolve(
        [...saved.values()]
          .map(({ info }) => ({ ...info }))
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
      ),
    load(name) {
      const snapshot = saved.get(name)
      return Promise.resolve(snapshot && (JSON.parse(snapshot.text) as Data))
    },
    remove: (name) => Promise.resolve(saved.delete(name)),
  }
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
