import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { toProblem } from '../shared/problem.ts'

export interface Shutdown {
  /** The app, behind a layer that tracks requests in flight and refuses new ones once stopping. */
  wrap: (app: RequestListener) => RequestListener
  /**
   * Stops accepting connections, lets the requests in flight finish (answering the ones that
   * arrive meanwhile with 503), then closes every connection: after `graceMs` at the latest.
   */
  drain: (server: Server) => Promise<void>
}

export interface ShutdownOptions {
  graceMs?: number
  /** How long no request must have arrived before idle connections are closed. */
  quietMs?: number
}

const POLL_MS = 20

function refuse(req: IncomingMessage, res: ServerResponse): void {
  const instance = (req.url ?? '/').split('?')[0] ?? '/'
  // a page on another origin must be able to read the 503 too (the admin API answers no CORS)
  const cors = instance.startsWith('/__admin') ? {} : { 'Access-Control-Allow-Origin': '*' }
  const body = JSON.stringify(
    toProblem(503, 'The mock is stopping; nothing was done. Send it again once it is back.', {
      instance,
    }),
  )
  res.writeHead(503, {
    'Content-Type': 'application/problem+json',
    'Content-Length': Buffer.byteLength(body),
    'Retry-After': '1',
    Connection: 'close',
    ...cors,
  })
  res.end(body)
  req.resume()
}

export function createShutdown({ graceMs = 5000, quietMs = 250 }: ShutdownOptions = {}): Shutdown {
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
      const everyConnectionClosed = new Promise<true>((resolve) => {
        server.once('close', () => {
          resolve(true)
        })
      })
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
      server.closeAllConnections()
    },
  }
}
