import { once } from 'node:events'
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { isAdminPath } from '../pipeline/access/admin-guard.ts'
import { CORS_HEADERS } from '../pipeline/access/cors.ts'
import { pathnameOf } from '../pipeline/exchange.ts'
import { HttpError, problemReply } from '../shared/problem.ts'
import { writeReply } from './node-http.ts'

export interface Shutdown {
  /** The app, behind a layer that tracks requests in flight and refuses new ones once stopping. */
  wrap: (app: RequestListener) => RequestListener
  /**
   * Stops accepting connections, lets the requests in flight finish (answering the ones that
   * arrive meanwhile with 503), then closes every connection: after `graceMs` at the latest.
   * Resolves with how many requests were still in flight then (their connections were closed).
   */
  drain: (server: Server) => Promise<number>
}

export interface ShutdownOptions {
  graceMs?: number
  /** How long no request must have arrived before idle connections are closed. */
  quietMs?: number
}

const POLL_MS = 20
/** How long the requests in flight at a stop may take to finish. */
export const GRACE_MS = 5000

function refuse(req: IncomingMessage, res: ServerResponse): void {
  const instance = pathnameOf(req.url ?? '/')
  // a page on another origin must be able to read the 503 too (the admin API answers no CORS)
  const cors = isAdminPath(instance) ? {} : CORS_HEADERS
  const stopping = new HttpError(
    503,
    'The mock is stopping; nothing was done. Send it again once it is back.',
    { headers: { 'Retry-After': '1', Connection: 'close', ...cors } },
  )
  writeReply(req, res, problemReply(stopping, instance))
  req.resume()
}

export function createShutdown({
  graceMs = GRACE_MS,
  quietMs = 250,
}: ShutdownOptions = {}): Shutdown {
  const inFlight = new Set<ServerResponse>()
  let stopping = false
  let lastArrival = 0

  return {
    wrap: (app) => (req, res) => {
      if (stopping) {
        lastArrival = Date.now()
        refuse(req, res)
        return
      }
      inFlight.add(res)
      // 'close' follows 'finish', and comes alone when the client goes away first
      res.once('close', () => inFlight.delete(res))
      app(req, res)
    },

    async drain(server) {
      stopping = true
      lastArrival = Date.now()
      const everyConnectionClosed = once(server, 'close').then(() => true)
      // Not http.Server#close: it also closes idle keep-alive connections at once, resetting
      // clients whose next request is already on its way.
      NetServer.prototype.close.call(server)
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close')
      const deadline = Date.now() + graceMs
      while (Date.now() < deadline) {
        if (inFlight.size === 0 && Date.now() - lastArrival >= quietMs) {
          server.closeIdleConnections()
        }
        if (await Promise.race([everyConnectionClosed, sleep(POLL_MS, false)])) break
      }
      const unfinished = inFlight.size
      server.closeAllConnections()
      return unfinished
    },
  }
}
