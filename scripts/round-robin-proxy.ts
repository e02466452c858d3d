// A small HTTP proxy that sends each request to the next of several targets in turn: what a load
// balancer in front of several mock instances does, for the shared-store contract run.
import {
  Agent,
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Proxy {
  url: string
  close: () => Promise<void>
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'])

/** Starts the proxy on a free port of 127.0.0.1 in front of `targets` (`http://host:port`). */
export async function startRoundRobinProxy(targets: readonly string[]): Promise<Proxy> {
  const agent = new Agent({ keepAlive: true })
  let next = 0
  // The body is read whole before it is sent (as nginx does by default), so that a request whose
  // kept-alive connection the instance closed just then can be sent again (Node's advice: retry
  // when `reusedSocket` and the error is a reset). Only an idempotent one, as nginx: a POST or a
  // PATCH the instance may have applied is a 502, never a second create. Any other failure: 502.
  const forward = (req: IncomingMessage, body: Buffer, res: ServerResponse, retry: boolean) => {
    const target = new URL(targets[next++ % targets.length] ?? '')
    const upstream = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders)
        answer.pipe(res)
      },
    )
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      const closedWhileIdle = ['ECONNRESET', 'EPIPE'].includes(error.code ?? '')
      const again = retry && IDEMPOTENT.has(req.method ?? '') && upstream.reusedSocket
      if (again && closedWhileIdle && !res.headersSent) {
        forward(req, body, res, false)
        return
      }
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' })
      res.end('the instance did not answer')
    })
    upstream.end(body)
  }
  // As a load balancer's limits: headers up to 64 KiB reach the instances (which answer 431 for
  // what they refuse); headers that stop arriving get the balancer's own 408 after 2 s.
  const limits = {
    maxHeaderSize: 64 * 1024,
    headersTimeout: 2000,
    connectionsCheckingInterval: 500,
  }
  const server: Server = createServer(limits, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      forward(req, Buffer.concat(chunks), res, true)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy()
        server.closeAllConnections()
        server.close(() => {
          resolve()
        })
      }),
  }
}
