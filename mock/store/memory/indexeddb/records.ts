// The data in IndexedDB: one object store per collection, its records under their id, and the
// rest of the data (its version, the relationship types) as one value in `meta`.
import { COLLECTIONS, type Data } from '../../../shared/data.ts'
import type { Change } from '../change.ts'
import type { Meta } from '../memory-state.ts'
import { committed, requested, type IdbDatabase, type IdbTransaction } from './idb.ts'

const META = 'meta'
const META_KEY = 'data'
export const SNAPSHOT_INFO = 'snapshots'
export const SNAPSHOT_DATA = 'snapshot-data'

/** The object stores of a database of this mock. */
export const STORES = { keyed: COLLECTIONS, other: [META, SNAPSHOT_INFO, SNAPSHOT_DATA] }

/** How hard a commit waits for the disk: 'strict' (the default here) flushes it, as fsync. */
export type Durability = 'strict' | 'relaxed' | 'default'

const isMeta = (value: unknown): value is Meta =>
  typeof value === 'object' &&
  value !== null &&
  (value as { version?: unknown }).version === 1 &&
  Array.isArray((value as { relationship_types?: unknown }).relationship_types)

/** The data the database holds, read in one transaction; undefined before its first start. */
export async function readData(db: IdbDatabase): Promise<Data | undefined> {
  const transaction = db.transaction([META, ...COLLECTIONS], 'readonly')
  const doing = 'could not read the data'
  const all = (store: string): Promise<never[]> =>
    requested(transaction.objectStore(store).getAll(), doing) as Promise<never[]>
  const [meta, orgs, users, contacts, relationships] = await Promise.all([
    requested(transaction.objectStore(META).get(META_KEY), doing),
    all('orgs'),
    all('users'),
    all('contacts'),
    all('user_relationships'),
  ])
  if (meta === undefined) return undefined
  if (!isMeta(meta)) throw new Error('IndexedDB holds no data of this mock (version 1) in meta')
  return { ...meta, orgs, users, contacts, user_relationships: relationships }
}

/** Runs `fill` in a new read-write transaction and resolves once that has committed. */
function inTransaction(
  db: IdbDatabase,
  stores: string[],
  durability: Durability,
  doing: string,
  fill: (transaction: IdbTransaction) => void,
): Promise<void> {
  const transaction = db.transaction(stores, 'readwrite', { durability })
  const done = committed(transaction, doing)
  try {
    fill(transaction)
  } catch (error) {
    // a value that cannot be stored: nothing of this transaction is kept
    done.catch(() => undefined)
    transaction.abort()
    return Promise.reject(error instanceof Error ? error : new Error(String(error)))
  }
  transaction.commit?.()
  return done
}

/** Writes the changes (the last of each record wins) in one transaction. */
export function writeChanges(
  db: IdbDatabase,
  changes: readonly Change[],
  durability: Durability,
): Promise<void> {
  const stores = [...new Set(changes.map((change) => change.collection))]
  return inTransaction(db, stores, durability, 'could not save a change', (transaction) => {
    for (const { entry } of changes) {
      const store = transaction.objectStore(entry.collection)
      if ('remove' in entry) store.delete(entry.remove)
      else store.put(entry.put)
    }
  })
}

/** Replaces everything the database holds with `data`, in one transaction. */
export function writeData(db: IdbDatabase, data: Data, durability: Durability): Promise<void> {
  const { orgs, users, contacts, user_relationships: relationships, ...meta } = data
  const rows = { orgs, users, contacts, user_relationships: relationships }
  const stores = [META, ...COLLECTIONS]
  return inTransaction(db, stores, durability, 'could not replace the data', (transaction) => {
    transaction.objectStore(META).put(meta, META_KEY)
    for (const collection of COLLECTIONS) {
      const store = transaction.objectStore(collection)
      store.clear()
      for (const row of rows[collection]) store.put(row)
    }
  })
}
