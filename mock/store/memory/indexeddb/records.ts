// The data in IndexedDB: one object store per collection, its records under their id, and the
// rest of the data (its version, the relationship types) as one value in `meta`. Every commit of
// every tab is numbered: `meta` holds the last number (the generation), and `log` what each of the
// last commits changed, so that a tab whose memory is behind applies what it missed (tabs.ts).
import { COLLECTIONS, type Data } from '../../../shared/data.ts'
import type { Change, JournalEntry } from '../change.ts'
import type { Meta } from '../memory-state.ts'
import {
  committed,
  keysAbove,
  keysUpTo,
  requested,
  type IdbDatabase,
  type IdbTransaction,
} from './idb.ts'

const META = 'meta'
const META_KEY = 'data'
const GENERATION_KEY = 'generation'
const LOG = 'log'
export const SNAPSHOT_INFO = 'snapshots'
export const SNAPSHOT_DATA = 'snapshot-data'

/** 2 added the generation and the log; a database of 1 is upgraded, its generation 0. */
export const DATABASE_VERSION = 2

/** The object stores of a database of this mock. */
export const STORES = { keyed: COLLECTIONS, other: [META, LOG, SNAPSHOT_INFO, SNAPSHOT_DATA] }

/** How many commits the log keeps: a tab further behind reads the data whole. */
export const LOG_KEPT = 1000

/** How hard a commit waits for the disk: 'strict' (the default here) flushes it, as fsync. */
export type Durability = 'strict' | 'relaxed' | 'default'

/** One commit: the records it put or removed, in order; or the data replaced whole (a reset). */
export type LogEntry =
  { generation: number; entries: JournalEntry[] } | { generation: number; replaced: true }

/** The data, and the generation it is at. */
export interface StoredData {
  data: Data
  generation: number
}

const isMeta = (value: unknown): value is Meta =>
  typeof value === 'object' &&
  value !== null &&
  (value as { version?: unknown }).version === 1 &&
  Array.isArray((value as { relationship_types?: unknown }).relationship_types)

const generationOf = (value: unknown): number => (typeof value === 'number' ? value : 0)

/** The data the database holds, read in one transaction; undefined before its first start. */
export async function readData(db: IdbDatabase): Promise<StoredData | undefined> {
  const transaction = db.transaction([META, ...COLLECTIONS], 'readonly')
  const doing = 'could not read the data'
  const all = (store: string): Promise<never[]> =>
    requested(transaction.objectStore(store).getAll(), doing) as Promise<never[]>
  const [meta, generation, orgs, users, contacts, relationships] = await Promise.all([
    requested(transaction.objectStore(META).get(META_KEY), doing),
    requested(transaction.objectStore(META).get(GENERATION_KEY), doing),
    all('orgs'),
    all('users'),
    all('contacts'),
    all('user_relationships'),
  ])
  if (meta === undefined) return undefined
  if (!isMeta(meta)) throw new Error('IndexedDB holds no data of this mock (version 1) in meta')
  const data = { ...meta, orgs, users, contacts, user_relationships: relationships }
  return { data, generation: generationOf(generation) }
}

/** The log's commits after `generation`, oldest first: none when memory is at the last one. */
export async function readLogAfter(db: IdbDatabase, generation: number): Promise<LogEntry[]> {
  // async: a closed database's throw (InvalidStateError) is a rejection like any other failure
  const transaction = db.transaction(LOG, 'readonly')
  const entries = transaction.objectStore(LOG).getAll(keysAbove(generation))
  return (await requested(entries, 'could not read what other tabs saved')) as LogEntry[]
}

/** Another tab's commit came first: what this one was made on is no longer the data. */
const overtaken = (generation: number): Error =>
  new Error(
    `IndexedDB: another tab saved a change after generation ${String(generation)}, which this ` +
      'one was made on; it was not kept',
  )

/**
 * Runs `fill` in a new read-write transaction that commits generation + 1, and resolves once it
 * has committed. The transaction first reads the generation: if another tab has committed since
 * `generation`, it is aborted, and nothing of it is kept.
 */
function commitGeneration(
  db: IdbDatabase,
  stores: readonly string[],
  durability: Durability,
  doing: string,
  generation: number,
  fill: (transaction: IdbTransaction, next: number) => void,
): Promise<void> {
  const transaction = db.transaction([META, LOG, ...stores], 'readwrite', { durability })
  let behind = false
  const done = committed(transaction, doing).catch((error: unknown) => {
    throw behind ? overtaken(generation) : error
  })
  try {
    const meta = transaction.objectStore(META)
    const check = meta.get(GENERATION_KEY)
    check.onsuccess = () => {
      behind = generationOf(check.result) !== generation
      if (behind) transaction.abort()
      // the requests below are queued already: commit once they are done
      else transaction.commit?.()
    }
    const next = generation + 1
    fill(transaction, next)
    meta.put(next, GENERATION_KEY)
  } catch (error) {
    // a value that cannot be stored: nothing of this transaction is kept
    done.catch(() => undefined)
    transaction.abort()
    return Promise.reject(error instanceof Error ? error : new Error(String(error)))
  }
  return done
}

/** Writes the changes (the last of each record wins) as the commit after `generation`. */
export function writeChanges(
  db: IdbDatabase,
  changes: readonly Change[],
  durability: Durability,
  generation: number,
): Promise<void> {
  const stores = [...new Set(changes.map((change) => change.collection))]
  const doing = 'could not save a change'
  return commitGeneration(db, stores, durability, doing, generation, (transaction, next) => {
    const entries: JournalEntry[] = []
    for (const { entry } of changes) {
      const store = transaction.objectStore(entry.collection)
      if ('remove' in entry) store.delete(entry.remove)
      else store.put(entry.put)
      entries.push(entry)
    }
    const log = transaction.objectStore(LOG)
    log.put({ generation: next, entries } satisfies LogEntry, next)
    if (next > LOG_KEPT) log.delete(keysUpTo(next - LOG_KEPT))
  })
}

/** Replaces everything the database holds with `data`, as the commit after `generation`. */
export function writeData(
  db: IdbDatabase,
  data: Data,
  durability: Durability,
  generation: number,
): Promise<void> {
  const { orgs, users, contacts, user_relationships: relationships, ...meta } = data
  const rows = { orgs, users, contacts, user_relationships: relationships }
  const doing = 'could not replace the data'
  return commitGeneration(db, COLLECTIONS, durability, doing, generation, (transaction, next) => {
    transaction.objectStore(META).put(meta, META_KEY)
    for (const collection of COLLECTIONS) {
      const store = transaction.objectStore(collection)
      store.clear()
      for (const row of rows[collection]) store.put(row)
    }
    // what came before concerns data that is gone: a tab behind reads the new data whole
    const log = transaction.objectStore(LOG)
    log.clear()
    log.put({ generation: next, replaced: true } satisfies LogEntry, next)
  })
}
