import type { IncomingMessage } from 'node:http'
import { parseHost } from '../pipeline/access/host-check.ts'
import { curlCommandOf as writeCurl } from '../shared/curl-command.ts'

/** What a curl command needs to send the same request again (the rest is the browser's own). */
const CURL_HEADERS = new Set(['content-type', 'accept', 'prefer'])

/**
 * The origin the person asking reached the mock at: the command goes back there, never to the
 * Host a recorded request claimed (anyone who can reach the mock chooses that one). The Host of
 * the request asking passed the host check; without one, the address the connection came to.
 */
export function originOf(req: IncomingMessage): string {
  const host = parseHost(req.headers.host ?? '')
  if (host !== undefined) {
    return `http://${host.name}${host.port === undefined ? '' : `:${host.port}`}`
  }
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.)/, '')
  const name = address.includes(':') ? `[${address}]` : address
  return `http://${name}:${String(req.socket.localPort ?? 80)}`
}

/** The path and query of a request line's target: an absolute-form one (`GET http://x/y`) too. */
function pathOf(target: string): string {
  if (target.startsWith('/')) return target
  try {
    const url = new URL(target)
    return `${url.pathname}${url.search}`
  } catch {
    return '/'
  }
}

export interface CurlRequest {
  method: string
  /** The path and query, as the request line had them. */
  url: string
  /** Names in lower case. */
  headers: Readonly<Record<string, string | string[]>>
  body: string | null
}

/**
 * `curl` sending the same request to `origin` (see shared/curl-command.ts); the token is left for
 * the reader to fill in.
 */
export function curlCommandOf(origin: string, request: CurlRequest): string {
  const headers = Object.entries(request.headers).flatMap(([name, value]) =>
    CURL_HEADERS.has(name) && typeof value === 'string' ? [[name, value] as const] : [],
  )
  const authorization =
    request.headers['authorization'] === undefined
      ? []
      : [['Authorization', 'Bearer $TOKEN'] as const]
  return writeCurl(
    { ...request, url: `${origin}${pathOf(request.url)}`, headers: [...authorization, ...headers] },
    ['TOKEN'],
  )
}
