// The memory engine on IndexedDB: what a page's mock (startMockWorker) keeps its data in, so that
// a reload finds it as it was. Every request is answered from memory; IndexedDB is read once, at
// the start, and written as records change.
import type { Data, StoredContact } from '../../../shared/data.ts'
import { createMemoryEngine, type MemoryEngine } from '../memory-engine.ts'
import { browserIndexedDb, openDatabase, type IdbFactory } from './idb.ts'
import { createIdbSnapshots } from './named-snapshots.ts'
import { createIndexedDbPersistence } from './persistence.ts'
import { readData, STORES, writeData, type Durability } from './records.ts'

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
  engine: MemoryEngine
  /** Where the data came from: the database (a reload), or `createData` (its first start). */
  from: 'database' | 'createData'
  /** Waits for the writes under way, then closes the database. */
  close: () => Promise<void>
}

/**
 * Opens the database (made at its first use), and loads what it holds, every store read whole in
 * one transaction; an empty one gets `createData()`'s data, written in one transaction.
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
  const db = await openDatabase(factory, database, STORES)
  try {
    const stored = await readData(db)
    const data = stored ?? (await createData())
    if (stored === undefined) await writeData(db, data, durability)
    const engine = createMemoryEngine(
      data,
      options.searchTextOf,
      (hooks) => createIndexedDbPersistence(db, hooks, durability),
      {
        tokenTtlMs: options.tokenTtlMs,
        snapshots: createIdbSnapshots(db, durability),
        where: `IndexedDB ${database}`,
      },
    )
    return {
      engine,
      from: stored === undefined ? 'createData' : 'database',
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
