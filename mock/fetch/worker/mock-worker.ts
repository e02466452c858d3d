// The mock served by MSW's service worker: the page's own fetches (and its libraries') to the
// API reach the worker, which hands them to this page's mock; its data is kept in IndexedDB, so a
// reload finds it as it was, and the origin's other tabs share it (store/memory/indexeddb/tabs.ts)
// while fault rules and the request log stay in this tab. Nothing leaves the page and no server of
// ours runs.
import { setupWorker } from 'msw/browser'
import { searchFieldsOf } from '../../../openapi/document.ts'
import { createSearchText } from '../../store/memory/search-text.ts'
import {
  openIndexedDbStore,
  type Durability,
  type IndexedDbStore,
} from '../../store/memory/indexeddb/open-store.ts'
import type { AdminCalls } from '../admin-calls.ts'
import { createMockFetch, type MockFetch, type MockFetchOptions } from '../mock-fetch.ts'
import { createHandlers } from '../msw.ts'
import { createRequestLog, type LoggedRequest } from './request-log.ts'

export type { LoggedRequest } from './request-log.ts'

export const DEFAULT_DATABASE = 'contacts-mock'
export const DEFAULT_WORKER_URL = '/mockServiceWorker.js'

export interface MockWorkerOptions {
  /** The IndexedDB database the data is kept in (`contacts-mock`): each name is a mock of its own. */
  database?: string
  /** Where MSW's worker script is served (`/mockServiceWorker.js`, where `npx msw init` puts it). */
  workerUrl?: string
  /** 'strict' by default: a write is answered once IndexedDB has it on the disk. */
  durability?: Durability
  /** The console API's name on `globalThis` (`contactsMock`); false for none. */
  consoleName?: string | false
  /** How many requests `requests()` keeps (200). */
  keepRequests?: number
  /** MSW's own console lines (one group per request): off unless false. */
  quiet?: boolean
}

/** The mock behind the worker, and what a person or a test does with it. */
export interface MockWorker extends AdminCalls {
  /** The same mock as a fetch function, for code that should not go through the worker. */
  readonly mock: MockFetch
  /** The origin (and path) the API is served at: the page's own unless `baseUrl` said. */
  readonly baseUrl: string
  readonly database: string
  /** Where the data came from: IndexedDB (a reload), or the fixtures (its first start). */
  readonly from: IndexedDbStore['from']
  readonly orgs: Record<string, string>
  readonly tokens: Record<string, string>
  /** The last requests the worker answered, oldest first. */
  requests: () => LoggedRequest[]
  clearRequests: () => void
  /** The worker stops answering (requests go to the network again) and the database is closed. */
  stop: () => Promise<void>
}

type WorkerMockOptions = Omit<MockFetchOptions, 'openEngine' | 'validateResponses'>

const pageOrigin = (): string | undefined =>
  (globalThis as { location?: { origin?: string } }).location?.origin

/** Starts the worker on `options`' mock; resolves once both answer. */
export async function startWorker(
  options: WorkerMockOptions & MockWorkerOptions,
): Promise<MockWorker> {
  const {
    database = DEFAULT_DATABASE,
    workerUrl = DEFAULT_WORKER_URL,
    durability,
    consoleName = 'contactsMock',
    keepRequests = 200,
    quiet = true,
    ...mockOptions
  } = options
  const baseUrl = mockOptions.baseUrl ?? pageOrigin()
  if (baseUrl === undefined) throw new Error('startMockWorker runs in a page: it needs location.')
  let store: IndexedDbStore | undefined
  const searchTextOf = createSearchText(searchFieldsOf(mockOptions.documents.api))
  const mock = createMockFetch({
    ...mockOptions,
    baseUrl,
    openEngine: async (createData) => {
      const tokenTtlMs = mockOptions.tokenTtlMs
      store = await openIndexedDbStore(createData, {
        database,
        searchTextOf,
        tokenTtlMs,
        durability,
      })
      return store
    },
  })
  const log = createRequestLog(new URL(baseUrl).origin, keepRequests)
  const worker = setupWorker(...createHandlers({ mock, baseUrl }))
  worker.events.on('request:start', ({ requestId }) => {
    log.started(requestId)
  })
  worker.events.on('response:mocked', ({ requestId, request, response }) => {
    log.answered(requestId, request, response)
  })
  worker.events.on('response:bypass', ({ requestId }) => {
    log.passed(requestId)
  })
  try {
    await Promise.all([
      mock.ready,
      worker.start({ serviceWorker: { url: workerUrl }, onUnhandledRequest: 'bypass', quiet }),
    ])
  } catch (error) {
    worker.stop()
    await mock.close().catch(() => undefined)
    throw startFailure(error, workerUrl)
  }
  const opened = store
  if (opened === undefined) throw new Error('the mock started without its store')
  const controls: MockWorker = {
    mock,
    baseUrl: mock.baseUrl,
    database,
    from: opened.from,
    orgs: mock.orgs,
    tokens: mock.tokens,
    reset: () => mock.reset(),
    export: () => mock.export(),
    snapshots: mock.snapshots,
    createOrg: (request) => mock.createOrg(request),
    requests: log.list,
    clearRequests: log.clear,
    async stop() {
      worker.stop()
      if (consoleName !== false) Reflect.deleteProperty(globalThis, consoleName)
      await mock.close()
    },
  }
  if (consoleName !== false) Reflect.set(globalThis, consoleName, controls)
  return controls
}

/** Why the worker could not start, with what to do when its script is not served. */
function startFailure(error: unknown, workerUrl: string): Error {
  const message = error instanceof Error ? error.message : String(error)
  if (!/Service ?Worker/i.test(message)) return error instanceof Error ? error : new Error(message)
  return new Error(
    `The mock's service worker could not start (${message}). Serve MSW's worker script at ` +
      `${workerUrl}: \`npx msw init public/ --save\` copies it into the folder your site serves.`,
    { cause: error },
  )
}
