import {
  createServer,
  STATUS_CODES,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { Duplex } from 'node:stream'
import { HttpError, problemReply } from '../shared/problem.ts'

export interface ServerTimeouts {
  /** Time for a request's headers to arrive (408 after it). */
  headersTimeoutMs: number
  /** Time for a whole request to arrive (408 after it); 0 for none. */
  requestTimeoutMs: number
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number
}

/** The mock's HTTP server: the timeouts of the flags, and every answer problem+json. */
export function createHttpServer(listener: RequestListener, timeouts: ServerTimeouts): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      // the timeouts are enforced to the second (Node checks every 30 s by default)
      connectionsCheckingInterval: 1000,
      // a request without Host gets the Host check's problem+json, not Node's empty 400
      requireHostHeader: false,
    },
    listener,
  )
  answerClientErrors(server)
  return server
}

interface ParserError {
  code?: unknown
  reason?: unknown
}

/** The answer to an error of Node's HTTP parser; undefined when there is no one to tell. */
function describe(error: ParserError): HttpError | undefined {
  const code = typeof error.code === 'string' ? error.code : ''
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new HttpError(408, 'The request did not arrive in time; nothing was done.')
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    const detail = 'The request line and headers are larger than the server accepts (16 KiB).'
    return new HttpError(431, detail)
  }
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') {
    return new HttpError(413, 'The chunk extensions of the body are too large.')
  }
  if (!code.startsWith('HPE_')) return undefined // the connection failed (ECONNRESET, EPIPE, ...)
  // llhttp's reason names the broken rule ("Duplicate Content-Length") without internals
  const reason = typeof error.reason === 'string' ? ` (${error.reason})` : ''
  return new HttpError(400, `The request is not valid HTTP/1.1${reason}; nothing was done.`)
}

/** A whole HTTP/1.1 answer: there is no ServerResponse for a request Node could not parse. */
function rawProblemResponse(error: HttpError): string {
  const { status, headers, text } = problemReply(error)
  return [
    `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? 'Error'}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${String(Buffer.byteLength(text))}`,
    'Connection: close',
    '',
    text,
  ].join('\r\n')
}

/**
 * Answers what Node's HTTP parser rejects before Express sees it (a request line or headers too
 * large, smuggling attempts, bare LFs, timeouts) as problem+json instead of Node's empty 4xx.
 */
function answerClientErrors(server: Server): void {
  // The responses under way per connection: once one has begun, another answer would corrupt it.
  const pending = new WeakMap<Duplex, Set<ServerResponse>>()
  server.on('request', (req, res: ServerResponse) => {
    const responses = pending.get(req.socket) ?? new Set<ServerResponse>()
    pending.set(req.socket, responses.add(res))
    res.once('close', () => responses.delete(res))
  })
  server.on('clientError', (error: ParserError, socket: Duplex) => {
    const answer = describe(error)
    const started = [...(pending.get(socket) ?? [])].some((res) => res.headersSent)
    if (answer !== undefined && socket.writable && !started) {
      socket.write(rawProblemResponse(answer))
    }
    socket.destroy()
  })
}
