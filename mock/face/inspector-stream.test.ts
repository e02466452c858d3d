// The inspector's event stream ends once it has written its bytes, leaves no listener behind, and
// a client that asks again with `after` gets the rest: every event once, in order.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import express from 'express'
import { startExchange, type Exchange } from '../pipeline/exchange.ts'
import { createInspectorRoutes } from './inspector-routes.ts'
import { createRecorder, type Recorder } from './recorder.ts'

const EVENTS = 40
const LIMITS = { ms: 60_000, bytes: 4096, endMs: 1000 }

const recorder = createRecorder(100)
const listening = new Set<unknown>()
/** The recorder, counting who listens to it. */
const counted: Recorder = {
  ...recorder,
  subscribe: (listener) => {
    listening.add(listener)
    const unsubscribe = recorder.subscribe(listener)
    return () => {
      listening.delete(listener)
      unsubscribe()
    }
  },
}

/** An exchange as the core hands it to its listeners, for a request without a body. */
const exchangeOf = (method: string, url: string): Exchange => ({
  ...startExchange({
    method,
    url,
    headers: {},
    hasBody: false,
    body: () => Promise.resolve(EMPTY),
  }),
  cors: true,
})
const EMPTY = new Uint8Array()

let server: Server
let base: string
beforeAll(async () => {
  const app = express()
  app.get('/events', createInspectorRoutes(counted, LIMITS).events)
  // a request the recorder keeps, with a long URL: a few events fill a stream's bytes
  app.post('/recorded/:n', (req, res) => {
    res.send('ok')
    recorder.note(exchangeOf(req.method, req.originalUrl), { status: 200, headers: {}, text: 'ok' })
  })
  server = createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** Reads one stream until it ends or brings the last event: its ids, and whether it ended. */
async function readStream(after: number): Promise<{ ids: number[]; ended: boolean }> {
  const controller = new AbortController()
  const res = await fetch(`${base}/events?after=${String(after)}`, { signal: controller.signal })
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  const ids = (): number[] => [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]))
  for (;;) {
    const { value, done } = (await reader?.read()) ?? { done: true, value: undefined }
    if (done) return { ids: ids(), ended: true }
    text += value
    if (ids().includes(EVENTS)) {
      controller.abort()
      return { ids: ids(), ended: false }
    }
  }
}

describe('the event stream', () => {
  test('When a stream has written its bytes, then it ends with no listener left, and asking again with after= gets the rest', async () => {
    // Arrange: each event carries a 300-character URL, so 4096 bytes hold about ten
    for (let n = 1; n <= EVENTS; n++) {
      await fetch(`${base}/recorded/${String(n)}?pad=${'p'.repeat(300)}`, { method: 'POST' })
    }

    // Act
    const streams: { ids: number[]; ended: boolean }[] = []
    for (let after = 0; after < EVENTS; after = streams.at(-1)?.ids.at(-1) ?? EVENTS) {
      streams.push(await readStream(after))
    }
    await new Promise((resolve) => setTimeout(resolve, 100))

    // Assert
    expect(streams.length).toBeGreaterThan(2)
    // each stream but the last (left by the client) ended by itself after about 4096 bytes
    expect(streams.map(({ ended }) => ended)).toEqual([...streams.slice(1).map(() => true), false])
    expect(streams.every(({ ids }) => ids.length < EVENTS / 2)).toBe(true)
    expect(streams.flatMap(({ ids }) => ids)).toEqual(
      Array.from({ length: EVENTS }, (_, index) => index + 1),
    )
    expect(listening.size).toBe(0)
  })
})
