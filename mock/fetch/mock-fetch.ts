// The mock as a function with fetch's signature: each call goes through the same core as the
// server's requests (validation, problem+json, auth, faults), in this process, with no port. This
// module runs anywhere (Node, a page, a service worker): what only Node has (the documents' files,
// faker, a data file) is given by the Node entry, node/fetch.ts, and the browser's by its build.
import { pathnameOf } from '../pipeline/exchange.ts'
import { noSuchPath } from '../pipeline/core.ts'
import { problemReply } from '../shared/problem.ts'
import type { Reply } from '../shared/reply.ts'
import { createAdminCalls, type AdminCalls } from './admin-calls.ts'
import {
  parseBase,
  readCall,
  toCoreRequest,
  targetOf,
  type Base,
  type FetchCall,
  type FetchInput,
} from './fetch-request.ts'
import {
  abortReason,
  breakConnection,
  failedToFetch,
  raceAbort,
  toResponse,
} from './fetch-response.ts'
import { openMock, type MockFetchOptions, type OpenedMock } from './open-mock.ts'

export type { MockDocuments, MockFetchOptions, OpenedEngine } from './open-mock.ts'
export { MockAdminError } from './admin-calls.ts'
export type { OrgCreated, OrgRequest, SeedData, SnapshotInfo } from './admin-calls.ts'

export const DEFAULT_BASE_URL = 'http://localhost'

/** A fetch function answering the mock's API, and the mock's controls. */
export interface MockFetch extends AdminCalls {
  (input: FetchInput, init?: RequestInit): Promise<Response>
  /** The base URL it answers, without a trailing slash. */
  readonly baseUrl: string
  /** Resolves once the data is loaded (a request waits for it anyway); rejects if it cannot be. */
  readonly ready: Promise<void>
  /** Organization ids by lower-case name (`mock.orgs.acme`), once ready. */
  readonly orgs: Record<string, string>
  /** Bearer tokens by lower-case user name (`mock.tokens.alice`), once ready. */
  readonly tokens: Record<string, string>
  /**
   * Answers a Request sent to any origin (what the MSW handlers do), its path read below the base
   * URL's path; undefined when the path is not the mock's (outside the base URL's path, the API's
   * root and `/__admin`). A broken connection is `Response.error()`.
   */
  answer: (request: Request) => Promise<Response | undefined>
  /** Lets requests in flight finish and closes the store; later calls reject like a closed port. */
  close: () => Promise<void>
}

/**
 * A fetch function that answers the mock's API in this process: `createMockFetch({ documents,
 * createData })`, then `await mockFetch('http://localhost/api/v1/...')`.
 */
export function createMockFetch(options: MockFetchOptions): MockFetch {
  const base = parseBase(options.baseUrl ?? DEFAULT_BASE_URL)
  if (options.faults === false && options.delay !== undefined) {
    throw new TypeError('faults: false cannot go with a delay (as --no-faults with --delay).')
  }
  let started: OpenedMock | undefined
  let closing: Promise<void> | undefined
  let signalClosed: () => void = () => undefined
  const closed = new Promise<void>((resolve) => {
    signalClosed = resolve
  })
  // requests the core is answering: a close waits for them
  let pending = 0
  let drained: (() => void) | undefined
  const settle = (): void => {
    pending--
    if (pending === 0) drained?.()
  }
  const ready = openMock(options, base.host).then((value) => {
    started = value
  })
  // a request or `ready` rethrows it; no one else has to handle it
  ready.catch(() => undefined)

  /** The mock once it is ready; a closed one is a closed port. */
  async function running(): Promise<OpenedMock> {
    if (started === undefined) await ready
    if (started === undefined || closing !== undefined) throw failedToFetch(new Error('closed'))
    return started
  }

  /**
   * The core's answer to a call at `at` (the base URL, or a Request's own origin). The body is read
   * by the core when its turn comes; whatever it left unread is let go once the call is over.
   */
  async function exchange(call: FetchCall, at: Base): Promise<Reply> {
    try {
      const mock = await running()
      const request = toCoreRequest(call, at, mock.bodyLimit)
      // what the answer's `url` says: the URL as sent, resolved and normalized
      call.href = at.origin + (request.originalUrl ?? request.url)
      const { signal } = call
      if (signal?.aborted === true) throw abortReason(signal)
      const handled = mock.handle(request)
      pending++
      handled.then(settle, settle)
      const reply = await raceAbort(handled, signal)
      // the caller's own body stream failed: fetch rejects, as it does when an upload breaks
      const failure = call.body.failure()
      if (failure !== undefined) throw failedToFetch(failure)
      // the core leaves only pages, and this mock has none: the server's 404 for them
      return reply ?? problemReply(noSuchPath(request.url))
    } finally {
      call.body.discard()
    }
  }

  const mockFetch = async (input: FetchInput, init?: RequestInit): Promise<Response> => {
    const call = readCall(input, init)
    const reply = await exchange(call, base)
    if (reply.network !== undefined) return breakConnection(reply.network, call.signal, closed)
    return toResponse(reply, call.method, call.href)
  }

  async function answer(request: Request): Promise<Response | undefined> {
    const call = readCall(request)
    const { origin } = new URL(call.href)
    // the request's origin is taken for the mock's: a same-origin request stays one
    if (call.headers['origin'] === origin) call.headers['origin'] = base.origin
    const at = { ...base, href: origin + base.path, origin }
    const below = pathBelow(call.href, at)
    // not the mock's: its body is left as it is, for the next handler or the network
    if (below === undefined || !(await running()).owns(below)) return undefined
    let reply: Reply
    try {
      reply = await exchange(call, at)
    } catch (error) {
      // the caller's stream failed, or the caller gave up (MSW rejected its fetch already): MSW
      // turns an error response into the TypeError fetch rejects with, and tells no exception
      if (call.body.failure() !== undefined || call.signal?.aborted === true)
        return Response.error()
      throw error
    }
    if (reply.network === undefined) return toResponse(reply, call.method)
    // MSW turns an error response into the TypeError fetch rejects with
    if (reply.network !== 'hang') return Response.error()
    return breakConnection('hang', call.signal, closed).catch(() => Response.error())
  }

  const calls = createAdminCalls((path, init) => mockFetch(`${base.href}/__admin/${path}`, init))

  const whenReady = <T>(read: (mock: OpenedMock) => T): T => {
    if (started === undefined) throw new Error('The mock is not ready yet: await mockFetch.ready.')
    return read(started)
  }

  return Object.defineProperties(Object.assign(mockFetch, calls), {
    baseUrl: { value: base.href, enumerable: true },
    ready: { value: ready, enumerable: true },
    orgs: { get: () => whenReady((mock) => mock.orgs), enumerable: true },
    tokens: { get: () => whenReady((mock) => mock.tokens), enumerable: true },
    answer: { value: answer, enumerable: true },
    close: {
      enumerable: true,
      value: () => {
        closing ??= (async () => {
          signalClosed()
          await ready.catch(() => undefined)
          if (pending > 0) {
            await new Promise<void>((resolve) => {
              drained = resolve
            })
          }
          await started?.close()
        })()
        return closing
      },
    },
  }) as MockFetch
}

/** The path of a URL below the base (its origin and path); undefined when it is not there. */
function pathBelow(href: string, at: Base): string | undefined {
  try {
    return pathnameOf(targetOf(href, at).url)
  } catch {
    return undefined
  }
}
