// What the worker's tests do in a page whose module put the browser bundle at `globalThis.kit`:
// start the worker, send requests through it as the page's code would, and make IndexedDB slow
// or refuse writes. Each function runs in the page (Playwright sends its source), so it closes
// over nothing of this module: what it needs comes as its argument.
import type { Page } from 'playwright-core'
import { ALICE } from '../../fixtures/identities.ts'
import type * as Kit from '../../mock/fetch/browser.ts'
import type { MockWorker, StartMockWorkerOptions } from '../../mock/fetch/browser.ts'

/** What the page and the worker put on its globalThis. */
export interface WorkerGlobals {
  kit: typeof Kit
  /** The console API (startMockWorker's `consoleName`). */
  contactsMock?: MockWorker
}

/** Starts the worker in the page; resolves to where its data came from. */
export const startInPage = (
  page: Page,
  options: Omit<StartMockWorkerOptions, 'createData'> = {},
): Promise<MockWorker['from']> =>
  page.evaluate(async (given) => {
    const worker = await (globalThis as unknown as WorkerGlobals).kit.startMockWorker(given)
    return worker.from
  }, options)

export interface Sent {
  path: string
  method?: string
  body?: unknown
  headers?: Record<string, string>
}

export interface Answer {
  status: number
  type: string | null
  body: unknown
}

/** A request of the page's own (Alice's token), answered through the worker. */
export const sendInPage = (page: Page, sent: Sent): Promise<Answer> =>
  page.evaluate(
    async ({ path, method = 'GET', body, headers = {}, token }) => {
      const all: Record<string, string> = { Authorization: `Bearer ${token}`, ...headers }
      if (body !== undefined) all['Content-Type'] = 'application/json'
      const init = { method, headers: all, body: body === undefined ? null : JSON.stringify(body) }
      const response = await fetch(path, init)
      const text = await response.text()
      const type = response.headers.get('content-type')
      return {
        status: response.status,
        type,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      }
    },
    { ...sent, token: ALICE.token },
  )

/** Creates an Acme contact of that first name; its id when created ('' when not). */
export async function createInPage(
  page: Page,
  firstName: string,
): Promise<Answer & { id: string }> {
  const answer = await sendInPage(page, {
    path: `/api/v1/orgs/${ALICE.org_ids[0]}/contacts`,
    method: 'POST',
    body: { contact: { first_name: firstName, relationship_type: 1 } },
  })
  const { id = '' } = (answer.body ?? {}) as { id?: string }
  return { ...answer, id }
}

/** The IndexedDB classes of the page whose prototypes the tests change (not typed in Node). */
interface IdbClasses {
  IDBTransaction: { prototype: Record<string, unknown> }
  IDBObjectStore: { prototype: Record<string, unknown> }
}
interface Transaction {
  mode: string
  abort: () => void
}

/**
 * From now on every committed transaction reports `complete` `ms` later; resolves to a function
 * that tells how many read-write transactions have committed since.
 */
export async function delayCommits(page: Page, ms: number): Promise<() => Promise<number>> {
  await page.evaluate((delay) => {
    const scope = globalThis as unknown as IdbClasses & { committedWrites: number }
    const prototype = scope.IDBTransaction.prototype
    const own = Object.getOwnPropertyDescriptor(prototype, 'oncomplete')
    scope.committedWrites = 0
    Object.defineProperty(prototype, 'oncomplete', {
      configurable: true,
      get(this: Transaction) {
        return own?.get?.call(this) as unknown
      },
      set(this: Transaction, listener: (() => void) | null) {
        const later = (): void => {
          if (this.mode === 'readwrite') scope.committedWrites++
          setTimeout(() => listener?.(), delay)
        }
        own?.set?.call(this, listener && later)
      },
    })
  }, ms)
  return () =>
    page.evaluate(() => (globalThis as unknown as { committedWrites: number }).committedWrites)
}

/**
 * Until the function it resolves to is called, IndexedDB refuses every write: `quota` throws
 * a QuotaExceededError as a full origin does, `abort` aborts the transaction.
 */
