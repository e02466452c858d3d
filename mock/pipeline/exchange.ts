// A request as the core reads it and the state of its way through the order of checks: plain
// data, whatever carried it (Node's HTTP server, a fetch function, a service worker).
import type { User } from '../shared/data.ts'
import type { Reply } from '../shared/reply.ts'
import type { FaultPlan } from '../faults/fault-book.ts'
import type { ReadBody } from './decode/read-body.ts'
import type { Route } from './routes.ts'
import type { CompiledOperation } from './validate/compile-operations.ts'

/** Header names in lower case; a repeated header's values joined (Node's `req.headers`). */
export type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>

export interface CoreRequest {
  method: string
  /** The request target below the app's mount point: path and query, or the absolute form. */
  url: string
  /** The target as it arrived (above a mount point): what a problem's `instance` names. */
  originalUrl?: string
  headers: RequestHeaders
  /** The headers as they came, name then value (Node's `rawHeaders`), where the transport has them. */
  rawHeaders?: readonly string[]
  /**
   * Whether a body was sent: announced (a length over 0, or a transfer encoding), or, where the
   * transport cannot tell without reading (a fetch Request's stream), learnt from its first bytes.
   */
  hasBody: boolean | (() => Promise<boolean>)
  /**
   * The body's bytes, read when the order of checks reaches it (an unauthenticated request never
   * waits for its body); rejects with a 4xx error (413 over the document's limit).
   */
  body: () => Promise<Uint8Array>
}

/** One request on its way through the core: what the steps learned, for the next ones. */
export interface Exchange {
  readonly request: CoreRequest
  /** The path of `request.url`, as the routes read it. */
  readonly path: string
  /** `performance.now()` when the core took the request. */
  readonly startedAt: number
  /** The admin API's (`/__admin`): guarded, no CORS, not recorded. */
  admin: boolean
  /** A page the transport serves itself (the reference, the inspector): the core leaves it. */
  page: boolean
  /** The path's operations (undefined: no operation has it). */
  route: Route | undefined
  operation: CompiledOperation | undefined
  params: Record<string, string>
  /** API requests get CORS headers on every answer; the admin API's none. */
  cors: boolean
  /** The inspector shows it: API requests and unknown paths, not preflights nor the admin API. */
  recorded: boolean
  plan: FaultPlan | undefined
  caller: { user: User; token: string } | undefined
  /** Whether a body was sent, once known (readBody learns it where the transport could not say). */
  bodySent: boolean
  /** The body's bytes, once read. */
  rawBody: Uint8Array | undefined
  decoded: ReadBody | undefined
  query: Record<string, unknown>
  body: unknown
  /** The handler's answer, once it ran. */
  handled: Reply | undefined
  /** Set by a step that answers early (a preflight, a broken connection): no step runs after it. */
  reply: Reply | undefined
}

/** A request at the start of its way: nothing learnt yet. */
export function startExchange(request: CoreRequest): Exchange {
  return {
    request,
    path: pathnameOf(request.url),
    startedAt: performance.now(),
    admin: false,
    page: false,
    route: undefined,
    operation: undefined,
    params: {},
    cors: false,
    recorded: false,
    plan: undefined,
    caller: undefined,
    bodySent: request.hasBody === true,
    rawBody: undefined,
    decoded: undefined,
    query: {},
    body: undefined,
    handled: undefined,
    reply: undefined,
  }
}

/** A header's value as one string (a repeated one joined). */
export function headerOf(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** The path of a request target as Express's `req.path` reads it: no query, no fragment. */
export function pathnameOf(url: string): string {
  if (!url.startsWith('/')) {
    // the absolute form (`GET http://host/path`), which a proxy-minded client may send
    return URL.canParse(url) ? new URL(url).pathname : url
  }
  const query = url.indexOf('?')
  const fragment = url.indexOf('#')
  const end = query === -1 ? fragment : fragment === -1 ? query : Math.min(query, fragment)
  return end === -1 ? url : url.slice(0, end)
}

/** The query string of a request target, without its `?`. */
export function searchOf(url: string): string {
  const index = url.indexOf('?')
  return index === -1 ? '' : url.slice(index + 1)
}
