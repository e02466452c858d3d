// A call of fetch as the core reads a request: the URL below the base URL, the headers in lower
// case once, the body when the core asks for it (request-body.ts). A URL string and an init are
// read as they are, with no `Request` built: that is most calls, and a `Request` costs more than
// the core's whole answer.
import type { CoreRequest } from '../pipeline/exchange.ts'
import { createNameRecord } from '../shared/name-record.ts'
import { bodyOf, type FetchBody } from './request-body.ts'

/** The base URL a fetch function answers, taken apart once. */
export interface Base {
  /** `http://localhost` or `http://localhost/prefix`: no trailing slash. */
  href: string
  origin: string
  /** The Host header requests carry. */
  host: string
  /** '' or a path without a trailing slash: what the core's URLs are below. */
  path: string
}

export function parseBase(baseUrl: string): Base {
  const url = new URL(baseUrl)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`The base URL must be http: or https:, not ${baseUrl}.`)
  }
  const path = url.pathname.replace(/\/+$/, '')
  return { href: url.origin + path, origin: url.origin, host: url.host, path }
}

// fetch upper-cases these methods and no other (`patch` goes out as it is written)
const NORMALIZED = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'])
const FORBIDDEN = new Set(['CONNECT', 'TRACE', 'TRACK'])
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

function methodOf(method: string): string {
  const upper = method.toUpperCase()
  if (NORMALIZED.has(upper)) return upper
  if (!TOKEN.test(method)) throw new TypeError(`'${method}' is not a valid HTTP method.`)
  if (FORBIDDEN.has(upper)) throw new TypeError(`'${method}' HTTP method is unsupported.`)
  return method
}

/** Characters a URL parser leaves as they are in a path and a query: such a URL needs no parse. */
const PLAIN = /^[A-Za-z0-9\-._~!$&()*+,;=:@%/?[\]]*$/

const outside = (href: string, base: Base): TypeError =>
  new TypeError(`This mock answers ${base.href} only, not ${href}: set its baseUrl to serve it.`)

/** The path and query of `href` below the base, as an HTTP client would send them. */
export function targetOf(href: string, base: Base): { url: string; originalUrl: string } {
  if (href.startsWith(base.href)) {
    const rest = href.slice(base.href.length)
    const first = rest.charCodeAt(0)
    // '/' or '?' or nothing, then nothing a parser would rewrite (dot segments, encoding, '#')
    if ((rest === '' || first === 47 || first === 63) && PLAIN.test(rest) && !rest.includes('/.')) {
      const url = first === 47 ? rest : `/${rest}`
      // the base itself, with or without a query, is asked for as it is written: '/mock?q=1'
      return { url, originalUrl: base.path === '' ? url : base.path + rest }
    }
  }
  const url = new URL(href, `${base.href}/`)
  if (url.username !== '' || url.password !== '') {
    throw new TypeError(`A request URL may not include credentials: ${href}`)
  }
  const { pathname, search } = url
  const below = pathname === base.path || pathname.startsWith(`${base.path}/`)
  if (url.origin !== base.origin || !below) throw outside(url.href, base)
  const path = pathname.slice(base.path.length)
  return { url: (path === '' ? '/' : path) + search, originalUrl: pathname + search }
}

/** What fetch takes as its first argument (the DOM's `RequestInfo | URL`). */
export type FetchInput = string | URL | Request

/**
 * Header names in lower case, a repeated one's values joined with ', ' (as `Headers` does), in a
 * record without a prototype: `constructor` or `__proto__` are sent as any other name. Headers
 * are known by their shape, as fetch itself reads them: an iterable of pairs (a `Headers` of any
 * realm, jsdom's or happy-dom's, which may keep a name's capitals; an array), else a record.
 */
export function headersOf(init: unknown): Record<string, string> {
  const headers = createNameRecord<string>()
  if (init === undefined || init === null) return headers
  if (typeof init !== 'object') throw new TypeError('Headers must be an object or pairs.')
  const add = (name: unknown, value: unknown): void => {
    const key = String(name).toLowerCase()
    const trimmed = String(value).trim()
    const known = headers[key]
    headers[key] = known === undefined ? trimmed : `${known}, ${trimmed}`
  }
  if (Symbol.iterator in init) {
    for (const [name = '', value = ''] of init as Iterable<readonly unknown[]>) add(name, value)
  } else if (typeof (init as { forEach?: unknown }).forEach === 'function') {
    // a Headers of a polyfill with no iterator
    ;(init as { forEach: (each: (value: unknown, name: unknown) => void) => void }).forEach(
      (value, name) => {
        add(name, value)
      },
    )
  } else {
    const record = init as Record<string, unknown>
    for (const name of Object.keys(record)) add(name, record[name] ?? '')
  }
  return headers
}

/** The parts of a request a fetch call gives; its body is read when the core asks for it. */
export interface FetchCall {
  method: string
  href: string
  headers: Record<string, string>
  body: FetchBody
  signal: AbortSignal | null | undefined
}

/** What fetch reads of a Request, whatever realm made it (this one, jsdom's, happy-dom's). */
interface RequestLike {
  readonly url: string
  readonly method: string
  readonly headers: unknown
  readonly body: unknown
  readonly signal?: AbortSignal | null
  readonly bodyUsed?: boolean
}

function requestOf(input: FetchInput): RequestLike | undefined {
  if (typeof input !== 'object' || input instanceof URL) return undefined
  const { url, method } = input as Partial<RequestLike>
  return typeof url === 'string' && typeof method === 'string' ? input : undefined
}

/** What a fetch call asks for: `init` over the Request's own parts, as `new Request` puts it. */
export function readCall(input: FetchInput, init?: RequestInit): FetchCall {
  const request = requestOf(input)
  if (request === undefined) {
    // a URL of this realm or another (jsdom's), by its href
    const href = typeof input === 'string' ? input : (input as { href?: unknown }).href
    if (typeof href !== 'string') throw new TypeError('fetch takes a URL, its text or a Request.')
    return callOf(href, init?.method ?? 'GET', init?.headers, init?.body, init?.signal)
  }
  if (request.bodyUsed === true) {
    throw new TypeError(
      'Cannot construct a Request with a Request object that has already been used.',
    )
  }
  const body = init?.body !== undefined ? init.body : request.body
  const headers = init?.headers ?? request.headers
  const signal = init?.signal ?? request.signal
  return callOf(request.url, init?.method ?? request.method, headers, body, signal)
}

function callOf(
  href: string,
  requested: string,
  headersInit: unknown,
  init: unknown,
  signal: AbortSignal | null | undefined,
): FetchCall {
  const method = methodOf(requested)
  const headers = headersOf(headersInit)
  if (init !== undefined && init !== null && (method === 'GET' || method === 'HEAD')) {
    throw new TypeError('Request with GET/HEAD method cannot have body.')
  }
  const body = bodyOf(init)
  if (body.type !== null) headers['content-type'] ??= body.type
  return { method, href, headers, body, signal }
}

/** The call as the core takes it; `limit` is the document's largest body, in bytes. */
export function toCoreRequest(call: FetchCall, base: Base, limit: number): CoreRequest {
  const { url, originalUrl } = targetOf(call.href, base)
  const { headers, body } = call
  headers['host'] = base.host
  const encoding = headers['content-encoding']
  return {
    method: call.method,
    url,
    originalUrl,
    headers,
    hasBody: body.sent,
    body: () => body.read(limit, encoding),
  }
}