export async function breakWrites(
  page: Page,
  how: 'quota' | 'abort',
): Promise<() => Promise<void>> {
  await page.evaluate((failure) => {
    const scope = globalThis as unknown as IdbClasses & { unbroken: Record<string, unknown> }
    const store = scope.IDBObjectStore.prototype
    const transaction = scope.IDBTransaction.prototype
    scope.unbroken = { put: store['put'], commit: transaction['commit'] }
    if (failure === 'quota') {
      store['put'] = () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
    } else {
      transaction['commit'] = function (this: Transaction) {
        this.abort()
      }
    }
  }, how)
  return () =>
    page.evaluate(() => {
      const scope = globalThis as unknown as IdbClasses & { unbroken: Record<string, unknown> }
      scope.IDBObjectStore.prototype['put'] = scope.unbroken['put']
      scope.IDBTransaction.prototype['commit'] = scope.unbroken['commit']
    })
}

/**
 * Until the function it resolves to is called, the page reads the `log` store as empty: its mock
 * believes no other tab has saved anything (IDBKeyRange.only(-1) is a key no commit has).
 */
export async function blindLog(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const scope = globalThis as unknown as IdbClasses & {
      IDBKeyRange: { only: (key: number) => unknown }
      seeingGetAll: unknown
    }
    const store = scope.IDBObjectStore.prototype
    const getAll = store['getAll'] as (this: { name: string }, query?: unknown) => unknown
    scope.seeingGetAll = getAll
    store['getAll'] = function (this: { name: string }, query?: unknown) {
      return getAll.call(this, this.name === 'log' ? scope.IDBKeyRange.only(-1) : query)
    }
  })
  return () =>
    page.evaluate(() => {
      const scope = globalThis as unknown as IdbClasses & { seeingGetAll: unknown }
      scope.IDBObjectStore.prototype['getAll'] = scope.seeingGetAll
    })
}

/** The little of IndexedDB makeVersionOneDatabase uses, untyped in Node. */
interface RawRequest<T> {
  result: T
  onsuccess: (() => void) | null
  onerror: ((error: unknown) => void) | null
  onupgradeneeded?: () => void
}
interface RawDatabase {
  createObjectStore: (store: string, options?: { keyPath: string }) => void
  transaction: (stores: string[], mode: 'readwrite') => RawTransaction
  close: () => void
}
interface RawTransaction {
  objectStore: (store: string) => { put: (value: unknown, key?: string) => void }
  oncomplete: (() => void) | null
  onabort: ((error: unknown) => void) | null
}

/**
 * Makes the database `name` as the version before tabs left it (IndexedDB version 1: the
 * collections, `meta` and the snapshots' stores, no generation, no log), holding the bundled
 * fixtures and a copy of an Acme contact of that first name; resolves to the copy's id.
 */
export const makeVersionOneDatabase = (
  page: Page,
  name: string,
  firstName: string,
): Promise<string> =>
  page.evaluate(
    async ({ database, first }) => {
      const { kit } = globalThis as unknown as WorkerGlobals
      const data = await kit.builtOptions().createData()
      const model = data.contacts.find((contact) => contact.org_id === data.orgs[0]?.id)
      if (model === undefined) throw new Error('the fixtures have no contact of their first org')
      const id = crypto.randomUUID()
      data.contacts.push({ ...model, id, first_name: first, deleted_at: null })
      const { orgs, users, contacts, user_relationships: relationships, ...meta } = data
      const rows = { orgs, users, contacts, user_relationships: relationships }
      const { indexedDB } = globalThis as unknown as {
        indexedDB: { open: (name: string, version: number) => RawRequest<RawDatabase> }
      }
      const request = indexedDB.open(database, 1)
      request.onupgradeneeded = () => {
        for (const store of Object.keys(rows)) {
          request.result.createObjectStore(store, { keyPath: 'id' })
        }
        for (const store of ['meta', 'snapshots', 'snapshot-data']) {
          request.result.createObjectStore(store)
        }
      }
      const db = await new Promise<RawDatabase>((resolve, reject) => {
        request.onsuccess = () => {
          resolve(request.result)
        }
        request.onerror = reject
      })
      const transaction = db.transaction(['meta', ...Object.keys(rows)], 'readwrite')
      transaction.objectStore('meta').put(meta, 'data')
      for (const [store, records] of Object.entries(rows)) {
        for (const record of records) transaction.objectStore(store).put(record)
      }
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = resolve
        transaction.onabort = reject
      })
      db.close()
      return id
    },
    { database: name, first: firstName },
  )
