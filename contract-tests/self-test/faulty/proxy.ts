// A small HTTP proxy in front of a real mock that lets a Fault rewrite requests and responses:
// each faulty target breaks exactly one documented rule.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ProxyRequest {
  method: string
  /** Path and query string. */
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

export interface ProxyResponse {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

export type Forward = (req: ProxyRequest) => Promise<ProxyResponse>

export interface Fault {
  /** A short id, e.g. `no-location`. */
  name: string
  /** The documented rule the target breaks. */
  breaks: string
  /** Text that the suite's output must show in a failure (a failing test's name or message). */
  caughtBy: string
  request?: (req: ProxyRequest) => ProxyRequest
  response?: (
    res: ProxyResponse,
    req: ProxyRequest,
    forward: Forward,
  ) => ProxyResponse | Promise<ProxyResponse>
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']

const withoutHopByHop = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(
    Object.entries(headers).filter(
      ([name, value]) => value !== undefined && !HOP_BY_HOP.includes(name.toLowerCase()),
    ),
  )

export function forwardTo(upstream: string): Forward {
  const target = new URL(upstream)
  return (req) =>
    new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          // Host as the client sent it, as a reverse proxy keeping it does: decision 21 reaches
          // the target
          headers: {
            ...withoutHopByHop(req.headers),
            ...(req.headers.host === undefined ? {} : { host: req.headers.host }),
            'content-length': String(req.body.length),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            resolve({
              status: res.statusCode ?? 502,
              headers: withoutHopByHop(res.headers),
              body: Buffer.concat(chunks),
            })
          })
        },
      )
      outgoing.on('error', reject)
      outgoing.end(req.body)
    })
}

/** One request the proxy passed on, with what the target answered. */
export interface Exchange {
  method: string
  url: string
  authorization: string | undefined
  status: number
  /** The id in a 2xx answer's JSON body: a record the request may have created. */
  createdId: string | undefined
  /** Every `id` anywhere in the answer's JSON body: records that exist. */
  ids: string[]
  /** The `token` a 2xx answer handed out (a login): a session the run opened. */
  issuedToken: string | undefined
}

function collectIds(value: unknown, into: string[]): string[] {
  if (Array.isArray(value)) for (const item of value) collectIds(item, into)
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'id' && typeof item === 'string') into.push(item)
      else collectIds(item, into)
    }
  }
  return into
}

function idsIn(body: Buffer): string[] {
  try {
    return collectIds(JSON.parse(body.toString('utf8')), [])
  } catch {
    return []
  }
}

function idIn(body: Buffer, key = 'id'): string | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'))
    const id: unknown =
      typeof value === 'object' && value !== null ? (Reflect.get(value, key) as unknown) : undefined
    return typeof id === 'string' ? id : undefined
  } catch {
    return undefined
  }
}

export interface RunningProxy {
  url: string
  /** Every request the proxy received, as `METHOD path?query`. */
  seen: string[]
  /** Every request with its answer, for the safety checks of the self-test. */
  exchanges: Exchange[]
  close: () => Promise<void>
}

/** Starts a proxy on a free port in front of `upstream`; `fault` undefined makes it transparent. */
export async function startProxy(upstream: string, fault?: Fault): Promise<RunningProxy> {
  const forward = forwardTo(upstream)
  const seen: string[] = []
  const exchanges: Exchange[] = []
  // Headers up to 64 KiB pass on (the target answers 431 for what it refuses); headers that stop
  // arriving get the proxy's own 408 after 2 s, as a reverse proxy's header timeout gives it.
  const limits = {
    maxHeaderSize: 64 * 1024,
    headersTimeout: 2000,
    connectionsCheckingInterval: 500,
  }
  const server: Server = createServer(limits, (incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const original: ProxyRequest = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks),
      }
      seen.push(`${original.method} ${original.url}`)
      Promise.resolve()
        .then(async () => {
          const req = fault?.request?.(original) ?? original
          const res = await forward(req)
          return (await fault?.response?.(res, req, forward)) ?? res
        })
        .then((res) => {
          exchanges.push({
            method: original.method,
            url: original.url,
            authorization: original.headers.authorization,
            status: res.status,
            createdId: res.status < 300 ? idIn(res.body) : undefined,
            ids: idsIn(res.body),
            issuedToken: res.status < 300 ? idIn(res.body, 'token') : undefined,
          })
          outgoing.writeHead(res.status, {
            ...res.headers,
            'content-length': String(res.body.length),
          })
          outgoing.end(res.body)
        })
        .catch((error: unknown) => {
          outgoing.writeHead(502, { 'content-type': 'text/plain' })
          outgoing.end(`faulty proxy: ${String(error)}`)
        })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${String(port)}`,
    seen,
    exchanges,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}
