// A request as the core reads it, and what the order of checks learns of it on its way: plain
// data, whatever carried it (Node's HTTP server, a fetch function, a service worker).
import type { User } from '../shared/data.ts'
import type { Reply } from '../shared/reply.ts'
import type { FaultPlan } from '../faults/fault-book.ts'
import type { AnyHandler } from '../handlers/operation.ts'
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

/** A request as the core took it: what every step may read. */
export interface Received {
  /** Names the request in the life cycle's events (as MSW's `requestId`): a count per core. */
  readonly id: number
  readonly request: CoreRequest
  /** The path of `request.url`, as the routes read it. */
  readonly path: string
  /** `performance.now()` when the core took the request. */
  readonly startedAt: number
}

/** What the steps learn of a request, each fact from its step on (core.ts lists them in order). */
export interface Facts {
  /** The admin API's (`/__admin`): guarded, no CORS, not recorded. */
  admin: boolean
  /** The path's operations (undefined: no operation has the path), and its parameters as sent. */
  found: { value: Route | undefined; params: Record<string, string> }
  /** API requests get CORS headers on every answer, a page's preflight too; the admin API's none. */
  cors: boolean
  /** The operation asked for, and its handler. */
  target: { operation: CompiledOperation; handler: AnyHandler }
  plan: FaultPlan | undefined
  caller: { user: User; token: string } | undefined
  /** The body's bytes, for an operation that takes one; else whether one was sent (never read). */
  received: Uint8Array | boolean
  /** The path's parameters, validated. */
  params: Record<string, string>
  query: Record<string, unknown>
  decoded: ReadBody | undefined
  body: unknown
  /** The handler's answer. */
  handled: Reply
}

/** A request once the facts `K` are learnt: what a step after the ones that learn them reads. */
export type Known<K extends keyof Facts> = Received & Readonly<Pick<Facts, K>>

/** A request as the life cycle's listeners see it: what was learnt of it before it was answered. */
export type Exchange = Received & Readonly<Partial<Facts>>

/** The one object a request's steps write their facts into: each unknown until its step. */
export type State = Received & { [F in keyof Facts]: Facts[F] | undefined }

/** A request at the start of its way: nothing learnt yet, every fact in its place (one shape). */
export function startExchange(request: CoreRequest, id = 0): State {
  return {
    id,
    request,
    path: pathnameOf(request.url),
    startedAt: performance.now(),
    admin: undefined,
    found: undefined,
    cors: undefined,
    target: undefined,
    plan: undefined,
    caller: undefined,
    received: undefined,
    params: undefined,
    query: undefined,
    decoded: undefined,
    body: undefined,
    handled: undefined,
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
