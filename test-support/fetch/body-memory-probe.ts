// Run as its own process (`node --expose-gc --import tsx body-memory-probe.ts <transport>`): how
// much a large or inflating body makes this process grow, through createMockFetch ('fetch') or
// MSW's setupServer ('msw'). Prints one JSON line per case: its status and the growth of the
// resident set and of the ArrayBuffers' memory (the highest of a 1 ms watch and the reading
// after), from a collected baseline. A resident set may reuse pages an earlier case freed: the
// ArrayBuffers say what the bytes of a body took.
import { setupServer } from 'msw/node'
import { ACME_ORG_ID, ALICE } from '../../fixtures/identities.ts'
import { createMockFetch } from '../../mock/fetch/node/fetch.ts'
import { createHandlers } from '../../mock/fetch/node/msw.ts'
import { countingStream, gzipOfZeros } from './counting-stream.ts'

export interface MemoryCase {
  name: string
  status: number
  /** Growth of the resident set, in MiB. */
  rssMiB: number
  /** Growth of the memory held by ArrayBuffers, in MiB. */
  arrayBuffersMiB: number
}

const CONTACTS = `http://localhost/api/v1/orgs/${ACME_ORG_ID}/contacts`
const BIG = 64 * 1024 * 1024
const json = { 'Content-Type': 'application/json' }
const auth = { ...json, Authorization: `Bearer ${ALICE.token}` }
const collect = (globalThis as { gc?: () => void }).gc
if (collect === undefined) throw new Error('run with --expose-gc')

const viaMsw = process.argv[2] === 'msw'
const mock = createMockFetch()
await mock.ready
const msw = setupServer(...createHandlers({ mock }))
const call = viaMsw ? (msw.listen(), fetch) : mock
const bomb = await gzipOfZeros(BIG)
const text = viaMsw ? '' : 'a'.repeat(BIG)
const streamed = (body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  ({ method: 'POST', body, headers, duplex: 'half' }) as RequestInit

const cases: [name: string, init: () => RequestInit][] = [
  ['a 64 MiB stream without a token', () => streamed(countingStream(BIG).stream, json)],
  ['a 64 MiB stream with a token', () => streamed(countingStream(BIG).stream, auth)],
  [
    '64 MiB of zeros gzipped, with a token',
    () => streamed(countingStream(bomb).stream, { ...auth, 'Content-Encoding': 'gzip' }),
  ],
]
// through MSW, the platform's fetch has made the string's bytes before MSW sees the request
if (!viaMsw) {
  cases.push([
    'a 64 MiB string without a token',
    () => ({ method: 'POST', body: text, headers: json }),
  ])
}

// the operation's validators compiled, the first request's costs paid, before any baseline
await (await call(CONTACTS, { method: 'POST', body: '{}', headers: auth })).text()

const MiB = 1024 * 1024
for (const [name, init] of cases) {
  const request = init()
  collect()
  const before = process.memoryUsage()
  let rss = before.rss
  let arrayBuffers = before.arrayBuffers
  const watch = (): void => {
    const now = process.memoryUsage()
    rss = Math.max(rss, now.rss)
    arrayBuffers = Math.max(arrayBuffers, now.arrayBuffers)
  }
  const timer = setInterval(watch, 1)
  const response = await call(CONTACTS, request)
  await response.text()
  clearInterval(timer)
  watch()
  const result: MemoryCase = {
    name,
    status: response.status,
    rssMiB: Math.round(((rss - before.rss) / MiB) * 10) / 10,
    arrayBuffersMiB: Math.round(((arrayBuffers - before.arrayBuffers) / MiB) * 10) / 10,
  }
  process.stdout.write(`${JSON.stringify(result)}\n`)
}
msw.close()
await mock.close()
