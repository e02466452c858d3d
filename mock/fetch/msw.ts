// The mock as MSW 2 handlers, for `setupServer` (msw/node: Vitest, Jest) and `setupWorker`
// (msw/browser): every request to the API's paths, on any origin or under a base URL, is answered
// by one mock's core; what is not the mock's goes on to the next handler, or the network.
import { http, type HttpHandler } from 'msw'
import type { MockFetch } from './mock-fetch.ts'

export interface HandlersOptions {
  /** The mock that answers: its state is shared by every handler and by its own fetch. */
  mock: MockFetch
  /**
   * Where the API is served: by default on any origin (a page's own, `http://localhost` in
   * Node), below the mock's base URL's path; a URL (`https://api.example.com`) serves that origin
   * only.
   */
  baseUrl?: string
}

/**
 * An array of handlers, to spread into `setupServer(...handlers)` or `setupWorker(...handlers)`,
 * that also holds the mock they answer through (`handlers.mock`) and its everyday controls.
 */
export interface MockHandlers extends Array<HttpHandler> {
  readonly mock: MockFetch
  /** Resolves once the mock's data is loaded. */
  readonly ready: Promise<void>
  /** Organization ids and bearer tokens by lower-case name, once ready. */
  readonly orgs: Record<string, string>
  readonly tokens: Record<string, string>
  /** Back to the data the mock started from (in an `afterEach`, say). */
  reset: () => Promise<void>
  close: () => Promise<void>
}

/** The MSW pattern of everything below the base: an origin or any (`*`), then its path. */
function patternOf(options: HandlersOptions): string {
  const mockPath = new URL(options.mock.baseUrl).pathname.replace(/\/+$/, '')
  if (options.baseUrl === undefined) return `*${mockPath}/*`
  const url = new URL(options.baseUrl)
  const path = url.pathname.replace(/\/+$/, '')
  if (path !== mockPath) {
    throw new TypeError(
      `The handlers' baseUrl ${options.baseUrl} must have the mock's path (${mockPath || '/'}).`,
    )
  }
  return `${url.origin}${path}/*`
}

/** Handlers that answer the mock's API through `options.mock`. */
export function createHandlers(options: HandlersOptions): MockHandlers {
  const { mock } = options
  const handlers = [
    http.all(patternOf(options), ({ request }) => mock.answer(request)),
  ] as HttpHandler[]
  return Object.defineProperties(handlers, {
    mock: { value: mock },
    ready: { value: mock.ready },
    orgs: { get: () => mock.orgs },
    tokens: { get: () => mock.tokens },
    reset: { value: () => mock.reset() },
    close: { value: () => mock.close() },
  }) as MockHandlers
}
