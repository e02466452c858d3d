// `contacts-mock-kit/browser`: the mock in a page, from the bundle scripts/build-browser.ts makes
// (dist/browser/contacts-mock.js). Everything a page cannot do at run time was done at build time:
// the validators are generated code (a page with `script-src 'self'` and no 'unsafe-eval' runs
// them), the fixtures are data (no faker), the documents are objects (no YAML parser).
// startMockWorker serves that mock from the page's origin through MSW's service worker, its data
// in IndexedDB.
import type { Data } from '../shared/data.ts'
import { BUILT, type Built } from './bundle/built.ts'
import { createGeneratedSource } from './bundle/generated-source.ts'
import { createMockFetch, type MockFetch, type MockFetchOptions } from './mock-fetch.ts'
import { startWorker, type MockWorker, type MockWorkerOptions } from './worker/mock-worker.ts'

export type { MockWorker, MockWorkerOptions, LoggedRequest } from './worker/mock-worker.ts'
export { DEFAULT_DATABASE, DEFAULT_WORKER_URL } from './worker/mock-worker.ts'
export type { MockFetch } from './mock-fetch.ts'

/** What the bundle brings of its own: the documents, their validators and the fixtures. */
export type BuiltOptions = Required<
  Pick<MockFetchOptions, 'documents' | 'createData' | 'validators'>
>

/**
 * The bundle's documents, generated validators and default fixtures, as createMockFetch (and the
 * MSW handlers) take them. Only in the bundle: the modules as compiled by tsc have none.
 */
export function builtOptions(built: Built | undefined = BUILT): BuiltOptions {
  if (built === undefined) {
    throw new Error(
      'contacts-mock-kit/browser runs from its bundle (dist/browser/contacts-mock.js, made by ' +
        '`npm run build`): in Node, use contacts-mock-kit/fetch',
    )
  }
  return {
    documents: built.documents,
    // parsed anew each time: a reset must not get back the records the mock has since changed
    createData: () => JSON.parse(built.fixtures) as Data,
    validators: {
      api: createGeneratedSource(built.validators.api),
      admin: createGeneratedSource(built.validators.admin),
    },
  }
}

/**
 * What a page may choose; `validateResponses` is not offered: it compiles the response schemas at
 * run time, which a strict Content-Security-Policy refuses.
 */
export type BrowserMockFetchOptions = Omit<
  MockFetchOptions,
  'documents' | 'validators' | 'validateResponses' | 'createData'
> &
  Partial<Pick<MockFetchOptions, 'createData'>>

/**
 * createMockFetch in a page, on the bundled fixtures (or `createData`'s): state in memory, as
 * long as the page lives.
 */
export function createBrowserMockFetch(options: BrowserMockFetchOptions = {}): MockFetch {
  const built = builtOptions()
  return createMockFetch({
    ...built,
    ...options,
    createData: options.createData ?? built.createData,
  })
}

export type StartMockWorkerOptions = Omit<BrowserMockFetchOptions, 'openEngine'> & MockWorkerOptions

/**
 * Serves the mock's API from the page's origin (or `baseUrl`) through MSW's service worker, on
 * the bundled fixtures (or `createData`'s) kept in IndexedDB: `await startMockWorker()`, then
 * the page's fetches to `/api/v1/...` are answered, and a reload finds the data as it was.
 */
export function startMockWorker(options: StartMockWorkerOptions = {}): Promise<MockWorker> {
  const built = builtOptions()
  return startWorker({ ...built, ...options, createData: options.createData ?? built.createData })
}
