// The part of the browser's IndexedDB this store uses, typed here: the project compiles without
// the DOM's types (its core runs in Node too), and a page or a service worker gives `indexedDB`.

export interface IdbRequest<T = unknown> {
  result: T
  error: { name: string; message: string } | null
  onsuccess: (() => void) | null
  onerror: (() => void) | null
}

/** A record's key: an id, a snapshot's name, or a commit's generation (records.ts). */
export type IdbKey = string | number

/** A range of keys (IDBKeyRange), made by keysAbove and keysUpTo. */
export interface IdbKeyRange {
  readonly lower: unknown
  readonly upper: unknown
}

export interface IdbObjectStore {
  put: (value: unknown, key?: IdbKey) => IdbRequest
  delete: (key: IdbKey | IdbKeyRange) => IdbRequest
  clear: () => IdbRequest
  get: (key: IdbKey) => IdbRequest
  getAll: (query?: IdbKeyRange) => IdbRequest<unknown[]>
  count: (key?: IdbKey) => IdbRequest<number>
}

export interface IdbTransaction {
  objectStore: (name: string) => IdbObjectStore
  abort: () => void
  /** Chromium, Firefox and Safari have it: commits without waiting for the last request's turn. */
  commit?: () => void
  error: { name: string; message: string } | null
  oncomplete: (() => void) | null
  onabort: (() => void) | null
}

export interface IdbDatabase {
  objectStoreNames: { contains: (name: string) => boolean }
  createObjectStore: (name: string, options?: { keyPath?: string }) => IdbObjectStore
  transaction: (
    stores: string | string[],
    mode: 'readonly' | 'readwrite',
    options?: { durability?: 'default' | 'strict' | 'relaxed' },
  ) => IdbTransaction
  close: () => void
  onversionchange: (() => void) | null
}

export interface IdbOpenRequest extends IdbRequest<IdbDatabase> {
  onupgradeneeded: (() => void) | null
  onblocked: (() => void) | null
}

export interface IdbFactory {
  open: (name: string, version?: number) => IdbOpenRequest
}

interface IdbKeyRangeClass {
  lowerBound: (lower: number, open?: boolean) => IdbKeyRange
  upperBound: (upper: number, open?: boolean) => IdbKeyRange
}

function keyRanges(): IdbKeyRangeClass {
  const ranges = (globalThis as { IDBKeyRange?: IdbKeyRangeClass }).IDBKeyRange
  if (ranges === undefined)
    throw new Error('There is no IDBKeyRange here: IndexedDB runs in a browser.')
  return ranges
}

/** The keys greater than `key`. */
export const keysAbove = (key: number): IdbKeyRange => keyRanges().lowerBound(key, true)

/** The keys up to `key`, itself included. */
export const keysUpTo = (key: number): IdbKeyRange => keyRanges().upperBound(key)

/** The browser's IndexedDB; undefined where there is none (Node). */
export function browserIndexedDb(): IdbFactory | undefined {
  return (globalThis as { indexedDB?: IdbFactory }).indexedDB
}

/** What the browser said went wrong, as an Error whose name is kept (QuotaExceededError). */
export function idbError(error: { name: string; message: string } | null, doing: string): Error {
  const failure = new Error(
    `IndexedDB ${doing}: ${error?.message ?? 'the transaction was aborted'}`,
  )
  failure.name = error?.name ?? 'AbortError'
  return failure
}

/** The result of one request. */
export function requested<T>(request: IdbRequest<T>, doing: string): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => {
      resolve(request.result)
    }
    request.onerror = () => {
      reject(idbError(request.error, doing))
    }
  })
}

/**
 * Resolves once the transaction has committed (`complete`), or rejects with why it was aborted:
 * the first request that failed, or the transaction's own error (a full quota).
 */
export function committed(transaction: IdbTransaction, doing: string): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => {
      resolve()
    }
    transaction.onabort = () => {
      reject(idbError(transaction.error, doing))
    }
  })
}

/**
 * Opens (and at its first use creates) a database of these object stores: those named in
 * `keyed` hold records under their `id`; the others take a key with each value. An upgrade
 * (a database of an earlier `version`) adds the stores it lacks.
 */
export function openDatabase(
  factory: IdbFactory,
  name: string,
  version: number,
  stores: { keyed: readonly string[]; other: readonly string[] },
): Promise<IdbDatabase> {
  const request = factory.open(name, version)
  request.onupgradeneeded = () => {
    const db = request.result
    for (const store of stores.keyed) {
      if (!db.objectStoreNames.contains(store)) db.createObjectStore(store, { keyPath: 'id' })
    }
    for (const store of stores.other) {
      if (!db.objectStoreNames.contains(store)) db.createObjectStore(store)
    }
  }
  return requested(request, `could not open the database ${name}`).then((db) => {
    // another tab deleting or upgrading the database must not wait for this one to close
    db.onversionchange = () => {
      db.close()
    }
    return db
  })
}
