// The relay of --fetch-module: what a client sends reaches the fetch function as sent, its answer
// comes back whole, a rejected call breaks the connection; and the module's exports are read.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import {
  loadFetchModule,
  startFetchRelay,
  type FetchFunction,
  type FetchRelay,
} from '../runner/target/fetch-relay.ts'

interface Seen {
  url: string
  method: string
  headers: Record<string, string>
  body: string
}

/** A GET or POST to the relay through node:http: its status, headers and body, or its error. */
function send(url: string, path: string, body?: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const sent = request(`${url}${path}`, { method: body === undefined ? 'GET' : 'POST' })
    sent.setHeader('X-Trace', 'a')
    sent.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ error: error.code ?? error.message })
    })
    sent.on('response', (response) => {
      let text = ''
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
      response.on('end', () => {
        resolve({ status: response.statusCode, headers: response.headers, body: text })
      })
    })
    sent.end(body)
  })
}

describe('The relay of --fetch-module', () => {
  let relay: FetchRelay
  const seen: Seen[] = []
  const answer: FetchFunction = (input, init = {}) => {
    const body = init.body == null ? '' : Buffer.from(init.body as Uint8Array).toString('utf8')
    const headers = Object.fromEntries(new Headers(init.headers))
    seen.push({ url: input, method: init.method ?? 'GET', headers, body })
    if (input.includes('/broken')) return Promise.reject(new TypeError('fetch failed'))
    const response = new Headers([
      ['content-type', 'application/json'],
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ])
    return Promise.resolve(new Response('{"ok":true}', { status: 201, headers: response }))
  }

  beforeAll(async () => {
    relay = await startFetchRelay({
      fetch: answer,
      baseUrl: 'http://contacts.test/base',
      close: () => Promise.resolve(),
      limits: [],
    })
  })

  afterAll(() => relay.close())

  test('When a request comes, then the function is called at its base URL with the path, query, method, headers and body as sent, and its answer is written back whole', async () => {
    // Act
    const got = await send(relay.url, '/api/v1/x?a=%zz&b=1', 'name=Ann')

    // Assert
    expect(seen.at(-1)).toMatchObject({
      url: 'http://contacts.test/base/api/v1/x?a=%zz&b=1',
      method: 'POST',
      body: 'name=Ann',
    })
    expect(seen.at(-1)?.headers).toMatchObject({ 'x-trace': 'a' })
    expect(seen.at(-1)?.headers['host']).toBeUndefined()
    expect(got).toMatchObject({
      status: 201,
      body: '{"ok":true}',
      headers: { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] },
    })
  })

  test('When the function rejects, then the connection is broken, as by a network fault', async () => {
    // Act
    const got = await send(relay.url, '/broken')

    // Assert
    expect(got).toEqual({ error: 'ECONNRESET' })
  })
})

describe('A fetch module', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fetch-module-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  const moduleFile = async (name: string, source: string): Promise<string> => {
    const file = join(dir, name)
    await writeFile(file, source)
    return file
  }

  test('When it exports an async createFetch giving { fetch, close }, then those are the target, at its baseUrl, and close is called at the end', async () => {
    // Arrange
    const file = await moduleFile(
      'factory.mjs',
      `export const baseUrl = 'http://factory.test/'
export const limits = ['api-paths-only']
export let closed = false
export async function createFetch() {
  return { fetch: async () => new Response('made'), close: async () => { closed = true } }
}`,
    )

    // Act
    const target = await loadFetchModule(file)
    const text = await (await target.fetch(`${target.baseUrl}/x`)).text()
    await target.close()
    const { closed } = (await import(file)) as { closed: boolean }

    // Assert
    expect({ baseUrl: target.baseUrl, limits: target.limits, text, closed }).toEqual({
      baseUrl: 'http://factory.test',
      limits: ['api-paths-only'],
      text: 'made',
      closed: true,
    })
  })

  test('When it declares a limit the suite does not know, or exports no function, then the run cannot start, naming what it may export', async () => {
    // Arrange
    const unknownLimit = await moduleFile(
      'limit.mjs',
      `export const fetch = async () => new Response('')\nexport const limits = ['no-cors']`,
    )
    const none = await moduleFile('none.mjs', 'export const fetch = 1')

    // Act and Assert
    await expect(loadFetchModule(unknownLimit)).rejects.toThrow(
      'limits may be api-paths-only, browser-fetch, not no-cors.',
    )
    await expect(loadFetchModule(none)).rejects.toThrow(
      'exports no fetch function (fetch, default, or createFetch()).',
    )
  })
})
