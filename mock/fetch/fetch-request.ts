// A call of fetch as the core reads a request: the URL below the base URL, the headers in lower
// case once, the body's bytes. A URL string and an init are read as they are, with no `Request`
// built: that is most calls, and a `Request` costs more than the core's whole answer.
import type { CoreRequest } from '../pipeline/exchange.ts'
import { HttpError } from '../shared/problem.ts'

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

type Headers_ = Record<string, string>

/** What fetch takes as its first argument (the DOM's `RequestInfo | URL`). */
export type FetchInput = string | URL | Request
type HeadersInit = NonNullable<RequestInit['headers']>
type BodyInit = NonNullable<RequestInit['body']>

/** Header names in lower case, a repeated one's values joined with ', ' (as `Headers` does). */
export function headersOf(init: HeadersInit | undefined): Headers_ {
  const headers: Headers_ = {}
  if (init === undefined) return headers
  const add = (name: string, value: string): void => {
    const key = name.toLowerCase()
    const trimmed = value.trim()
    const known = headers[key]
    headers[key] = known === undefined ? trimmed : `${known}, ${trimmed}`
  }
  if (init instanceof Headers) {
    init.forEach((value, name) => {
      headers[name] = value
    })
  } else if (Array.isArray(init)) {
    for (const [name = '', value = ''] of init) add(name, value)
  } else {
    for (const name of Object.keys(init)) add(name, (init as Headers_)[name] ?? '')
  }
  return headers
}

const EMPTY = new Uint8Array(0)
const encoder = new TextEncoder()

/** The bytes of a body and the Content-Type fetch would give it when none is set. */
async function bytesOf(body: BodyInit): Promise<{ bytes: Uint8Array; type: string | null }> {
  if (body instanceof Uint8Array) return { bytes: body, type: null }
  // a Response serializes whatever fetch takes (FormData, Blob, a stream) as fetch would
  const carrier = new Response(body)
  return {
    bytes: new Uint8Array(await carrier.arrayBuffer()),
    type: carrier.headers.get('content-type'),
  }
}

/** The parts of a request a fetch call gives, its body's bytes read already. */
export interface FetchCall {
  method: string
  href: string
  headers: Headers_
  bytes: Uint8Array
  signal: AbortSignal | null | undefined
}

/** What a fetch call asks for; a `Request` is read only when given one. */
export function readCall(input: FetchInput, init?: RequestInit): FetchCall | Promise<FetchCall> {
  if (typeof input !== 'string' && !(input instanceof URL)) return readRequest(input, init)
  const method = methodOf(init?.method ?? 'GET')
  const headers = headersOf(init?.headers)
  const href = typeof input === 'string' ? input : input.href
  const body = init?.body
  const signal = init?.signal
  if (body === undefined || body === null) return { method, href, headers, bytes: EMPTY, signal }
  if (method === 'GET' || method === 'HEAD') {
    throw new TypeError('Request with GET/HEAD method cannot have body.')
  }
  if (typeof body === 'string') {
    headers['content-type'] ??= 'text/plain;charset=UTF-8'
    return { method, href, headers, bytes: encoder.encode(body), signal }
  }
  return bytesOf(body).then(({ bytes, type }) => {
    if (type !== null) headers['content-type'] ??= type
    return { method, href, headers, bytes, signal }
  })
}

async function readRequest(input: Request, init: RequestInit | undefined): Promise<FetchCall> {
  const request = init === undefined ? input : new Request(input, init)
  const bytes = request.body === null ? EMPTY : new Uint8Array(await request.arrayBuffer())
  const headers = headersOf(request.headers)
  return { method: request.method, href: request.url, headers, bytes, signal: request.signal }
}

const ENCODINGS: Readonly<Record<string, 'gzip' | 'deflate'>> = { gzip: 'gzip', deflate: 'deflate' }

/** A compressed body inflated, as the server's body parser does; 415 for an unknown coding. */
async function inflate(bytes: Uint8Array, encoding: string | undefined): Promise<Uint8Array> {
  const coding = encoding?.trim().toLowerCase() ?? 'identity'
  if (coding === 'identity') return bytes
  const format = ENCODINGS[coding]
  if (format === undefined) {
    const error = new HttpError(
      415,
      `The request could not be read: unsupported content encoding "${coding}"`,
    )
    throw error
  }
  // A copy on its own ArrayBuffer: the DOM's BlobPart takes no view of a SharedArrayBuffer
  const own = new Uint8Array(bytes)
  const stream = new Blob([own]).stream().pipeThrough(new DecompressionStream(format))
  try {
    return new Uint8Array(await new Response(stream).arrayBuffer())
  } catch (cause) {
    throw new HttpError(400, 'The request could not be read: the body could not be inflated.', {
      cause,
    })
  }
}

const tooLarge = (): HttpError => new HttpError(413, 'The body is larger than the server accepts.')

/** The call as the core takes it; `limit` is the document's largest body, in bytes. */
export function toCoreRequest(call: FetchCall, base: Base, limit: number): CoreRequest {
  const { url, originalUrl } = targetOf(call.href, base)
  const { headers, bytes } = call
  headers['host'] = base.host
  const encoding = headers['content-encoding']
  return {
    method: call.method,
    url,
    originalUrl,
    headers,
    hasBody: bytes.length > 0,
    body: () => {
      if (encoding === undefined) {
        return bytes.length > limit ? Promise.reject(tooLarge()) : Promise.resolve(bytes)
      }
      return inflate(bytes, encoding).then((inflated) => {
        if (inflated.length > limit) throw tooLarge()
        return inflated
      })
    },
  }
}
