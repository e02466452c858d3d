import { afterEach, describe, expect, test } from '@jest/globals'
import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { startRoundRobinProxy } from './round-robin-proxy.ts'

interface Upstream {
  url: string
  /** The request lines received, in order (`POST /c`). */
  received: string[]
  close: () => Promise<void>
}

/**
 * An instance that answers the first request of each connection and resets the connection when a
 * second one arrives on it: what a proxy meets when an instance closed an idle kept-alive
 * connection just as the proxy used it again.
 */
async function startResettingUpstream(): Promise<Upstream> {
  const received: string[] = []
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    let answered = false
    socket.on('data', (chunk: Buffer) => {
      const line = chunk.toString('latin1').split('\r\n')[0] ?? ''
      received.push(line.replace(/ HTTP\/1\.1$/, ''))
      if (answered) socket.resetAndDestroy()
      else socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok')
      answered = true
    })
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${String(port)}`,
    received,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => {
          resolve()
        })
      }),
  }
}

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

describe('round-robin proxy (the contract suite on two instances)', () => {
  test('When a reused connection is reset, then a GET is sent again but a POST is a 502, never sent twice', async () => {
    // Arrange
    const upstream = await startResettingUpstream()
    const proxy = await startRoundRobinProxy([upstream.url])
    cleanups.push(proxy.close, upstream.close)

    // Act: each second request goes out on the connection the first one left open (each answer
    // is read whole first: the proxy has the connection back by then)
    const statuses: number[] = []
    for (const method of ['GET', 'POST', 'GET', 'GET']) {
      const res = await fetch(`${proxy.url}/c`, { method, ...(method === 'POST' && { body: 'x' }) })
      await res.text()
      statuses.push(res.status)
    }

    // Assert
    expect(statuses).toEqual([200, 502, 200, 200])
    expect(upstream.received.filter((line) => line.startsWith('POST'))).toEqual(['POST /c'])
    // the third GET met the reset and was sent again, on a new connection
    expect(upstream.received.filter((line) => line.startsWith('GET'))).toHaveLength(4)
  })
})
