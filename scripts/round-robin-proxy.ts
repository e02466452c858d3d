// A small HTTP proxy that sends each request to the next of several targets in turn: what a load
// balancer in front of several mock instances does, for the shared-store contract run.
import { Agent, createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Proxy {
  url: string
  close: () => Promise<void>
}

/** Starts the proxy on a free port of 127.0.0.1 in front of `targets` (`http://host:port`). */
export async function startRoundRobinProxy(targets: readonly string[]): Promise<Proxy> {
  const agent = new Agent({ keepAlive: true })
  let next = 0
  const server: Server = createServer((req, res) => {
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
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' })
      res.end('the instance did not answer')
    })
    req.pipe(upstream)
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
