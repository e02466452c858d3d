import { createServer, type RequestListener, type Server } from 'node:http'
import { answerClientErrors } from './client-error.ts'

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
