// The memory engine on IndexedDB: what a page's mock (startMockWorker) keeps its data in, so that
// a reload finds it as it was. Every request is answered from memory; IndexedDB is read whole at
// the start, and then only for what other tabs of the origin have saved since (tabs.ts).
import type { Data, StoredContact } from '../../../shared/data.ts'
import type { StorageEngine } from '../../repositories.ts'
import { createMemoryEngine } from '../memory-engine.ts'
import { browserIndexedDb, openDatabase, type IdbFactory } from './idb.ts'
import { createIdbSnapshots } from './named-snapshots.ts'
import { createIndexedDbPersistence, type Ledger } from './persistence.ts'
import { DATABASE_VERSION, readData, STORES, writeData, type Durability } from './records.ts'
import { webLocks } from './tab-lock.ts'
import { shareAcrossTabs } from './tabs.ts'

export type { Durability } from './records.ts'

export interface IndexedDbStoreOptions {
  /** The database's name: each name holds a mock's data of its own. */
  database: string
  /** The text a contact is searched by (store/memory/search-text.ts). */
  searchTextOf: (contact: StoredContact) => string
  /** How long a login token lasts; undefined for no expiry. */
  tokenTtlMs?: number | undefined
  /** 'strict' by default: a commit is on the disk, not only in the browser's memory. */
  durability?: Durability
  /** Another IndexedDB than the page's own (`indexedDB`). */
  indexedDB?: IdbFactory
}

export interface IndexedDbStore {
  engine: StorageEngine
  /** Where the data came from: the database (a reload), or `createData` (its first start). */
  from: 'database' | 'createData'
  /** Waits for the writes under way, then closes the database. */
  close: () => Promise<void>
}

/**
 * Opens the database (made at its first use), and loads what it holds, every store read whole in
 * one transaction; an empty one gets `createData()`'s data, written in one transaction. Both in
 * the tabs' lock: two tabs opening an empty database write the data once.
 */
export async function openIndexedDbStore(
  createData: () => Data | Promise<Data>,
  options: IndexedDbStoreOptions,
): Promise<IndexedDbStore> {
  const factory = options.indexedDB ?? browserIndexedDb()
  if (factory === undefined) {
    throw new Error('There is no IndexedDB here: the IndexedDB store runs in a browser.')
  }
  const { database, durability = 'strict' } = options
  const db = await openDatabase(factory, database, DATABASE_VERSION, STORES)
  const takeLock = webLocks()
  const lockName = `contacts-mock-kit:${database}`
  try {
    const release = await takeLock(lockName)
    let stored: Awaited<ReturnType<typeof readData>>
    let from: IndexedDbStore['from'] = 'database'
    try {
      stored = await readData(db)
      if (stored === undefined) {
        from = 'createData'
        stored = { data: await createData(), generation: 1 }
        await writeData(db, stored.data, durability, 0)
      }
    } finally {
      release()
    }
    const ledger: Ledger = { generation: stored.generation, commits: 0, readWhole: new WeakMap() }
    const engine = createMemoryEngine(
      stored.data,
      options.searchTextOf,
      (hooks) => createIndexedDbPersistence(db, hooks, durability, ledger),
      {
        tokenTtlMs: options.tokenTtlMs,
        snapshots: createIdbSnapshots(db, durability),
        where: `IndexedDB ${database}`,
      },
    )
    return {
      engine: shareAcrossTabs(engine, { db, ledger, lockName, takeLock }),
      from,
      async close() {
        try {
          await engine.snapshotIfChanged()
        } finally {
          db.close()
        }
      },
    }
  } catch (error) {
    db.close()
    throw error
  }
}
