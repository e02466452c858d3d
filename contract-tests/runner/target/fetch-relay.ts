// A fetch function as the run's target (--fetch-module): an HTTP server on 127.0.0.1 in the
// runner's process turns each request into a call of the function, at its base URL, and writes
// the Response back. The checks then talk HTTP to the relay as to any server. A rejected call is a
// network fault (the mock's reset, empty answer or hang): the connection is destroyed.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { pathToFileURL } from 'node:url'
import { resolve as resolvePath } from 'node:path'
import { CannotRunError } from '../cannot-run.ts'
import type { Resources } from '../resources.ts'
import { FETCH_LIMITS, isFetchLimit, type FetchLimit } from '../../suite/support/env.ts'

export type FetchFunction = (input: string, init?: RequestInit) => Promise<Response>

/** What --fetch-module gives: the function, where it answers, and how to stop it. */
export interface FetchTarget {
  fetch: FetchFunction
  /** The URL the function answers below, without a trailing slash. */
  baseUrl: string
  close: () => Promise<void>
  /** What it declared it cannot answer: the checks that need it are skipped, saying so. */
  limits: FetchLimit[]
}

export interface FetchRelay {
  /** The relay's own URL: http://127.0.0.1:<port>. */
  url: string
  close: () => Promise<void>
}

/** What createMockFetch answers when given no baseUrl. */
const DEFAULT_FETCH_BASE_URL = 'http://localhost'

// Headers of the connection, not of the request: fetch makes its own (and refuses some of them).
const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'proxy-connection',
])

// The suite sends headers of 32 KiB and more (the 431 check): the relay passes them on.
const MAX_HEADER_SIZE = 64 * 1024

const isFunction = (value: unknown): value is (...args: unknown[]) => unknown =>
  typeof value === 'function'

const propertiesOf = (value: unknown): { fetch?: unknown; close?: unknown } =>
  typeof value === 'object' && value !== null ? value : {}

/** The module's `limits`, each one the suite knows (FETCH_LIMITS). */
function limitsOf(file: string, limits: unknown): FetchLimit[] {
  if (limits === undefined) return []
  const names: unknown[] = Array.isArray(limits) ? limits : [limits]
  const unknown = names.filter((name) => typeof name !== 'string' || !isFetchLimit(name))
  if (unknown.length > 0) {
    throw new CannotRunError(
      `--fetch-module ${file}: limits may be ${Object.keys(FETCH_LIMITS).join(', ')}, not ${unknown.map(String).join(', ')}.`,
    )
  }
  return names as FetchLimit[]
}

/**
 * Loads a module exporting `fetch` (or a default export) that is a fetch function, or
 * `createFetch`, a factory returning one (or `{ fetch, close }`), possibly async; and optionally
 * `close`, `baseUrl` (else the function's own `baseUrl`, else http://localhost) and `limits`.
 */
export async function loadFetchModule(file: string): Promise<FetchTarget> {
  let loaded: Record<string, unknown>
  try {
    loaded = (await import(pathToFileURL(resolvePath(file)).href)) as Record<string, unknown>
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new CannotRunError(`--fetch-module ${file} cannot be loaded: ${reason ?? ''}`)
  }
  let made: unknown = loaded['fetch'] ?? loaded['default']
  if (isFunction(loaded['createFetch'])) made = await loaded['createFetch']()
  // a factory may give the function, or { fetch, close }
  const given = isFunction(made) ? { fetch: made, close: loaded['close'] } : propertiesOf(made)
  const { fetch, close: closer } = given
  if (!isFunction(fetch)) {
    throw new CannotRunError(
      `--fetch-module ${file} exports no fetch function (fetch, default, or createFetch()).`,
    )
  }
  const base = [loaded['baseUrl'], (fetch as { baseUrl?: unknown }).baseUrl].find(
    (value): value is string => typeof value === 'string',
  )
  return {
    limits: limitsOf(file, loaded['limits']),
    fetch: fetch as FetchFunction,
    baseUrl: (base ?? DEFAULT_FETCH_BASE_URL).replace(/\/+$/, ''),
    close: async () => {
      if (isFunction(closer)) await closer()
    },
  }
}

/** The request's headers as sent, repeated ones included, less those of the connection. */
function headersOf(request: IncomingMessage): [string, string][] {
  const pairs: [string, string][] = []
  const raw = request.rawHeaders
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index] ?? ''
    if (!HOP_BY_HOP.has(name.toLowerCase())) pairs.push([name, raw[index + 1] ?? ''])
  }
  return pairs
}

async function bodyOf(request: IncomingMessage): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return chunks.length === 0 ? undefined : new Uint8Array(Buffer.concat(chunks))
}

async function relay(
  target: FetchTarget,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  // a client that goes away aborts the call: a hanging answer ends with it
  const aborted = new AbortController()
  response.once('close', () => {
    aborted.abort()
  })
  const body = await bodyOf(request)
  const method = request.method ?? 'GET'
  const answer = await target.fetch(`${target.baseUrl}${request.url ?? '/'}`, {
    method,
    headers: headersOf(request),
    // as sent: fetch refuses a GET or HEAD with a body, and the connection is broken for it
    ...(body === undefined ? {} : { body }),
    redirect: 'manual',
    signal: aborted.signal,
  })
  const headers: [string, string][] = []
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'connection' && name !== 'transfer-encoding')
      headers.push([name, value])
  })
  for (const cookie of answer.headers.getSetCookie()) headers.push(['set-cookie', cookie])
  response.writeHead(answer.status, answer.statusText, headers.flat())
  if (answer.body === null || method === 'HEAD') {
    response.end()
    return
  }
  await pipeline(Readable.fromWeb(answer.body), response)
}

/** Starts the relay to `target` on 127.0.0.1, on a free port. */
export async function startFetchRelay(target: FetchTarget): Promise<FetchRelay> {
  const server: Server = createServer({ maxHeaderSize: MAX_HEADER_SIZE }, (request, response) => {
    relay(target, request, response).catch(() => {
      // a rejected fetch is a broken connection, as the server's network faults are
      request.socket.destroy()
    })
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(0, '127.0.0.1', done)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections()
        server.close(() => {
          done()
        })
      }),
  }
}

/** The module's fetch function behind a relay, both stopped with the run's resources. */
export async function startFetchModule(
  file: string,
  resources: Resources,
): Promise<{ url: string; limits: FetchLimit[] }> {
  const target = await loadFetchModule(file)
  const closers = (resources.closers ??= [])
  closers.push(target.close)
  const started = await startFetchRelay(target)
  closers.push(started.close)
  return { url: started.url, limits: target.limits }
}
